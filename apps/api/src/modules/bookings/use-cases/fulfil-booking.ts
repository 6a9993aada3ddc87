import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import type { BookingDeps } from './booking-deps.js';
import { toSupplierPassenger } from './booking-rules.js';
import { eTicketKeyPrefix, sendETicket } from './send-e-ticket.js';

/** After payment-confirmed: ticket with the supplier, confirm, e-mail the e-ticket. Safe to call twice. */
export async function fulfilBooking(deps: BookingDeps, bookingId: string): Promise<void> {
  const { supplier, logger } = deps;
  // The lock makes a second call (webhook retry, job) wait and then find the booking ticketed.
  const ticketed = await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row || row.status !== 'payment-confirmed') return false;
    const passengers = await repo.findPassengers(tx, bookingId);
    let order;
    try {
      order = await supplier.ticketOrder(row.supplierOrderId ?? '', passengers.map(toSupplierPassenger), row.offer);
    } catch (error) {
      logger.error({ err: error, bookingId }, 'ticketing failed; the job retries');
      await transitionLocked(tx, row, 'ticketing-failed', {
        actor: 'supplier',
        details: { error: (error as Error).message },
      });
      return false;
    }
    for (const t of order.tickets) await repo.updatePassenger(tx, t.passengerId, { ticketNumber: t.ticketNumber });
    await transitionLocked(tx, row, 'ticket-issued', {
      actor: `supplier:${supplier.name}`,
      patch: { pnr: order.pnr, ticketedAt: deps.clock() },
      details: { pnr: order.pnr, tickets: order.tickets },
    });
    logger.info({ bookingId, pnr: order.pnr }, 'booking ticketed');
    return true;
  });
  if (ticketed) await sendETicket(deps, bookingId);
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
