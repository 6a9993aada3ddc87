import type { Currency } from '@kwenda/contracts';
import type {
  BookingDeskState,
  DeskAction,
  ReceiptSearchItem,
  Refund,
  RefundsResponse,
  TicketingItem,
  TransferItem,
} from '@kwenda/contracts/admin';
import type { BookingRow, PassengerRow } from '../../../db/schema.js';
import { AppError, bookingNotFound } from '../../../errors.js';
import { readReceiptBytes } from '../../receipts/receipt-storage.js';
import { findReceiptsByNumber, findSameFiles } from '../../receipts/receipts-repository.js';
import { deskReading, otherReceiptsOf } from '../../receipts/checks/present-reading.js';
import * as repo from '../booking-repository.js';
import * as moneyRepo from '../booking-money-repository.js';
import { cents, fromCents } from '../booking-money-repository.js';
import { presentCancellation, retainedCents } from './cancellation-money.js';
import { expectedInAccounts } from '../transfer-accounts.js';
import { bookingMoneyOf } from './staff-refund.js';
import { AGENCY_SEATS_SUPPLIER } from '../../../suppliers/agency-seats/name.js';
import { isHeld, summaryOf, type StaffDeps } from './staff-deps.js';

/** What the desk's screens read: the transfers queue, the ticketing desk, the refunds, and one booking's actions. */

const LIST_LIMIT = 200;
/** A hold is worth extending by at least this much. */
const MIN_EXTENSION_MS = 15 * 60_000;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const travellerName = (passengers: Pick<PassengerRow, 'firstName' | 'lastName'>[]) => {
  const first = passengers[0];
  const name = first ? `${first.firstName ?? ''} ${first.lastName ?? ''}`.trim() : '';
  return name || null;
};
const passengersView = (passengers: PassengerRow[]) =>
  passengers.map((p) => ({
    id: p.id,
    passengerType: p.passengerType,
    firstName: p.firstName,
    lastName: p.lastName,
    ticketNumber: p.ticketNumber,
  }));

/** The staff URL of a receipt's file (GET, any staff role), shown inline on the transfers screen. */
export const receiptFileUrl = (receiptId: string) => `/api/v1/admin/transfers/${encodeURIComponent(receiptId)}/file`;

/** Receipts waiting for a decision, with what should have arrived and what their checks found (ordered by transferRank). */
export async function listTransfers(deps: StaffDeps): Promise<TransferItem[]> {
  const rows = await moneyRepo.listWaitingTransfers(deps.db, LIST_LIMIT);
  const inAccounts = await expectedInAccounts(
    deps.db,
    rows.map((r) => r.booking),
    deps.bankAccounts,
  );
  const ids = [...new Set(rows.map((r) => r.booking.id))];
  const [rejected, extended, passengers, sameFiles, others] = await Promise.all([
    moneyRepo.countRejectedReceipts(deps.db, ids),
    moneyRepo.extendedHolds(deps.db, ids),
    Promise.all(ids.map(async (id) => [id, await repo.findPassengers(deps.db, id)] as const)).then((list) => new Map(list)),
    findSameFiles(
      deps.db,
      rows.map((r) => r.receipt.sha256),
      null,
    ),
    otherReceiptsOf(
      deps.db,
      rows.map((r) => r.receipt),
    ),
  ]);
  const items = rows.map(({ receipt, booking }) => ({
    receiptId: receipt.id,
    bookingId: booking.id,
    bookingReference: booking.bookingReference,
    uploadedAt: receipt.uploadedAt.toISOString(),
    fileName: receipt.fileName,
    contentType: receipt.contentType,
    sizeBytes: receipt.sizeBytes,
    fileUrl: receiptFileUrl(receipt.id),
    expectedAmount: booking.amount,
    currency: booking.currency as Currency,
    expectedInAccounts: inAccounts.get(booking.id) ?? [],
    holdExpiresAt: iso(booking.holdExpiresAt),
    holdExtended: extended.has(booking.id),
    supplierHoldDeadline: iso(booking.supplierHoldDeadline),
    travellerName: travellerName(passengers.get(booking.id) ?? []),
    email: booking.email,
    mobile: booking.mobile,
    rejectedBefore: rejected.get(booking.id) ?? 0,
    sameFileAs: (sameFiles.get(receipt.sha256) ?? [])
      .filter((other) => other.bookingId !== booking.id)
      .map(({ sha256: _hash, ...other }) => other),
    typedTransactionNumber: receipt.typedTransactionNumber,
    reading: deskReading(receipt, others, {
      owed: inAccounts.get(booking.id) ?? [],
      booking: { amount: booking.amount, currency: booking.currency as Currency },
    }),
  }));
  // Every check passed first, then those still being read or with a value unread, then a failed check,
  // a possible fraud last; oldest first within each (the rows come oldest first, the sort is stable).
  return items.sort((a, b) => transferRank(a) - transferRank(b));
}

