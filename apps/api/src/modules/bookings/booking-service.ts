import type { CreateBookingRequest, PayBookingRequest, UpdateBookingRequest } from '@kwenda/contracts';
import type { BookingRow } from '../../db/schema.js';
import { createDeskService } from './admin/desk-service.js';
import type { BookingEventsPort } from './booking-events-port.js';
import type { BookingPaymentsPort } from './booking-ports.js';
import * as repo from './booking-repository.js';
import {
  acceptAirlineChange,
  declineHeldAirlineChange,
  getAirlineChange,
  recordAirlineChange,
} from './use-cases/airline-change.js';
import type { Actor, BookingDeps, BookingServiceDeps } from './use-cases/booking-deps.js';
import { createBooking } from './use-cases/create-booking.js';
import { expireHolds } from './use-cases/expire-holds.js';
import { fulfilBooking, fulfilPending, reconcileTicket } from './use-cases/fulfil-booking.js';
import { settleFailedHold } from './use-cases/hold-creation-failed.js';
import { listBookingsForUser, loadBooking, loadBookingFor } from './use-cases/load-booking.js';
import { payBooking, reconcileHold } from './use-cases/pay-booking.js';
import { confirmPayment, recordPaymentFailure, recordReceipt } from './use-cases/record-payment.js';
import { reconcileCancel } from './use-cases/staff-cancel.js';
import { remindHolds } from './use-cases/remind-holds.js';
import { submitPassengers } from './use-cases/submit-passengers.js';
import { updateBookingWhatsApp, type BookingWhatsAppRequest } from './use-cases/update-whatsapp.js';
import { cancelHeldBooking } from './use-cases/traveller-cancel-hold.js';
import { confirmCancellation, quoteCancellation } from './use-cases/traveller-cancel.js';

export type { Actor, BookingServiceDeps, Logger } from './use-cases/booking-deps.js';
export { segmentsKeyOf } from './use-cases/booking-rules.js';

/**
 * The bookings module as the rest of the server sees it, the only one that changes a booking: each use
 * case (use-cases/) bound to the service's settings, the port the payments and receipts modules call,
 * the port the supplier calls journal and the supplier's events report to, and the desk's staff
 * actions.
 */
export function createBookingService(settings: BookingServiceDeps) {
  const deps: BookingDeps = { ...settings, db: settings.database.db, clock: settings.clock ?? (() => new Date()) };
  const { db } = deps;

  const ports: BookingPaymentsPort = {
    confirmPayment: (tx, input) => confirmPayment(deps, tx, input),
    recordPaymentFailure,
    recordReceipt: (tx, input) => recordReceipt(deps, tx, input),
    fulfil: (bookingId) => fulfilBooking(deps, bookingId),
    getBooking: (id) => loadBooking(deps, id),
  };

  const eventsPort: BookingEventsPort = {
    async settleSupplierCall(call) {
      switch (call.kind) {
        case 'hold':
          return reconcileHold(deps, call);
        case 'ticket':
          return reconcileTicket(deps, call);
        case 'cancel':
          return void (await reconcileCancel(deps, call));
      }
    },
    recordAirlineChange: (input) => recordAirlineChange(deps, input),
    settleFailedHold: (input) => settleFailedHold(deps, input),
  };

  return {
    ports,
    eventsPort,
    /** The staff actions on bookings, for the desk's routes and the agency's command line (scripts/receipt.ts). */
    desk: createDeskService(deps),
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
    /** The reminder 30 minutes before an unpaid hold for a transfer lapses (the hold-reminder job). */
    remindHolds: (now?: Date, limit?: number) => remindHolds(deps, now, limit),
    updateWhatsApp: (id: string, request: BookingWhatsAppRequest, actor: Actor) =>
      updateBookingWhatsApp(deps, id, request, actor),
    fulfilPending: (now?: Date, limit?: number) => fulfilPending(deps, now, limit),
    listForUser: (userId: string) => listBookingsForUser(deps, userId),
    events: (id: string) => repo.findEvents(db, id),
    findByReference: (reference: string) => repo.findBookingByReference(db, reference),
    airlineChange: (id: string) => getAirlineChange(deps, id),
    acceptAirlineChange: (id: string, actor: Actor) => acceptAirlineChange(deps, id, actor),
    declineHeldAirlineChange: (id: string, actor: Actor) => declineHeldAirlineChange(deps, id, actor),
    quoteCancellation: (id: string, actor: Actor) => quoteCancellation(deps, id, actor),
    confirmCancellation: (id: string, quoteId: string, actor: Actor) => confirmCancellation(deps, id, quoteId, actor),
    cancelHeldBooking: (id: string, actor: Actor) => cancelHeldBooking(deps, id, actor),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
