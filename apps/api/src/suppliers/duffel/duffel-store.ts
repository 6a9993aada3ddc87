import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { duffelOfferTotals, duffelOrders, duffelSearches, type DuffelOrderRow } from '../../db/duffel-schema.js';
import type { SupplierOffer, SupplierSearch } from '../supplier.js';

/**
 * Every query of the Duffel adapter's tables (migrations/0018_duffel.sql): recent searches, the
 * totals offers were shown at, and the orders asked for.
 */

/**
 * The cache key of a search: what Duffel is asked (legs, travellers, cabin, connections) and the trip
 * type the offers are labelled with. Bags asked for are not part of it: Duffel's offers are the same.
 */
export function searchKeyOf(search: SupplierSearch): string {
  const canonical = JSON.stringify([
    search.tripType,
    search.legs.map((leg) => [leg.origin.toUpperCase(), leg.destination.toUpperCase(), leg.departureDate]),
    search.cabinClass,
    [search.passengers.adults, search.passengers.children, search.passengers.infants],
    search.maxConnections,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface CachedSearch {
  offerRequestId: string;
  offers: readonly SupplierOffer[];
  timedOut: boolean;
  validUntil: Date;
}

/** Rows inserted per statement (PostgreSQL allows 65,535 parameters in one). */
const CHUNK = 1000;
/** Search rows and offer totals are kept this long past their use, then deleted. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export function createDuffelStore(db: Db) {
  return {
    async readSearch(searchKey: string, now: Date): Promise<CachedSearch | null> {
      const [row] = await db
        .select()
        .from(duffelSearches)
        .where(and(eq(duffelSearches.searchKey, searchKey), gt(duffelSearches.validUntil, now)));
      return row
        ? { offerRequestId: row.offerRequestId, offers: row.offers, timedOut: row.timedOut, validUntil: row.validUntil }
        : null;
    },

    /** Keeps a finished search (replacing an older one) and the total of each of its offers. */
    async saveSearch(
      searchKey: string,
      search: { offerRequestId: string; offers: SupplierOffer[]; timedOut: boolean; searchedAt: Date; validUntil: Date },
    ): Promise<void> {
      const values = {
        offerRequestId: search.offerRequestId,
        offers: search.offers,
        timedOut: search.timedOut,
        searchedAt: search.searchedAt,
        validUntil: search.validUntil,
      };
      await db
        .insert(duffelSearches)
        .values({ searchKey, ...values })
        .onConflictDoUpdate({ target: duffelSearches.searchKey, set: values });
      const totals = search.offers.map((offer) => ({
        offerId: offer.reference,
        totalAmount: offer.totalAmount,
        totalCurrency: offer.totalCurrency,
        expiresAt: new Date(offer.expiresAt),
      }));
      for (let i = 0; i < totals.length; i += CHUNK)
        await db
          .insert(duffelOfferTotals)
          .values(totals.slice(i, i + CHUNK))
          .onConflictDoNothing();
      const before = new Date(search.searchedAt.getTime() - KEEP_EXPIRED_MS);
      await db.delete(duffelSearches).where(lt(duffelSearches.validUntil, before));
      await db.delete(duffelOfferTotals).where(lt(duffelOfferTotals.expiresAt, before));
    },

    async offerTotal(offerId: string): Promise<{ amount: number; currency: string; expiresAt: Date } | null> {
      const [row] = await db.select().from(duffelOfferTotals).where(eq(duffelOfferTotals.offerId, offerId));
      return row ? { amount: row.totalAmount, currency: row.totalCurrency, expiresAt: row.expiresAt } : null;
    },

    /** The total the offer is shown at from now on (a re-pricing the traveller has seen). */
    async setOfferTotal(offerId: string, amount: number, currency: string, expiresAt: Date): Promise<void> {
      await db
        .insert(duffelOfferTotals)
        .values({ offerId, totalAmount: amount, totalCurrency: currency, expiresAt })
        .onConflictDoUpdate({
          target: duffelOfferTotals.offerId,
          set: { totalAmount: amount, totalCurrency: currency, expiresAt },
        });
    },

    holdByClientReference: async (clientReference: string): Promise<DuffelOrderRow | undefined> =>
      (await db.select().from(duffelOrders).where(eq(duffelOrders.clientReference, clientReference)))[0],

    holdByOrderId: async (orderId: string): Promise<DuffelOrderRow | undefined> =>
      (await db.select().from(duffelOrders).where(eq(duffelOrders.orderId, orderId)))[0],

    /** Written before the order is asked of Duffel (again, for a retry: the request time moves on). */
    async recordHoldRequest(hold: {
      clientReference: string;
      offerId: string;
      passengerIds: Record<string, string>;
      now: Date;
    }): Promise<void> {
      const values = {
        offerId: hold.offerId,
        passengerIds: hold.passengerIds,
        requestedAt: hold.now,
        updatedAt: hold.now,
      };
      await db
        .insert(duffelOrders)
        .values({ clientReference: hold.clientReference, ...values })
        .onConflictDoUpdate({ target: duffelOrders.clientReference, set: values });
    },

    /** The order Duffel made for the hold, once known (its answer, or found by the client reference). */
    async recordHeldOrder(clientReference: string, order: { orderId: string; total: number; currency: string; now: Date }) {
      await db
        .update(duffelOrders)
        .set({ orderId: order.orderId, heldTotal: order.total, heldCurrency: order.currency, updatedAt: order.now })
        .where(eq(duffelOrders.clientReference, clientReference));
    },
  };
}

export type DuffelStore = ReturnType<typeof createDuffelStore>;
