import type { Booking, CancellationMoney } from '@kwenda/contracts';
import type { ReceiptRejectionReason, RefundMethod } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { formatAmount } from '../mail/itinerary-view.js';
import { deskAr, type DeskMailCatalog } from '../mail/locales/desk-ar.js';
import { deskEn } from '../mail/locales/desk-en.js';
import { fill, type MailLanguage } from '../mail/locales/index.js';
import type { MailContext } from '../mail/mail-context.js';
import { renderMail, type RenderedMail } from '../mail/mail-layout.js';

/**
 * What the desk's actions tell the traveller, in the one layout of every message (both languages,
 * Arabic first): a transfer receipt refused and why, a hold extended, a refund sent (a cancellation's
 * own message is the booking's: booking-emails.ts). Words from the desk's mail catalogs (mail/locales/desk-*.ts), deadlines on
 * the agency's clock with the zone named. The staff member's own reasons for an extension or a
 * cancellation stay in the booking's history; only a rejection's note reaches the traveller.
 */

const catalogs: Record<MailLanguage, DeskMailCatalog> = { ar: deskAr, en: deskEn };
export const deskMailStrings = (language: MailLanguage): DeskMailCatalog => catalogs[language];
const both = (write: (language: MailLanguage) => string) => ({ ar: write('ar'), en: write('en') });

export function composeReceiptRejectedEmail(
  booking: Booking,
  rejection: { reason: ReceiptRejectionReason; note: string | null },
  context: MailContext,
): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  return renderMail(
    {
      subject: both((l) => fill(deskMailStrings(l).receiptRejected.subject, { reference })),
      preheader: both((l) => fill(deskMailStrings(l).receiptRejected.preheader, { deadline: deadline(l) })),
      reference,
      part: (language) => {
        const words = deskMailStrings(language);
        return {
          heading: words.receiptRejected.heading,
          intro: [fill(words.receiptRejected.intro, { reference })],
          facts: [
            { label: words.facts.reason, value: words.rejectionReasons[rejection.reason] },
            ...(rejection.note ? [{ label: words.facts.note, value: rejection.note }] : []),
            { label: words.facts.payBefore, value: deadline(language) },
            { label: words.facts.amount, value: formatAmount(booking.amount, booking.currency, language) },
          ],
          after: [fill(words.receiptRejected.next, { deadline: deadline(language) })],
          action: { label: words.receiptRejected.action, href: context.links.booking(booking.id) },
        };
      },
    },
    context,
  );
}

export function composeHoldExtendedEmail(booking: Booking, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const deadline = (language: MailLanguage) => formatAgencyDateTime(booking.holdExpiresAt ?? '', language);
  const amount = (language: MailLanguage) => formatAmount(booking.amount, booking.currency, language);
  return renderMail(
    {
      subject: both((l) => fill(deskMailStrings(l).holdExtended.subject, { reference, deadline: deadline(l) })),
      preheader: both((l) => fill(deskMailStrings(l).holdExtended.preheader, { amount: amount(l), deadline: deadline(l) })),
      reference,
      part: (language) => {
        const words = deskMailStrings(language);
        return {
          heading: words.holdExtended.heading,
          intro: [fill(words.holdExtended.intro, { deadline: deadline(language) })],
          facts: [
            { label: words.facts.payBefore, value: deadline(language) },
            { label: words.facts.amount, value: amount(language) },
          ],
          action: { lead: words.holdExtended.next, label: words.holdExtended.action, href: context.links.booking(booking.id) },
        };
      },
    },
    context,
  );
}

/** A refund sent; `cancellation`: what the booking's cancellation left owed, when it was kept (the fees kept are named). */
export interface RefundRecorded {
  amount: number;
  method: RefundMethod;
  reference: string;
  refundedSoFar: number;
  paid: number;
  cancellation?: CancellationMoney | null;
}

export function composeRefundRecordedEmail(booking: Booking, refund: RefundRecorded, context: MailContext): RenderedMail {
  const reference = booking.bookingReference;
  const money = (value: number, language: MailLanguage) => formatAmount(value, booking.currency, language);
  const cancellation = refund.cancellation ?? null;
  const owed = cancellation ? cancellation.owed : refund.paid;
  const fee = cancellation ? cancellation.airlineFee + cancellation.agencyFee : 0;
  const full = refund.refundedSoFar >= owed - 0.005;
  const settled = (language: MailLanguage) => {
    const words = deskMailStrings(language).refundRecorded;
    if (fee <= 0) return full ? words.full : words.partial;
    const values = { owed: money(owed, language), paid: money(refund.paid, language), fee: money(fee, language) };
    return fill(full ? words.fullOwed : words.partialOwed, values);
  };
  return renderMail(
    {
      subject: both((l) => fill(deskMailStrings(l).refundRecorded.subject, { reference, amount: money(refund.amount, l) })),
      preheader: both((l) => fill(deskMailStrings(l).refundRecorded.preheader, { amount: money(refund.amount, l) })),
      reference,
      part: (language) => {
        const words = deskMailStrings(language);
        return {
          heading: words.refundRecorded.heading,
          intro: [fill(words.refundRecorded.intro, { reference, amount: money(refund.amount, language) }), settled(language)],
          facts: [
            { label: words.facts.refunded, value: money(refund.amount, language) },
            { label: words.facts.method, value: words.refundMethods[refund.method] },
            { label: words.facts.refundReference, value: refund.reference, latin: true },
            { label: words.facts.paid, value: money(refund.paid, language) },
            ...(cancellation && fee > 0
              ? [
                  { label: words.facts.airlineFee, value: money(cancellation.airlineFee, language) },
                  ...(cancellation.agencyFee > 0
                    ? [{ label: words.facts.agencyFee, value: money(cancellation.agencyFee, language) }]
                    : []),
                  { label: words.facts.owed, value: money(owed, language) },
                ]
              : []),
            { label: words.facts.refundedSoFar, value: money(refund.refundedSoFar, language) },
          ],
          after: [words.refundRecorded.delay],
          action: { label: words.refundRecorded.action, href: context.links.booking(booking.id) },
        };
      },
    },
    context,
  );
}

/** The desk's messages bound to the agency and its links (StaffDeps.deskMessages). */
export function deskMessagesOf(context: MailContext) {
  return {
    receiptRejected: (booking: Booking, rejection: { reason: ReceiptRejectionReason; note: string | null }) =>
      composeReceiptRejectedEmail(booking, rejection, context),
    holdExtended: (booking: Booking) => composeHoldExtendedEmail(booking, context),
    refundRecorded: (booking: Booking, refund: RefundRecorded) => composeRefundRecordedEmail(booking, refund, context),
  };
}

export type DeskMessages = ReturnType<typeof deskMessagesOf>;
