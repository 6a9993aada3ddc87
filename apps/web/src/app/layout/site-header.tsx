import { Burger, Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink } from '../../lib/router';
import { useAppPath } from '../../lib/referral';
import { useSession } from '../../lib/session';
import classes from './app-layout.module.css';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { mainNavItems } from './nav-items';
import { useLogoutAction } from './use-logout-action';

// The drawer (focus trap, scroll lock, transitions) loads on the first tap of the burger,
// keeping it out of the home page's first download.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

export function SiteHeader() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  const [menuOpened, setMenuOpened] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const session = useSession();
  const { logout, pending } = useLogoutAction(Boolean(session));

  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <BrandLink />

        <nav aria-label={t('nav.label')} className={classes.desktopNav}>
          <ul className={classes.navList}>
            {mainNavItems.map((item) => (
              <li key={item.key} className={'wideOnly' in item ? classes.wideOnly : undefined}>
                <NavLink to={appPath(item.path)} end className={classes.navLink}>
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={classes.headerActions}>
          <LanguageSwitch size="compact-md" px="xs" />
          {session ? (
            <div className={classes.desktopOnly}>
              {/* The profile link carries the user's name. */}
              <Button component={Link} to={appPath('/profile')} variant="light" className={classes.accountButton}>
                <span className={classes.accountName}>{session.user.fullName || t('nav.account')}</span>
              </Button>
              <Button variant="subtle" color="dark" onClick={() => void logout()} loading={pending}>
                {t('nav.logout')}
              </Button>
            </div>
          ) : (
            <div className={classes.desktopOnly}>
              <Button component={Link} to={appPath('/login')} variant="subtle" color="dark">
                {t('nav.login')}
              </Button>
              <Button component={Link} to={appPath('/signup')}>
                {t('nav.signup')}
              </Button>
            </div>
          )}
          <Burger
            className={classes.mobileOnly}
            opened={menuOpened}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpened((opened) => !opened);
            }}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpened}
            aria-haspopup="dialog"
            size="sm"
          />
        </div>
      </div>
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpened}
            onClose={() => setMenuOpened(false)}
            userName={session ? session.user.fullName || t('nav.account') : null}
            onLogout={() => void logout()}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
