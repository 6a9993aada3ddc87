import type { DashboardResponse } from '@kwenda/contracts/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDashboardService } from '../src/modules/admin-dashboard/dashboard-service.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * The dashboard's figures from seeded rows. The clock is 2030-03-10 23:30 in Khartoum (21:30 UTC):
 * Khartoum is UTC+2, so 2030-03-09T22:05Z is already "today" there while 2030-03-09T21:55Z is still
 * yesterday, though both are 9 March in UTC.
 */
const NOW = new Date('2030-03-10T21:30:00Z');
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

interface SeedBooking {
  id: string;
  status: string;
  createdAt: string;
  route?: [string, string];
  currency?: string;
  amount?: number;
  holdExpiresAt?: string | null;
  ticketedAt?: string | null;
  paymentMethod?: 'card' | 'bank-transfer' | null;
}

describe.each(backends)('the dashboard on %s', (backend) => {
  let database: TestDatabase;
  let dashboard: DashboardResponse;
  let month: DashboardResponse;

  const exec = (text: string, params: unknown[] = []) => database.sql.query(text, params);

  async function booking(seed: SeedBooking) {
    const [origin, destination] = seed.route ?? ['PZU', 'CAI'];
    const offer = { slices: [{ origin, destination, segments: [] }], totalAmount: 100, totalCurrency: 'USD' };
    await exec(
      `INSERT INTO bookings (id, booking_reference, status, status_trigger, offer_reference, offer, offer_expires_at,
         passenger_counts, requested_baggage, currency, exchange_rate, amount, segments_key, hold_expires_at,
         payment_method, ticketed_at, created_at, updated_at, supplier)
       VALUES ($1, $2, $3, 'booking-created', 'off_test', $4, $5, '{"adults":1,"children":0,"infants":0}',
         '{"hold":0,"carryOn":0}', $6, 1, $7, $1, $8, $9, $10, $5, $5, 'sandbox')`,
      [
        seed.id,
        `KW${seed.id.toUpperCase()}`,
        seed.status,
        JSON.stringify(offer),
        seed.createdAt,
        seed.currency ?? 'SDG',
        seed.amount ?? 100,
        seed.holdExpiresAt ?? null,
        seed.paymentMethod ?? null,
        seed.ticketedAt ?? null,
      ],
    );
  }
  const event = (bookingId: string, from: string | null, to: string, trigger: string, at: string) =>
    exec(
      `INSERT INTO booking_events (booking_id, from_status, to_status, status_trigger, actor, created_at)
       VALUES ($1, $2, $3, $4, 'test', $5)`,
      [bookingId, from, to, trigger, at],
    );
  const paidAt = (bookingId: string, at: string) =>
    event(bookingId, 'pending-payment', 'payment-confirmed', 'payment-succeeded', at);
  const payment = (bookingId: string, status: string) =>
    exec(`INSERT INTO payments (id, booking_id, provider, status, amount, currency) VALUES ($1, $2, 'sandbox', $3, 100, 'SDG')`, [
      `pay_${bookingId}_${status}`,
      bookingId,
      status,
    ]);
  const receipt = (bookingId: string, n: number, status = 'submitted') =>
    exec(
      `INSERT INTO payment_receipts (id, booking_id, file_name, content_type, size_bytes, sha256, storage_path, status)
       VALUES ($1, $2, 'r.pdf', 'application/pdf', 1, 'x', '/dev/null', $3)`,
      [`rc_${bookingId}_${n}`, bookingId, status],
    );
  const pageViews = (day: string, path: string, n: number) =>
    exec(`INSERT INTO page_views (day, path, language) SELECT $1, $2, 'ar' FROM generate_series(1, $3::int)`, [day, path, n]);
  const searches = (day: string, origin: string, destination: string, n: number) =>
    exec(`INSERT INTO route_searches (day, origin, destination, searches) VALUES ($1, $2, $3, $4)`, [
      day,
      origin,
      destination,
      n,
    ]);

  beforeAll(async () => {
    database = await createTestDatabase(backend);

    // Today (Khartoum): paid and ticketed today, created 00:05 Khartoum time.
    await booking({
      id: 'today1',
      status: 'confirmed',
      createdAt: '2030-03-09T22:05:00Z',
      amount: 1000,
      ticketedAt: '2030-03-09T23:00:00Z',
    });
    await paidAt('today1', '2030-03-09T22:30:00Z');
    // Yesterday (23:55 Khartoum time, the same UTC date as today1): paid yesterday, ticketing failed since.
    await booking({
      id: 'yday1',
      status: 'payment-confirmed',
      createdAt: '2030-03-09T21:55:00Z',
      currency: 'USD',
      amount: 250.5,
    });
    await paidAt('yday1', '2030-03-09T21:58:00Z');
    await event('yday1', 'payment-confirmed', 'payment-confirmed', 'ticketing-failed', '2030-03-09T22:10:00Z');
    // Today: two receipts waiting for one transfer, hold ending in 20 minutes.
    await booking({
      id: 'held1',
      status: 'pending-payment',
      createdAt: '2030-03-10T21:00:00Z',
      route: ['KRT', 'JED'],
      holdExpiresAt: minutesFromNow(20),
      paymentMethod: 'bank-transfer',
    });
    await receipt('held1', 1);
    await receipt('held1', 2);
    // A hold ending in 45 minutes and one that has ended but not yet been swept: neither is "soon".
    await booking({
      id: 'held2',
      status: 'pending-payment',
      createdAt: '2030-03-05T10:00:00Z',
      route: ['KRT', 'JED'],
      holdExpiresAt: minutesFromNow(45),
    });
    await booking({
      id: 'held3',
      status: 'pending-payment',
      createdAt: '2030-03-05T11:00:00Z',
      route: ['KRT', 'JED'],
      holdExpiresAt: minutesFromNow(-5),
    });
    // A decided receipt is no transfer to verify, nor one of a booking whose hold has ended.
    await receipt('held2', 1, 'rejected');
    await booking({ id: 'expired1', status: 'canceled', createdAt: '2030-01-05T10:00:00Z', paymentMethod: 'bank-transfer' });
    await receipt('expired1', 1);
    // Paid, then canceled, not refunded yet: a refund to make (paid 20 days ago: in 30 days, not in 7).
    await booking({ id: 'cancel1', status: 'canceled', createdAt: '2030-02-20T10:00:00Z', amount: 700 });
    await paidAt('cancel1', '2030-02-20T10:30:00Z');
    await payment('cancel1', 'succeeded');
    // A hold that expired with late card money: the refund-required payment is the request, not the booking.
    await booking({ id: 'cancel2', status: 'canceled', createdAt: '2030-03-06T10:00:00Z' });
    await payment('cancel2', 'refund-required');
    // Paid, canceled and refunded in full (the payment itself stays succeeded): nothing to do.
    await booking({ id: 'cancel3', status: 'canceled', createdAt: '2030-01-06T10:00:00Z' });
    await payment('cancel3', 'succeeded');
    await exec(
      `INSERT INTO booking_refunds (id, booking_id, amount, currency, method, reference, recorded_by)
       VALUES ('rf_1', 'cancel3', 100, 'SDG', 'bank-transfer', 'TRX-1', 'staff:u_1')`,
    );
    // Refunded already: nothing to do.
    await booking({ id: 'refunded1', status: 'refunded', createdAt: '2030-03-06T11:00:00Z' });
    await payment('refunded1', 'refunded');
    // Supplier changes: withdrawn 2 h ago (counts) and 30 h ago (old news); repriced 1 h ago and left
    // unpaid (counts) or paid for since (does not); a schedule change (always counts).
    await booking({ id: 'gone1', status: 'offer-unavailable', createdAt: minutesFromNow(-130) });
    await event('gone1', 'created', 'offer-unavailable', 'offer-unavailable', minutesFromNow(-120));
    await booking({ id: 'gone2', status: 'offer-unavailable', createdAt: minutesFromNow(-1810) });
    await event('gone2', 'created', 'offer-unavailable', 'offer-unavailable', minutesFromNow(-1800));
    await booking({ id: 'dear1', status: 'created', createdAt: minutesFromNow(-70) });
    await event('dear1', 'created', 'created', 'price-changed', minutesFromNow(-60));
    await booking({ id: 'dear2', status: 'pending-payment', createdAt: minutesFromNow(-70), holdExpiresAt: minutesFromNow(100) });
    await event('dear2', 'created', 'created', 'price-changed', minutesFromNow(-60));
    await booking({ id: 'moved1', status: 'rescheduled', createdAt: '2030-01-01T10:00:00Z' });
    // The 7-day period starts on 4 March in Khartoum: 00:30 there is in, 23:30 the day before is out.
    await booking({ id: 'edge1', status: 'created', createdAt: '2030-03-03T22:30:00Z', route: ['DXB', 'KRT'] });
    await booking({ id: 'edge2', status: 'created', createdAt: '2030-03-03T21:30:00Z', route: ['DXB', 'KRT'] });

    await pageViews('2030-03-10', '/offers', 3);
    await pageViews('2030-03-05', '/KW2024/offers', 1);
    await pageViews('2030-03-05', '/', 5);
    await pageViews('2030-03-05', '/booking/:id', 2);
    await pageViews('2030-03-03', '/offers', 4);

    await searches('2030-03-10', 'PZU', 'CAI', 5);
    await searches('2030-03-09', 'PZU', 'CAI', 2);
    await searches('2030-03-10', 'KRT', 'JED', 3);
    await searches('2030-03-04', 'DXB', 'KRT', 4);
    await searches('2030-03-03', 'KRT', 'CAI', 9);

    const service = createDashboardService({ database, clock: () => NOW });
    dashboard = await service.getDashboard('7');
    month = await service.getDashboard('30');
  });
  afterAll(async () => database?.destroy());
  beforeEach(() => expect(dashboard).toBeDefined());

  it('counts what needs action now', () => {
    expect(dashboard.actions).toEqual({
      transfersToVerify: 2,
      holdsExpiringSoon: 1,
      paidNotTicketed: 1,
      refundRequests: { total: 2, refundRequiredPayments: 1, canceledPaid: 1 },
      supplierChanges: { total: 3, offerUnavailable: 1, priceChanged: 1, rescheduled: 1 },
    });
    // The counts do not depend on the period shown.
    expect(month.actions).toEqual(dashboard.actions);
  });

  it("counts today's bookings, payments and tickets by the Khartoum day", () => {
    expect(dashboard.generatedAt).toBe(NOW.toISOString());
    // today1 (00:05), held1, gone1, dear1, dear2 were created today in Khartoum; yday1 (23:55) was not.
    expect(dashboard.today).toEqual({
      day: '2030-03-10',
      bookings: 5,
      paid: 1,
      paidAmounts: [{ currency: 'SDG', amount: 1000 }],
      ticketed: 1,
    });
  });

  it('gives every day of the period, oldest first, with the days without bookings', () => {
    expect(dashboard.period).toMatchObject({ days: 7, from: '2030-03-04', to: '2030-03-10' });
    expect(dashboard.period.daily.map((day) => day.day)).toEqual([
      '2030-03-04',
      '2030-03-05',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
      '2030-03-10',
    ]);
    expect(dashboard.period.daily.map((day) => day.bookings)).toEqual([1, 2, 2, 0, 0, 2, 5]);
    expect(dashboard.period.daily[5]).toEqual({
      day: '2030-03-09',
      bookings: 2,
      // The ticketing failure after the payment is not a second payment.
      paid: 1,
      paidAmounts: [{ currency: 'USD', amount: 250.5 }],
    });
    expect(dashboard.period.bookings).toBe(12);
    expect(dashboard.period.paid).toBe(2);
    expect(dashboard.period.paidAmounts).toEqual([
      { currency: 'SDG', amount: 1000 },
      { currency: 'USD', amount: 250.5 },
    ]);
    expect(month.period).toMatchObject({ days: 30, from: '2030-02-09', to: '2030-03-10', bookings: 14, paid: 3 });
    expect(month.period.daily).toHaveLength(30);
    expect(month.period.paidAmounts).toEqual([
      { currency: 'SDG', amount: 1700 },
      { currency: 'USD', amount: 250.5 },
    ]);
  });

  it('measures the funnel from offers-page views to bookings to paid', () => {
    // Views of /offers with or without a referral code; the home page and a booking page are not offers views.
    expect(dashboard.period.funnel).toEqual({ offersPageViews: 4, bookings: 12, paid: 2 });
    expect(month.period.funnel).toEqual({ offersPageViews: 8, bookings: 14, paid: 3 });
    expect(dashboard.period.searches).toBe(14);
    expect(month.period.searches).toBe(23);
  });

  it('lists the most searched routes with the bookings made and paid on them', () => {
    expect(dashboard.period.routes).toEqual([
      { origin: 'PZU', destination: 'CAI', searches: 7, bookings: 8, paid: 2 },
      { origin: 'DXB', destination: 'KRT', searches: 4, bookings: 1, paid: 0 },
      { origin: 'KRT', destination: 'JED', searches: 3, bookings: 3, paid: 0 },
    ]);
    expect(month.period.routes[0]).toEqual({ origin: 'KRT', destination: 'CAI', searches: 9, bookings: 0, paid: 0 });
  });
});
