import { AGENCY_TIME_ZONE, type Currency } from '@kwenda/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { supplierChangeCondition } from '../admin-bookings/supplier-change-conditions.js';

/**
 * Every query of the "Today" dashboard. Days are Khartoum calendar days: a day's bounds are turned
 * into instants in SQL (`day::timestamp AT TIME ZONE zone`), so the range tests stay on the indexed
 * timestamps, and a row's own day is `(at AT TIME ZONE zone)::date`. Counts come back as int and sums
 * as float8, which both drivers (PGlite, node-postgres) read as numbers.
 */

const ZONE = sql.raw(`'${AGENCY_TIME_ZONE}'`);

/** The instant a Khartoum day (yyyy-MM-dd) starts. */
const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${ZONE})`;
/** The instant after a Khartoum day (yyyy-MM-dd) ends. */
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;
/** The Khartoum day of an instant column, as yyyy-MM-dd text. */
const dayOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE ${ZONE}, 'YYYY-MM-DD')`;

/**
 * A booking's payment was confirmed: the event that moved it into payment-confirmed (card paid,
 * transfer approved, whatever the trigger). Ticketing retries stay in that status and do not match.
 */
const PAID_EVENT = sql`e.to_status = 'payment-confirmed' AND e.from_status IS DISTINCT FROM 'payment-confirmed'`;

/** The offers page, with or without an agent's referral code before it (/offers, /KW2024/offers). */
const OFFERS_PAGE_PATH = '^(/[^/]+)?/offers$';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface ActionCounts {
  transfersToVerify: number;
  holdsExpiringSoon: number;
  paidNotTicketed: number;
  refundRequiredPayments: number;
  canceledPaid: number;
  offerUnavailable: number;
  priceChanged: number;
  rescheduled: number;
}

/** What needs someone now (see dashboardActionsSchema for what each count means). */
export async function countActions(
  db: Db,
  { now, holdWithinMinutes }: { now: Date; holdWithinMinutes: number },
): Promise<ActionCounts> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [counts] = await rows<ActionCounts>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM payment_receipts r JOIN bookings b ON b.id = r.booking_id
        WHERE r.status = 'submitted' AND b.status = 'pending-payment' AND b.payment_method = 'bank-transfer') AS "transfersToVerify",
      (SELECT count(*)::int FROM bookings b
        WHERE b.status = 'pending-payment' AND b.hold_expires_at > ${at}
          AND b.hold_expires_at <= ${at} + make_interval(mins => ${holdWithinMinutes})) AS "holdsExpiringSoon",
      (SELECT count(*)::int FROM bookings b WHERE b.status = 'payment-confirmed') AS "paidNotTicketed",
      (SELECT count(*)::int FROM payments p WHERE p.status = 'refund-required') AS "refundRequiredPayments",
      (SELECT count(*)::int FROM bookings b WHERE b.status = 'canceled'
        AND EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id AND p.status = 'succeeded')
        AND (SELECT sum(p.amount) FROM payments p
              WHERE p.booking_id = b.id AND p.status IN ('succeeded', 'refund-required', 'refunded'))
          > (SELECT coalesce(sum(f.amount), 0) FROM booking_refunds f WHERE f.booking_id = b.id)) AS "canceledPaid",
      (SELECT count(*)::int FROM bookings WHERE ${supplierChangeCondition('offer-unavailable', at)}) AS "offerUnavailable",
      (SELECT count(*)::int FROM bookings WHERE ${supplierChangeCondition('price-changed', at)}) AS "priceChanged",
      (SELECT count(*)::int FROM bookings WHERE ${supplierChangeCondition('rescheduled', at)}) AS "rescheduled"`,
  );
  return counts!;
}

/** Bookings ticketed on a Khartoum day. */
export async function countTicketed(db: Db, day: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bookings WHERE ticketed_at >= ${dayStart(day)} AND ticketed_at < ${dayEnd(day)}`,
  );
  return row!.n;
}

/** Bookings created on each day of [from, to] (days without any are absent). */
export async function bookingsPerDay(db: Db, from: string, to: string): Promise<{ day: string; bookings: number }[]> {
  return rows(
    db,
    sql`SELECT ${dayOf(sql`created_at`)} AS day, count(*)::int AS bookings
      FROM bookings WHERE created_at >= ${dayStart(from)} AND created_at < ${dayEnd(to)}
      GROUP BY 1 ORDER BY 1`,
  );
}

/**
 * Bookings paid on each day of [from, to] and their amounts, per day and currency (a booking is
 * counted on the day its payment was confirmed, with the amount it was sold at).
 */
