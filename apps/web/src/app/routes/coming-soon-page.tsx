import { Button, Container } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { IconPlaneDeparture } from '../../components/icons';
import { usePageMeta } from '../../lib/page-meta';
import { useAppPath } from '../../lib/referral';
import classes from './coming-soon-page.module.css';

/** A plane over a dotted route and clouds; drawn for both directions (the route has no arrowhead). */
function ComingSoonIllustration() {
  return (
    <svg className={classes.illustration} viewBox="0 0 240 140" width="240" height="140" aria-hidden="true" focusable="false">
      <circle cx="120" cy="74" r="60" fill="#e6f6f4" />
      <path
        d="M28 112c30-44 70-62 120-56s62-18 70-34"
        fill="none"
        stroke="#69beb2"
        strokeWidth="3"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <g fill="#ffffff" stroke="#cdeae6" strokeWidth="2">
        <path d="M46 52h34a10 10 0 0 0-10-12 14 14 0 0 0-26 4 8 8 0 0 0 2 8z" />
        <path d="M160 104h42a11 11 0 0 0-11-13 16 16 0 0 0-30 5 9 9 0 0 0-1 8z" />
      </g>
      <circle cx="28" cy="112" r="6" fill="#0b5e55" />
      <circle cx="218" cy="22" r="6" fill="#f2b705" />
    </svg>
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation();
  const appPath = useAppPath();
  usePageMeta(t('pageMeta.comingSoon.title'), t('pageMeta.comingSoon.description'));
  return (
    <Container size="sm" className={classes.page}>
      <div className={classes.art}>
        <ComingSoonIllustration />
        <span className={classes.plane}>
          <IconPlaneDeparture size={40} />
        </span>
      </div>
      <h1 className={classes.title}>{t('comingSoon.title')}</h1>
      <p className={classes.body}>{t('comingSoon.body')}</p>
      <Button component={Link} to={appPath('/')} size="md" leftSection={<IconPlaneDeparture size={18} />}>
        {t('comingSoon.searchTrip')}
      </Button>
    </Container>
  );
}
