import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { bookingSchema, type Booking, type Offer, type OfferSearchResult } from '@kwenda/contracts';
import { TEST_CARDS } from '../../src/payments/sandbox/sandbox-gateway.js';
import { DEFAULT_LEASE_MS } from '../../src/modules/supplier-calls/supplier-calls-repository.js';
import { IDEMPOTENCY_LEASE_MS } from '../../src/plugins/idempotency.js';
import { sandboxRepricingOutcome } from '../../src/suppliers/sandbox/offer-reference.js';
import { passengersFor } from '../helpers/booking-factories.js';
import { daysAhead, offerRequest } from '../helpers/factories.js';
import { multipart } from '../helpers/multipart.js';

/**
 * A traveller's browser over real HTTP, for tests of whole deployments (a load balancer in front of
 * several processes, a restored backup): its own client address on the loopback network (127.0.0.x,
 * so a proxy sees each traveller apart), its own cookies (a guest's booking answers whole only to the
 * browser that created it), and the patience of a person who presses again when the site hiccups.
 */

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T = Record<string, unknown>>(): T;
}

interface SendOptions {
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

/** What a load balancer answers while a process behind it dies: try again. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * A write the site is still doing, as far as it knows: the process doing it may have died, and its
 * key is free once its lease ends (IDEMPOTENCY_LEASE_MS), so the traveller waits and presses again.
 */
const stillRunning = (reply: Reply) =>
  reply.status === 409 && reply.headers['content-type']?.includes('json') && reply.json().code === 'IDEMPOTENCY_KEY_IN_USE';

/**
 * How long a traveller keeps pressing again: more than the longest a dead process leaves its work
 * unfinished, which is a hold call it was making (DEFAULT_LEASE_MS; a pay meanwhile waits 30 s for it,
 * then answers 503), and more than its lease on an idempotency key.
 */
const PATIENCE_MS = Math.max(DEFAULT_LEASE_MS, IDEMPOTENCY_LEASE_MS) + 90_000;

export class Traveller {
  /** Requests answered 502/503/504 or "still running", or cut off, then sent again. */
  retries = 0;
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  constructor(
    readonly origin: string,
    readonly localAddress?: string,
  ) {}

  /** The same browser (its cookies) on another address, such as a restored copy of the site. */
  at(origin: string): Traveller {
    const moved = new Traveller(origin, this.localAddress);
    for (const [key, cookie] of this.cookies) moved.cookies.set(key, { ...cookie });
    return moved;
  }