export async function paidPerDay(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; currency: Currency; paid: number; amount: number }[]> {
  return rows(
    db,
    sql`SELECT ${dayOf(sql`e.created_at`)} AS day, b.currency, count(*)::int AS paid, sum(b.amount)::float8 AS amount
      FROM booking_events e JOIN bookings b ON b.id = e.booking_id
      WHERE ${PAID_EVENT} AND e.created_at >= ${dayStart(from)} AND e.created_at < ${dayEnd(to)}
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

/** Paid amounts over [from, to] per currency, summed in SQL (no float drift from adding days up). */
export async function paidTotals(db: Db, from: string, to: string): Promise<{ currency: Currency; amount: number }[]> {
  return rows(
    db,
    sql`SELECT b.currency, sum(b.amount)::float8 AS amount
      FROM booking_events e JOIN bookings b ON b.id = e.booking_id
      WHERE ${PAID_EVENT} AND e.created_at >= ${dayStart(from)} AND e.created_at < ${dayEnd(to)}
      GROUP BY 1 ORDER BY 1`,
  );
}

/**
 * The funnel over [from, to]: offers-page views, bookings created, and of those bookings the ones
 * paid so far (so each step is part of the one before it).
 */
export async function funnel(
  db: Db,
  from: string,
  to: string,
): Promise<{ offersPageViews: number; bookings: number; paid: number; searches: number }> {
  const [row] = await rows<{ offersPageViews: number; bookings: number; paid: number; searches: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM page_views v
        WHERE v.day BETWEEN ${from}::date AND ${to}::date AND v.path ~* ${OFFERS_PAGE_PATH}) AS "offersPageViews",
      (SELECT count(*)::int FROM bookings b
        WHERE b.created_at >= ${dayStart(from)} AND b.created_at < ${dayEnd(to)}) AS bookings,
      (SELECT count(*)::int FROM bookings b
        WHERE b.created_at >= ${dayStart(from)} AND b.created_at < ${dayEnd(to)}
          AND EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND ${PAID_EVENT})) AS paid,
      (SELECT coalesce(sum(s.searches), 0)::int FROM route_searches s
        WHERE s.day BETWEEN ${from}::date AND ${to}::date) AS searches`,
  );
  return row!;
}

/**
 * The most searched routes over [from, to], with the bookings created on each route in the period
 * (the route of a booking is its first flight, as for a search) and how many of them were paid.
 */
export async function searchedRoutes(
  db: Db,
  from: string,
  to: string,
  limit: number,
): Promise<{ origin: string; destination: string; searches: number; bookings: number; paid: number }[]> {
  return rows(
    db,
    sql`WITH searched AS (
        SELECT origin, destination, sum(searches)::int AS searches FROM route_searches
        WHERE day BETWEEN ${from}::date AND ${to}::date GROUP BY 1, 2
      ), booked AS (
        SELECT b.offer #>> '{slices,0,origin}' AS origin, b.offer #>> '{slices,0,destination}' AS destination,
          count(*)::int AS bookings,
          count(*) FILTER (WHERE EXISTS (SELECT 1 FROM booking_events e WHERE e.booking_id = b.id AND ${PAID_EVENT}))::int AS paid
        FROM bookings b WHERE b.created_at >= ${dayStart(from)} AND b.created_at < ${dayEnd(to)} GROUP BY 1, 2
      )
      SELECT s.origin, s.destination, s.searches, coalesce(k.bookings, 0) AS bookings, coalesce(k.paid, 0) AS paid
      FROM searched s LEFT JOIN booked k ON k.origin = s.origin AND k.destination = s.destination
      ORDER BY s.searches DESC, s.origin, s.destination
      LIMIT ${limit}`,
  );
}

/**
 * Supplier currencies whose offers searches left out for want of a rate (counted by the offers module,
 * modules/rates/unpriced-offers-counter.ts) and that still have no rate in effect, most offers first.
 */
export async function unpricedCurrencies(
  db: Db,
): Promise<{ currency: string; offers: number; firstSeenAt: Date; lastSeenAt: Date }[]> {
  const found = await rows<{
    currency: string;
    offers: string | number;
    first_seen_at: Date | string;
    last_seen_at: Date | string;
  }>(
    db,
    sql`SELECT u.currency, u.offers, u.first_seen_at, u.last_seen_at FROM unpriced_offer_currencies u
      WHERE NOT EXISTS (SELECT 1 FROM exchange_rates r WHERE r.currency = u.currency)
      ORDER BY u.offers DESC, u.currency`,
  );
  return found.map((row) => ({
    currency: row.currency,
    offers: Number(row.offers),
    firstSeenAt: new Date(row.first_seen_at),
    lastSeenAt: new Date(row.last_seen_at),
  }));
}
