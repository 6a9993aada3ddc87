import type { SupplierCallRow } from '../../db/supplier-calls-schema.js';
import type { AirlineChangeOutcome } from './use-cases/airline-change.js';
import type { FailedHoldOutcome } from './use-cases/hold-creation-failed.js';

/**
 * What other modules learn about a booking and hand to the bookings module, the only one that changes
 * a booking: the supplier calls journal (a call settled by asking the supplier) and the supplier's
 * events. Implemented by the booking service; the callers import this file's types only.
 */
export interface BookingEventsPort {
  /**
   * A hold, ticket or cancel call left without an answer, settled by asking the supplier what it did.
   * Throws when the supplier cannot be asked (the caller retries later).
   */
  settleSupplierCall(call: SupplierCallRow): Promise<void>;
  /** The supplier says the airline changed an order (Duffel: order.airline_initiated_change_detected). */
  recordAirlineChange(input: { supplier: string; orderId: string; eventId: string }): Promise<AirlineChangeOutcome>;
  /** The supplier could not make the order a hold call asked for (Duffel: order.creation_failed). */
  settleFailedHold(input: { supplier: string; clientReference: string; eventId: string }): Promise<FailedHoldOutcome>;
}
