import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { IconPlaneDeparture } from '../../components/icons';
import { useAppPath } from '../../lib/referral';
import classes from './app-layout.module.css';

/** The name and mark, linking home (keeps the referral segment). */
export function BrandLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const appPath = useAppPath();
  return (
    <Link to={appPath('/')} className={classes.brand} onClick={onNavigate}>
      <span className={classes.brandMark} aria-hidden="true">
        <IconPlaneDeparture size={20} />
      </span>
      <span className={classes.brandName}>{t('brand')}</span>
    </Link>
  );
}
