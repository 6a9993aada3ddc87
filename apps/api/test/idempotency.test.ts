import type { Offer } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredKeys } from '../src/plugins/idempotency-repository.js';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { Supplier } from '../src/suppliers/supplier.js';
import {
  accessCookieOf,
  findOffer,
  getBooking,
  guestHeaders,
  passengersFor,
  rememberGuestCookie,
} from './helpers/booking-factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/**
 * The sandbox airline, with a door the test opens: a hold waits at it while `gate` is set, and the
 * next hold fails (the airline did not answer) while `failNext` is set.
 */
function gatedSupplier() {
  const control = {
    gate: null as null | { reached: () => void; open: Promise<void> },
    failNext: false,
    holds: 0,
  };
  const wrap = (real: Supplier): Supplier => ({
    ...real,
    async createOrder(...args: Parameters<Supplier['createOrder']>) {
      control.holds++;
      if (control.failNext) {
        control.failNext = false;
        throw new Error('connection reset');
      }
      if (control.gate) {
        control.gate.reached();
        await control.gate.open;
      }
      return real.createOrder(...args);
    },
  });
  return { control, wrap };
}

describe.each(backends)('Idempotency-Key on the booking requests on %s', (backend) => {
  let ctx: TestContext;
  let offer: Offer;
  const { control, wrap } = gatedSupplier();
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => wrap(createSandboxSupplier({ offerTtlMinutes: 30, database })),
    });
    offer = await findOffer(ctx, 'available');
  });
  afterAll(async () => ctx?.close());

  let families = 0;
  const family = () => `IDEM${String.fromCharCode(65 + Math.floor(families / 26))}${String.fromCharCode(65 + (families++ % 26))}`;
  const createBody = () => ({
    reference: offer.reference,
    payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency: offer.currency },
  });
  const create = (key: string | null, body: object = createBody(), remoteAddress = '10.70.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: key ? { 'idempotency-key': key } : {},
      payload: body,
      remoteAddress,
    });
  const countBookings = async () =>
    (await ctx.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings'))[0]!.n;
  /** A booking made without a key, its passengers saved: ready to pay. */
  async function ready() {
    const created = await create(null);
    const id = created.json().booking.id as string;
    rememberGuestCookie(ctx, id, accessCookieOf(created.headers['set-cookie'])!);
    const booking = await getBooking(ctx, id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${id}`,
      headers: guestHeaders(ctx, id),
      payload: {
        bookingId: id,
        payload: { passengers: passengersFor(booking, {}, family()), email: 'idem@example.sd', mobile: '+249912345600' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  }
  const pay = (id: string, key: string, payLater = true) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/bookings/${id}/pay`,
      headers: { ...guestHeaders(ctx, id), 'idempotency-key': key },
      payload: { payLater },
    });

  it('creating a booking twice with one key makes one booking and answers the retry the same, cookie included', async () => {
    const before = await countBookings();
    const first = await create('c0ffee00-0000-4000-8000-000000000001');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The body's keys in another order are the same body.
    const { reference, payload } = createBody();
    const retry = await create('c0ffee00-0000-4000-8000-000000000001', { payload, reference });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The guest's browser that lost the first answer still gets the booking's access cookie.
    expect(accessCookieOf(retry.headers['set-cookie'])).toBe(accessCookieOf(first.headers['set-cookie']));
    expect(await countBookings()).toBe(before + 1);
    // Without a key, each request is its own.
    await create(null);
    await create(null);
    expect(await countBookings()).toBe(before + 3);
  });

  it('the same key with another body is refused, naming the problem; nothing is created', async () => {
    const key = 'order-2026-05-01-a';
    expect((await create(key)).statusCode).toBe(201);
    const before = await countBookings();
    const other = createBody();
    other.payload.currency = other.payload.currency === 'USD' ? 'SDG' : 'USD';
    const reused = await create(key, other);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(reused.json().message).toMatch(/Idempotency-Key/);
    expect(await countBookings()).toBe(before);
  });

  it("keys are per caller: another client's key of the same name is not replayed to it", async () => {
    const key = 'shared-name-key';
    const mine = await create(key, createBody(), '10.70.1.1');
    const theirs = await create(key, createBody(), '10.70.1.2');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().booking.id).not.toBe(mine.json().booking.id);
  });

  it('saving passengers: the retry is replayed, another body refused', async () => {
    const created = await create(null);
    const id = created.json().booking.id as string;
    rememberGuestCookie(ctx, id, accessCookieOf(created.headers['set-cookie'])!);
    const booking = await getBooking(ctx, id);
    const body = {
      bookingId: id,
      payload: { passengers: passengersFor(booking, {}, family()), email: 'p@example.sd', mobile: '+249912345601' },
    };
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/bookings/${id}`,
        headers: { ...guestHeaders(ctx, id), 'idempotency-key': 'pax-1' },
        payload,
      });
    const first = await put(body);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await put(body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect((await put({ ...body, payload: { ...body.payload, email: 'q@example.sd' } })).json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('paying: a retry while the first is still running is told so (409); once done it gets the same answer', async () => {
    const id = await ready();
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    control.gate = { reached, open: new Promise<void>((resolve) => (open = resolve)) };
    const holdsBefore = control.holds;
    const first = pay(id, 'pay-key-1');
    await arrived;
    const meanwhile = await pay(id, 'pay-key-1');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    control.gate = null;
    open();
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(200);
    const retry = await pay(id, 'pay-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(answered.body);
    expect(control.holds).toBe(holdsBefore + 1);
    // The same key for another booking is another request.
    const other = await ready();
    expect((await pay(other, 'pay-key-1')).json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('an answer that decided nothing (the airline did not answer) frees the key: the retry runs again', async () => {
    const id = await ready();
    control.failNext = true;
    const failed = await pay(id, 'pay-key-503');
    expect(failed.statusCode).toBe(503);
    // The hold whose answer was lost is settled by the reconciliation job; then the retry runs.
    await ctx.app.kwenda.supplierCalls.reconcile(new Date(Date.now() + 60 * 60_000));
    const retry = await pay(id, 'pay-key-503');
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a key is kept a day; a request that died running frees its key when its lease ends', async () => {
    const key = 'day-old-key';
    expect((await create(key)).statusCode).toBe(201);
    await ctx.database.sql.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1", [key]);
    const other = createBody();
    other.payload.passengers.adults = 1;
    other.payload.baggage.hold = 0;
    const fresh = await create(key, other);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();

    expect((await create('dead-request')).statusCode).toBe(201);
    // As if the process had died mid-request: still running, its lease over.
    await ctx.database.sql.query(
      "UPDATE idempotency_keys SET status = 'running', locked_until = now() - interval '1 second' WHERE key = 'dead-request'",
    );
    const resumed = await create('dead-request');
    expect(resumed.statusCode).toBe(201);
    expect(resumed.headers['idempotent-replayed']).toBeUndefined();

    // The job forgets keys whose day is over, and only those.
    await ctx.database.sql.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1", [key]);
    await deleteExpiredKeys(ctx.database.db, new Date());
    const left = await ctx.database.sql.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE key IN ($1, $2)', [
      key,
      'dead-request',
    ]);
    expect(left.map((row) => row.key)).toEqual(['dead-request']);
  });

  it('a key that is not 1-255 visible characters is a validation error; the header is documented', async () => {
    for (const key of ['x'.repeat(256), 'with space', 'ключ']) {
      const response = await create(key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/bookings', 'post'],
      ['/api/v1/bookings/{id}', 'put'],
      ['/api/v1/bookings/{id}/pay', 'put'],
    ] as const) {
      const parameters = doc.paths[path][method].parameters as { in: string; name: string }[];
      expect(parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
    }
  });
});
