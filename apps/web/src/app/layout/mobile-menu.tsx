// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import { Button, Drawer } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { NavLink } from '../../lib/router';
import { useAppPath } from '../../lib/referral';
import classes from './app-layout.module.css';
import { LanguageSwitch } from './language-switch';
import { accountNavItems, mainNavItems } from './nav-items';

/**
 * The phone menu, mirroring the header links. Mantine's "right" drawer is the inline end:
 * it slides from the right in English and from the left in Arabic, the side of the burger.
 */
export function MobileMenu({
  opened,
  onClose,
  userName,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  /** The logged-in user's name (the profile link's label), or null for a visitor. */
  userName: string | null;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="min(20rem, 85vw)">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's <header>: axe counts that as a second banner of the page while the drawer closes. */}
        <Drawer.Header component="div">
          <Drawer.Title className={classes.drawerTitle}>{t('nav.menuTitle')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('nav.closeMenu')} />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label={t('nav.label')}>
            <ul className={classes.drawerList}>
              {mainNavItems.map((item) => (
                <li key={item.key}>
                  <NavLink to={appPath(item.path)} end className={classes.drawerLink} onClick={onClose}>
                    {t(`nav.${item.key}`)}
                  </NavLink>
                </li>
              ))}
              {userName ? (
                <li>
                  <NavLink to={appPath('/profile')} end className={classes.drawerLink} onClick={onClose}>
                    {userName}
                  </NavLink>
                </li>
              ) : (
                accountNavItems.map((item) => (
                  <li key={item.key}>
                    <NavLink to={appPath(item.path)} end className={classes.drawerLink} onClick={onClose}>
                      {t(`nav.${item.key}`)}
                    </NavLink>
                  </li>
                ))
              )}
            </ul>
          </nav>
          {userName ? (
            <Button
              fullWidth
              mt="md"
              variant="default"
              onClick={() => {
                onClose();
                onLogout();
              }}
            >
              {t('nav.logout')}
            </Button>
          ) : null}
          <LanguageSwitch fullWidth mt="md" variant="light" color="teal" onSwitched={onClose} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
