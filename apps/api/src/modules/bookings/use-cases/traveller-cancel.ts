import type { Booking, CancellationQuoteView, Currency, StatusTrigger } from '@kwenda/contracts';
import type { BookingRow } from '../../../db/schema.js';
import type { SupplierCallRow } from '../../../db/supplier-calls-schema.js';
import type { BookingCancellationQuoteRow } from '../../../db/supplier-events-schema.js';
import type { Tx } from '../../../db/tx.js';
import { crashPoint } from '../../../crash-points.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import type { CancellationQuote, SupplierOrder } from '../../../suppliers/supplier.js';
import { convertUsd } from '../../rates/convert-usd.js';
import { bookingSupplierUnitsPerUsd, supplierAmountInUsd } from '../../rates/pricing.js';
import { requestCancel } from '../../supplier-calls/order-cancellation.js';
import * as calls from '../../supplier-calls/supplier-calls-repository.js';
import * as changes from '../../supplier-webhooks/airline-changes-repository.js';
import * as repo from '../booking-repository.js';
import { canTrigger, InvalidTransitionError, transitionLocked } from '../booking-transitions.js';
import * as moneyRepo from '../booking-money-repository.js';
import type { BookingDeps } from './booking-deps.js';
import { cancellationDetails, recordCancellation } from './cancellation-money.js';
import { tellCanceled } from './tell-canceled.js';
import { mustLoadBooking } from './load-booking.js';

/**
 * Cancelling a ticketed booking for the airline's refund, in two steps: a quote (what the airline
 * would refund now; nothing changes) and its confirmation. The traveller does it from the booking
 * page (a rescheduled booking, or a ticketed one), staff from the desk. The confirmation is journaled
 * as a supplier call (kind cancel, the quote in its details) before it is made; once the supplier has
 * cancelled, the booking is canceled with the refund recorded in its audit row, what the airline
 * refunds of the money it received is owed back (cancellation-money.ts: the desk's refunds list shows
 * it until refunded), and the traveller and the agency are told.
 */

/**
 * The airline's refund in the booking's currency at the booking's own rates (the supplier rate it was
 * priced with, then its exchange rate); null when the booking was priced in another supplier currency.
 */
export function refundInBookingCurrency(
  row: Pick<BookingRow, 'pricing' | 'exchangeRate' | 'currency'>,
  amount: number,
  supplierCurrency: string,
): number | null {
  try {
    const usd = supplierAmountInUsd(amount, bookingSupplierUnitsPerUsd(row.pricing, supplierCurrency));
    return convertUsd(usd, row.exchangeRate, row.currency as Currency);
  } catch {
    return null;
  }
}

export const presentQuote = (quote: BookingCancellationQuoteRow): CancellationQuoteView => ({
  id: quote.id,
  refundAmount: quote.amount,
  currency: quote.currency as Currency,
  supplierRefundAmount: quote.supplierAmount,
  supplierRefundCurrency: quote.supplierCurrency,
  refundTo: quote.refundTo,
  expiresAt: quote.expiresAt.toISOString(),
});

/**
 * A cancellation at the airline's quote is for a ticketed booking; the traveller cancels a held one
 * without a quote (traveller-cancel-hold.ts: the hold is released, nothing is refunded by the airline).
 */
function assertQuotable(row: BookingRow, trigger: StatusTrigger) {
  if (!canTrigger(row.status, trigger) || (trigger === 'traveller-canceled' && row.status === 'pending-payment'))
    throw new InvalidTransitionError(row.status, trigger);
}

/**
 * What cancelling the booking would refund now, as the airline quotes it (kept, so the confirmation
 * names it). `trigger` is the cancellation it is for: the traveller's or the staff's.
 */
export async function quoteCancellation(
  deps: BookingDeps,
  bookingId: string,
  asker: { label: string },
  trigger: Extract<StatusTrigger, 'traveller-canceled' | 'staff-canceled'> = 'traveller-canceled',
): Promise<CancellationQuoteView> {
  const row = await repo.findBooking(deps.db, bookingId);
  if (!row) throw bookingNotFound();
  assertQuotable(row, trigger);
  if (!row.supplierOrderId)
    throw new AppError(409, 'INVALID_BOOKING_STATE', `Booking ${row.bookingReference} has no order at the airline to cancel`);
  let quote: CancellationQuote;
  try {
    quote = await deps.suppliers.get(row.supplier).quoteCancellation(row.supplierOrderId);
  } catch (error) {
    throw new AppError(503, 'SUPPLIER_UNAVAILABLE', `The airline did not quote the cancellation: ${(error as Error).message}`);
  }
  const stored: BookingCancellationQuoteRow = {
    id: quote.id,
    bookingId,
    supplier: row.supplier,
    orderId: quote.orderId,
    supplierAmount: quote.refundAmount,
    supplierCurrency: quote.refundCurrency,
    amount: refundInBookingCurrency(row, quote.refundAmount, quote.refundCurrency),
    currency: row.currency,
    refundTo: quote.refundTo,
    expiresAt: quote.expiresAt,
    requestedBy: asker.label,
    createdAt: deps.clock(),
    confirmedAt: null,
  };
  await changes.insertQuote(deps.db, stored);
  return presentQuote(stored);
}