function transferRank({ reading }: TransferItem): number {
  if (reading.possibleFraud) return 3;
  if (reading.checks.some((c) => c.verdict === 'fail')) return 2;
  if (reading.allPassed) return 0;
  return 1;
}

/** Receipts of any booking and status whose typed or read transaction number is this one (normalized), oldest first. */
export async function searchReceipts(deps: StaffDeps, transactionNumber: string): Promise<ReceiptSearchItem[]> {
  const rows = await findReceiptsByNumber(deps.db, transactionNumber);
  return rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString(), fileUrl: receiptFileUrl(row.receiptId) }));
}

/** The file of a receipt for staff: its bytes and what it is (detected from its bytes at upload). */
export async function receiptFile(deps: StaffDeps, receiptId: string) {
  const receipt = await moneyRepo.findReceipt(deps.db, receiptId);
  if (!receipt) throw new AppError(404, 'NOT_FOUND', 'No receipt with this id');
  const bytes = await readReceiptBytes(deps.db, receipt);
  if (!bytes) throw new AppError(404, 'NOT_FOUND', 'The receipt file is missing from storage');
  return { bytes, contentType: receipt.contentType, fileName: receipt.fileName };
}

/** Paid bookings not yet ticketed: failed ones (the supplier refused or did not answer) and waiting ones. */
export async function listTicketing(deps: StaffDeps): Promise<TicketingItem[]> {
  const rows = await moneyRepo.listUnticketed(deps.db, LIST_LIMIT);
  const ids = rows.map((r) => r.id);
  const events = await moneyRepo.eventsOf(deps.db, ids, ['payment-succeeded', 'receipt-confirmed', 'ticketing-failed']);
  const passengers = new Map(await Promise.all(ids.map(async (id) => [id, await repo.findPassengers(deps.db, id)] as const)));
  const items = rows.map((row): TicketingItem => {
    const own = events.filter((e) => e.bookingId === row.id);
    const paid = own.filter((e) => e.statusTrigger !== 'ticketing-failed').at(-1);
    const failures = own.filter((e) => e.statusTrigger === 'ticketing-failed');
    const lastError = failures.at(-1)?.details?.error;
    const first = row.offer.slices[0]!;
    return {
      bookingId: row.id,
      bookingReference: row.bookingReference,
      // The agency's own seats wait for staff whatever happened to the booking since it was paid.
      state:
        row.statusTrigger === 'ticketing-failed' ? 'failed' : row.supplier === AGENCY_SEATS_SUPPLIER ? 'by-agency' : 'waiting',
      statusTrigger: row.statusTrigger,
      paymentMethod: row.paymentMethod,
      paidAt: iso(paid?.createdAt),
      promisedBy: iso(row.manualTicketingBy),
      attempts: failures.length,
      lastError: typeof lastError === 'string' ? lastError : null,
      origin: first.origin,
      destination: first.destination,
      departureDate: first.departureDate,
      airline: first.segments[0]!.airline.iataCode,
      flightNumbers: first.segments.map((segment) => segment.flightNumber),
      email: row.email,
      amount: row.amount,
      currency: row.currency as Currency,
      passengers: passengersView(passengers.get(row.id) ?? []),
    };
  });
  // Failed first (someone must act), then by when they were paid.
  return items.sort((a, b) => (a.state === b.state ? 0 : a.state === 'failed' ? -1 : 1));
}

