import type { Database } from '../../db/client.js';
import type { SupplierEventRow } from '../../db/supplier-events-schema.js';
import type { BookingEventsPort } from '../bookings/booking-events-port.js';
import type { Logger } from '../bookings/booking-service.js';
import { claimDueEvents, finishEvent, insertEvent, retryEvent } from './supplier-events-repository.js';

/** How long a claimed event is invisible to other processes while this one works on it. */
const LEASE_MS = 2 * 60_000;
/** Events the job takes up per round. */
const BATCH = 20;

/** Duffel's v2 event envelope, as far as Kwenda reads it. */
export interface DuffelEvent {
  id: string;
  type: string;
  data?: { object?: Record<string, unknown> } & Record<string, unknown>;
  idempotency_key?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The order an event is about: the object's order_id (an airline change), or the order itself. */
function orderIdOf(event: DuffelEvent): string | null {
  const object = event.data?.object ?? {};
  const id = text(object.id);
  return text(object.order_id) ?? (id?.startsWith('ord_') ? id : null) ?? text(event.data?.order_id);
}

/** The client reference an order was asked with (the adapter keeps it in the order's metadata). */
function clientReferenceOf(event: DuffelEvent): string | null {
  const object = event.data?.object ?? {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  return text(metadata.kwenda_client_reference) ?? text(object.client_reference);
}

/**
 * Events from the suppliers (Duffel's webhooks). The route stores each one once, by its id, and
 * answers at once; the job processes the stored rows: claimed with SKIP LOCKED and a lease, so several
 * processes can run it, and retried with backoff when the supplier cannot be asked (dead, for the
 * desk, after supplierEventsQueue's attempts). Types Kwenda does not act on are kept and marked ignored.
 */
export function createSupplierWebhooksService(deps: {
  database: Database;
  /** What an event says about a booking, handed to the bookings module. */
  bookings: BookingEventsPort;
  logger: Logger;
  clock?: () => Date;
}) {
  const { db } = deps.database;
  const { logger, bookings } = deps;
  const clock = deps.clock ?? (() => new Date());

  const process = async (
    row: SupplierEventRow,
  ): Promise<{ status: 'processed' | 'ignored'; result: Record<string, unknown> }> => {
    const event = row.body as unknown as DuffelEvent;
    switch (row.eventType) {
      case 'order.airline_initiated_change_detected': {
        const orderId = orderIdOf(event);
        if (!orderId) return { status: 'ignored', result: { reason: 'no order id' } };
        const outcome = await bookings.recordAirlineChange({ supplier: row.supplier, orderId, eventId: row.id });
        return { status: outcome.outcome === 'no-booking' ? 'ignored' : 'processed', result: { ...outcome, orderId } };
      }
      case 'order.creation_failed': {
        const clientReference = clientReferenceOf(event);
        if (!clientReference) return { status: 'ignored', result: { reason: 'no client reference' } };
        const outcome = await bookings.settleFailedHold({ supplier: row.supplier, clientReference, eventId: row.id });
        return { status: outcome.outcome === 'no-open-hold' ? 'ignored' : 'processed', result: outcome };
      }
      default:
        return { status: 'ignored', result: { reason: 'event type not acted on' } };
    }
  };

  return {
    /** Stores a verified event; false when it was stored before (a redelivery). */
    receive(supplier: string, event: DuffelEvent, now: Date = clock()): Promise<boolean> {
      return insertEvent(db, {
        supplier,
        id: event.id,
        type: event.type,
        body: event as unknown as Record<string, unknown>,
        now,
      });
    },

    /** Processes the events due at `now` (the job, every few seconds). Returns how many it took up. */
    async processDue(now: Date = new Date()): Promise<number> {
      let taken = 0;
      for (;;) {
        const due = await db.transaction((tx) => claimDueEvents(tx, { now, leaseMs: LEASE_MS, limit: BATCH }));
        for (const row of due) {
          try {
            const done = await process(row);
            await finishEvent(db, row, { ...done, now: clock() });
            logger.info(
              { supplier: row.supplier, eventId: row.id, type: row.eventType, status: done.status },
              'supplier event processed',
            );
          } catch (error) {
            const fate = await retryEvent(db, row, (error as Error).message || String(error), now);
            if (fate === 'dead')
              logger.error(
                { err: error, eventId: row.id, type: row.eventType, attempts: row.attempts },
                'supplier event given up after its attempts; the desk shows it',
              );
            else
              logger.warn(
                { err: error, eventId: row.id, type: row.eventType, attempts: row.attempts },
                'supplier event not processed; retried later',
              );
          }
        }
        taken += due.length;
        if (due.length < BATCH) return taken;
      }
    },
  };
}

export type SupplierWebhooksService = ReturnType<typeof createSupplierWebhooksService>;
