import type { DeskBookingSummary } from '@kwenda/contracts/admin';
import type { BookingRow } from '../../../db/schema.js';
import type { BookingDeps } from './booking-deps.js';

/**
 * What the staff actions on a booking take (use-cases/staff-*.ts): the booking service's settings,
 * the desk's own e-mails among them. Every action runs in one transaction holding the booking's lock,
 * goes through a transition whose audit row names the staff member (`actor` 'staff:<user id>'), and
 * changes nothing when it refuses.
 */
export type StaffDeps = BookingDeps;

/** The staff member acting: `actor` for the booking's audit trail, `staffUserId` for staff_actions. */
export interface StaffActor {
  actor: `staff:${string}`;
  staffUserId: string;
}

export const staffActorOf = (staffUserId: string): StaffActor => ({ actor: `staff:${staffUserId}`, staffUserId });

export function summaryOf(row: BookingRow): DeskBookingSummary {
  return {
    id: row.id,
    bookingReference: row.bookingReference,
    status: row.status,
    statusTrigger: row.statusTrigger,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
  };
}

/** Held for payment and the hold not yet ended (the hold-expiry job may not have run yet). */
export const isHeld = (row: BookingRow, now: Date) =>
  row.status === 'pending-payment' && row.holdExpiresAt !== null && row.holdExpiresAt > now;
