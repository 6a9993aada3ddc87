import type { PublicConfig } from '@kwenda/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from './router';

/** The reporting code loads after the first render; reports keep their order (one module, callbacks in turn). */
const loadReport = () => import('./page-view-report');

/**
 * Reports the first page and every route change (a new pathname; a rewritten query string is the
 * same page) to our own endpoint, and to Plausible or GA4 when the deployment configured one.
 */
export function usePageViews(referral: string | null, analytics: PublicConfig['analytics'] | undefined) {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();

  useEffect(() => {
    // A language switch is not a page view: i18n.language is read, not watched.
    const language = i18n.language === 'en' ? 'en' : 'ar';
    loadReport()
      .then((report) => report.reportPageView(pathname, referral, language))
      .catch(() => undefined);
  }, [pathname, referral, i18n]);

  useEffect(() => {
    if (!analytics || (!analytics.plausible && !analytics.ga4MeasurementId)) return;
    loadReport()
      .then((report) => report.startAnalyticsTags(analytics))
      .catch(() => undefined);
  }, [analytics]);
}
