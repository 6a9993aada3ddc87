import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@kwenda/contracts';
import {
  bookingEvents,
  bookingPassengers,
  bookings,
  mailOutbox,
  paymentReceipts,
  whatsappMessages,
  type BookingRow,
  type PassengerRow,
  type ReceiptRow,
} from '../../db/schema.js';
import type { Tx } from '../../db/tx.js';
import { holdAsked } from '../limits/limits-repository.js';

/** Every query of bookings, passengers and their audit trail; nothing else in the module writes SQL. */

export type NewBooking = typeof bookings.$inferInsert;
export type NewPassenger = typeof bookingPassengers.$inferInsert;
export type BookingPatch = Partial<Omit<NewBooking, 'id' | 'status' | 'statusTrigger' | 'createdAt'>>;

export async function insertBooking(tx: Tx, booking: NewBooking, passengers: NewPassenger[]) {
  await tx.insert(bookings).values(booking);
  if (passengers.length) await tx.insert(bookingPassengers).values(passengers);
}

export async function findBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** Where a booking's traveller is told: the e-mail, the WhatsApp number if updates go there, the language. */
export async function findContactChannel(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      email: bookings.email,
      whatsapp: bookings.whatsapp,
      whatsappUpdates: bookings.whatsappUpdates,
      language: bookings.language,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}

/** The traveller's WhatsApp choice (not a change of state: no transition). */
export async function updateWhatsApp(tx: Tx, id: string, choice: { whatsapp: string | null; whatsappUpdates: boolean }) {
  await tx
    .update(bookings)
    .set({ ...choice, updatedAt: sql`now()` })
    .where(eq(bookings.id, id));
}

/**
 * Unpaid holds for a bank transfer that lapse within (now, until], no receipt waiting to be checked:
 * the candidates for a reminder (whether one was already sent is the caller's, by dedupe key).
 */
export async function findHoldsLapsingSoon(tx: Tx, now: Date, until: Date, limit: number) {
  return tx
    .select({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'pending-payment'),
        eq(bookings.paymentMethod, 'bank-transfer'),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.holdExpiresAt, until),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(paymentReceipts)
            .where(and(eq(paymentReceipts.bookingId, bookings.id), eq(paymentReceipts.status, 'submitted'))),
        ),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
}

/** Which of these dedupe keys were already queued, by e-mail or on WhatsApp. */
export async function findQueuedKeys(tx: Tx, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const [mails, messages] = await Promise.all([
    tx.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(inArray(mailOutbox.dedupeKey, keys)),
    tx.select({ key: whatsappMessages.dedupeKey }).from(whatsappMessages).where(inArray(whatsappMessages.dedupeKey, keys)),
  ]);
  return new Set([...mails, ...messages].flatMap((r) => (r.key ? [r.key] : [])));
}

export async function findBookingWithPassengers(
  tx: Tx,
  id: string,
): Promise<{ row: BookingRow; passengers: PassengerRow[] } | undefined> {
  const rows = await tx
    .select({ booking: bookings, passenger: bookingPassengers })
    .from(bookings)
    .leftJoin(bookingPassengers, eq(bookingPassengers.bookingId, bookings.id))
    .where(eq(bookings.id, id))
    .orderBy(asc(bookingPassengers.position));
  if (!rows.length) return undefined;
  return { row: rows[0]!.booking, passengers: rows.flatMap((r) => (r.passenger ? [r.passenger] : [])) };
}

export async function findBookingByReference(tx: Tx, reference: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.bookingReference, reference.toUpperCase()));
  return row;
}

/** The row locked until the transaction ends: the one place concurrent changes of a booking queue up. */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

export async function findPassengers(tx: Tx, bookingId: string): Promise<PassengerRow[]> {
  return tx
    .select()
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, bookingId))
    .orderBy(asc(bookingPassengers.position));
}

/** A booking's receipts, each saying whether its very file was also sent for another booking. */
export async function findReceipts(tx: Tx, bookingId: string): Promise<(ReceiptRow & { sameFileElsewhere: boolean })[]> {
  // Spelled out: the subquery's own table is aliased, so these name the outer receipt.
  const sameFileElsewhere = sql<boolean>`EXISTS (SELECT 1 FROM payment_receipts other
    WHERE other.sha256 = "payment_receipts"."sha256" AND other.booking_id <> "payment_receipts"."booking_id")`;
  const rows = await tx
    .select({ receipt: paymentReceipts, sameFileElsewhere })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.bookingId, bookingId))
    .orderBy(asc(paymentReceipts.uploadedAt));
  return rows.map((row) => ({ ...row.receipt, sameFileElsewhere: Boolean(row.sameFileElsewhere) }));
}

export async function updatePassenger(tx: Tx, id: string, patch: Partial<Omit<NewPassenger, 'id' | 'bookingId'>>) {
  await tx.update(bookingPassengers).set(patch).where(eq(bookingPassengers.id, id));
}

/** Status, trigger and any other columns together, plus the audit row. Called by booking-transitions only. */
export async function writeTransition(
  tx: Tx,
  booking: BookingRow,
  change: {
    to: BookingStatus;
    trigger: BookingRow['statusTrigger'];
    actor: string;
    patch?: BookingPatch;
    details?: Record<string, unknown>;
  },
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...change.patch, status: change.to, statusTrigger: change.trigger, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!row) throw new Error(`Booking ${booking.id} changed under a transition (was ${booking.status})`);
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    fromStatus: booking.status,
    toStatus: change.to,
    statusTrigger: change.trigger,
    actor: change.actor,
    details: change.details ?? null,
  });
  return row;
}

