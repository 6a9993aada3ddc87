import type { Booking } from '@kwenda/contracts';
import { formatAmount, itineraryView } from '../mail/itinerary-view.js';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';

const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });

/**
 * The airline never made the hold the traveller was told about: the seats are not held, nothing is
 * to be paid until they are held again from the booking page (at the current price).
 */
export function composeHoldFailedEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  return renderMail(
    {
      subject: both((l) => fill(mailStrings(l).holdFailed.subject, { reference })),
      preheader: both((l) => mailStrings(l).holdFailed.preheader),
      reference,
      part: (language) => {
        const words = mailStrings(language).holdFailed;
        return {
          heading: words.heading,
          intro: [words.intro, words.next, words.alreadyPaid],
          action: { label: words.action, href: context.links.booking(booking.id) },
          itinerary: itineraryView(booking, language),
        };
      },
    },
    context,
  );
}

/** The agency's notice that money may have come for a hold the airline never made (a receipt was uploaded). */
export function composeAgencyHoldFailedEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const desk = `${context.links.origin}/admin/bookings/${booking.id}`;
  return renderMail(
    {
      subject: both((l) => fill(mailStrings(l).agencyHoldFailed.subject, { reference })),
      preheader: both((l) => mailStrings(l).agencyHoldFailed.intro),
      reference,
      part: (language) => {
        const words = mailStrings(language);
        return {
          heading: fill(words.agencyHoldFailed.subject, { reference }),
          intro: [words.agencyHoldFailed.intro],
          facts: [
            { label: words.facts.amount, value: formatAmount(booking.amount, booking.currency, language) },
            { label: words.agencyHeld.contact, value: `${booking.email ?? '-'} · ${booking.mobile ?? '-'}`, latin: true },
          ],
          action: { label: words.agencyHoldFailed.action, href: desk },
          itinerary: itineraryView(booking, language),
        };
      },
    },
    context,
  );
}
