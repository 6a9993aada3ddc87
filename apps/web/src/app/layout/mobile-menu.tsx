import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAppPath } from '../../lib/referral';
import classes from './app-layout.module.css';
import { LanguageSwitch } from './language-switch';
import { accountNavItems, mainNavItems } from './nav-items';

/**
 * The phone menu, mirroring the header links. Mantine's "right" drawer is the inline end:
 * it slides from the right in English and from the left in Arabic, the side of the burger.
 */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const links = [...mainNavItems, ...accountNavItems];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 85vw)"
      title={t('nav.menuTitle')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      classNames={{ title: classes.drawerTitle }}
    >
      <nav aria-label={t('nav.label')}>
        <ul className={classes.drawerList}>
          {links.map((item) => (
            <li key={item.key}>
              <NavLink to={appPath(item.path)} end className={classes.drawerLink} onClick={onClose}>
                {t(`nav.${item.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitch fullWidth mt="md" variant="light" color="teal" onSwitched={onClose} />
    </Drawer>
  );
}