/** The booking side once the supplier has cancelled: canceled with the refund, the change and quote closed. */
async function completeCancellation(
  deps: BookingDeps,
  tx: Tx,
  row: BookingRow,
  quote: BookingCancellationQuoteRow,
  trigger: 'traveller-canceled' | 'staff-canceled',
  actor: string,
  extra: Record<string, unknown>,
): Promise<BookingRow> {
  const money = await moneyRepo.moneyOf(tx, row.id);
  const now = deps.clock();
  const cancellation = await recordCancellation(tx, row, { paidCents: money.paid, quote, trigger, now });
  const canceled = await transitionLocked(tx, row, trigger, {
    actor,
    details: {
      ...extra,
      orderId: quote.orderId,
      quoteId: quote.id,
      refund: { amount: quote.amount, currency: quote.currency },
      airlineRefund: { amount: quote.supplierAmount, currency: quote.supplierCurrency, to: quote.refundTo },
      ...cancellationDetails(cancellation),
      currency: row.currency,
    },
  });
  await changes.confirmQuote(tx, quote.id, now);
  const change = await changes.latestAirlineChange(tx, row.id);
  if (change && !change.decision) await changes.decideAirlineChange(tx, change.id, { decision: 'cancelled', by: actor, now });
  await deps.checkout.expireCheckouts(tx, row.id);
  await tellCanceled(deps, tx, row.id, cancellation, trigger === 'staff-canceled' ? 'agency' : 'traveller');
  return canceled;
}

/**
 * Cancels the booking at a quote it was given: journaled, confirmed at the supplier outside any
 * transaction, then the booking canceled with the refund. A quote that expired, was confirmed, or
 * belongs to another booking is refused; when the supplier refuses, nothing changes.
 */
export async function confirmCancellation(
  deps: BookingDeps,
  bookingId: string,
  quoteId: string,
  asker: { label: string },
  options: { trigger?: 'traveller-canceled' | 'staff-canceled'; details?: Record<string, unknown> } = {},
): Promise<Booking> {
  const trigger = options.trigger ?? 'traveller-canceled';
  const { call, quote } = await deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, bookingId);
    if (!row) throw bookingNotFound();
    assertQuotable(row, trigger);
    const found = await changes.findQuote(tx, bookingId, quoteId);
    if (!found || found.orderId !== row.supplierOrderId)
      throw new AppError(404, 'NOT_FOUND', 'No cancellation quote with this id for this booking');
    if (found.confirmedAt) throw new AppError(409, 'INVALID_BOOKING_STATE', 'This cancellation was already confirmed');
    if (found.expiresAt.getTime() <= deps.clock().getTime())
      throw new AppError(409, 'INVALID_BOOKING_STATE', 'The airline’s quote has expired: ask for a new one');
    const journaled = await requestCancel(tx, deps, {
      bookingId,
      supplier: row.supplier,
      orderId: found.orderId,
      reason: trigger,
      details: { trigger, quote: { ...presentQuote(found) }, requestedBy: asker.label, ...options.details },
    });
    if (!journaled)
      throw new AppError(
        409,
        'INVALID_BOOKING_STATE',
        'The airline is already cancelling this booking; it is canceled once it confirms',
      );
    return { call: journaled, quote: found };
  });

  const supplier = deps.suppliers.get(quote.supplier);
  try {
    await supplier.confirmCancellation(quote.id);
  } catch (error) {
    const message = (error as Error).message || String(error);
    let order: SupplierOrder | null | undefined;
    try {
      order = await supplier.getOrder(quote.orderId);
    } catch {
      order = undefined;
    }
    if (order?.state !== 'cancelled') {
      deps.logger.error({ err: error, bookingId }, 'supplier did not confirm the cancellation; the booking is unchanged');
      await deps.db.transaction(async (tx) => {
        await repo.lockBooking(tx, bookingId);
        if (order === undefined) await calls.markUnanswered(tx, call.id, message, deps.clock());
        else await calls.answerCall(tx, call.id, { outcome: 'refused', details: { error: message }, now: deps.clock() });
      });
      throw new AppError(502, 'SUPPLIER_CANCEL_FAILED', `The airline did not cancel the booking: ${message}`);
    }
  }

  // The airline has cancelled; a crash from here on leaves the call unanswered for reconcileQuotedCancel.
  await crashPoint('supplier.cancel-answered');
  await completeAtQuote(deps, call, quote, trigger, asker.label, options.details ?? {});
  deps.logger.info({ bookingId, quoteId: quote.id, trigger }, 'booking canceled at the airline’s quote');
  return mustLoadBooking(deps, bookingId);
}

