import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testEnv } from './helpers/test-env.js';
import { supplierRegistryOf } from '../src/suppliers/create-supplier.js';
import type { Supplier } from '../src/suppliers/supplier.js';
import { findOffer, guestHeaders, pay, readyBooking, rememberGuestCookie } from './helpers/booking-factories.js';
import { offerRequest } from './helpers/factories.js';
import type { TestContext } from './helpers/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * A supplier that answers no search and must never be asked about a booking it does not hold: each
 * call is recorded, and any booking step throws.
 */
function acmeSupplier() {
  const asked: string[] = [];
  const refuse = (method: string) => async () => {
    asked.push(method);
    throw new Error(`acme was asked to ${method}`);
  };
  const supplier: Supplier = {
    name: 'acme',
    async searchOffers() {
      asked.push('searchOffers');
      return [];
    },
    async *streamOffers() {
      asked.push('streamOffers');
      yield { offers: [], remainingBatches: 0, totalBatches: 1 };
    },
    getOffer: refuse('getOffer'),
    getSeatMap: refuse('getSeatMap'),
    passengerRequirements: () => {
      asked.push('passengerRequirements');
      return [];
    },
    createOrder: refuse('createOrder'),
    createInstantOrder: refuse('createInstantOrder'),
    ticketOrder: refuse('ticketOrder'),
    cancelOrder: refuse('cancelOrder'),
    getOrder: refuse('getOrder'),
    findOrder: refuse('findOrder'),
    quoteCancellation: refuse('quoteCancellation'),
    confirmCancellation: refuse('confirmCancellation'),
    airlineChanges: refuse('airlineChanges'),
    acceptAirlineChange: refuse('acceptAirlineChange'),
  };
  return { supplier, asked };
}

describe.each(backends)('suppliers by name (%s)', (backend) => {
  let database: TestDatabase;
  let before: TestContext;
  let after: TestContext;
  let acme: ReturnType<typeof acmeSupplier>;

  beforeAll(async () => {
    const env = testEnv();
    database = await createTestDatabase(backend);
    // One database, two servers: as the agency's server before and after SUPPLIER changed.
    const context = (app: App): TestContext => ({ app, bookings: app.kwenda.bookings, database, env, close: () => app.close() });
    before = context(await buildApp({ env, database }));
    acme = acmeSupplier();
    after = context(await buildApp({ env, database, supplier: acme.supplier }));
    await Promise.all([before.app.ready(), after.app.ready()]);
  });
  afterAll(async () => {
    await before?.close();
    await after?.close();
    await database?.destroy();
  });

  it('searches go to the current supplier', async () => {
    const response = await after.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload: offerRequest() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ offers: [], total: 0 });
    expect(acme.asked).toContain('searchOffers');
  });

  it('a booking made on the sandbox is held, shown and seated by the sandbox after the switch', async () => {
    const booking = await readyBooking(before, await findOffer(before));
    const [row] = await database.sql.query<{ supplier: string }>('SELECT supplier FROM bookings WHERE id = $1', [booking.id]);
    expect(row?.supplier).toBe('sandbox');
    // The traveller's browser is the same one, whichever process answers it.
    rememberGuestCookie(after, booking.id, guestHeaders(before, booking.id).cookie!);
    acme.asked.length = 0;

    const paid = await pay(after, booking.id, true);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ booking: { status: 'pending-payment' } });
    const [order] = await database.sql.query<{ state: string }>(
      'SELECT o.state FROM sandbox_orders o JOIN bookings b ON b.supplier_order_id = o.id WHERE b.id = $1',
      [booking.id],
    );
    expect(order?.state).toBe('held');
    const seats = await after.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/seat-map?slice=0` });
    expect(seats.statusCode).toBe(200);
    expect(acme.asked).toEqual([]);
  });

  it('a booking held by a supplier this server is not configured for is refused with 503, not sent elsewhere', async () => {
    const booking = await readyBooking(before, await findOffer(before), 'HAMAD');
    await database.sql.query("UPDATE bookings SET supplier = 'duffel' WHERE id = $1", [booking.id]);
    acme.asked.length = 0;
    const paid = await pay(before, booking.id, true);
    expect(paid.statusCode).toBe(503);
    expect(paid.json()).toMatchObject({ code: 'SUPPLIER_NOT_CONFIGURED' });
    const seats = await before.app.inject({ method: 'GET', url: `/api/v1/bookings/${booking.id}/seat-map?slice=0` });
    expect(seats.statusCode).toBe(503);
    expect(seats.json()).toMatchObject({ code: 'SUPPLIER_NOT_CONFIGURED' });
    // Nothing was held, and the booking waits as it was.
    const [row] = await database.sql.query<{ status: string; supplier_order_id: string | null }>(
      'SELECT status, supplier_order_id FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(row).toEqual({ status: 'created', supplier_order_id: null });
    expect(acme.asked).toEqual([]);
  });
});

describe('the suppliers a search asks', () => {
  it("are the current one and the agency's seats, unless AGENCY_SEATS_SELLING is false", () => {
    const named = (name: string) => ({ ...acmeSupplier().supplier, name }) as Supplier;
    const suppliers = [named('sandbox'), named('agency-seats'), named('duffel')];
    expect(supplierRegistryOf(suppliers, 'duffel').selling.map((s) => s.name)).toEqual(['duffel', 'agency-seats']);
    expect(supplierRegistryOf(suppliers, 'sandbox', { agencySeatsSelling: false }).selling.map((s) => s.name)).toEqual([
      'sandbox',
    ]);
    // A booking of an offer goes to the selling supplier that made it, else to the current one.
    const agency = { ...named('agency-seats'), ownsOfferReference: (r: string) => r.startsWith('as1.') } as Supplier;
    const registry = supplierRegistryOf([named('duffel'), agency], 'duffel');
    expect(registry.forOffer('as1.eyJ9').name).toBe('agency-seats');
    expect(registry.forOffer('off_0000AgJ2').name).toBe('duffel');
  });
});