export async function insertCreationEvent(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'status' | 'statusTrigger'>,
  actor: string,
  details: Record<string, unknown>,
) {
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    fromStatus: null,
    toStatus: booking.status,
    statusTrigger: booking.statusTrigger,
    actor,
    details,
  });
}

export async function findEvents(tx: Tx, bookingId: string) {
  return tx.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
}

/** The booking holding a passenger, and who asked for it (its account, e-mail and mobile). */
export interface PassengerHolder {
  bookingId: string;
  userId: string | null;
  email: string | null;
  mobile: string | null;
}

/** Passengers of other bookings than `exceptBookingId` on the same flights, among the bookings `which` selects. */
function passengersOnFlights(tx: Tx, segmentsKey: string, exceptBookingId: string, which: SQL | undefined) {
  return tx
    .select({
      firstName: bookingPassengers.firstName,
      lastName: bookingPassengers.lastName,
      dateOfBirth: bookingPassengers.dateOfBirth,
      bookingId: bookings.id,
      userId: bookings.userId,
      email: bookings.email,
      mobile: bookings.mobile,
    })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .where(and(eq(bookings.segmentsKey, segmentsKey), ne(bookings.id, exceptBookingId), which));
}

/**
 * Passengers of other bookings on the same flights whose seats the supplier is being asked to hold
 * (live bookings are found by the duplicate check below).
 */
export function findPassengersBeingHeld(tx: Tx, segmentsKey: string, exceptBookingId: string) {
  return passengersOnFlights(tx, segmentsKey, exceptBookingId, and(eq(bookings.status, 'created'), holdAsked));
}

/**
 * Passengers already holding or flying the same flights in another live booking, matched on
 * name and date of birth (case-insensitive), each with the booking (and its requester) that holds them.
 */
export async function findDuplicatePassengers<P extends { firstName: string; lastName: string; dateOfBirth: string }>(
  tx: Tx,
  input: { bookingId: string; segmentsKey: string; passengers: P[] },
): Promise<(P & { heldBy: PassengerHolder })[]> {
  if (!input.passengers.length) return [];
  const live: BookingStatus[] = ['pending-payment', 'payment-confirmed', 'confirmed'];
  const rows = await passengersOnFlights(tx, input.segmentsKey, input.bookingId, inArray(bookings.status, live));
  const key = (p: { firstName: string | null; lastName: string | null; dateOfBirth: string | null }) =>
    `${(p.firstName ?? '').toUpperCase()}|${(p.lastName ?? '').toUpperCase()}|${p.dateOfBirth ?? ''}`;
  // One passenger may be held by several bookings (by different requesters): every holder is kept.
  const taken = new Map<string, PassengerHolder[]>();
  for (const { firstName, lastName, dateOfBirth, ...holder } of rows) {
    const k = key({ firstName, lastName, dateOfBirth });
    taken.set(k, [...(taken.get(k) ?? []), holder]);
  }
  return input.passengers.flatMap((p) => (taken.get(key(p)) ?? []).map((heldBy) => ({ ...p, heldBy })));
}

/** Held bookings whose hold has ended, oldest first. */
export async function findExpiredHolds(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        // A held booking the airline rescheduled before it was paid keeps its hold's deadline.
        or(eq(bookings.status, 'pending-payment'), and(eq(bookings.status, 'rescheduled'), isNull(bookings.ticketedAt))),
        lte(bookings.holdExpiresAt, now),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Paid bookings not ticketed after `olderThan` (ticketing failed or the process stopped). */
/**
 * How often the job tries ticketing again by itself: after each failure it waits twice as long (1, 2, 4,
 * 8 minutes from the last failure), and after this many failures it stops and leaves the booking to the
 * ticketing desk, so a booking the supplier keeps refusing neither hammers it nor floods the timeline.
 */
export const AUTOMATIC_TICKETING_ATTEMPTS = 5;

/** Paid bookings not ticketed whose next automatic attempt is due (see AUTOMATIC_TICKETING_ATTEMPTS). */
export async function findUnticketed(tx: Tx, olderThan: Date, limit: number): Promise<string[]> {
  const failures = sql<number>`(SELECT count(*) FROM booking_events e
    WHERE e.booking_id = ${bookings.id} AND e.status_trigger = 'ticketing-failed')`;
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'payment-confirmed'),
        sql`${failures} < ${AUTOMATIC_TICKETING_ATTEMPTS}`,
        // The agency's own seats wait for staff on the ticketing desk: nothing to retry.
        sql`NOT EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = ${bookings.id} AND e.status_trigger = 'ticketing-by-agency')`,
        // olderThan is a minute ago: the wait doubles with each failure already recorded.
        sql`${bookings.updatedAt} <= ${olderThan.toISOString()}::timestamptz - interval '1 minute' * (power(2, ${failures}) - 1)`,
      ),
    )
    .orderBy(asc(bookings.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Confirmed bookings with an e-mail address whose e-ticket message was never queued. */
export async function findTicketedWithoutMail(tx: Tx, dedupePrefix: string, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.email),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(eq(mailOutbox.dedupeKey, sql`${dedupePrefix} || ${bookings.id}`)),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listUserBookings(tx: Tx, userId: string) {
  return tx.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt));
}
