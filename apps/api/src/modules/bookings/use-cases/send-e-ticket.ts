import { templateParams } from '../../whatsapp/templates.js';
import { notifyTraveller, type TravellerNotice } from '../notify-traveller.js';
import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

/** The dedupe key of a booking's e-ticket e-mail: one per booking, whoever sends it. */
export const eTicketKeyPrefix = 'e-ticket:';
export const eTicketKey = (bookingId: string) => `${eTicketKeyPrefix}${bookingId}`;

/**
 * The e-ticket, rendered outside the booking's lock (a PDF takes up to a second, and PGlite is one
 * connection): on WhatsApp as a document when the traveller chose it (the e-mail held as its
 * fallback), else by e-mail with the PDF attached. Sent once per booking whoever calls (dedupe key);
 * the job sends it for a ticketed booking whose e-mail was never queued (a crash between the two
 * steps). `dedupeKey` overrides the key for a deliberate second copy (a resend asked by the agency).
 */
export async function sendETicket(
  deps: BookingDeps,
  bookingId: string,
  options: { dedupeKey?: string; emailOnly?: boolean } = {},
) {
  const booking = await loadBooking(deps, bookingId);
  if (!booking || booking.status !== 'confirmed' || (!booking.email && (options.emailOnly || !booking.whatsappUpdates))) return;
  const pdf = await deps.messages.renderETicket(booking);
  const document = { filename: eTicketFileName(booking.bookingReference), contentType: 'application/pdf', content: pdf };
  const notice: TravellerNotice = {
    bookingId,
    email: { ...deps.messages.eTicket(booking), attachments: [document] },
    emailKey: options.dedupeKey ?? eTicketKey(bookingId),
    whatsapp: options.emailOnly
      ? undefined
      : { template: 'e_ticket', params: (language) => templateParams.e_ticket(booking, language), document },
  };
  await deps.db.transaction((tx) => notifyTraveller(deps, tx, notice));
}

export const eTicketFileName = (reference: string) => `kwenda-e-ticket-${reference}.pdf`;