/** Once the supplier has cancelled at the quote: the booking canceled (if it still can be) and the call answered, together. */
async function completeAtQuote(
  deps: BookingDeps,
  call: SupplierCallRow,
  quote: BookingCancellationQuoteRow,
  trigger: 'traveller-canceled' | 'staff-canceled',
  actor: string,
  extra: Record<string, unknown>,
): Promise<BookingRow | null> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockBooking(tx, call.bookingId);
    const canceled =
      row && canTrigger(row.status, trigger) ? await completeCancellation(deps, tx, row, quote, trigger, actor, extra) : null;
    await calls.answerCall(tx, call.id, { outcome: 'cancelled', details: { quoteId: quote.id }, now: deps.clock() });
    return canceled;
  });
}

/** What confirmCancellation keeps on its cancel call (with the journal's own `reason`). */
interface QuotedCancelDetails {
  trigger?: 'traveller-canceled' | 'staff-canceled';
  quote: { id: string };
  requestedBy?: string;
  /** The journal's reason: the trigger, or the staff member's reason for a staff cancellation. */
  reason?: string;
}

/** Whether a cancel call is a cancellation at a quote (confirmCancellation's), rather than a plain cancel. */
export const isQuotedCancel = (call: SupplierCallRow) =>
  call.kind === 'cancel' && typeof (call.details as Partial<QuotedCancelDetails>).quote?.id === 'string';

/**
 * A cancellation at a quote whose answer was lost (the process died after the supplier was asked, or
 * neither the confirmation nor a read of the order answered), settled by the reconciliation job. The
 * order is read back: cancelled, the booking is canceled with the quote's refund as the answer would
 * have done; not cancelled, the quote is confirmed again while it holds; still not cancelled (refused,
 * or the quote expired), the call is refused and the booking stays as it is. A supplier that does not
 * answer throws, and the job asks again later. Returns the booking when it was canceled here.
 */
export async function reconcileQuotedCancel(
  deps: BookingDeps,
  call: SupplierCallRow,
): Promise<{ canceled: BookingRow | null; trigger: 'traveller-canceled' | 'staff-canceled' }> {
  const details = call.details as unknown as QuotedCancelDetails;
  const trigger = details.trigger ?? (details.reason === 'traveller-canceled' ? 'traveller-canceled' : 'staff-canceled');
  const quote = await changes.findQuote(deps.db, call.bookingId, details.quote.id);
  const supplier = deps.suppliers.get(call.supplier);
  let order = quote ? await supplier.getOrder(quote.orderId) : null;
  if (quote && order?.state !== 'cancelled' && quote.expiresAt.getTime() > deps.clock().getTime()) {
    try {
      await supplier.confirmCancellation(quote.id);
    } catch (error) {
      deps.logger.warn({ err: error, callId: call.id }, 'supplier did not confirm the cancellation again');
    }
    order = await supplier.getOrder(quote.orderId);
  }
  if (!quote || order?.state !== 'cancelled') {
    await deps.db.transaction(async (tx) => {
      await repo.lockBooking(tx, call.bookingId);
      await calls.answerCall(tx, call.id, {
        outcome: 'refused',
        details: { error: quote ? 'the airline did not cancel the order' : 'the quote is not known' },
        now: deps.clock(),
      });
    });
    return { canceled: null, trigger };
  }
  const extra = trigger === 'staff-canceled' && details.reason ? { reason: details.reason } : {};
  const canceled = await completeAtQuote(deps, call, quote, trigger, details.requestedBy ?? 'system', extra);
  deps.logger.info({ bookingId: call.bookingId, quoteId: quote.id, trigger }, 'cancellation at the airline’s quote settled');
  return { canceled, trigger };
}
