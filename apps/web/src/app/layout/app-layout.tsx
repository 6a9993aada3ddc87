import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useMemo, type ComponentProps, type ComponentType } from 'react';
import { loadNamespaceAlone } from '../../i18n';
import { useTranslation } from '../../i18n/use-translation';
import { Outlet, useLocation, useMatch } from '../../lib/router';
import { useBrandFontOnNextPage } from '../../lib/brand-font';
import { HydratesLater } from '../../lib/hydrates-later';
import { RouteErrorBoundary } from '../../components/route-error-boundary';
import { useErrorReporting } from '../../lib/error-reporting';
import { useDefaultPageMeta } from '../../lib/page-meta';
import { usePageViews } from '../../lib/page-views';
import { usePublicConfig } from '../../lib/public-config';
import { isReferralCode, ReferralContext } from '../../lib/referral';
import classes from './app-layout.module.css';
import { SiteHeader } from './site-header';
import { StagingBanner } from '../../components/staging-banner';

/**
 * The footer and its text (without the errors catalog: it shows no error) load after the page's first
 * render: a prerendered page keeps the server's
 * footer until then (React hydrates it when its code arrives), and a footer that fails to download is
 * left out rather than taking the page down.
 */
type FooterProps = ComponentProps<typeof import('./site-footer').SiteFooter>;
const SiteFooter = lazy(() =>
  Promise.all([import('./site-footer'), loadNamespaceAlone('footer')]).then(
    ([module]) => ({ default: module.SiteFooter }),
    (): { default: ComponentType<FooterProps> } => ({ default: () => null }),
  ),
);

/** A full screen high, so the footer starts below the fold and the page arriving does not shift it (CLS). */
function RouteLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh">
      {/* A named status: axe refuses a name on Mantine's bare <span>. */}
      <Loader role="status" aria-label={t('loading')} />
    </Center>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const location = useLocation();
  // The referral segment is matched by a child route; the header and footer sit above it, so
  // they read it from the address to keep it in their links too. Page names never have a
  // referral code's shape (docs/decisions/0003-referral-segment.md).
  const referralCode = useMatch('/:referralCode/*')?.params.referralCode;
  const referral = isReferralCode(referralCode) ? referralCode : null;
  usePageViews(referral, config.data?.analytics);
  useBrandFontOnNextPage(location.pathname);
  useErrorReporting(config.data);

  useDefaultPageMeta(t('meta.title'), t('meta.description'));
  // The same element while the path is: the layout renders again straight after hydrating (what it reads in
  // the browser, such as the config, differs from the server's render), while the page below it still waits
  // to hydrate in its Suspense boundary, a task later. A render reaching that boundary would make React
  // hydrate the whole page there and then, synchronously: one long task (400 ms on a slow phone).
  const page = useMemo(
    () => (
      <RouteErrorBoundary resetKey={location.pathname}>
        <HydratesLater fallback={<RouteLoading />}>
          <Outlet />
        </HydratesLater>
      </RouteErrorBoundary>
    ),
    [location.pathname],
  );

  return (
    <ReferralContext.Provider value={referral}>
      <div className={classes.shell}>
        <a href="#main-content" className={classes.skipLink}>
          {t('skipToContent')}
        </a>
        {config.data?.staging ? <StagingBanner /> : null}
        <SiteHeader />
        <main id="main-content" tabIndex={-1} className={classes.main}>
          {/* Lazy pages (offers) suspend here: on a link the current page stays until the next one has loaded. */}
          {page}
        </main>
        <Suspense fallback={null}>
          <SiteFooter config={config.data} />
        </Suspense>
      </div>
    </ReferralContext.Provider>
  );
}
