import type { Booking } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { supplierCallsQueue } from '../src/jobs/due-queues.js';
import { staffActorOf } from '../src/modules/bookings/use-cases/staff-deps.js';
import { createSandboxSupplier, type SandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { Supplier } from '../src/suppliers/supplier.js';
import { findOffer, getBooking, pay, passengersFor, readyBooking, submitPassengers } from './helpers/booking-factories.js';
import { staffHeaders } from './helpers/staff.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { raceAtLock } from './helpers/lock-barrier.js';
import { backends } from './helpers/test-database.js';

/**
 * The sandbox airline, with switches that lose its answers after it acted (a timeout, a dropped
 * connection) or make it unreachable: what the supplier_calls journal and its reconciliation job are for.
 */
function flakySandbox(database: Database) {
  const sandbox = createSandboxSupplier({ database });
  const switches = { loseHoldAnswer: false, loseTicketAnswer: false, lookupDown: false, cancelDown: false };
  const lost = () => new Error('socket hang up (test)');
  const supplier: Supplier = {
    ...sandbox,
    async createOrder(input, now) {
      const answer = await sandbox.createOrder(input, now);
      if (switches.loseHoldAnswer) throw lost();
      return answer;
    },
    async ticketOrder(orderId, passengers, offer) {
      const answer = await sandbox.ticketOrder(orderId, passengers, offer);
      if (switches.loseTicketAnswer) throw lost();
      return answer;
    },
    async cancelOrder(orderId) {
      if (switches.cancelDown) throw lost();
      return sandbox.cancelOrder(orderId);
    },
    async getOrder(orderId) {
      if (switches.lookupDown) throw lost();
      return sandbox.getOrder(orderId);
    },
    async findOrder(clientReference) {
      if (switches.lookupDown) throw lost();
      return sandbox.findOrder(clientReference);
    },
  };
  return { supplier, sandbox, switches };
}

interface CallRow {
  id: string;
  kind: string;
  outcome: string | null;
  order_id: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  details: Record<string, unknown>;
}

describe.each(backends)('supplier calls survive lost answers on %s', (backend) => {
  let ctx: TestContext;
  let flaky: ReturnType<typeof flakySandbox>;
  let sandbox: SandboxSupplier;
  beforeAll(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => {
        flaky = flakySandbox(database);
        sandbox = flaky.sandbox;
        return flaky.supplier;
      },
      env: { RUN_JOBS: 'false', SUPPLIER_CALL_LEASE_SECONDS: '60' },
    });
  });
  afterAll(async () => ctx?.close());

  const reset = () =>
    Object.assign(flaky.switches, { loseHoldAnswer: false, loseTicketAnswer: false, lookupDown: false, cancelDown: false });
  const callsOf = (bookingId: string) =>
    ctx.database.sql.query<CallRow>(
      'SELECT id, kind, outcome, order_id, attempts, next_attempt_at, details FROM supplier_calls WHERE booking_id = $1 ORDER BY requested_at, id',
      [bookingId],
    );
  const ordersOf = (bookingId: string) =>
    ctx.database.sql.query<{ id: string; state: string }>(
      "SELECT o.id, o.state FROM sandbox_orders o JOIN supplier_calls c ON c.id = o.client_reference WHERE c.booking_id = $1 AND c.kind = 'hold'",
      [bookingId],
    );
  const firstFlight = (booking: Booking) => {
    const segment = booking.slices[0]!.segments[0]!;
    return [segment.flightNumber, segment.departureDate.slice(0, 10)] as const;
  };
  const reconcile = (minutesLater = 0) => ctx.app.kwenda.supplierCalls.reconcile(new Date(Date.now() + minutesLater * 60_000));
  const mailsTo = (bookingId: string, prefix: string) =>
    ctx.database.sql.query('SELECT id FROM mail_outbox WHERE dedupe_key = $1', [`${prefix}${bookingId}`]);

  it('journals a hold before making it, and makes one hold when pay is pressed three times at once', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'JOURNAL');
    const press = () => pay(ctx, booking.id, true);
    const answers = await raceAtLock(
      ctx.database,
      { sql: 'SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', params: [booking.id] },
      [press, press, press],
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const calls = await callsOf(booking.id);
    expect(calls.map((c) => [c.kind, c.outcome])).toEqual([['hold', 'held']]);
    const orders = await ordersOf(booking.id);
    expect(orders).toEqual([{ id: calls[0]!.order_id, state: 'held' }]);
    expect((await ctx.bookings.getBookingRow(booking.id))!.supplierOrderId).toBe(calls[0]!.order_id);
  });

  it('adopts a hold whose answer was lost: found at the supplier by its client reference, the booking held as asked', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'ADOPTED');
    const [flight, day] = firstFlight(booking);
    const seatsBefore = await sandbox.heldSeats(flight, day);
    flaky.switches.loseHoldAnswer = true;
    const lost = await pay(ctx, booking.id, true);
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ code: 'SUPPLIER_UNAVAILABLE' });
    // The supplier did hold the seats; the booking does not know yet, the journal does.
    expect(await sandbox.heldSeats(flight, day)).toBe(seatsBefore + 1);
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'created' });
    const [open] = await callsOf(booking.id);
    expect(open).toMatchObject({ kind: 'hold', outcome: null, order_id: null });
    expect(open!.next_attempt_at).not.toBeNull();

    flaky.switches.loseHoldAnswer = false;
    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    const held = await getBooking(ctx, booking.id);
    expect(held).toMatchObject({
      status: 'pending-payment',
      statusTrigger: 'payment-info-submit',
      paymentMethod: 'bank-transfer',
    });
    const [adopted] = await callsOf(booking.id);
    expect(adopted).toMatchObject({ outcome: 'adopted' });
    expect((await ctx.bookings.getBookingRow(booking.id))!.supplierOrderId).toBe(adopted!.order_id);
    expect(await ordersOf(booking.id)).toEqual([{ id: adopted!.order_id, state: 'held' }]);
    expect(await sandbox.heldSeats(flight, day)).toBe(seatsBefore + 1);
    // The traveller hears of the hold as if the answer had come.
    expect(await mailsTo(booking.id, 'held:')).toHaveLength(1);
    // Pressing pay again changes nothing.
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    expect(await callsOf(booking.id)).toHaveLength(1);
  });

  it('releases a hold whose answer was lost when the booking changed meanwhile, and holds anew on the next pay', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'RELEASED');
    const [flight, day] = firstFlight(booking);
    const seatsBefore = await sandbox.heldSeats(flight, day);
    flaky.switches.loseHoldAnswer = true;
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(503);
    flaky.switches.loseHoldAnswer = false;
    // The traveller corrects a name before anyone settled the call: that hold is not for this booking any more.
    const changed = await submitPassengers(ctx, booking, passengersFor(booking, { 0: { firstName: 'MUNA' } }, 'RELEASED'));
    expect(changed.statusCode, changed.body).toBe(200);
    await reconcile();
    const [released] = await callsOf(booking.id);
    expect(released).toMatchObject({ kind: 'hold', outcome: 'released' });
    expect(await sandbox.orderState(released!.order_id!)).toBe('cancelled');
    expect(await sandbox.heldSeats(flight, day)).toBe(seatsBefore);
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'created' });

    const again = await pay(ctx, booking.id, true);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().booking).toMatchObject({ status: 'pending-payment', paymentMethod: 'bank-transfer' });
    expect((await callsOf(booking.id)).map((c) => [c.kind, c.outcome])).toEqual([
      ['hold', 'released'],
      ['cancel', 'cancelled'],
      ['hold', 'held'],
    ]);
    expect(await sandbox.heldSeats(flight, day)).toBe(seatsBefore + 1);
  });

  it('settles a lost hold answer on the next pay at once, without waiting for the job', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'NEXTPAY');
    flaky.switches.loseHoldAnswer = true;
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(503);
    flaky.switches.loseHoldAnswer = false;
    const again = await pay(ctx, booking.id, true);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().booking).toMatchObject({ status: 'pending-payment' });
    expect((await callsOf(booking.id)).map((c) => [c.kind, c.outcome])).toEqual([['hold', 'adopted']]);
    expect(await ordersOf(booking.id)).toHaveLength(1);
  });

  /** Held and paid (as the payments module confirms a payment), not yet ticketed. */
  const paidBooking = async (family: string) => {
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const held = await getBooking(ctx, booking.id);
    const confirmed = await ctx.database.db.transaction((tx) =>
      ctx.bookings.ports.confirmPayment(tx, {
        bookingId: booking.id,
        method: 'bank-transfer',
        amount: held.amount,
        currency: held.currency,
        actor: 'test',
      }),
    );
    expect(confirmed).toBe('confirmed');
    return booking.id;
  };

  it('reads a ticketing back when its answer was lost, and records the tickets the airline issued', async () => {
    reset();
    const id = await paidBooking('TICKETLOST');
    flaky.switches.loseTicketAnswer = true;
    await ctx.bookings.ports.fulfil(id);
    const ticketed = await getBooking(ctx, id);
    expect(ticketed).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
    const row = (await ctx.bookings.getBookingRow(id))!;
    const order = await sandbox.getOrder(row.supplierOrderId!);
    expect(ticketed.pnr).toBe(order!.ticketed!.pnr);
    expect(ticketed.passengers.map((p) => p.ticketNumber)).toEqual(order!.ticketed!.tickets.map((t) => t.ticketNumber));
    const calls = (await callsOf(id)).filter((c) => c.kind === 'ticket');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ outcome: 'ticketed', details: { lookedUp: true } });
    expect(await mailsTo(id, 'e-ticket:')).toHaveLength(1);
  });

  it('leaves a ticketing nobody can read back to the job: never ticketed twice, one e-ticket', async () => {
    reset();
    const id = await paidBooking('TICKETDARK');
    Object.assign(flaky.switches, { loseTicketAnswer: true, lookupDown: true });
    await ctx.bookings.ports.fulfil(id);
    expect(await getBooking(ctx, id)).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'receipt-confirmed' });
    const [open] = (await callsOf(id)).filter((c) => c.kind === 'ticket');
    expect(open).toMatchObject({ outcome: null });
    // The retry job and a webhook replay find the ticketing in flight and leave it alone.
    await ctx.bookings.fulfilPending(new Date(Date.now() + 10 * 60_000));
    await ctx.bookings.ports.fulfil(id);
    expect((await callsOf(id)).filter((c) => c.kind === 'ticket')).toHaveLength(1);
    // The supplier cannot be asked yet: the call waits, tried again later.
    await reconcile();
    const [waiting] = (await callsOf(id)).filter((c) => c.kind === 'ticket');
    expect(waiting).toMatchObject({ outcome: null, attempts: 2 });

    reset();
    await reconcile(10);
    expect(await getBooking(ctx, id)).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
    expect((await callsOf(id)).filter((c) => c.kind === 'ticket').map((c) => c.outcome)).toEqual(['ticketed']);
    expect(await mailsTo(id, 'e-ticket:')).toHaveLength(1);
    const events = await ctx.bookings.events(id);
    expect(events.filter((e) => e.statusTrigger === 'ticket-issued')).toHaveLength(1);
    expect(events.filter((e) => e.statusTrigger === 'ticketing-failed')).toHaveLength(0);
  });

  it('cancels an expired hold at the supplier however long the supplier is down', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'EXPIREDOWN');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const orderId = (await ctx.bookings.getBookingRow(booking.id))!.supplierOrderId!;
    flaky.switches.cancelDown = true;
    const later = new Date(Date.now() + 121 * 60_000);
    expect(await ctx.bookings.expireHolds(later)).toBeGreaterThanOrEqual(1);
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'canceled', statusTrigger: 'hold-expired' });
    expect(await sandbox.orderState(orderId)).toBe('held');
    const cancel = () => callsOf(booking.id).then((calls) => calls.find((c) => c.kind === 'cancel'));
    expect(await cancel()).toMatchObject({ order_id: orderId, outcome: null, details: { reason: 'hold-expired' } });
    await reconcile(3);
    expect(await cancel()).toMatchObject({ outcome: null, attempts: 2 });
    expect(await sandbox.orderState(orderId)).toBe('held');

    flaky.switches.cancelDown = false;
    await reconcile(30);
    expect(await cancel()).toMatchObject({ outcome: 'cancelled' });
    expect(await sandbox.orderState(orderId)).toBe('cancelled');
  });

  it('gives up a cancel the supplier never confirms after its attempts: dead, still unanswered, counted on Today', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'DEADCALL');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    flaky.switches.cancelDown = true;
    expect(await ctx.bookings.expireHolds(new Date(Date.now() + 121 * 60_000))).toBeGreaterThanOrEqual(1);
    const cancel = async () => {
      const [row] = await ctx.database.sql.query<{
        attempts: number;
        next_attempt_at: Date;
        dead_at: Date | null;
        answered_at: Date | null;
      }>("SELECT attempts, next_attempt_at, dead_at, answered_at FROM supplier_calls WHERE booking_id = $1 AND kind = 'cancel'", [
        booking.id,
      ]);
      return row!;
    };
    const dashboard = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: await staffHeaders(ctx.app, 'viewer') })
      ).json<{ deadLetters: Record<string, number> }>().deadLetters;
    expect((await dashboard()).supplierCalls).toBe(0);
    // The job asks at each try's time, and the supplier never answers.
    let call = await cancel();
    while (!call.dead_at) {
      expect(call.attempts).toBeLessThanOrEqual(supplierCallsQueue.maxAttempts);
      await ctx.app.kwenda.supplierCalls.reconcile(new Date(call.next_attempt_at));
      call = await cancel();
    }
    expect(call).toMatchObject({ attempts: supplierCallsQueue.maxAttempts, answered_at: null });
    // Never asked again: it waits, unanswered, for a person.
    expect(await ctx.app.kwenda.supplierCalls.reconcile(new Date(Date.now() + 30 * 24 * 3_600_000))).toBe(0);
    expect(await cancel()).toEqual(call);
    expect(await dashboard()).toMatchObject({ supplierCalls: 1 });
  });

  it('completes a staff cancellation once the supplier confirms it, when its answer was lost', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'STAFFLOST');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    const orderId = (await ctx.bookings.getBookingRow(booking.id))!.supplierOrderId!;
    Object.assign(flaky.switches, { cancelDown: true, lookupDown: true });
    const staff = staffActorOf('st_test_desk');
    await expect(ctx.app.kwenda.desk.cancelBooking(booking.id, { reason: 'traveller asked' }, staff)).rejects.toMatchObject({
      statusCode: 502,
      code: 'SUPPLIER_CANCEL_FAILED',
    });
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'pending-payment' });

    reset();
    await reconcile();
    const canceled = await getBooking(ctx, booking.id);
    expect(canceled).toMatchObject({ status: 'canceled', statusTrigger: 'staff-canceled' });
    expect(await sandbox.orderState(orderId)).toBe('cancelled');
    const events = await ctx.bookings.events(booking.id);
    expect(events.at(-1)).toMatchObject({ actor: staff.actor, details: { reason: 'traveller asked', orderId } });
    expect(await mailsTo(booking.id, 'staff-canceled:')).toHaveLength(1);
  });

  it('changes nothing when the supplier refuses a staff cancellation', async () => {
    reset();
    const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), 'STAFFNO');
    expect((await pay(ctx, booking.id, true)).statusCode).toBe(200);
    flaky.switches.cancelDown = true;
    await expect(
      ctx.app.kwenda.desk.cancelBooking(booking.id, { reason: 'traveller asked' }, staffActorOf('st_test_desk')),
    ).rejects.toMatchObject({ statusCode: 502, code: 'SUPPLIER_CANCEL_FAILED' });
    expect((await callsOf(booking.id)).find((c) => c.kind === 'cancel')).toMatchObject({ outcome: 'refused' });
    await reconcile(60);
    expect(await getBooking(ctx, booking.id)).toMatchObject({ status: 'pending-payment' });
  });
});
