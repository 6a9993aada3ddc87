import type { BookingStatus, StatusTrigger } from '@kwenda/contracts';
import type { BookingRow } from '../../db/schema.js';
import { AppError, bookingNotFound } from '../../errors.js';
import type { Tx } from '../../db/tx.js';
import { lockBooking, writeTransition, type BookingPatch } from './booking-repository.js';

/**
 * The only way a booking changes status (no other code sets a booking's status): each trigger lists the states it may
 * start from and the state it leads to. The row is locked, the current state checked, the new
 * state and an audit row written, all in the caller's transaction.
 */
export const transitions: Record<StatusTrigger, { from: readonly BookingStatus[]; to: BookingStatus | 'same' }> = {
  'booking-created': { from: [], to: 'created' },
  'passengers-submit': { from: ['created'], to: 'same' },
  'price-changed': { from: ['created'], to: 'same' },
  'offer-unavailable': { from: ['created'], to: 'offer-unavailable' },
  'payment-info-submit': { from: ['created', 'pending-payment'], to: 'pending-payment' },
  'payment-started': { from: ['created', 'pending-payment'], to: 'pending-payment' },
  'payment-failed': { from: ['pending-payment'], to: 'same' },
  'receipt-uploaded': { from: ['pending-payment'], to: 'same' },
  'receipt-rejected': { from: ['pending-payment'], to: 'same' },
  'payment-succeeded': { from: ['pending-payment'], to: 'payment-confirmed' },
  'receipt-confirmed': { from: ['pending-payment'], to: 'payment-confirmed' },
  'ticket-issued': { from: ['payment-confirmed'], to: 'confirmed' },
  'ticketing-failed': { from: ['payment-confirmed'], to: 'same' },
  // The agency's own seats are paid: staff issue the tickets in the airline's own system (the ticketing desk).
  'ticketing-by-agency': { from: ['payment-confirmed'], to: 'same' },
  // A rescheduled booking still unpaid (no ticket) keeps its hold's deadline (use-cases/expire-holds.ts).
  'hold-expired': { from: ['pending-payment', 'rescheduled'], to: 'canceled' },
  // Staff actions (use-cases/staff-*.ts). A booking still live keeps its price paid: it is cancelled
  // before the refund that returns all it received, so only a canceled booking becomes refunded.
  'refund-issued': { from: ['canceled'], to: 'refunded' },
  'refund-recorded': { from: ['pending-payment', 'payment-confirmed', 'confirmed', 'canceled'], to: 'same' },
  'hold-extended': { from: ['pending-payment'], to: 'same' },
  'staff-canceled': { from: ['pending-payment', 'payment-confirmed', 'confirmed', 'rescheduled'], to: 'canceled' },
  // The airline changed a ticketed booking's flights (a supplier event): the traveller must answer. A
  // booking not yet ticketed is ticketed on the order as the airline has it, so only tickets change state;
  // a second change while the first is unanswered replaces it.
  'airline-changed': { from: ['pending-payment', 'confirmed', 'rescheduled'], to: 'rescheduled' },
  'airline-change-accepted': { from: ['rescheduled'], to: 'confirmed' },
  // A held booking whose flights changed before it was paid: accepted, it is held again (to be paid by
  // its hold's deadline); declined, it is cancelled and its seats released, nothing being owed.
  'held-airline-change-accepted': { from: ['rescheduled'], to: 'pending-payment' },
  'airline-change-declined': { from: ['rescheduled'], to: 'canceled' },
  // The traveller cancels a ticketed booking at the airline's quote (use-cases/traveller-cancel.ts), or
  // a held one not yet paid, releasing the seats (use-cases/traveller-cancel-hold.ts).
  'traveller-canceled': { from: ['pending-payment', 'confirmed', 'rescheduled'], to: 'canceled' },
  // The supplier told us it could not make the order a hold call was waiting for (Duffel: order.creation_failed).
  'hold-failed': { from: ['created'], to: 'same' },
  // The same news for an order already taken as held (Duffel answered with an order it then failed to
  // make): nothing is held after all, and the booking is to be paid again (a new hold re-prices it).
  'hold-not-made': { from: ['pending-payment'], to: 'created' },
};

export const canTrigger = (status: BookingStatus, trigger: StatusTrigger) => transitions[trigger].from.includes(status);

export class InvalidTransitionError extends AppError {
  constructor(
    readonly from: BookingStatus,
    readonly trigger: StatusTrigger,
  ) {
    super(409, 'INVALID_BOOKING_STATE', `A booking in status ${from} cannot take "${trigger}"`);
  }
}

/** Who made the change, what else the row gets, what the audit row records, and any extra check. */
export interface TransitionChange {
  actor: string;
  patch?: BookingPatch | ((row: BookingRow) => BookingPatch);
  details?: Record<string, unknown>;
  guard?: (row: BookingRow) => void;
}

/**
 * Locks the booking, checks `trigger` may fire from its status, then writes the change and its
 * audit row. `guard` may refuse on other grounds after the lock (throw an AppError).
 */
export async function transition(
  tx: Tx,
  bookingId: string,
  trigger: StatusTrigger,
  change: TransitionChange,
): Promise<BookingRow> {
  const row = await lockBooking(tx, bookingId);
  if (!row) throw bookingNotFound();
  return transitionLocked(tx, row, trigger, change);
}

/** As transition, for a row the caller has already locked in this transaction. */
export async function transitionLocked(
  tx: Tx,
  row: BookingRow,
  trigger: StatusTrigger,
  change: TransitionChange,
): Promise<BookingRow> {
  if (!canTrigger(row.status, trigger)) throw new InvalidTransitionError(row.status, trigger);
  change.guard?.(row);
  const rule = transitions[trigger];
  const patch = typeof change.patch === 'function' ? change.patch(row) : change.patch;
  return writeTransition(tx, row, {
    to: rule.to === 'same' ? row.status : rule.to,
    trigger,
    actor: change.actor,
    patch,
    details: change.details,
  });
}
