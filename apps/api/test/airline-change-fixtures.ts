import { randomBytes } from 'node:crypto';
import type { Booking, OfferSlice } from '@kwenda/contracts';
import { eq } from 'drizzle-orm';
import { bookings } from '../src/db/schema.js';
import { signDuffelPayload } from '../src/modules/supplier-webhooks/duffel-signature.js';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import type { AirlineChange, CancellationQuote, Supplier } from '../src/suppliers/supplier.js';
import { findOffer, guestHeaders, pay, readyBooking } from './helpers/booking-factories.js';
import { approveUploadedReceipt, uploadReceipt } from './helpers/payments.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import type { Backend, TestDatabase } from './helpers/test-database.js';

/**
 * A supplier named duffel for the airline-change tests: the sandbox airline underneath (searches,
 * holds, tickets), with the airline's changes and cancellation quotes scripted by the test and every
 * call to them counted.
 */
export interface ScriptedAirline {
  supplier: Supplier;
  /** The open change of each order (the test sets it before the webhook). */
  changes: Map<string, AirlineChange>;
  calls: { airlineChanges: number; accept: string[]; quote: string[]; confirm: string[] };
  /** The refund the next quotes offer, in USD (the sandbox's currency). */
  refundUsd: number;
  /** Makes confirmCancellation throw (the airline refuses). */
  refuseCancel: boolean;
}

/** Throws with the answer when a step of the set-up did not go as it must (usable outside a test runner). */
function must(ok: boolean, what: string, response?: { statusCode: number; body: string }) {
  if (!ok) throw new Error(`${what}${response ? `: ${response.statusCode} ${response.body}` : ''}`);
}

export const WEBHOOK_SECRET = 'whsec_test_kwenda_duffel';

/** The app on a scripted airline named duffel, with Duffel's webhook secret (and any other settings). */
export async function appWithScriptedAirline(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; airline: ScriptedAirline }> {
  let airline: ScriptedAirline | undefined;
  const ctx = await createTestApp(backend, {
    env: { DUFFEL_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env },
    supplier: (database) => {
      airline = scriptedAirline(database);
      return airline.supplier;
    },
  });
  return { ctx, airline: airline! };
}

export function scriptedAirline(database: TestDatabase): ScriptedAirline {
  const sandbox = createSandboxSupplier({ database });
  const script: ScriptedAirline = {
    supplier: sandbox,
    changes: new Map(),
    calls: { airlineChanges: 0, accept: [], quote: [], confirm: [] },
    refundUsd: 120,
    refuseCancel: false,
  };
  const quotes = new Map<string, CancellationQuote>();
  const supplier: Supplier = Object.create(sandbox) as Supplier;
  Object.defineProperty(supplier, 'name', { value: 'duffel' });
  Object.assign(supplier, {
    async airlineChanges(orderId: string) {
      script.calls.airlineChanges += 1;
      const change = script.changes.get(orderId);
      return change ? [change] : [];
    },
    async acceptAirlineChange(changeId: string) {
      script.calls.accept.push(changeId);
      const change = [...script.changes.values()].find((c) => c.id === changeId);
      if (!change) throw new Error('unknown change');
      change.actionTaken = 'accepted';
      return change;
    },
    async quoteCancellation(orderId: string) {
      script.calls.quote.push(orderId);
      const quote: CancellationQuote = {
        id: `ore_${randomBytes(6).toString('hex')}`,
        orderId,
        refundAmount: script.refundUsd,
        refundCurrency: 'USD',
        refundTo: 'original_form_of_payment',
        expiresAt: new Date(Date.now() + 30 * 60_000),
      };
      quotes.set(quote.id, quote);
      return quote;
    },
    async confirmCancellation(quoteId: string) {
      script.calls.confirm.push(quoteId);
      if (script.refuseCancel) throw new Error('airline refused the cancellation');
      const quote = quotes.get(quoteId);
      if (!quote) throw new Error('unknown quote');
      // The airline cancels the order, tickets and all, as the sandbox does at its own quote.
      await sandbox.confirmCancellation((await sandbox.quoteCancellation(quote.orderId)).id);
    },
  });
  script.supplier = supplier;
  return script;
}

/** The slices moved by `hours` (the airline's new times), flights renumbered as airlines do. */
export function movedSlices(slices: OfferSlice[], hours: number): OfferSlice[] {
  const shift = (local: string) => {
    const moved = new Date(Date.parse(`${local}Z`) + hours * 3_600_000).toISOString();
    return moved.slice(0, local.length);
  };
  return slices.map((slice) => ({
    ...slice,
    departureDate: shift(slice.departureDate),
    arrivalDate: shift(slice.arrivalDate),
    segments: slice.segments.map((segment) => ({
      ...segment,
      flightNumber: `${segment.flightNumber.slice(0, 2)}${Number(segment.flightNumber.slice(2).replace(/\D/g, '') || 1) + 1}`,
      departureDate: shift(segment.departureDate),
      arrivalDate: shift(segment.arrivalDate),
    })),
  }));
}

/** A ticketed booking: held for a transfer, receipt uploaded, approved by the desk. */
export async function ticketedBooking(ctx: TestContext, family: string, language: 'ar' | 'en' = 'ar'): Promise<Booking> {
  const booking = await readyBooking(ctx, await findOffer(ctx, 'available'), family);
  if (language !== 'ar') await ctx.database.db.update(bookings).set({ language }).where(eq(bookings.id, booking.id));
  const held = await pay(ctx, booking.id, true);
  must(held.statusCode === 200, 'hold', held);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const upload = await uploadReceipt(ctx, booking.id, png);
  must(upload.statusCode === 200, 'receipt', upload);
  const approved = await approveUploadedReceipt(ctx, upload);
  must(approved.statusCode === 200 && approved.json().booking.status === 'confirmed', 'approve', approved);
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
  must(row!.supplier === 'duffel', 'booked at the scripted duffel');
  return { ...booking, status: 'confirmed' };
}

export async function orderIdOf(ctx: TestContext, bookingId: string): Promise<string> {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!.supplierOrderId!;
}

/** A Duffel event envelope (v2) of `type` about `object`. */
export function duffelEvent(type: string, object: Record<string, unknown>, id = `wev_${randomBytes(8).toString('hex')}`) {
  return {
    id,
    api_version: 'v2',
    type,
    data: { object },
    live_mode: false,
    idempotency_key: String(object.id ?? id),
    created_at: new Date().toISOString(),
    identity_organisation_id: 'org_0000kwenda',
  };
}

/** Posts an event as Duffel does: the raw JSON, signed with the secret at `timestamp` (seconds). */
export function postEvent(
  ctx: TestContext,
  event: unknown,
  options: { secret?: string; timestamp?: number; body?: string; signature?: string | null } = {},
) {
  const body = options.body ?? JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ?? signDuffelPayload(JSON.stringify(event), options.secret ?? WEBHOOK_SECRET, timestamp));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/suppliers/duffel/webhooks',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-duffel-signature': signature } : {}) },
  });
}

/** The traveller's answer to the airline's change, from the booking page. */
export function answerAirlineChange(ctx: TestContext, bookingId: string, answer: 'accept' | 'decline') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/airline-change/${answer}`,
    headers: guestHeaders(ctx, bookingId),
  });
}
