import type { Airport } from '@kwenda/contracts';
import { Button } from '@mantine/core';
import { Fragment, type Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { IconPlaneDeparture } from '../../components/icons';
import type { SearchState } from '../../lib/search-params';
import { cityOf } from './airport-text';
import { formatSearchDate } from './format-search-date';
import classes from './search-form.module.css';
import { useTravellersSummary } from './travellers-field';

/** The compact form on a phone: one line saying what is searched, and a button to edit it. */
export interface SearchSummaryProps {
  search: SearchState;
  airports: ReadonlyMap<string, Airport>;
  onEdit: () => void;
  /** The traveller unfolded the form. */
  hidden?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function SearchSummary({ search, airports, onEdit, hidden = false, ref }: SearchSummaryProps) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.language;
  const travellers = useTravellersSummary(search);
  const legs =
    search.tripType === 'multi-city'
      ? search.slices
      : [
          {
            id: 'trip',
            departureStation: search.departureStation,
            destinationStation: search.destinationStation,
            departureDate: search.departureDate,
          },
        ];
  const place = (code: string) => {
    const airport = airports.get(code);
    return airport ? cityOf(airport, language) : code;
  };
  const dates = [search.departureDate, search.tripType === 'round-trip' ? search.returnDate : '']
    .filter(Boolean)
    .map((date) => formatSearchDate(date, language))
    .join(' – ');

  return (
    <div ref={ref} className={classes.summary} data-hidden={hidden || undefined}>
      <div className={classes.summaryText}>
        <p className={classes.summaryRoute}>
          {legs.map((leg, index) => (
            <Fragment key={leg.id}>
              {index > 0 ? t('travellers.separator') : null}
              <span>{place(leg.departureStation)}</span> <IconPlaneDeparture size={16} className={classes.summaryPlane} />{' '}
              <span>{place(leg.destinationStation)}</span>
            </Fragment>
          ))}
        </p>
        <p className={classes.summaryDetails}>
          {search.tripType === 'multi-city' ? t('tripType.multi-city') : dates}
          {t('travellers.separator')}
          {travellers}
        </p>
      </div>
      <Button variant="light" size="sm" onClick={onEdit}>
        {t('form.editSearch')}
      </Button>
    </div>
  );
}
