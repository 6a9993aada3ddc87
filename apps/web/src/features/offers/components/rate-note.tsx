import type { OfferRate } from '@kwenda/contracts';
import { formatCalendarDate, todayIn } from '@kwenda/contracts/rules';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPrice } from '../../../lib/format/format-price';

/**
 * The rate the prices were converted at and the day the agency set it, in small print: "US$1 =
 * SDG 2,600 · rate of 24 Nov". Prices in US dollars need none. Without a rate yet, an empty line.
 */
export function RateNote({ rate }: { rate: OfferRate | undefined }) {
  const { t, i18n } = useTranslation('offers');
  // Its line kept, empty, while the offers load: written above the list only when they came, it moved the
  // list (and the placeholders on screen) down by its line.
  if (!rate)
    return (
      <Text size="xs" aria-hidden="true">
        {'\u00a0'}
      </Text>
    );
  if (rate.currency === 'USD') return null;
  const language = i18n.language;
  // The day on the agency's clock, as every date the site shows.
  const day = formatCalendarDate(todayIn(undefined, new Date(rate.effectiveAt)), language, { month: 'short' });
  return (
    <Text size="xs" c="gray.7" data-testid="rate-note">
      {t('rateNote', {
        usd: formatPrice(1, 'USD', language),
        amount: formatPrice(rate.unitsPerUsd, rate.currency, language),
        date: day,
      })}
    </Text>
  );
}
