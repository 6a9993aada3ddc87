import { crashPoint } from '../../../crash-points.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { Tx } from '../../../db/tx.js';
import { TicketsIssuedByAgency, type SupplierOrder, type TicketedOrder } from '../../../suppliers/supplier.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { toSupplierPassenger } from './booking-rules.js';
import { manualTicketingDeadline } from '../ticketing-promise.js';
import { loadBooking } from './load-booking.js';
import { eTicketKeyPrefix, sendETicket } from './send-e-ticket.js';

/**
 * What came of a ticket call: tickets (and, for an instant order, the order they belong to), or a
 * refusal with nothing ticketed.
 */
type TicketAnswer =
  | { kind: 'ticketed'; order: TicketedOrder; lookedUp: boolean; orderId?: string }
  | { kind: 'refused'; error: string }
  /** The agency's own seats: paid, and staff issue the tickets in the airline's own system. */
  | { kind: 'by-agency'; error: string };

/**
 * The answer of a ticket call and its effect on the booking, in one transaction under the booking's
 * lock: tickets make a paid booking confirmed (ticket-issued), a refusal is recorded as
 * ticketing-failed (the job retries). Tickets are the supplier's truth and are recorded even when
 * the call was settled meanwhile. Returns true when the booking became confirmed.
 */
async function recordTicketAnswer(deps: BookingDeps, call: SupplierCallRow, answer: TicketAnswer, actor: string) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, call.bookingId);
    const open = await calls.lockCall(tx, call.id);
    if (!row || !open) return false;
    if (answer.kind === 'by-agency') {
      if (open.answeredAt) return false;
      await calls.answerCall(tx, call.id, { outcome: 'refused', details: { byAgency: true, error: answer.error }, now });
      // Once: the ticketing desk then has the booking, with the time promised to the traveller.
      if (row.status === 'payment-confirmed' && row.statusTrigger !== 'ticketing-by-agency') {
        const { hours, support } = deps.manualTicketing;
        await transitionLocked(tx, row, 'ticketing-by-agency', {
          actor: 'supplier',
          patch: { manualTicketingBy: row.manualTicketingBy ?? manualTicketingDeadline(now, hours, support) },
        });
        if (!row.manualTicketingBy) await tellTicketingManual(deps, tx, row.id);
      }
      return false;
    }
    if (answer.kind === 'refused') {
      if (open.answeredAt) return false;
      await calls.answerCall(tx, call.id, { outcome: 'refused', details: { error: answer.error }, now });
      if (row.status === 'payment-confirmed') {
        // The first refusal promises the traveller a time for the tickets the desk now issues by hand;
        // the job's retries keep that promise and send nothing more.
        const { hours, support } = deps.manualTicketing;
        await transitionLocked(tx, row, 'ticketing-failed', {
          actor: 'supplier',
          patch: { manualTicketingBy: row.manualTicketingBy ?? manualTicketingDeadline(now, hours, support) },
          details: { error: answer.error },
        });
        if (!row.manualTicketingBy) await tellTicketingManual(deps, tx, row.id);
      }
      return false;
    }
    const { order } = answer;
    await calls.answerCall(tx, call.id, {
      outcome: 'ticketed',
      ...(answer.orderId ? { orderId: answer.orderId } : {}),
      details: { pnr: order.pnr, tickets: order.tickets, lookedUp: answer.lookedUp },
      now,
    });
    if (row.status !== 'payment-confirmed') return false;
    for (const t of order.tickets) await repo.updatePassenger(tx, t.passengerId, { ticketNumber: t.ticketNumber });
    await transitionLocked(tx, row, 'ticket-issued', {
      actor,
      patch: { pnr: order.pnr, ticketedAt: now, ...(answer.orderId ? { supplierOrderId: answer.orderId } : {}) },
      details: { pnr: order.pnr, tickets: order.tickets },
    });
    deps.logger.info({ bookingId: row.id, pnr: order.pnr }, 'booking ticketed');
    return true;
  });
}

/** The traveller learns the agency issues the tickets by hand, by when, and how to reach it (once per booking). */
async function tellTicketingManual(deps: BookingDeps, tx: Tx, id: string) {
  const booking = await loadBooking(deps, id, tx);
  if (booking?.email)
    await deps.mail.enqueue(tx, {
      to: booking.email,
      ...deps.messages.ticketingManual(booking),
      dedupeKey: `ticketing-manual:${id}`,
    });
}

/** What the order read back says of a ticket call that answered an error: its tickets, or a refusal. */
const answerFromOrder = (order: SupplierOrder | null, error: string, instant = false): TicketAnswer =>
  order?.state === 'ticketed' && order.ticketed
    ? { kind: 'ticketed', order: order.ticketed, lookedUp: true, ...(instant ? { orderId: order.orderId } : {}) }
    : { kind: 'refused', error };

/**
 * After payment-confirmed: ticket with the supplier, confirm, e-mail the e-ticket. Safe to call twice,
 * from any process: the ticket call is journaled first (one in flight per booking), made outside any
 * transaction, and an error is not taken as a refusal until the order is read back (the supplier may
 * have ticketed before its answer was lost). An order is paid once, so it is never ticketed twice.
 */
