import { randomUUID } from 'node:crypto';
import type { DeskBookingSummary, ManualTicketRequest } from '@kwenda/contracts/admin';
import { AppError, bookingNotFound, validationError } from '../../../errors.js';
import { recordStaffAction } from '../../staff/staff-audit.js';
import * as repo from '../booking-repository.js';
import { transitionLocked } from '../booking-transitions.js';
import { fulfilBooking } from './fulfil-booking.js';
import { templateParams } from '../../whatsapp/templates.js';
import { whatsappKeyOf } from '../notify-traveller.js';
import { isPhoneNumber, phoneInput } from '../passenger-validation.js';
import { loadBooking } from './load-booking.js';
import { eTicketFileName, sendETicket } from './send-e-ticket.js';
import { summaryOf, type StaffActor, type StaffDeps } from './staff-deps.js';

/**
 * The ticketing desk: a paid booking whose ticketing failed or waits is retried with the supplier,
 * or ticketed by hand when the tickets were issued outside Kwenda (in the airline's or the GDS's own
 * system); a ticketed booking's e-ticket is sent again on request.
 */

const notPaid = (reference: string, status: string) =>
  new AppError(
    409,
    'INVALID_BOOKING_STATE',
    `Booking ${reference} is ${status}: only a paid booking waiting for its tickets can be ticketed`,
  );

/** Ticketing tried again now (the job also retries): the supplier's answer is recorded as every time. */
export async function retryTicketing(deps: StaffDeps, bookingId: string, staff: StaffActor): Promise<DeskBookingSummary> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row) throw bookingNotFound();
    if (row.status !== 'payment-confirmed') throw notPaid(row.bookingReference, row.status);
    await recordStaffAction(tx, {
      staffUserId: staff.staffUserId,
      action: 'ticketing-retried',
      targetType: 'booking',
      targetId: bookingId,
    });
  });
  await fulfilBooking(deps, bookingId);
  const after = await repo.findBooking(deps.db, bookingId);
  return summaryOf(after!);
}

/**
 * Tickets issued outside Kwenda: the PNR and each passenger's ticket number, then the booking is
 * confirmed through the same ticket-issued transition (details.manual) and the traveller gets the
 * same e-ticket e-mail as when the supplier issues them. The supplier's held order is left alone:
 * the tickets may have been issued on it.
 */
export async function ticketManually(
  deps: StaffDeps,
  bookingId: string,
  input: ManualTicketRequest,
  staff: StaffActor,
): Promise<DeskBookingSummary> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.lockBooking(tx, bookingId);
    if (!current) throw bookingNotFound();
    if (current.status !== 'payment-confirmed') throw notPaid(current.bookingReference, current.status);
    const passengers = await repo.findPassengers(tx, bookingId);
    const known = new Set(passengers.map((p) => p.id));
    const problems: { path: string; code: string; message: string }[] = [];
    const seenPassengers = new Set<string>();
    const seenNumbers = new Set<string>();
    input.tickets.forEach((ticket, index) => {
      if (!known.has(ticket.passengerId))
        problems.push({ path: `tickets.${index}.passengerId`, code: 'unknown', message: 'Not a passenger of this booking' });
      else if (seenPassengers.has(ticket.passengerId))
        problems.push({ path: `tickets.${index}.passengerId`, code: 'duplicate', message: 'This passenger is listed twice' });
      if (seenNumbers.has(ticket.ticketNumber))
        problems.push({
          path: `tickets.${index}.ticketNumber`,
          code: 'duplicate',
          message: 'Each passenger has a ticket number of their own',
        });
      seenPassengers.add(ticket.passengerId);
      seenNumbers.add(ticket.ticketNumber);
    });
    passengers.forEach((p, index) => {
      if (!seenPassengers.has(p.id))
        problems.push({
          path: `tickets`,
          code: 'missing',
          message: `Passenger ${index + 1} (${p.firstName ?? ''} ${p.lastName ?? ''}) has no ticket number`,
        });
    });
    if (problems.length) throw validationError(problems);
    for (const ticket of input.tickets) await repo.updatePassenger(tx, ticket.passengerId, { ticketNumber: ticket.ticketNumber });
    return transitionLocked(tx, current, 'ticket-issued', {
      actor: staff.actor,
      patch: { pnr: input.pnr, ticketedAt: deps.clock() },
      details: { pnr: input.pnr, tickets: input.tickets, manual: true },
    });
  });
  // A supplier whose tickets staff issue by hand (the agency's own seats) keeps them with its order.
  const supplier = deps.suppliers.get(row.supplier);
  if (supplier.recordTicketsIssued && row.supplierOrderId)
    await supplier
      .recordTicketsIssued(row.supplierOrderId, { pnr: input.pnr, tickets: input.tickets })
      .catch((error: unknown) =>
        deps.logger.error({ err: error, bookingId }, 'the supplier did not keep the tickets issued by hand'),
      );
  await sendETicket(deps, bookingId);
  return summaryOf(row);
}

