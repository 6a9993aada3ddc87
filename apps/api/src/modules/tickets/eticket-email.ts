import type { Booking } from '@kwenda/contracts';
import { itineraryView, passengersView } from '../mail/itinerary-view.js';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';

/**
 * The e-ticket e-mail of a confirmed booking, in the layout of every message (mail/mail-layout.ts):
 * the references, the flights, each passenger's ticket number, and links to the booking and the PDF,
 * which the caller attaches.
 */
export function composeETicketEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });
  return renderMail(
    {
      subject: both((l) => fill(mailStrings(l).eTicket.subject, { reference })),
      preheader: both((l) => mailStrings(l).eTicket.preheader),
      reference,
      part: (language) => {
        const words = mailStrings(language);
        return {
          heading: words.eTicket.heading,
          intro: [words.eTicket.intro],
          facts: [{ label: words.facts.pnr, value: booking.pnr ?? '-', latin: true }],
          action: { label: words.eTicket.action, href: context.links.booking(booking.id) },
          links: [{ label: words.eTicket.download, href: context.links.ticket(booking.id) }],
          after: [words.eTicket.airport],
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}
