import type { CreateBookingRequest, PayBookingRequest, UpdateBookingRequest } from '@kwenda/contracts';
import type { BookingRow } from '../../db/schema.js';
import type { BookingPaymentsPort, CheckoutPort } from './booking-ports.js';
import * as repo from './booking-repository.js';
import type { Actor, BookingDeps, BookingServiceDeps } from './use-cases/booking-deps.js';
import { createBooking } from './use-cases/create-booking.js';
import { expireHolds } from './use-cases/expire-holds.js';
import { fulfilBooking, fulfilPending } from './use-cases/fulfil-booking.js';
import { listBookingsForUser, loadBooking, loadBookingFor } from './use-cases/load-booking.js';
import { payBooking } from './use-cases/pay-booking.js';
import { confirmPayment, recordPaymentFailure, recordReceipt } from './use-cases/record-payment.js';
import { submitPassengers } from './use-cases/submit-passengers.js';

export type { Actor, BookingDeps, BookingServiceDeps, Logger } from './use-cases/booking-deps.js';
export { segmentsKeyOf } from './use-cases/booking-rules.js';

/**
 * The bookings module as the rest of the server sees it: each use case (use-cases/) bound to the
 * service's settings, and the port the payments module calls. The checkout is attached once the
 * payments module exists (each needs the other).
 */
export function createBookingService(settings: BookingServiceDeps) {
  let checkout: CheckoutPort | undefined;
  const deps: BookingDeps = {
    ...settings,
    db: settings.database.db,
    clock: settings.clock ?? (() => new Date()),
    checkout: () => checkout,
  };
  const { db } = deps;

  const ports: BookingPaymentsPort = {
    confirmPayment: (tx, input) => confirmPayment(deps, tx, input),
    recordPaymentFailure,
    recordReceipt: (tx, input) => recordReceipt(deps, tx, input),
    fulfil: (bookingId) => fulfilBooking(deps, bookingId),
    getBooking: (id) => loadBooking(deps, id),
  };

  return {
    /** The settings every use case takes: for use cases called outside this service (staff actions). */
    deps,
    ports,
    getBooking: (id: string, tx = db) => loadBooking(deps, id, tx),
    /** The booking whole or limited, as `seesWhole` decides for its row (GET /bookings/{id}). */
    getBookingFor: (id: string, seesWhole: (row: Pick<BookingRow, 'id' | 'userId'>) => Promise<boolean>) =>
      loadBookingFor(deps, id, seesWhole),
    getBookingRow: (id: string) => repo.findBooking(db, id),
    createBooking: (request: CreateBookingRequest, actor: Actor, language: 'ar' | 'en') =>
      createBooking(deps, request, actor, language),
    submitPassengers: (id: string, request: UpdateBookingRequest, actor: Actor) => submitPassengers(deps, id, request, actor),
    payBooking: (id: string, request: PayBookingRequest, actor: Actor) => payBooking(deps, id, request, actor),
    expireHolds: (now?: Date, limit?: number) => expireHolds(deps, now, limit),
    fulfilPending: (now?: Date, limit?: number) => fulfilPending(deps, now, limit),
    listForUser: (userId: string) => listBookingsForUser(deps, userId),
    events: (id: string) => repo.findEvents(db, id),
    findByReference: (reference: string) => repo.findBookingByReference(db, reference),
    attachCheckout(port: CheckoutPort) {
      checkout = port;
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
