import type { Booking } from '@kwenda/contracts';
import { signPayload, TEST_CARDS } from '../../src/payments/sandbox/sandbox-gateway.js';
import { asGuest, findOffer, pay, readyBooking } from './booking-factories.js';
import { multipart } from './multipart.js';
import { staffMember } from './staff.js';
import type { TestContext } from './test-app.js';

// Paying a booking in a test: by card on the sandbox gateway's page, by a transfer the desk approves,
// and the gateway's signed notifications.

/**
 * A ready booking paid at once by card on the sandbox gateway's page (the app needs
 * SANDBOX_GATEWAY_SECRET): the payment confirmed, its ticketing under way. Returns the booking's id.
 */
export async function paidByCard(ctx: TestContext, family: string): Promise<string> {
  const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
  const opened = await pay(ctx, booking.id, false);
  if (opened.statusCode !== 200) throw new Error(`pay ${opened.statusCode}: ${opened.body}`);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: (opened.json() as { booking: Booking }).booking.paymentLink!,
    payload: new URLSearchParams({ cardNumber: TEST_CARDS.success, expiry: '12/30', cvc: '123', name: 'AMNA' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (paid.statusCode !== 303) throw new Error(`card ${paid.statusCode}: ${paid.body}`);
  return booking.id;
}

/** The sandbox gateway telling that a checkout was paid: the booking's amount, under a new event id unless `id`. */
export function sandboxPaidEvent(sessionId: string, booking: Pick<Booking, 'amount' | 'currency'>, id?: string): string {
  return JSON.stringify({
    id: id ?? `evt_${Math.random().toString(36).slice(2)}`,
    type: 'payment.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { sessionId, amount: booking.amount, currency: booking.currency },
  });
}

/** A notification posted to the sandbox gateway's webhook, signed now with `secret`. */
export function postSandboxWebhook(ctx: TestContext, secret: string, body: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', 'kwenda-signature': signPayload(secret, body, Math.floor(Date.now() / 1000)) },
  });
}

/** The traveller's transfer receipt (an image) sent for a held booking, as the booking page sends it. */
export function uploadReceipt(ctx: TestContext, id: string, image: Buffer, fileName = 'bankak.png') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${id}/receipts`,
    ...asGuest(ctx, id, multipart(image, fileName, 'image/png')),
  });
}

/** A desk agent approves the receipt just uploaded (the answer of uploadReceipt), as the transfers screen does. */
export async function approveUploadedReceipt(ctx: TestContext, upload: { json(): unknown }) {
  const agent = await staffMember(ctx.app, 'agent-desk');
  const receiptId = (upload.json() as { booking: Booking }).booking.receipts.at(-1)!.id;
  return ctx.app.inject({ method: 'POST', url: `/api/v1/admin/transfers/${receiptId}/approve`, headers: agent.headers });
}
