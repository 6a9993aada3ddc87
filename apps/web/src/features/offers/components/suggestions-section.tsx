import type { Offer } from '@kwenda/contracts';
import { Button, Collapse, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { OfferFormat } from '../hooks/use-offer-format';
import { nearestDateOffer } from '../lib/nearest-date';
import { OfferCard } from './offer-card';
import classes from './offers.module.css';

/** More than 3 suggestions are collapsed. */
export const VISIBLE_SUGGESTIONS = 3;

interface SuggestionsSectionProps {
  suggestions: Offer[];
  requestedDate: string;
  /** Some offers exist on the asked date (fewer than 3): the heading says "nearby dates" rather than "none". */
  hasOffers: boolean;
  format: OfferFormat;
  travellers: number;
  onBook: (offer: Offer) => void;
  onDetails: (offer: Offer) => void;
}

/** Alternative dates: the cheapest offer on each nearby date, each a full card with its date emphasised. */
export function SuggestionsSection({
  suggestions,
  requestedDate,
  hasOffers,
  format,
  travellers,
  onBook,
  onDetails,
}: SuggestionsSectionProps) {
  const { t } = useTranslation('offers');
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const moreId = useId();
  const date = format.date(requestedDate, 'long');
  const card = (offer: Offer) => (
    <OfferCard
      key={offer.reference}
      offer={offer}
      format={format}
      travellers={travellers}
      suggestion
      onBook={onBook}
      onDetails={onDetails}
    />
  );
  const nearest = nearestDateOffer(hasOffers, suggestions);
  if (nearest) {
    // One date with seats: the traveller's obvious next step, booked only when they press book.
    return (
      <Stack component="section" aria-labelledby={headingId} gap="sm" className={classes.nearestDate}>
        <Title order={2} size="h3" id={headingId}>
          {t('suggestions.nearest', { date: format.date(nearest.slices[0]!.departureDate, 'long') })}
        </Title>
        <Text>{t('suggestions.nearestBody', { requested: date })}</Text>
        {card(nearest)}
      </Stack>
    );
  }
  const shown = suggestions.slice(0, VISIBLE_SUGGESTIONS);
  const more = suggestions.slice(VISIBLE_SUGGESTIONS);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {hasOffers ? t('suggestions.fewOnDate', { date }) : t('suggestions.noneOnDate', { date })}
      </Title>
      {shown.map(card)}
      {more.length > 0 && (
        <>
          <Collapse expanded={expanded} id={moreId}>
            <Stack gap="sm">{more.map(card)}</Stack>
          </Collapse>
          <Button
            variant="subtle"
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={moreId}
            style={{ alignSelf: 'center' }}
          >
            {expanded ? t('suggestions.showLess') : t('suggestions.showMore')}
          </Button>
        </>
      )}
    </Stack>
  );
}