const presentRefund = (r: Awaited<ReturnType<typeof moneyRepo.listRefunds>>[number]): Refund => ({
  id: r.id,
  bookingId: r.bookingId,
  bookingReference: r.bookingReference,
  paymentId: r.paymentId,
  amount: r.amount,
  currency: r.currency as Currency,
  method: r.method,
  reference: r.reference,
  note: r.note,
  recordedBy: r.recordedBy,
  recordedByName: r.recordedByName,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Refunds owed (canceled paid bookings until what was refunded reaches what their cancellation left
 * owed), money kept for a refund (refund-required payments), refunds recorded.
 */
export async function listRefunds(deps: StaffDeps): Promise<Omit<RefundsResponse, 'success'>> {
  const [due, required, recorded] = await Promise.all([
    moneyRepo.listRefundsDue(deps.db, LIST_LIMIT),
    moneyRepo.listRefundRequired(deps.db, LIST_LIMIT),
    moneyRepo.listRefunds(deps.db, { limit: 100 }),
  ]);
  const canceledAt = await moneyRepo.eventsOf(
    deps.db,
    due.map((d) => d.booking.id),
    ['staff-canceled', 'traveller-canceled', 'hold-expired'],
  );
  return {
    due: due.map(({ booking, paid, refunded, cancellation }) => {
      const paidCents = cents(Number(paid));
      const refundedCents = cents(Number(refunded));
      return {
        bookingId: booking.id,
        bookingReference: booking.bookingReference,
        status: booking.status,
        canceledAt: iso(canceledAt.filter((e) => e.bookingId === booking.id).at(-1)?.createdAt),
        email: booking.email,
        money: {
          currency: booking.currency as Currency,
          paid: fromCents(paidCents),
          refunded: fromCents(refundedCents),
          refundable: fromCents(paidCents - refundedCents - retainedCents(cancellation)),
          cancellation: cancellation ? presentCancellation(cancellation, refundedCents) : null,
        },
      };
    }),
    refundRequired: required.map(({ payment, bookingReference, bookingStatus, refunded }) => ({
      paymentId: payment.id,
      bookingId: payment.bookingId,
      bookingReference,
      bookingStatus,
      provider: payment.provider,
      amount: payment.amount,
      currency: payment.currency as Currency,
      refundable: fromCents(Math.max(0, cents(payment.amount) - cents(Number(refunded)))),
      receivedAt: payment.updatedAt.toISOString(),
    })),
    recorded: recorded.map(presentRefund),
  };
}

/** The actions a booking's state allows now (the staff member's role is checked by the routes). */
export function allowedActions(
  row: BookingRow,
  context: { now: Date; waitingReceipts: number; holdExtended: boolean; refundable: number },
): DeskAction[] {
  const actions: DeskAction[] = [];
  const transfer = row.paymentMethod === 'bank-transfer';
  if (transfer && row.status === 'pending-payment' && context.waitingReceipts > 0) {
    if (isHeld(row, context.now)) actions.push('approve-transfer');
    actions.push('reject-transfer');
  }
  if (
    transfer &&
    isHeld(row, context.now) &&
    !context.holdExtended &&
    row.supplierHoldDeadline &&
    row.supplierHoldDeadline.getTime() - row.holdExpiresAt!.getTime() >= MIN_EXTENSION_MS
  )
    actions.push('extend-hold');
  // The agency's own seats are ticketed by staff in the airline's system: there is no supplier to retry.
  if (row.status === 'payment-confirmed')
    actions.push(...(row.supplier === AGENCY_SEATS_SUPPLIER ? [] : (['retry-ticketing'] as const)), 'manual-ticket');
  if (row.status === 'confirmed' && row.email) actions.push('resend-eticket');
  if (['pending-payment', 'payment-confirmed', 'confirmed'].includes(row.status)) actions.push('cancel');
  if (context.refundable > 0) actions.push('refund');
  return actions;
}

/** One booking as the desk's actions need it: what it allows, its waiting receipts, its money and refunds. */
export async function bookingDeskState(deps: StaffDeps, bookingId: string): Promise<Omit<BookingDeskState, 'success'>> {
  const found = await repo.findBookingWithPassengers(deps.db, bookingId);
  if (!found) throw bookingNotFound();
  const { row, passengers } = found;
  const [waiting, extendedCount, money, refunds] = await Promise.all([
    moneyRepo.waitingReceipts(deps.db, bookingId),
    moneyRepo.countEvents(deps.db, bookingId, 'hold-extended'),
    bookingMoneyOf(deps.db, row),
    moneyRepo.listRefunds(deps.db, { bookingId, limit: 100 }),
  ]);
  const holdExtended = extendedCount > 0;
  const { refundableCents, refundedCents: _refunded, retainedCents: _retained, ...moneyView } = money;
  return {
    booking: {
      ...summaryOf(row),
      paymentMethod: row.paymentMethod,
      amount: row.amount,
      currency: row.currency as Currency,
      email: row.email,
      pnr: row.pnr,
      holdExtended,
      supplierHoldDeadline: iso(row.supplierHoldDeadline),
      passengers: passengersView(passengers),
    },
    actions: allowedActions(row, {
      now: deps.clock(),
      waitingReceipts: waiting.length,
      holdExtended,
      refundable: refundableCents,
    }),
    waitingReceipts: waiting.map((r) => ({
      receiptId: r.receiptId,
      fileName: r.fileName,
      uploadedAt: r.uploadedAt.toISOString(),
    })),
    money: moneyView,
    refunds: refunds.map(presentRefund),
  };
}
