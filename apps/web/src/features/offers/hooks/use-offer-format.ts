import type { OfferSlice } from '@kwenda/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { airportCity, useAirports } from '../../../lib/airports';
import { connectionAirports } from '../../../lib/format/flight-times';
import { formatDuration } from '../../../lib/format/format-duration';
import { formatTravelDate, type DateStyle } from '../../../lib/format/format-date';
import { formatPrice } from '../../../lib/format/format-price';

/** Formatting of offer facts in the current language, shared by the cards and the details modal. */
export function useOfferFormat() {
  const { t, i18n } = useTranslation('offers');
  const language = i18n.language;
  const { byCode } = useAirports();

  // The one writing of durations, shared with the booking page, the e-mails and the e-ticket.
  const duration = useCallback((totalMinutes: number) => formatDuration(totalMinutes, language), [language]);

  const stops = useCallback(
    (slice: Pick<OfferSlice, 'segments'>) => {
      const via = connectionAirports(slice.segments);
      const list = via.join(language === 'ar' ? '، ' : ', ');
      if (via.length === 0) return t('card.direct');
      if (via.length === 1) return t('card.stopOne', { via: list });
      if (via.length === 2) return t('card.stopTwo', { via: list });
      return t('card.stopMany', { count: via.length, via: list });
    },
    [t, language],
  );

  return useMemo(
    () => ({
      language,
      duration,
      stops,
      price: (amount: number, currency: string) => formatPrice(amount, currency, language),
      date: (date: string, style: DateStyle = 'short') => formatTravelDate(date, language, style),
      city: (code: string) => airportCity(byCode.get(code), language, code),
      airportName: (code: string) => {
        const airport = byCode.get(code);
        return airport ? (language === 'ar' ? airport.nameAr : airport.nameEn) : code;
      },
      airlineName: (airline: { nameAr: string; nameEn: string }) => (language === 'ar' ? airline.nameAr : airline.nameEn),
      cabin: (slice: Pick<OfferSlice, 'cabinClasses'>) =>
        [...new Set(slice.cabinClasses.map((c) => (language === 'ar' ? c.labelAr : c.labelEn)))].join(
          language === 'ar' ? '، ' : ', ',
        ),
    }),
    [language, duration, stops, byCode],
  );
}

export type OfferFormat = ReturnType<typeof useOfferFormat>;
