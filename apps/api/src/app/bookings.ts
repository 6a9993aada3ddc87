import { adminBookingsRoutes } from '../modules/admin-bookings/admin-bookings-routes.js';
import { createAdminBookingsService } from '../modules/admin-bookings/admin-bookings-service.js';
import { bookingIdSchema, type Booking } from '@kwenda/contracts';
import { bookingAccessEmailsOf } from '../modules/booking-access/booking-access-emails.js';
import { registerBookingAccessGuard, seesWhole } from '../modules/booking-access/booking-access-guard.js';
import { bookingAccessRoutes } from '../modules/booking-access/booking-access-routes.js';
import { createBookingAccessService } from '../modules/booking-access/booking-access-service.js';
import { adminAirlineChangeRoutes } from '../modules/bookings/admin/airline-change-routes.js';
import { deskRoutes } from '../modules/bookings/admin/desk-routes.js';
import { bookingMessagesOf } from '../modules/bookings/booking-emails.js';
import type { CheckoutPort } from '../modules/bookings/booking-ports.js';
import { createBookingService } from '../modules/bookings/booking-service.js';
import { bookingsRoutes } from '../modules/bookings/bookings-routes.js';
import { createHoldLimits, holdCapsOf } from '../modules/bookings/hold-limits.js';
import { deskMessagesOf } from '../modules/bookings/desk-emails.js';
import { bankAccountsOf } from '../modules/config/config-routes.js';
import { ticketsRoutes } from '../modules/tickets/tickets-routes.js';
import { staffActorOf } from '../modules/bookings/use-cases/staff-deps.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * Bookings, the only module that changes a booking: the traveller's routes, who may see a booking
 * whole, the e-ticket, the desk's routes, and the jobs that end unpaid holds and retry ticketing.
 */
export function bookingsModule(context: AppContext, { checkout }: { checkout: CheckoutPort }) {
  const { app, env, database, mail, mailContext, secureCookies } = context;
  const messages = bookingMessagesOf(mailContext);
  const bookings = createBookingService({
    database,
    suppliers: context.suppliers,
    rates: context.rates,
    publicUrl: context.publicUrl,
    holdMinutes: env.HOLD_MINUTES,
    agencyEmail: env.SUPPORT_EMAIL,
    mail,
    messenger: context.messenger,
    messages,
    deskMessages: deskMessagesOf(mailContext),
    logger: app.log,
    supplierCallLeaseMs: env.SUPPLIER_CALL_LEASE_SECONDS * 1000,
    holds: createHoldLimits({ caps: holdCapsOf(env) }),
    bankAccounts: bankAccountsOf(env),
    manualTicketing: { hours: env.MANUAL_TICKETING_HOURS, support: { ...env.SUPPORT_DAYS, ...env.SUPPORT_HOURS } },
    checkout,
  });
  // Who sees a booking whole: its account, or the guest's browser holding its access cookie. The guard
  // sits in front of every owner-only booking route, so it is registered before the routes.
  const access = createBookingAccessService({ database, mail, emails: bookingAccessEmailsOf(mailContext), logger: app.log });
  registerBookingAccessGuard(app, { access });

  const module: AppModule = {
    async routes(api) {
      await api.register(bookingsRoutes, { bookings, suppliers: context.suppliers, access, secureCookies });
      await api.register(bookingAccessRoutes, { access, secureCookies });
      await api.register(ticketsRoutes, {
        getBooking: bookings.getBooking,
        renderETicket: (booking) => messages.renderETicket(booking),
      });
      await api.register(adminBookingsRoutes, {
        adminBookings: createAdminBookingsService({
          database,
          getBooking: bookings.getBooking,
          isOptedOut: (tx, phone) => context.messenger.isOptedOut(tx, phone),
          resendETicketOnWhatsApp: (id, input, staffUserId) =>
            bookings.desk.resendETicketOnWhatsApp(id, input, staffActorOf(staffUserId)),
        }),
      });
      await api.register(deskRoutes, { desk: bookings.desk });
      await api.register(adminAirlineChangeRoutes, { desk: bookings.desk });
    },
    jobs: [
      { name: 'hold-reminder', run: (now) => bookings.remindHolds(now) },
      { name: 'hold-expiry', run: (now) => bookings.expireHolds(now) },
      { name: 'ticketing-retry', run: (now) => bookings.fulfilPending(now) },
    ],
  };
  /**
   * The booking as GET /api/v1/bookings/:id answers the browser that sent this Cookie header, when that
   * browser holds one of its grants (the page's copy of the access cookie); null for anyone else, and for
   * an account's booking (the session is a bearer token, which a page request does not carry). The
   * server paints the booking's page with it (plugins/web-app.ts).
   */
  const bookingForPage = async (id: string, cookieHeader: string | undefined): Promise<Booking | null> => {
    if (!cookieHeader || !bookingIdSchema.safeParse(id).success) return null;
    const booking = await bookings.getBookingFor(id, (row) => seesWhole(access, row, { userId: null, cookieHeader }));
    return booking?.access === 'full' ? booking : null;
  };
  return { service: bookings, module, bookingForPage };
}
