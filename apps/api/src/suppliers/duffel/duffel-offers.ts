import type { GetOfferResult, SeatMap, Supplier } from '../supplier.js';
import { isKind, isUnknownOffer, type DuffelContext } from './duffel-context.js';
import { cabinFor, passengerRequirementsOf, toSeatMap, toSupplierOffer } from './mapping.js';

/** One offer as Duffel prices it now (against the total it was shown at), its passengers' needs and its seat maps. */
export function createDuffelOffers({
  duffel,
  store,
  clock,
  read,
  fetchOffer,
}: DuffelContext): Pick<Supplier, 'getOffer' | 'passengerRequirements' | 'getSeatMap'> {
  return {
    async getOffer(reference: string, now: Date = clock()): Promise<GetOfferResult> {
      let raw;
      try {
        raw = await fetchOffer(reference, true);
      } catch (error) {
        if (isKind(error, 'expired')) return { status: 'expired' };
        if (!isUnknownOffer(error)) throw error;
        // Duffel answers an expired offer as no longer available: the expiry it was shown with tells them apart.
        const shown = await store.offerTotal(reference);
        return shown && shown.expiresAt.getTime() <= now.getTime() ? { status: 'expired' } : { status: 'unavailable' };
      }
      if (Date.parse(raw.expires_at) <= now.getTime()) return { status: 'expired' };
      const offer = toSupplierOffer(raw);
      const shown = await store.offerTotal(reference);
      await store.setOfferTotal(reference, offer.totalAmount, offer.totalCurrency, new Date(offer.expiresAt));
      if (shown && (shown.amount !== offer.totalAmount || shown.currency !== offer.totalCurrency))
        return { status: 'price-changed', offer, previousTotal: shown.amount };
      return { status: 'available', offer };
    },

    passengerRequirements: passengerRequirementsOf,

    async getSeatMap(reference: string, sliceIndex: number): Promise<SeatMap | null> {
      try {
        const [offer, maps] = await Promise.all([
          fetchOffer(reference, false),
          read(`GET air/seat_maps?offer_id=${reference}`, () => duffel.seatMaps.get({ offer_id: reference })),
        ]);
        const slice = offer.slices[sliceIndex];
        const segment = slice?.segments[0];
        if (!slice || !segment) return null;
        const map = maps.data.find((m) => m.segment_id === segment.id);
        if (!map) return null;
        const cabin = cabinFor(map, segment.passengers[0]?.cabin_class ?? null);
        return cabin ? toSeatMap(cabin, offer.total_currency) : null;
      } catch (error) {
        if (isUnknownOffer(error) || isKind(error, 'expired')) return null;
        throw error;
      }
    },
  };
}
