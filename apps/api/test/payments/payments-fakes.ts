import { randomBytes } from 'node:crypto';
import type { Booking } from '@kwenda/contracts';
import type { Database } from '../../src/db/client.js';
import type { BookingPaymentsPort } from '../../src/modules/bookings/booking-ports.js';

/**
 * Test doubles for the payments module's own tests: a bookings row for the foreign keys, and a
 * BookingPaymentsPort (the booking service's side) that records every call and answers as told.
 */

export const newBookingId = () => `bk_${randomBytes(16).toString('hex')}`;

export async function insertBookingRow(
  database: Database,
  overrides: {
    id?: string;
    status?: string;
    paymentMethod?: 'card' | 'bank-transfer' | null;
    amount?: number;
    currency?: string;
  } = {},
) {
  const id = overrides.id ?? newBookingId();
  const reference = `KW${randomBytes(4).toString('hex').toUpperCase()}`;
  await database.sql.query(
    `INSERT INTO bookings (id, booking_reference, status, status_trigger, offer_reference, offer, offer_expires_at,
       passenger_counts, requested_baggage, currency, exchange_rate, amount, segments_key, payment_method, hold_expires_at, supplier)
     VALUES ($1, $2, $3, 'test', 'off_test', '{}', now() + interval '30 minutes', '{"adults":1}', '{}', $4, 1, $5, 'SD100', $6,
       now() + interval '2 hours', 'sandbox')`,
    [
      id,
      reference,
      overrides.status ?? 'pending-payment',
      overrides.currency ?? 'USD',
      overrides.amount ?? 412.5,
      overrides.paymentMethod ?? 'card',
    ],
  );
  return { id, bookingReference: reference };
}

type ConfirmResult = 'confirmed' | 'already-paid' | 'not-payable';

export interface RecordingPort extends BookingPaymentsPort {
  calls: { method: string; input: unknown }[];
  callsOf(method: string): unknown[];
  /** What confirmPayment answers next ('confirmed' until told otherwise). */
  confirmAnswer: ConfirmResult;
  fulfilError: Error | null;
  bookings: Map<string, Booking>;
}

export function recordingPort(): RecordingPort {
  const calls: { method: string; input: unknown }[] = [];
  const record = (method: string, input: unknown) => void calls.push({ method, input });
  const port: RecordingPort = {
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.input),
    confirmAnswer: 'confirmed',
    fulfilError: null,
    bookings: new Map(),
    async confirmPayment(_tx, input) {
      record('confirmPayment', input);
      return port.confirmAnswer;
    },
    async recordPaymentFailure(_tx, input) {
      record('recordPaymentFailure', input);
    },
    async recordReceipt(_tx, input) {
      record('recordReceipt', input);
    },
    async fulfil(bookingId) {
      record('fulfil', bookingId);
      if (port.fulfilError) throw port.fulfilError;
    },
    async getBooking(bookingId) {
      return port.bookings.get(bookingId) ?? null;
    },
  };
  return port;
}

/** A logger that keeps what was logged (a test fails on an unexpected error line, not on noise). */
export function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}
