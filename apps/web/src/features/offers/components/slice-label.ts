import type { TripType } from '@kwenda/contracts';
import type { TFunction } from 'i18next';

/** "Outbound"/"Return" on a round trip, "Flight 2" on a multi-city trip. */
export function sliceLabel(t: TFunction<'offers'>, tripType: TripType, index: number): string {
  if (tripType === 'multi-city') return t('card.leg', { number: index + 1 });
  return index === 0 ? t('card.outbound') : t('card.inbound');
}
