import { useTranslation } from '../../i18n/use-translation';
import classes from './app-layout.module.css';

/** SPEC section 1: a test build says so on every page. */
export function StagingBanner() {
  const { t } = useTranslation();
  return (
    <aside className={classes.stagingBanner} aria-label={t('staging.label')}>
      <strong>{t('staging.label')}:</strong> {t('staging.body')}
    </aside>
  );
}
