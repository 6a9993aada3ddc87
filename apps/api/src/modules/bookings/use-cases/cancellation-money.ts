import type { CancellationMoney, Currency } from '@kwenda/contracts';
import type { BookingCancellationRow } from '../../../db/desk-schema.js';
import type { BookingRow } from '../../../db/schema.js';
import type { BookingCancellationQuoteRow } from '../../../db/supplier-events-schema.js';
import type { Tx } from '../../../db/tx.js';
import { findCancellation, insertCancellation } from '../cancellation-repository.js';
import { cents, fromCents } from '../booking-money-repository.js';

/**
 * What a cancelled booking owes back. The traveller is owed what the airline refunds of the money
 * received (its quote, in the booking's currency at the booking's own rates), less the agency's own
 * fee; a hold or an order not yet ticketed is refunded whole by the airline. Kept with the
 * cancellation, so the desk's list, its refund form, the booking page and the e-mails all read the
 * same figures, and a booking is settled once what was refunded reaches what is owed.
 */

/**
 * The agency's own cancellation fee, in cents of the booking's currency. Agency rule: none (no owner
 * setting exists yet): a fixed or percentage fee set by the owner would be computed here, and is
 * kept apart from the airline's fee on the cancellation, the desk and the e-mails.
 */
export function agencyCancellationFee(_input: { paidCents: number; airlineRefundCents: number | null; currency: string }) {
  return 0;
}

/** Paid, the airline's refund and fee, the agency's fee and what is owed, in cents. */
export function owedOnCancellation(paidCents: number, airlineRefundCents: number | null, currency: string) {
  const refundable = airlineRefundCents === null ? paidCents : Math.max(0, Math.min(paidCents, airlineRefundCents));
  const agencyFeeCents = Math.min(refundable, agencyCancellationFee({ paidCents, airlineRefundCents, currency }));
  return {
    airlineFeeCents: paidCents - refundable,
    agencyFeeCents,
    owedCents: refundable - agencyFeeCents,
  };
}

/**
 * Keeps what the cancellation of `row` owes, in the transaction that cancels it. `quote`: the
 * airline's quote it was cancelled at; none for a hold or an order not ticketed. A quote whose refund
 * could not be converted into the booking's currency leaves all that was received owed, for the desk
 * to settle against the airline's own figure (shown beside it).
 */
export async function recordCancellation(
  tx: Tx,
  row: BookingRow,
  input: { paidCents: number; quote: BookingCancellationQuoteRow | null; trigger: string; now: Date },
): Promise<BookingCancellationRow> {
  const airlineRefundCents = input.quote?.amount == null ? null : cents(input.quote.amount);
  const owed = owedOnCancellation(input.paidCents, airlineRefundCents, row.currency);
  await insertCancellation(tx, {
    bookingId: row.id,
    currency: row.currency,
    paid: fromCents(input.paidCents),
    airlineRefund: airlineRefundCents === null ? null : fromCents(airlineRefundCents),
    airlineFee: fromCents(owed.airlineFeeCents),
    agencyFee: fromCents(owed.agencyFeeCents),
    owed: fromCents(owed.owedCents),
    supplierRefundAmount: input.quote?.supplierAmount ?? null,
    supplierRefundCurrency: input.quote?.supplierCurrency ?? null,
    refundTo: input.quote?.refundTo ?? null,
    quoteId: input.quote?.id ?? null,
    trigger: input.trigger,
    createdAt: input.now,
  });
  return (await findCancellation(tx, row.id))!;
}

/** What the agency keeps of the money received (the airline's and its own fees), in cents; 0 without a cancellation. */
export const retainedCents = (cancellation: BookingCancellationRow | undefined | null) =>
  cancellation ? cents(cancellation.paid) - cents(cancellation.owed) : 0;

export function presentCancellation(cancellation: BookingCancellationRow, refundedCents: number): CancellationMoney {
  return {
    currency: cancellation.currency as Currency,
    paid: cancellation.paid,
    airlineRefund: cancellation.airlineRefund,
    airlineFee: cancellation.airlineFee,
    agencyFee: cancellation.agencyFee,
    owed: cancellation.owed,
    refunded: fromCents(refundedCents),
    refundTo: (cancellation.refundTo as CancellationMoney['refundTo']) ?? null,
    supplierRefund:
      cancellation.supplierRefundAmount !== null && cancellation.supplierRefundCurrency
        ? { amount: cancellation.supplierRefundAmount, currency: cancellation.supplierRefundCurrency }
        : null,
  };
}

/** The figures a cancellation's audit row keeps, readable in the desk's history. */
export const cancellationDetails = (cancellation: BookingCancellationRow) => ({
  paid: cancellation.paid,
  airlineFee: cancellation.airlineFee,
  agencyFee: cancellation.agencyFee,
  owed: cancellation.owed,
});
