import type { Booking, CancellationMoney, OfferSlice } from '@kwenda/contracts';
import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { flightLines, formatAmount, itineraryView, passengersView } from '../mail/itinerary-view.js';
import { fill, mailStrings, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';
import { composeETicketEmail } from '../tickets/eticket-email.js';
import { composeAgencyHoldFailedEmail, composeHoldFailedEmail } from './hold-failed-emails.js';

/**
 * The messages a booking sends as it moves: held for pay-later (to the traveller, and to the agency
 * to watch for the money), paid, ticketed (with the PDF), and cancelled when the hold ran out. All
 * in the one layout (mail/mail-layout.ts), their words in the mail catalogs (mail/locales), every
 * deadline on the agency's clock with the zone named (contracts display-time).
 */

const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });
const strings = mailStrings;

export function composeHeldEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  const amount = (language: MailLanguage) => formatAmount(booking.amount, booking.currency, language);
  return renderMail(
    {
      subject: both((l) => fill(strings(l).held.subject, { reference, deadline: deadline(l) })),
      preheader: both((l) => fill(strings(l).held.preheader, { amount: amount(l), deadline: deadline(l) })),
      reference,
      part: (language) => {
        const words = strings(language);
        return {
          heading: words.held.heading,
          intro: [fill(words.held.intro, { deadline: deadline(language) })],
          facts: [
            { label: words.facts.payBefore, value: deadline(language) },
            { label: words.facts.amount, value: amount(language) },
          ],
          // Each account with the amount in its own currency; none that takes it: how else to pay.
          list: {
            title: words.held.payTitle,
            intro: booking.transferAccounts.length
              ? fill(words.held.payIntro, { reference })
              : fill(words.held.noAccount, {
                  currency: words.currencies[booking.currency],
                  whatsapp: `+${context.agency.whatsapp}`,
                  phone: context.agency.phone,
                  deadline: deadline(language),
                }),
            items: booking.transferAccounts.map((account) => {
              const note = language === 'ar' ? account.noteAr : account.noteEn;
              const line = fill(words.held.account, {
                bank: language === 'ar' ? account.bankAr : account.bankEn,
                number: account.accountNumber,
                name: account.accountName,
                amount: formatAmount(account.amount, account.currency, language),
              });
              return note ? `${line} — ${note}` : line;
            }),
          },
          action: { lead: words.held.afterPaying, label: words.held.action, href: context.links.booking(booking.id) },
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/** 30 minutes before an unpaid hold lapses: the deadline, the amount and the accounts again. */
export function composeHoldReminderEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  const amount = (language: MailLanguage) => formatAmount(booking.amount, booking.currency, language);
  return renderMail(
    {
      subject: both((l) => fill(strings(l).holdReminder.subject, { reference, deadline: deadline(l) })),
      preheader: both((l) => fill(strings(l).holdReminder.preheader, { amount: amount(l) })),
      reference,
      part: (language) => {
        const words = strings(language);
        return {
          heading: words.holdReminder.heading,
          intro: [fill(words.holdReminder.intro, { deadline: deadline(language) })],
          facts: [
            { label: words.facts.payBefore, value: deadline(language) },
            { label: words.facts.amount, value: amount(language) },
          ],
          ...(booking.transferAccounts.length
            ? {
                list: {
                  title: words.held.payTitle,
                  intro: fill(words.held.payIntro, { reference }),
                  items: booking.transferAccounts.map((account) =>
                    fill(words.held.account, {
                      bank: language === 'ar' ? account.bankAr : account.bankEn,
                      number: account.accountNumber,
                      name: account.accountName,
                      amount: formatAmount(account.amount, account.currency, language),
                    }),
                  ),
                },
              }
            : {}),
          action: { lead: words.held.afterPaying, label: words.holdReminder.action, href: context.links.booking(booking.id) },
        };
      },
    },
    context,
  );
}

/** The agency's copy of a booking held for pay-later: who to expect money from, and where to decide the transfer. */
export function composeAgencyHeldEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  const amount = (language: MailLanguage) => formatAmount(booking.amount, booking.currency, language);
  const transfersDesk = `${context.links.origin}/admin/transfers`;
  return renderMail(
    {
      subject: both((l) => fill(strings(l).agencyHeld.subject, { reference, amount: amount(l), deadline: deadline(l) })),
      preheader: both((l) => fill(strings(l).agencyHeld.preheader, { email: booking.email ?? '-' })),
      reference,
      part: (language) => {
        const words = strings(language);
        return {
          heading: words.agencyHeld.heading,
          intro: [fill(words.agencyHeld.intro, { reference, deadline: deadline(language) })],
          facts: [
            { label: words.facts.paymentDue, value: deadline(language) },
            { label: words.facts.amount, value: amount(language) },
            { label: words.agencyHeld.contact, value: `${booking.email ?? '-'} · ${booking.mobile ?? '-'}`, latin: true },
            { label: words.agencyHeld.confirm, value: transfersDesk, latin: true },
          ],
          action: { label: words.agencyHeld.action, href: transfersDesk },
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/**
 * The agency's notice of a transfer receipt uploaded (one per receipt): what to look for in the
 * account and a link to the transfer on the desk; first of all, a warning when the very file was
 * already uploaded for another booking (that booking's reference is for staff only).
 */
export function composeAgencyReceiptEmail(
  booking: Booking,
  receipt: { receiptId: string; sameFileAs: ReceiptSameFile[] },
  context: MailContext,
): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  const amount = (language: MailLanguage) => formatAmount(booking.amount, booking.currency, language);
  const transfer = `${context.links.origin}/admin/transfers#transfer-${encodeURIComponent(receipt.receiptId)}`;
  const flagged = receipt.sameFileAs.length > 0;
  return renderMail(
    {
      subject: both((l) =>
        fill(flagged ? strings(l).agencyReceipt.subjectSameFile : strings(l).agencyReceipt.subject, {
          reference,
          amount: amount(l),
        }),
      ),
      preheader: both((l) => strings(l).agencyReceipt.preheader),
      reference,
      part: (language) => {
        const words = strings(language).agencyReceipt;
        return {
          heading: words.heading,
          intro: [...(flagged ? [words.sameFile] : []), fill(words.intro, { reference })],
          ...(flagged
            ? {
                list: {
                  title: words.sameFileTitle,
                  items: receipt.sameFileAs.map((other) =>
                    fill(words.sameFileItem, { reference: other.bookingReference, status: words.statuses[other.status] }),
                  ),
                },
              }
            : {}),
          facts: [
            { label: words.amountDue, value: amount(language) },
            { label: words.holdUntil, value: deadline(language) },
            { label: words.receipt, value: receipt.receiptId, latin: true },
            { label: words.contact, value: `${booking.email ?? '-'} · ${booking.mobile ?? '-'}`, latin: true },
          ],
          action: { label: words.action, href: transfer },
        };
      },
    },
    context,
  );
}

/** Payment recorded (card or a confirmed transfer): the ticket is being issued and follows by e-mail. */
export function composePaidEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  return renderMail(
    {
      subject: both((l) => fill(strings(l).paid.subject, { reference })),
      preheader: both((l) => strings(l).paid.preheader),
      reference,
      part: (language) => {
        const words = strings(language);
        return {
          heading: words.paid.heading,
          intro: [words.paid.intro],
          facts: [{ label: words.facts.amountPaid, value: formatAmount(booking.amount, booking.currency, language) }],
          action: { label: words.paid.action, href: context.links.booking(booking.id) },
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/**
 * Paid, but the airline would not issue the tickets (or the seats are the agency's own, which staff
 * ticket in the airline's system): the agency issues them by hand by the time it promised
 * (booking.manualTicketingBy), and how to reach it meanwhile. The e-ticket follows as usual.
 */
export function composeTicketingManualEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const wordsOf = (language: MailLanguage) =>
    booking.ticketsIssuedByAgency ? strings(language).ticketingByAgency : strings(language).ticketingManual;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.manualTicketingBy ?? '', language);
  return renderMail(
    {
      subject: both((l) => fill(wordsOf(l).subject, { reference, deadline: deadline(l) })),
      preheader: both((l) => fill(wordsOf(l).preheader, { deadline: deadline(l) })),
      reference,
      part: (language) => {
        const words = wordsOf(language);
        return {
          heading: words.heading,
          intro: [
            fill(words.intro, { deadline: deadline(language) }),
            fill(words.contact, {
              whatsapp: `+${context.agency.whatsapp}`,
              phone: context.agency.phone,
              email: context.agency.email,
            }),
          ],
          facts: [
            { label: words.promised, value: deadline(language) },
            { label: strings(language).facts.amountPaid, value: formatAmount(booking.amount, booking.currency, language) },
          ],
          action: { label: words.action, href: context.links.booking(booking.id) },
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/** The hold ran out unpaid: the booking is cancelled and the seats released. `heldUntil` is when it ended. */
export function composeCanceledEmail(booking: Booking, heldUntil: Date, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  return renderMail(
    {
      subject: both((l) => fill(strings(l).canceled.subject, { reference })),
      preheader: both((l) => strings(l).canceled.preheader),
      reference,
      part: (language) => {
        const words = strings(language);
        return {
          heading: words.canceled.heading,
          intro: [
            fill(words.canceled.intro, { deadline: formatAgencyDateTime(heldUntil, language) }),
            words.canceled.alreadyPaid,
          ],
          action: { label: words.canceled.action, href: context.links.home() },
          itinerary: itineraryView(booking, language),
        };
      },
    },
    context,
  );
}

/** Who cancelled: the traveller (a ticketed booking at the airline's quote), the traveller releasing a hold, or the agency. */
export type CancelledBy = 'traveller' | 'traveller-hold' | 'agency';

/** The money lines of a cancellation: paid, the airline's and the agency's fees, the refund. */
function cancellationFacts(money: CancellationMoney, language: MailLanguage) {
  const words = strings(language).cancellation;
  const amount = (value: number) => formatAmount(value, money.currency, language);
  return [
    { label: words.paid, value: amount(money.paid) },
    { label: words.airlineFee, value: amount(money.airlineFee) },
    ...(money.agencyFee > 0 ? [{ label: words.agencyFee, value: amount(money.agencyFee) }] : []),
    { label: words.owed, value: amount(money.owed) },
  ];
}

/**
 * A booking cancelled, to its traveller: what was paid, what the airline (and the agency) keep, what
 * is refunded, and when and how it is sent. Nothing about money when nothing was paid.
 */
export function composeCancellationEmail(
  booking: Booking,
  money: CancellationMoney,
  by: CancelledBy,
  context: MailContext,
): RenderedMail {
  const reference = booking.bookingReference;
  const amount = (value: number, language: MailLanguage) => formatAmount(value, money.currency, language);
  const paid = money.paid > 0;
  return renderMail(
    {
      subject: both((l) =>
        fill(by === 'agency' ? strings(l).cancellation.subjectAgency : strings(l).cancellation.subjectTraveller, { reference }),
      ),
      preheader: both((l) =>
        money.owed > 0
          ? fill(strings(l).cancellation.preheaderOwed, { owed: amount(money.owed, l) })
          : strings(l).cancellation.preheaderNone,
      ),
      reference,
      part: (language) => {
        const words = strings(language).cancellation;
        const intro = by === 'agency' ? words.introAgency : by === 'traveller-hold' ? words.introHold : words.introTraveller;
        const fee = money.airlineFee + money.agencyFee;
        const refund = !paid
          ? words.unpaid
          : money.owed <= 0
            ? words.nothingOwed
            : fee > 0
              ? fill(words.owedWithFee, {
                  owed: amount(money.owed, language),
                  paid: amount(money.paid, language),
                  fee: amount(fee, language),
                })
              : fill(words.owedWhole, { owed: amount(money.owed, language) });
        return {
          heading: words.heading,
          intro: [fill(intro, { reference }), refund],
          facts: paid ? cancellationFacts(money, language) : undefined,
          after: [...(money.owed > 0 ? [words.how] : []), words.question],
          action: { label: words.action, href: context.links.home() },
          itinerary: itineraryView(booking, language),
        };
      },
    },
    context,
  );
}

/** The agency's copy of a cancellation: who cancelled, the money, and where to record the refund once sent. */
export function composeAgencyCancellationEmail(
  booking: Booking,
  money: CancellationMoney,
  by: CancelledBy,
  context: MailContext,
): RenderedMail {
  const reference = booking.bookingReference;
  const amount = (value: number, language: MailLanguage) => formatAmount(value, money.currency, language);
  const refundsDesk = `${context.links.origin}/admin/refunds`;
  return renderMail(
    {
      subject: both((l) =>
        money.owed > 0
          ? fill(strings(l).agencyCanceled.subjectOwed, { reference, owed: amount(money.owed, l) })
          : fill(strings(l).agencyCanceled.subjectNone, { reference }),
      ),
      preheader: both((l) => fill(strings(l).agencyCanceled.preheader, { email: booking.email ?? '-' })),
      reference,
      part: (language) => {
        const words = strings(language).agencyCanceled;
        return {
          heading: words.heading,
          intro: [
            fill(by === 'agency' ? words.introAgency : words.introTraveller, { reference }),
            money.owed > 0 ? words.refundDue : words.nothingDue,
          ],
          facts: [
            ...(money.paid > 0 ? cancellationFacts(money, language) : []),
            { label: words.contact, value: `${booking.email ?? '-'} · ${booking.mobile ?? '-'}`, latin: true },
          ],
          action: { label: words.action, href: refundsDesk },
          itinerary: itineraryView(booking, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/**
 * The airline changed the flights of a ticketed booking: the flights as booked and as they are now,
 * each time local at its airport, and the way to the booking page to accept them or cancel.
 * `booking` is the booking as booked; `after` its slices with the change applied.
 */
export function composeAirlineChangeEmail(
  booking: Booking,
  change: { removed: OfferSlice[]; added: OfferSlice[]; after: OfferSlice[]; unpaid?: boolean },
  context: MailContext,
): RenderedMail {
  const reference = booking.bookingReference;
  // A booking not yet paid has nothing to refund: accepting lets it be paid, cancelling costs nothing.
  const unpaid = Boolean(change.unpaid);
  return renderMail(
    {
      subject: both((l) => fill(strings(l).airlineChange.subject, { reference })),
      preheader: both((l) => (unpaid ? strings(l).airlineChange.heldPreheader : strings(l).airlineChange.preheader)),
      reference,
      part: (language) => {
        const words = strings(language).airlineChange;
        return {
          heading: words.heading,
          intro: [unpaid ? words.heldIntro : words.intro],
          facts: [
            { label: words.before, value: flightLines(change.removed, language).join(' / ') },
            { label: words.after, value: flightLines(change.added, language).join(' / ') },
          ],
          action: { lead: unpaid ? words.heldLead : words.lead, label: words.action, href: context.links.booking(booking.id) },
          itinerary: itineraryView({ ...booking, slices: change.after }, language),
          passengers: passengersView(booking.passengers, language),
        };
      },
    },
    context,
  );
}

/** Every message of a booking, bound to the agency, its links and its accounts (BookingMessages of the booking service). */
export function bookingMessagesOf(context: MailContext) {
  return {
    held: (booking: Booking) => composeHeldEmail(booking, context),
    holdReminder: (booking: Booking) => composeHoldReminderEmail(booking, context),
    agencyHeld: (booking: Booking) => composeAgencyHeldEmail(booking, context),
    agencyReceipt: (booking: Booking, receipt: { receiptId: string; sameFileAs: ReceiptSameFile[] }) =>
      composeAgencyReceiptEmail(booking, receipt, context),
    paid: (booking: Booking) => composePaidEmail(booking, context),
    ticketingManual: (booking: Booking) => composeTicketingManualEmail(booking, context),
    canceled: (booking: Booking, heldUntil: Date) => composeCanceledEmail(booking, heldUntil, context),
    cancellation: (booking: Booking, money: CancellationMoney, by: CancelledBy) =>
      composeCancellationEmail(booking, money, by, context),
    agencyCancellation: (booking: Booking, money: CancellationMoney, by: CancelledBy) =>
      composeAgencyCancellationEmail(booking, money, by, context),
    airlineChange: (
      booking: Booking,
      change: { removed: OfferSlice[]; added: OfferSlice[]; after: OfferSlice[]; unpaid?: boolean },
    ) => composeAirlineChangeEmail(booking, change, context),
    holdFailed: (booking: Booking) => composeHoldFailedEmail(booking, context),
    agencyHoldFailed: (booking: Booking) => composeAgencyHoldFailedEmail(booking, context),
    eTicket: (booking: Booking) => composeETicketEmail(booking, context),
    // The PDF renderer (@react-pdf, its fonts and layout engine: about 20 MB of heap, 40 MB resident) is
    // loaded at the first e-ticket rather than at start: a process that renders none never loads it (issue 17).
    renderETicket: async (booking: Booking, issuedAt?: Date) =>
      (await import('../tickets/eticket-pdf.js')).renderETicket(booking, context, issuedAt),
  };
}

export type BookingMessages = ReturnType<typeof bookingMessagesOf>;
