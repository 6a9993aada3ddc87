import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import classes from './app-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StagingBanner } from './staging-banner';

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();

  useEffect(() => {
    document.title = t('meta.title');
  }, [t, i18n.language]);

  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      {config.data?.staging ? <StagingBanner /> : null}
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter config={config.data} />
    </div>
  );
}
