import { crashPoint } from '../../../crash-points.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { SupplierOrder, TicketedOrder } from '../../../suppliers/supplier.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { toSupplierPassenger } from './booking-rules.js';
import { eTicketKeyPrefix, sendETicket } from './send-e-ticket.js';

/** What came of a ticket call: tickets, or a refusal with the order still unticketed. */
type TicketAnswer = { kind: 'ticketed'; order: TicketedOrder; lookedUp: boolean } | { kind: 'refused'; error: string };

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
    if (answer.kind === 'refused') {
      if (open.answeredAt) return false;
      await calls.answerCall(tx, call.id, { outcome: 'refused', details: { error: answer.error }, now });
      if (row.status === 'payment-confirmed')
        await transitionLocked(tx, row, 'ticketing-failed', { actor: 'supplier', details: { error: answer.error } });
      return false;
    }
    const { order } = answer;
    await calls.answerCall(tx, call.id, {
      outcome: 'ticketed',
      details: { pnr: order.pnr, tickets: order.tickets, lookedUp: answer.lookedUp },
      now,
    });
    if (row.status !== 'payment-confirmed') return false;
    for (const t of order.tickets) await repo.updatePassenger(tx, t.passengerId, { ticketNumber: t.ticketNumber });
    await transitionLocked(tx, row, 'ticket-issued', {
      actor,
      patch: { pnr: order.pnr, ticketedAt: now },
      details: { pnr: order.pnr, tickets: order.tickets },
    });
    deps.logger.info({ bookingId: row.id, pnr: order.pnr }, 'booking ticketed');
    return true;
  });
}

/** What the order read back says of a ticket call that answered an error: its tickets, or a refusal. */
const answerFromOrder = (order: SupplierOrder | null, error: string): TicketAnswer =>
  order?.state === 'ticketed' && order.ticketed
    ? { kind: 'ticketed', order: order.ticketed, lookedUp: true }
    : { kind: 'refused', error };

/**
 * After payment-confirmed: ticket with the supplier, confirm, e-mail the e-ticket. Safe to call twice,
 * from any process: the ticket call is journaled first (one in flight per booking), made outside any
 * transaction, and an error is not taken as a refusal until the order is read back (the supplier may
 * have ticketed before its answer was lost). An order is paid once, so it is never ticketed twice.
 */
export async function fulfilBooking(deps: BookingDeps, bookingId: string): Promise<void> {
  const { supplier, logger } = deps;
  const started = await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row || row.status !== 'payment-confirmed') return null;
    const call = await calls.insertCall(tx, {
      bookingId,
      kind: 'ticket',
      supplier: supplier.name,
      orderId: row.supplierOrderId ?? '',
      now: deps.clock(),
    });
    // Null: a ticketing of this booking is in flight (a webhook and the job at once); its answer,
    // or the reconciliation job, records the tickets.
    return call && { row, call, passengers: await repo.findPassengers(tx, bookingId) };
  });
  if (!started) return;
  const { row, call, passengers } = started;

  let answer: TicketAnswer;
  try {
    const order = await supplier.ticketOrder(call.orderId!, passengers.map(toSupplierPassenger), row.offer);
    answer = { kind: 'ticketed', order, lookedUp: false };
  } catch (error) {
    const message = (error as Error).message || String(error);
    let order: SupplierOrder | null;
    try {
      order = await supplier.getOrder(call.orderId!);
    } catch (lookupError) {
      // Nothing known of what the supplier did: the reconciliation job reads the order back later.
      logger.error({ err: lookupError, bookingId, callId: call.id }, 'ticketing unanswered; the job reads the order back');
      await deps.db.transaction((tx) => calls.markUnanswered(tx, call.id, message, deps.clock()));
      return;
    }
    answer = answerFromOrder(order, message);
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
  const order = await deps.supplier.getOrder(call.orderId!);
  if (order?.state === 'ticketed' && order.ticketed) {
    const answer: TicketAnswer = { kind: 'ticketed', order: order.ticketed, lookedUp: true };
    if (await recordTicketAnswer(deps, call, answer, `supplier:${deps.supplier.name}`)) await sendETicket(deps, call.bookingId);
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
