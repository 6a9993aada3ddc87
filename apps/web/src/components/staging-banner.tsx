import { useTranslation } from '../i18n/use-translation';
import classes from './staging-banner.module.css';

/**
 * A trial build (STAGING, the sandbox, test keys or placeholder agency details: /config's `staging`) says
 * on every page, the site's and the desk's, that bookings made there are not real.
 */
export function StagingBanner() {
  const { t } = useTranslation();
  return (
    <aside className={classes.banner} aria-label={t('staging.label')}>
      <strong>{t('staging.label')}:</strong> {t('staging.body')}
    </aside>
  );
}
