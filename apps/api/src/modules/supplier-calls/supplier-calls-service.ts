import type { Database } from '../../db/client.js';
import type { BookingEventsPort } from '../bookings/booking-events-port.js';
import type { Logger } from '../bookings/booking-service.js';
import { callsOf, claimDueCalls, DEFAULT_LEASE_MS, retryCall } from './supplier-calls-repository.js';

/** Calls the job takes up per round; each is one or two supplier requests. */
const BATCH = 20;

/**
 * The supplier calls journal (supplier_calls) and its reconciliation job. The booking use cases
 * journal each hold, ticket and cancel before making it (one transaction), make it outside any
 * transaction, and record the answer with its effect on the booking (another). A call still without
 * an answer SUPPLIER_CALL_LEASE_SECONDS after it was made (the process died, the supplier hung), or
 * handed over by the process that made it, is settled here by asking the supplier what it did:
 * - hold: the order is found by the call's client reference, then adopted by the booking if it can
 *   still use it, else released; nothing found, nothing was held;
 * - ticket: the order is read back; its tickets are recorded (never a second ticketing), or the
 *   booking stays paid for the ticketing retry;
 * - cancel: asked again until the supplier confirms, then a staff cancellation is completed.
 * Calls are claimed with SKIP LOCKED and a lease, so several processes can run the job at once; a call
 * still unsettled after supplierCallsQueue's attempts is dead, for the desk.
 */
export function createSupplierCallsService(deps: {
  database: Database;
  /** What a call settled this way means for its booking, handed to the bookings module. */
  bookings: BookingEventsPort;
  logger: Logger;
  /** SUPPLIER_CALL_LEASE_SECONDS, 2 minutes by default. */
  leaseMs?: number;
}) {
  const { db } = deps.database;
  const { logger } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const settle = deps.bookings.settleSupplierCall;

  return {
    /** Settles the calls due at `now`; the job calls it every few seconds. Returns how many it took up. */
    async reconcile(now: Date = new Date()): Promise<number> {
      let taken = 0;
      for (;;) {
        const due = await db.transaction((tx) => claimDueCalls(tx, { now, leaseMs, limit: BATCH }));
        for (const call of due) {
          try {
            await settle(call);
          } catch (error) {
            const message = (error as Error).message || String(error);
            const fate = await db.transaction((tx) => retryCall(tx, call, message, now));
            if (fate === 'dead')
              logger.error(
                { err: error, callId: call.id, kind: call.kind, attempts: call.attempts },
                'supplier call given up after its attempts, still unsettled; the desk shows it',
              );
            else
              logger.warn(
                { err: error, callId: call.id, kind: call.kind, attempts: call.attempts },
                'supplier call unsettled; retried later',
              );
          }
        }
        taken += due.length;
        // Claimed rows are leased past `now`, so each round takes new ones until none is due.
        if (due.length < BATCH) return taken;
      }
    },
    /** A booking's calls to the supplier, oldest first. */
    callsOf: (bookingId: string) => callsOf(db, bookingId),
  };
}

export type SupplierCallsService = ReturnType<typeof createSupplierCallsService>;
