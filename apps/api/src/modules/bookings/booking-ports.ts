import type { Booking, Currency } from '@kwenda/contracts';
import type { ReceiptSameFile } from '@kwenda/contracts/admin';
import type { Tx } from '../../db/tx.js';

/** What the payments module asks of bookings. Implemented by the booking service. */
export interface BookingPaymentsPort {
  /**
   * pending-payment -> payment-confirmed, inside the caller's transaction (which also marks the
   * payment row). Returns 'confirmed' the first time, 'already-paid' when the booking is already
   * payment-confirmed or later (a replay), 'not-payable' when it is no longer held (expired,
   * canceled): the caller then records the money for a refund.
   */
  confirmPayment(tx: Tx, input: ConfirmPaymentInput): Promise<'confirmed' | 'already-paid' | 'not-payable'>;
  /** A declined card: the booking stays held, paymentError says why (card_declined, insufficient_funds, ...). */
  recordPaymentFailure(tx: Tx, input: { bookingId: string; failureCode: string; actor: string }): Promise<void>;
  /**
   * A transfer receipt arrived: statusTrigger receipt-uploaded (the agency checks it, told by e-mail).
   * `userId` is the uploader's account (null for a guest): a booking made by an account takes receipts
   * only from it. `sameFileAs`: other bookings' receipts with the very same file.
   */
  recordReceipt(
    tx: Tx,
    input: { bookingId: string; receiptId: string; actor: string; userId: string | null; sameFileAs: ReceiptSameFile[] },
  ): Promise<void>;
  /** After payment-confirmed: ticket with the supplier, confirm, e-mail the e-ticket. Safe to call twice. */
  fulfil(bookingId: string): Promise<void>;
  /** The booking as the API shows it, or null. */
  getBooking(bookingId: string): Promise<Booking | null>;
}

/** What bookings ask of the payments module. */
export interface CheckoutPort {
  /**
   * The hosted payment page for this booking's amount: the open checkout when there is one,
   * else a new one (one open checkout per booking, whatever races). Returns its URL.
   */
  openCheckout(input: {
    bookingId: string;
    bookingReference: string;
    amount: number;
    currency: Currency;
    email: string | null;
    language: 'ar' | 'en';
    expiresAt: Date;
  }): Promise<{ url: string }>;
  /** The open checkout's URL, if any (shown as paymentLink). */
  openCheckoutUrl(bookingId: string): Promise<string | null>;
  /**
   * Closes the open checkouts of a booking in the caller's transaction (the hold ended, it is paid
   * another way, or `except`, the payment that paid it): a page still open refuses the card.
   */
  expireCheckouts(tx: Tx, bookingId: string, options?: { except?: string }): Promise<void>;
  /**
   * After the commit: closes on the provider's side what expireCheckouts closed here. Never throws;
   * what fails is closed by the payments reconciliation job.
   */
  closeExpiredCheckouts(bookingId: string): Promise<void>;
}

/** The e-ticket PDF of a confirmed booking. */
export type RenderETicket = (booking: Booking) => Promise<Buffer>;

/** Money received for a booking, as the payment that received it reports it. */
export interface ConfirmPaymentInput {
  bookingId: string;
  method: 'card' | 'bank-transfer';
  amount: number;
  currency: Currency;
  actor: string;
  /** The card payment confirming it: every other open checkout of the booking is closed. */
  paymentId?: string;
  /** A transfer approved by staff: its receipt, and their note (required when a check failed), kept in the history. */
  receipt?: { receiptId: string; note: string | null };
}
