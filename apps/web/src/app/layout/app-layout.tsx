import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { isReferralCode, ReferralContext } from '../../lib/referral';
import classes from './app-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StagingBanner } from './staging-banner';

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  // The referral segment is matched by a child route; the header and footer sit above it, so
  // they read it from the deepest match to keep it in their links too.
  const referralCode = useMatches().at(-1)?.params.referralCode;
  const referral = isReferralCode(referralCode) ? referralCode : null;

  useEffect(() => {
    document.title = t('meta.title');
  }, [t, i18n.language]);

  return (
    <ReferralContext.Provider value={referral}>
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
    </ReferralContext.Provider>
  );
}