/**
 * The e-ticket e-mail again, to the booking's address (the traveller lost it). A second click in the
 * same minute sends nothing more; each resend is in the staff audit trail.
 */
export async function resendETicket(deps: StaffDeps, bookingId: string, staff: StaffActor): Promise<DeskBookingSummary> {
  const row = await repo.findBooking(deps.db, bookingId);
  if (!row) throw bookingNotFound();
  if (row.status !== 'confirmed')
    throw new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} is ${row.status}: it has no e-ticket yet`);
  if (!row.email) throw new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} has no e-mail address`);
  const minute = Math.floor(deps.clock().getTime() / 60_000);
  await sendETicket(deps, bookingId, { dedupeKey: `e-ticket-resend:${bookingId}:${minute}`, emailOnly: true });
  await deps.db.transaction((tx) =>
    recordStaffAction(tx, {
      staffUserId: staff.staffUserId,
      action: 'e-ticket-resent',
      targetType: 'booking',
      targetId: bookingId,
      details: { to: row.email },
    }),
  );
  return summaryOf(row);
}

/**
 * The e-ticket PDF again on WhatsApp, to the booking's WhatsApp number (or `to`, another number the
 * traveller gave staff): each request is a deliberate new message (its own key), its fallback the
 * e-ticket e-mail to the booking's address. Refused before ticketing and to a number that replied
 * STOP; in the staff audit trail. Returns the queued message's id.
 */
export async function resendETicketOnWhatsApp(
  deps: StaffDeps,
  bookingId: string,
  input: { to?: string | null },
  staff: StaffActor,
): Promise<string> {
  const given = phoneInput(input.to);
  if (given !== null && !isPhoneNumber(given))
    throw validationError([{ path: 'to', code: 'invalid_mobile', message: 'to must be an E.164 number, e.g. +249912345678' }]);
  const row = await repo.findBooking(deps.db, bookingId);
  if (!row) throw bookingNotFound();
  if (row.status !== 'confirmed')
    throw new AppError(409, 'NO_TICKET_YET', `Booking ${row.bookingReference} is ${row.status}: it has no e-ticket yet`);
  const to = given ?? row.whatsapp ?? row.mobile;
  if (!to) throw validationError([{ path: 'to', code: 'required', message: 'The booking has no WhatsApp number: give one' }]);
  if (await deps.messenger.isOptedOut(deps.db, to))
    throw new AppError(409, 'WHATSAPP_OPTED_OUT', 'This number replied STOP: nothing more is sent to it on WhatsApp');
  const booking = await loadBooking(deps, bookingId);
  if (!booking) throw bookingNotFound();
  const pdf = await deps.messages.renderETicket(booking);
  const document = { filename: eTicketFileName(booking.bookingReference), contentType: 'application/pdf', content: pdf };
  const key = `e-ticket-resend:${bookingId}:${randomUUID()}`;
  const id = await deps.db.transaction(async (tx) => {
    const result = await deps.messenger.enqueue(tx, {
      to,
      template: 'e_ticket',
      language: row.language,
      params: templateParams.e_ticket(booking, row.language),
      document,
      bookingId,
      purpose: 'booking',
      dedupeKey: whatsappKeyOf(key),
      requestedBy: staff.actor,
      fallbackEmail: booking.email
        ? { to: booking.email, ...deps.messages.eTicket(booking), attachments: [document], dedupeKey: key }
        : undefined,
    });
    // The number opted out between the check and now: nothing was queued on WhatsApp.
    if (result.channel !== 'whatsapp')
      throw new AppError(409, 'WHATSAPP_OPTED_OUT', 'This number replied STOP: nothing more is sent to it on WhatsApp');
    await recordStaffAction(tx, {
      staffUserId: staff.staffUserId,
      action: 'e-ticket-resent',
      targetType: 'booking',
      targetId: bookingId,
      details: { channel: 'whatsapp', to, messageId: result.id },
    });
    return result.id;
  });
  deps.messenger.kick();
  return id;
}
