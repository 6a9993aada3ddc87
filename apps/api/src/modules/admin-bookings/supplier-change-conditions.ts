import { SUPPLIER_CHANGES_WINDOW_HOURS, type SupplierChangeFilter } from '@kwenda/contracts/admin';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema.js';

/**
 * The airline changes the desk has to look at, as conditions on a row of `bookings`: written once,
 * so the figures of the Today screen and the bookings list its links open count the same rows.
 * - offer-unavailable: the supplier withdrew the offer within the last SUPPLIER_CHANGES_WINDOW_HOURS hours;
 * - price-changed: the supplier re-priced it within that window and the traveller has not paid
 *   (a re-priced booking keeps its status, created: only its event says price-changed);
 * - rescheduled: every booking the airline rescheduled (the traveller must always be told);
 * - any: one of the three.
 * `at` is the instant "now" is (the request's clock in tests).
 */
export function supplierChangeCondition(kind: SupplierChangeFilter, at: SQL = sql`now()`): SQL {
  const changedRecently = (trigger: 'offer-unavailable' | 'price-changed') =>
    sql`EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = ${bookings.id}
      AND e.status_trigger = ${trigger}
      AND e.created_at > (${at} - make_interval(hours => ${SUPPLIER_CHANGES_WINDOW_HOURS})))`;
  switch (kind) {
    case 'offer-unavailable':
      return and(eq(bookings.status, 'offer-unavailable'), changedRecently('offer-unavailable'))!;
    case 'price-changed':
      return and(inArray(bookings.status, ['created', 'price-changed']), changedRecently('price-changed'))!;
    case 'rescheduled':
      return eq(bookings.status, 'rescheduled');
    case 'any':
      return or(
        supplierChangeCondition('offer-unavailable', at),
        supplierChangeCondition('price-changed', at),
        supplierChangeCondition('rescheduled', at),
      )!;
  }
}
