import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { SearchState } from '../../../lib/search-params';
import { useOfferFormat } from '../hooks/use-offer-format';
import { searchedLegs } from '../lib/support-link';
import classes from './offers.module.css';

/** The page heading: the route and dates searched (or a plain title before any search). */
export function SearchHeading({ search }: { search: SearchState | null }) {
  const { t } = useTranslation('offers');
  const format = useOfferFormat();
  if (!search) {
    return (
      <Title order={1} size="h3">
        {t('pageTitle')}
      </Title>
    );
  }
  // On phones the compact search form already shows this as its summary: keep it for screen readers only.
  const legs = searchedLegs(search);
  const first = legs[0]!;
  const title =
    search.tripType === 'multi-city'
      ? t('multiCityHeading')
      : t('routeHeading', { from: format.city(first.from), to: format.city(first.to) });
  const { adults, children, infants } = search.passengers;
  const travellers = [
    t('details.adults', { count: adults }),
    children > 0 && t('details.children', { count: children }),
    infants > 0 && t('details.infants', { count: infants }),
  ].filter(Boolean);
  const separator = format.language === 'ar' ? '، ' : ', ';
  return (
    <div className={classes.headingOnWideScreens}>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {search.tripType === 'multi-city'
          ? legs.map((leg) => `${leg.from}–${leg.to} ${format.date(leg.date)}`).join(separator)
          : legs.map((leg) => format.date(leg.date)).join(' – ')}
        {' · '}
        {travellers.join(separator)}
      </Text>
    </div>
  );
}
