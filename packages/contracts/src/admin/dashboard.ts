import '../zod-config.js';
import { z } from 'zod';
import { isoDateSchema } from '../common.js';
import { currencies } from '../currencies.js';

/**
 * GET /api/v1/admin/dashboard (any staff role): the "Today" screen. Days are the agency's calendar
 * days in Khartoum; every figure is counted by the server.
 */

/** The periods the charts, funnel and routes cover: the last 7 or 30 days, today included. */
export const DASHBOARD_PERIODS = ['7', '30'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** A hold ending within this many minutes needs the desk now (the traveller may be mid-transfer). */
export const HOLD_EXPIRING_SOON_MINUTES = 30;
/** Supplier changes older than this are no longer news the desk has to look at. */
export const SUPPLIER_CHANGES_WINDOW_HOURS = 24;
/** How many searched routes the screen lists, most searched first. */
export const TOP_SEARCHED_ROUTES = 10;

export const dashboardQuerySchema = z.object({
  days: z.enum(DASHBOARD_PERIODS, { error: () => 'days must be 7 or 30' }).default('7'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = z.number().int().min(0);

/** A sum of money in one currency (bookings keep the currency they were sold in: never converted here). */
export const currencyAmountSchema = z.object({ currency: z.enum(currencies), amount: z.number() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/**
 * What needs someone now. Each count is what its screen lists:
 * - transfersToVerify: bank-transfer receipts waiting for a decision on bookings still held for
 *   their transfer (the transfers screen lists each);
 * - holdsExpiringSoon: unpaid bookings (pending payment) whose hold ends within the next
 *   HOLD_EXPIRING_SOON_MINUTES minutes;
 * - paidNotTicketed: paid bookings without tickets yet (payment confirmed, ticketing waiting or failed);
 * - refundRequests: money to give back: payments marked refund-required (money that arrived for a
 *   booking that could not take it) plus canceled bookings that had been paid and are not fully
 *   refunded yet (the refunds screen's two lists);
 * - supplierChanges: what the airline changed that a traveller may need a call about: bookings whose
 *   offer the supplier withdrew (offer-unavailable) and bookings repriced by the supplier (price-changed)
 *   that the traveller then left unpaid, both within the last SUPPLIER_CHANGES_WINDOW_HOURS hours, plus
 *   every booking the airline rescheduled (a schedule change always needs the traveller told).
 */
export const dashboardActionsSchema = z.object({
  transfersToVerify: count,
  holdsExpiringSoon: count,
  paidNotTicketed: count,
  refundRequests: z.object({ total: count, refundRequiredPayments: count, canceledPaid: count }),
  supplierChanges: z.object({ total: count, offerUnavailable: count, priceChanged: count, rescheduled: count }),
});
export type DashboardActions = z.infer<typeof dashboardActionsSchema>;

/** One Khartoum day: bookings made, bookings paid and what they paid, per currency. */
export const dashboardDaySchema = z.object({
  day: isoDateSchema,
  /** Bookings created this day, whatever became of them. */
  bookings: count,
  /** Bookings whose payment was confirmed this day (card or approved transfer). */
  paid: count,
  /** The amounts of those bookings, per currency (refunds made later are not taken off). */
  paidAmounts: z.array(currencyAmountSchema),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/**
 * Offers page views -> bookings -> paid over the period: views of the offers page (any referral
 * prefix), bookings created in the period, and how many of those bookings have been paid so far.
 */
export const dashboardFunnelSchema = z.object({ offersPageViews: count, bookings: count, paid: count });
export type DashboardFunnel = z.infer<typeof dashboardFunnelSchema>;

/**
 * A route travellers searched (the first flight of the search: origin -> destination) with the
 * bookings made on it in the period (first flight of the booking) and how many of those were paid.
 */
export const searchedRouteSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  searches: count,
  bookings: count,
  paid: count,
});
export type SearchedRoute = z.infer<typeof searchedRouteSchema>;

/** A supplier currency without a rate: its offers were left out of searches (counted since first seen). */
export const unpricedCurrencySchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  offers: count,
  firstSeenAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type UnpricedCurrency = z.infer<typeof unpricedCurrencySchema>;

/**
 * Background work given up on (dead): rows of each job table that failed on every attempt, or for
 * longer than their table allows, and that nobody will try again. Each needs a person: the server's
 * logs say why.
 * - mail: e-mails never delivered;
 * - supplierCalls: holds, ticketings and cancellations the supplier never said the end of;
 * - supplierEvents: supplier notifications (airline changes, failed orders) never processed;
 * - gatewayWebhooks: the sandbox gateway's notifications never taken;
 * - reconciliation: card checkouts the payment provider was asked about for three days without an end.
 */
export const dashboardDeadLettersSchema = z.object({
  total: count,
  mail: count,
  supplierCalls: count,
  supplierEvents: count,
  gatewayWebhooks: count,
  reconciliation: count,
});
export type DashboardDeadLetters = z.infer<typeof dashboardDeadLettersSchema>;

export const dashboardResponseSchema = z.object({
  generatedAt: z.iso.datetime(),
  deadLetters: dashboardDeadLettersSchema.default({
    total: 0,
    mail: 0,
    supplierCalls: 0,
    supplierEvents: 0,
    gatewayWebhooks: 0,
    reconciliation: 0,
  }),
  /** Currencies still without a rate whose offers searches left out, most offers first. */
  unpricedCurrencies: z.array(unpricedCurrencySchema).default([]),
  /** Today in Khartoum. */
  today: dashboardDaySchema.extend({
    /** Bookings ticketed this day. */
    ticketed: count,
  }),
  actions: dashboardActionsSchema,
  period: z.object({
    days: z.union([z.literal(7), z.literal(30)]),
    from: isoDateSchema,
    to: isoDateSchema,
    /** Every day of the period, oldest first, days without bookings included. */
    daily: z.array(dashboardDaySchema),
    bookings: count,
    paid: count,
    paidAmounts: z.array(currencyAmountSchema),
    funnel: dashboardFunnelSchema,
    /** Searches counted in the period (every route). */
    searches: count,
    /** The most searched routes, at most TOP_SEARCHED_ROUTES, most searched first. */
    routes: z.array(searchedRouteSchema),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