  /** One request, as it comes: no retry. */
  send(method: string, path: string, options: SendOptions = {}): Promise<Reply> {
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
    const headers: Record<string, string> = {
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const cookie = this.cookieHeader(path);
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const url = new URL(path, this.origin);
    return new Promise<Reply>((resolve, reject) => {
      const request = http.request(
        url,
        { method, headers, localAddress: this.localAddress, agent: false, timeout: 120_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            this.keepCookies(response.headers['set-cookie']);
            const bytes = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: bytes,
              text: () => bytes.toString('utf8'),
              json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
            });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer within 120 s`)));
      request.on('error', reject);
      request.end(body);
    });
  }

  /**
   * Sends until the answer is not a load balancer's 502/503/504, a "still running" or a cut
   * connection, for at most PATIENCE_MS. Every call the journeys make is safe to repeat: POSTs carry
   * an Idempotency-Key (kept across the tries), PUTs set a state, and the card form completes its
   * payment page once.
   */
  async call(method: string, path: string, options: SendOptions = {}): Promise<Reply> {
    const headers = method === 'POST' ? { 'idempotency-key': randomUUID(), ...options.headers } : options.headers;
    const deadline = Date.now() + PATIENCE_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await this.send(method, path, { ...options, headers });
        if ((!RETRIED_STATUSES.has(reply.status) && !stillRunning(reply)) || Date.now() > deadline) return reply;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      this.retries++;
      await new Promise((resolve) => setTimeout(resolve, 500 * Math.min(attempt, 4)));
    }
  }

  private cookieHeader(path: string): string {
    const pathname = new URL(path, this.origin).pathname;
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private keepCookies(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a));
      if (gone) this.cookies.delete(`${name} ${path}`);
      else this.cookies.set(`${name} ${path}`, { name, value: pair.slice(index + 1), path });
    }
  }
}

const expectStatus = (reply: Reply, status: number, what: string) => {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.text().slice(0, 500)}`);
  return reply;
};

/** A one-adult offer the sandbox will book as searched (some re-price dearer or are sold out). */
export async function findBookableOffer(traveller: Traveller, fromDay: number): Promise<Offer> {
  for (let day = fromDay; day < fromDay + 40; day++) {
    const reply = await traveller.call('POST', '/api/v1/offers/request', {
      json: offerRequest({ departureDate: daysAhead(day), currency: 'USD' }),
    });
    const { offers } = expectStatus(reply, 200, 'search').json<OfferSearchResult>();
    const offer = offers.find((o) => sandboxRepricingOutcome(o.reference)?.kind === 'available');
    if (offer) return offer;
  }
  throw new Error(`no bookable offer from day ${fromDay}`);
}

export async function readBooking(traveller: Traveller, id: string): Promise<Booking> {
  const reply = await traveller.call('GET', `/api/v1/bookings/${id}`);
  return bookingSchema.parse(expectStatus(reply, 200, `read ${id}`).json());
}

/** Books the offer for one adult and saves the passenger and contact: ready to pay. */
export async function bookTrip(
  traveller: Traveller,
  offer: Offer,
  family: string,
  contact: { email: string; mobile: string },
): Promise<Booking> {
  const created = await traveller.call('POST', '/api/v1/bookings', {
    json: {
      reference: offer.reference,
      payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 }, currency: offer.currency },
    },
  });
  const { id } = expectStatus(created, 201, 'create booking').json<{ booking: { id: string } }>().booking;
  const booking = await readBooking(traveller, id);
  const saved = await traveller.call('PUT', `/api/v1/bookings/${id}`, {
    json: { bookingId: id, payload: { passengers: passengersFor(booking, {}, family), ...contact } },
  });
  return expectStatus(saved, 200, 'passengers').json<{ booking: Booking }>().booking;
}

/** Pay now: the sandbox gateway's hosted page, a card that pays; answers the page's redirect. */
export async function payByCard(traveller: Traveller, id: string): Promise<void> {
  const opened = await traveller.call('PUT', `/api/v1/bookings/${id}/pay`, { json: { payLater: false } });
  const link = expectStatus(opened, 200, 'pay by card').json<{ booking: Booking }>().booking.paymentLink;
  if (!link) throw new Error(`pay by card: no payment link for ${id}`);
  expectStatus(await traveller.call('GET', link), 200, 'payment page');
  const form = new URLSearchParams({ cardNumber: TEST_CARDS.success, expiry: '12/30', cvc: '123', name: 'TEST TRAVELLER' });
  const charged = await traveller.call('POST', link, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  // 303 to the booking; a repeat after a lost answer finds the page already paid (200, "complete").
  if (charged.status !== 303 && !(charged.status === 200 && charged.text().includes('تم الدفع')))
    throw new Error(`card form: ${charged.status} ${charged.text().slice(0, 300)}`);
}

/** Pay later by bank transfer, then send the transfer's receipt. */
export async function payLaterWithReceipt(traveller: Traveller, id: string, receipt: Buffer): Promise<void> {
  const held = await traveller.call('PUT', `/api/v1/bookings/${id}/pay`, { json: { payLater: true } });
  expectStatus(held, 200, 'pay later');
  const form = multipart(receipt, 'transfer.png', 'image/png');
  const sent = await traveller.call('POST', `/api/v1/bookings/${id}/receipts`, { body: form.payload, headers: form.headers });
  if (sent.status !== 201 && sent.status !== 200) throw new Error(`receipt: ${sent.status} ${sent.text().slice(0, 300)}`);
}

/** Reads the booking until its status is one of these (the webhook and the ticketing job are asynchronous). */
export async function waitForStatus(traveller: Traveller, id: string, statuses: string[], timeoutMs = 120_000): Promise<Booking> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const booking = await readBooking(traveller, id);
    if (statuses.includes(booking.status)) return booking;
    if (Date.now() > deadline)
      throw new Error(
        `${id} is ${booking.status} (${booking.statusTrigger}) after ${timeoutMs} ms, not ${statuses.join(' or ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A small valid PNG (a receipt's photo), `size` bytes long. */
export function receiptImage(size = 2048): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.alloc(Math.max(0, size - signature.length), 7)]);
}
