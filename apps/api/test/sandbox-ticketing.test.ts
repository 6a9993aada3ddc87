import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_TICKET_FAIL_NAME, SANDBOX_TICKET_RETRY_NAME } from '../src/suppliers/sandbox/index.js';
import { createSandboxSupplier, type SandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import { AUTOMATIC_TICKETING_ATTEMPTS } from '../src/modules/bookings/booking-repository.js';
import { getBooking } from './helpers/booking-factories.js';
import { paidByCard } from './helpers/payments.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

/** The sandbox's documented ticketing failures, end to end: paid, then the airline refuses to issue. */
describe.each(backends)('sandbox ticketing failures on %s', (backend) => {
  let ctx: TestContext;
  let supplier: SandboxSupplier;
  beforeEach(async () => {
    ctx = await createTestApp(backend, {
      supplier: (database) => (supplier = createSandboxSupplier({ database })),
      env: { SANDBOX_GATEWAY_SECRET: 'test-gateway-secret-0123456789' },
    });
  });
  afterEach(async () => ctx?.close());

  const payByCard = (family: string) => paidByCard(ctx, family);
  const eventsOf = (bookingId: string) =>
    ctx.database.sql.query<{ status_trigger: string; to_status: string }>(
      'SELECT status_trigger, to_status FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [bookingId],
    );
  const eTicketMails = (bookingId: string) =>
    ctx.database.sql.query('SELECT id FROM mail_outbox WHERE dedupe_key = $1', [`e-ticket:${bookingId}`]);

  it(`leaves a booking with a passenger named ${SANDBOX_TICKET_FAIL_NAME} paid but unticketed, retries included`, async () => {
    const id = await payByCard(SANDBOX_TICKET_FAIL_NAME);
    const paid = await getBooking(ctx, id);
    expect(paid).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed', pnr: null });
    expect(paid.passengers.every((p) => p.ticketNumber === null)).toBe(true);
    const triggers = (await eventsOf(id)).map((e) => e.status_trigger);
    expect(triggers.slice(-2)).toEqual(['payment-succeeded', 'ticketing-failed']);
    expect(await supplier.orderState((await ctx.bookings.getBookingRow(id))!.supplierOrderId!)).toBe('held');

    // The job's retry is refused again: still paid, still no e-ticket.
    await ctx.bookings.fulfilPending(new Date(Date.now() + 5 * 60_000));
    expect(await getBooking(ctx, id)).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed' });
    expect(await eTicketMails(id)).toHaveLength(0);
  });

  it(`tickets a booking with a passenger named ${SANDBOX_TICKET_RETRY_NAME} on the retry after one refusal`, async () => {
    const id = await payByCard(SANDBOX_TICKET_RETRY_NAME);
    expect(await getBooking(ctx, id)).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed' });
    await ctx.bookings.fulfilPending(new Date(Date.now() + 5 * 60_000));
    const ticketed = await getBooking(ctx, id);
    expect(ticketed).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
    expect(ticketed.pnr).toMatch(/^[A-Z2-9]{6}$/);
    expect(await eTicketMails(id)).toHaveLength(1);
  });
  it(`retries by itself with a doubling wait, then stops after ${AUTOMATIC_TICKETING_ATTEMPTS} failures and leaves it to the desk`, async () => {
    const id = await payByCard(SANDBOX_TICKET_FAIL_NAME);
    const failures = async () => (await eventsOf(id)).filter((e) => e.status_trigger === 'ticketing-failed').length;
    expect(await failures()).toBe(1);
    // One failure: the next try waits 2 minutes after it (1 minute, doubled), not 1.
    await ctx.bookings.fulfilPending(new Date(Date.now() + 90_000));
    expect(await failures()).toBe(1);
    for (let hour = 1; hour <= 10; hour += 1) await ctx.bookings.fulfilPending(new Date(Date.now() + hour * 3_600_000));
    expect(await failures()).toBe(AUTOMATIC_TICKETING_ATTEMPTS);
    expect(await getBooking(ctx, id)).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-failed' });
  });
});