export async function fulfilBooking(deps: BookingDeps, bookingId: string): Promise<void> {
  const { logger } = deps;
  const started = await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row || row.status !== 'payment-confirmed') return null;
    const call = await calls.insertCall(tx, {
      bookingId,
      kind: 'ticket',
      supplier: row.supplier,
      orderId: row.supplierOrderId ?? '',
      now: deps.clock(),
    });
    // Null: a ticketing of this booking is in flight (a webhook and the job at once); its answer,
    // or the reconciliation job, records the tickets.
    return call && { row, call, passengers: await repo.findPassengers(tx, bookingId) };
  });
  if (!started) return;
  const { row, call, passengers } = started;
  const supplier = deps.suppliers.get(row.supplier);

  let answer: TicketAnswer;
  const supplierPassengers = passengers.map((p) => toSupplierPassenger(p, row));
  try {
    if (call.orderId) {
      const order = await supplier.ticketOrder(call.orderId, supplierPassengers, row.offer);
      answer = { kind: 'ticketed', order, lookedUp: false };
    } else {
      // An offer that could not be held: ordered and paid now that the traveller has paid.
      const result = await supplier.createInstantOrder({
        offer: row.offer,
        passengers: supplierPassengers,
        clientReference: call.id,
      });
      answer =
        result.status === 'ticketed'
          ? { kind: 'ticketed', order: result.ticketed, lookedUp: false, orderId: result.orderId }
          : {
              kind: 'refused',
              error:
                result.status === 'price-changed'
                  ? `The airline now asks ${result.newTotal} ${row.offer.totalCurrency} for this offer; nothing was bought`
                  : `The offer is ${result.status} at the airline; nothing was bought`,
            };
      if (answer.kind === 'refused') logger.error({ bookingId, error: answer.error }, 'instant order refused; the desk decides');
    }
  } catch (error) {
    const message = (error as Error).message || String(error);
    if (error instanceof TicketsIssuedByAgency) {
      await recordTicketAnswer(deps, call, { kind: 'by-agency', error: message }, `supplier:${supplier.name}`);
      return;
    }
    let order: SupplierOrder | null;
    try {
      order = call.orderId ? await supplier.getOrder(call.orderId) : await supplier.findOrder(call.id);
    } catch (lookupError) {
      // Nothing known of what the supplier did: the reconciliation job reads the order back later.
      logger.error({ err: lookupError, bookingId, callId: call.id }, 'ticketing unanswered; the job reads the order back');
      await deps.db.transaction((tx) => calls.markUnanswered(tx, call.id, message, deps.clock()));
      return;
    }
    answer = answerFromOrder(order, message, !call.orderId);
    if (answer.kind === 'refused') logger.error({ err: error, bookingId }, 'ticketing failed; the job retries');
  }
  await crashPoint('supplier.ticket-answered');
  if (await recordTicketAnswer(deps, call, answer, `supplier:${supplier.name}`)) await sendETicket(deps, bookingId);
}

/**
 * A ticket call left without an answer (the process died, the answer was lost): the order is read
 * back. Ticketed: its tickets are recorded and the e-ticket sent, as if the answer had come. Not
 * ticketed: the call is closed as not-ticketed and the booking stays paid for the ticketing retry.
 * Throws when the supplier cannot be asked (the job tries again later).
 */
export async function reconcileTicket(deps: BookingDeps, call: SupplierCallRow): Promise<void> {
  const supplier = deps.suppliers.get(call.supplier);
  // An instant order (no order id yet) is found by the call's id, its client reference.
  const order = call.orderId ? await supplier.getOrder(call.orderId) : await supplier.findOrder(call.id);
  if (order?.state === 'ticketed' && order.ticketed) {
    const answer = answerFromOrder(order, '', !call.orderId);
    if (await recordTicketAnswer(deps, call, answer, `supplier:${call.supplier}`)) await sendETicket(deps, call.bookingId);
    return;
  }
  await deps.db.transaction(async (tx) => {
    await repo.lockBooking(tx, call.bookingId);
    const open = await calls.lockCall(tx, call.id);
    if (open && !open.answeredAt)
      await calls.answerCall(tx, call.id, {
        outcome: 'not-ticketed',
        details: { state: order?.state ?? null },
        now: deps.clock(),
      });
  });
}

/** Ticketing that failed or was interrupted, retried by the job; e-tickets never queued, sent. */
export async function fulfilPending(deps: BookingDeps, now = deps.clock(), limit = 20): Promise<number> {
  const { db, logger } = deps;
  const ids = await repo.findUnticketed(db, new Date(now.getTime() - 60_000), limit);
  for (const id of ids)
    await fulfilBooking(deps, id).catch((error: unknown) =>
      logger.error({ err: error, bookingId: id }, 'ticketing retry failed'),
    );
  for (const id of await repo.findTicketedWithoutMail(db, eTicketKeyPrefix, limit))
    await sendETicket(deps, id).catch((error: unknown) =>
      logger.error({ err: error, bookingId: id }, 'e-ticket e-mail failed; the job retries'),
    );
  return ids.length;
}
