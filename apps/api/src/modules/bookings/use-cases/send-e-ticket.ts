import type { BookingDeps } from './booking-deps.js';
import { loadBooking } from './load-booking.js';

/** The dedupe key of a booking's e-ticket e-mail: one per booking, whoever sends it. */
export const eTicketKeyPrefix = 'e-ticket:';
export const eTicketKey = (bookingId: string) => `${eTicketKeyPrefix}${bookingId}`;

/**
 * The e-ticket e-mail, rendered outside the booking's lock (a PDF takes up to a second, and
 * PGlite is one connection). Sent once per booking whoever calls (dedupe key); the job sends it
 * for a ticketed booking whose e-mail was never queued (a crash between the two steps).
 * `dedupeKey` overrides the key for a deliberate second copy (a resend asked by the agency).
 */
export async function sendETicket(deps: BookingDeps, bookingId: string, options: { dedupeKey?: string } = {}) {
  const booking = await loadBooking(deps, bookingId);
  if (!booking?.email || booking.status !== 'confirmed') return;
  const pdf = await deps.messages.renderETicket(booking);
  const message = deps.messages.eTicket(booking);
  await deps.db.transaction((tx) =>
    deps.mail.enqueue(tx, {
      to: booking.email!,
      ...message,
      attachments: [
        { filename: `kwenda-e-ticket-${booking.bookingReference}.pdf`, contentType: 'application/pdf', content: pdf },
      ],
      dedupeKey: options.dedupeKey ?? eTicketKey(bookingId),
    }),
  );
}
