import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duffel, DuffelError, hasAvailableSeatService, hasService } from '@duffel/api';
import type { CreateOrder, CreateOrderPassenger, Offer, OfferPassenger } from '@duffel/api/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalDuffel, type LocalDuffel } from './local-duffel-server.js';

// Drives the stand-in through Duffel's official client, the way the Kwenda adapter talks to Duffel.

type DuffelFailure = InstanceType<typeof DuffelError>;

const TOKEN = 'duffel_test_local';
const SECRET = 'whsec_local_test';

interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
  event: { id: string; type: string; idempotency_key: string; api_version: string; data: { object: Record<string, unknown> } };
}

/** A webhook receiver on a real socket; `failNext` makes the next deliveries answer 500. */
async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({ headers: req.headers, raw, event: JSON.parse(raw) as ReceivedWebhook['event'] });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/duffel`,
    received,
    failNextDeliveries: (n: number) => {
      failNext = n;
    },
    async waitFor(type: string, match: (w: ReceivedWebhook) => boolean = () => true, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find((w) => w.event.type === type && match(w));
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no ${type} webhook received`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies X-Duffel-Signature independently of the server's code: t=<ts>,v1=hex(HMAC-SHA256(secret, `${ts}.${body}`)). */
function genuine(raw: string, header: string | undefined, secret: string): boolean {
  const match = /^t=(.+),v1=(.+)$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest('hex');
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function bornOn(age: number, onDate: string): string {
  const d = new Date(`${onDate}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setUTCDate(d.getUTCDate() - 40);
  return d.toISOString().slice(0, 10);
}

function lastDeparture(offer: Pick<Offer, 'slices'>): string {
  return offer.slices.at(-1)!.segments[0]!.departing_at.slice(0, 10);
}

/** Valid booking passengers for an offer: adults carry the infants, everyone has a passport. */
function bookingPassengers(offer: Pick<Offer, 'slices' | 'passengers'>): CreateOrderPassenger[] {
  const infants = offer.passengers.filter((p) => p.type === 'infant_without_seat').map((p) => p.id);
  const day = lastDeparture(offer);
  return offer.passengers.map((p: OfferPassenger, i) => ({
    id: p.id,
    title: p.type === 'adult' ? 'mr' : 'miss',
    gender: p.type === 'adult' ? 'm' : 'f',
    given_name: ['Mohamed', 'Amna', 'Sara', 'Omer'][i % 4]!,
    family_name: 'Osman',
    born_on: bornOn(p.age ?? 35, day),
    email: 'traveller@example.com',
    phone_number: '+249912345678',
    identity_documents: [
      { type: 'passport', unique_identifier: `P0${i}123456`, issuing_country_code: 'SD', expires_on: daysFromNow(900) },
    ],
    ...(p.type === 'adult' && infants.length > 0 ? { infant_passenger_id: infants.shift() } : {}),
  }));
}

function duffelError(error: unknown): DuffelFailure {
  expect(error).toBeInstanceOf(DuffelError);
  return error as DuffelFailure;
}

async function rejection(promise: Promise<unknown>): Promise<DuffelFailure> {
  try {
    await promise;
  } catch (error) {
    return duffelError(error);
  }
  throw new Error('expected the call to fail');
}

// The client's typing says 'pay_later'; the API (and Duffel's guides) say 'hold'.
const HOLD = 'hold' as CreateOrder['type'];

describe('local Duffel server, through @duffel/api', () => {
  let local: LocalDuffel;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let duffel: Duffel;
  const departure = daysFromNow(30);
  const returnDate = daysFromNow(37);

  beforeAll(async () => {
    receiver = await startReceiver();
    local = await startLocalDuffel({
      token: TOKEN,
      webhookUrl: receiver.url,
      webhookSecret: SECRET,
      webhookRetryDelaysMs: [50, 100],
    });
    duffel = new Duffel({ token: TOKEN, basePath: local.url });
  });
  afterAll(async () => {
    await local.close();
    await receiver.close();
  });
  beforeEach(() => local.control.reset());

  async function search(
    origin: string,
    destination: string,
    extra: { return?: string; passengers?: ({ type: 'adult' } | { age: number })[] } = {},
  ) {
    const slices = [{ origin, destination, departure_date: departure, arrival_time: null, departure_time: null }];
    if (extra.return)
      slices.push({
        origin: destination,
        destination: origin,
        departure_date: extra.return,
        arrival_time: null,
        departure_time: null,
      });
    const response = await duffel.offerRequests.create({
      slices,
      passengers: extra.passengers ?? [{ type: 'adult' }],
      cabin_class: 'economy',
      return_offers: true,
      supplier_timeout: 10_000,
    });
    return response.data;
  }

  /** An instant order for the offer, paid from the balance at its total. */
  async function instantOrder(offer: Offer) {
    const created = await duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      passengers: bookingPassengers(offer),
      payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
    });
    return created.data;
  }

  async function findOffer(match: (o: Offer) => boolean, passengers?: ({ type: 'adult' } | { age: number })[]): Promise<Offer> {
    for (const [o, d] of [
      ['PZU', 'JED'],
      ['PZU', 'CAI'],
      ['KRT', 'ADD'],
      ['PZU', 'DOH'],
      ['PZU', 'IST'],
      ['KRT', 'RUH'],
      ['PZU', 'DXB'],
      ['KRT', 'JUB'],
    ] as const) {
      const found = (await search(o, d, { passengers })).offers.find((offer) => match(offer as Offer));
      if (found) return (await duffel.offers.get(found.id, { return_available_services: true })).data;
    }
    throw new Error('no offer matched');
  }

  it('refuses a wrong token with a Duffel error body and a request id', async () => {
    const error = await rejection(new Duffel({ token: 'duffel_test_wrong', basePath: local.url }).offers.get('off_x'));
    expect(error.status).toBe(401);
    expect(error.errors[0]).toMatchObject({ type: 'authentication_error', code: 'unauthorized' });
    expect(error.meta.request_id).toBe(error.headers.get('x-request-id'));
    expect(local.control.requests.at(-1)).toMatchObject({ authorization: 'invalid', duffelVersion: 'v2', status: 401 });
    expect(JSON.stringify(local.control.requests)).not.toContain('duffel_test_wrong');
  });

  it('refuses a call without Duffel-Version', async () => {
    const res = await fetch(`${local.url}/air/offers?offer_request_id=orq_x`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { code: string }[]; meta: { request_id: string } };
    expect(body.errors[0]!.code).toBe('unsupported_version');
    expect(res.headers.get('x-request-id')).toBe(body.meta.request_id);
  });

  it('answers a one-way search with deterministic offers in local times', async () => {
    const passengers = [{ type: 'adult' as const }, { age: 7 }, { age: 1 }];
    const first = await search('PZU', 'CAI', { passengers });
    const again = await search('PZU', 'CAI', { passengers });

    const sent = local.control.requests.find((r) => r.pathname === '/air/offer_requests')!;
    expect(sent.path).toBe('/air/offer_requests/?return_offers=true&supplier_timeout=10000');
    expect(sent).toMatchObject({ method: 'POST', duffelVersion: 'v2', authorization: 'valid', status: 201 });
    expect(sent.body).toMatchObject({
      data: { slices: [{ origin: 'PZU', destination: 'CAI', departure_date: departure }], cabin_class: 'economy' },
    });

    expect(first.id).toMatch(/^orq_/);
    expect(first.passengers.map((p) => p.id)).toEqual(expect.arrayContaining([expect.stringMatching(/^pas_/)]));
    expect(first.offers.length).toBeGreaterThanOrEqual(4);
    expect(first.offers.length).toBeLessThanOrEqual(8);
    const summary = (offers: typeof first.offers) =>
      offers.map((o) => [o.owner.iata_code, o.total_amount, o.total_currency, o.slices[0]!.segments.map((s) => s.departing_at)]);
    expect(summary(again.offers)).toEqual(summary(first.offers));
    expect(again.offers[0]!.id).not.toBe(first.offers[0]!.id);

    for (const offer of first.offers) {
      expect(offer.id).toMatch(/^off_/);
      expect(offer.passengers.map((p) => p.id)).toEqual(first.passengers.map((p) => p.id));
      expect(offer.passengers.map((p) => p.type)).toEqual(['adult', 'child', 'infant_without_seat']);
      expect(Number(offer.base_amount) + Number(offer.tax_amount)).toBeCloseTo(Number(offer.total_amount), 2);
      expect(offer.total_amount).toMatch(/^\d+\.\d{2}$/);
      expect(offer.total_currency).toBe(offer.owner.iata_code === 'LH' ? 'EUR' : 'USD');
      expect(Date.parse(offer.expires_at) - Date.parse(offer.created_at)).toBe(30 * 60_000);
      const slice = offer.slices[0]!;
      expect(slice.origin.iata_code).toBe('PZU');
      expect(slice.destination.iata_code).toBe('CAI');
      expect(slice.duration).toMatch(/^P(\d+D)?T(\d+H)?(\d+M)?$/);
      expect(slice.segments.length).toBeLessThanOrEqual(2);
      for (const segment of slice.segments) {
        expect(segment.departing_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
        expect(segment.arriving_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/);
        expect(segment.operating_carrier.iata_code).toBe(segment.marketing_carrier.iata_code);
        expect(segment.aircraft.name).toBeTruthy();
        expect(segment.passengers.map((p) => p.passenger_id)).toEqual(first.passengers.map((p) => p.id));
        expect(segment.passengers[0]!.baggages).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'checked' })]));
      }
      if (slice.segments.length === 2)
        expect(['CAI', 'ADD', 'JED', 'IST', 'DOH', 'FRA']).toContain(slice.segments[0]!.destination.iata_code);
      const requirements = offer.payment_requirements;
      if (requirements.requires_instant_payment) expect(requirements.payment_required_by).toBeNull();
      else
        expect(Date.parse(requirements.price_guarantee_expires_at!)).toBeLessThanOrEqual(
          Date.parse(requirements.payment_required_by!),
        );
    }
    // Port Sudan is UTC+2 and Cairo UTC+2 or +3: a direct PZU-CAI flight's local times differ by its duration, give or take an hour.
    const direct = first.offers.find((o) => o.slices[0]!.segments.length === 1)!;
    const seg = direct.slices[0]!.segments[0]!;
    const minutes = (Date.parse(`${seg.arriving_at}Z`) - Date.parse(`${seg.departing_at}Z`)) / 60_000;
    expect(minutes).toBeGreaterThan(60);
    expect(minutes).toBeLessThan(240);
  });

  it('mixes instant-payment and holdable offers across routes', async () => {
    let instant = 0;
    let total = 0;
    for (const destination of ['CAI', 'JED', 'ADD', 'DOH', 'IST', 'RUH', 'DXB', 'AMM', 'NBO', 'FRA']) {
      const offers = (await search('PZU', destination)).offers;
      total += offers.length;
      instant += offers.filter((o) => o.payment_requirements.requires_instant_payment).length;
    }
    expect(instant / total).toBeGreaterThan(0.08);
    expect(instant / total).toBeLessThan(0.4);
  });

  it('answers a round trip with both slices in every offer, and pages offers', async () => {
    const request = await search('KRT', 'JED', { return: returnDate });
    for (const offer of request.offers) {
      expect(offer.slices).toHaveLength(2);
      expect(offer.slices[1]!.origin.iata_code).toBe('JED');
      expect(offer.slices[1]!.destination.iata_code).toBe('KRT');
      expect(offer.slices[1]!.segments[0]!.departing_at.startsWith(returnDate)).toBe(true);
    }
    const firstPage = await duffel.offers.list({ offer_request_id: request.id, limit: 2, sort: 'total_amount' });
    expect(firstPage.data).toHaveLength(2);
    expect(firstPage.meta?.after).toEqual(expect.any(String));
    expect(Number(firstPage.data[0]!.total_amount)).toBeLessThanOrEqual(Number(firstPage.data[1]!.total_amount));
    const all: string[] = [];
    for await (const page of duffel.offers.listWithGenerator({ offer_request_id: request.id, limit: 3 })) all.push(page.data.id);
    expect(all.sort()).toEqual(request.offers.map((o) => o.id).sort());
  });

  it('lists bags for sale when asked, and seat maps per segment', async () => {
    const request = await search('PZU', 'IST', { passengers: [{ type: 'adult' }, { age: 1 }] });
    const listed = request.offers.find((o) => o.slices[0]!.segments.length === 2) ?? request.offers[0]!;
    const plain = await duffel.offers.get(listed.id);
    expect(plain.data.available_services).toEqual([]);
    const offer = (await duffel.offers.get(listed.id, { return_available_services: true })).data;
    const adult = offer.passengers.find((p) => p.type === 'adult')!;
    expect(offer.available_services).toEqual([
      expect.objectContaining({
        type: 'baggage',
        passenger_ids: [adult.id],
        segment_ids: offer.slices[0]!.segments.map((s) => s.id),
        maximum_quantity: 2,
        total_currency: offer.total_currency,
        metadata: expect.objectContaining({ type: 'checked', maximum_weight_kg: 23 }),
      }),
    ]);
    expect(local.control.requests.at(-1)!.query).toEqual({ return_available_services: 'true' });

    const seatMaps = (await duffel.seatMaps.get({ offer_id: offer.id })).data;
    expect(seatMaps.map((m) => m.segment_id)).toEqual(offer.slices[0]!.segments.map((s) => s.id));
    expect(hasAvailableSeatService(seatMaps)).toBe(true);
    expect(hasService(offer, seatMaps)).toBe(true);
    const elements = seatMaps[0]!.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements));
    expect(elements.some((e) => e.type === 'exit_row')).toBe(true);
    const seats = elements.filter((e) => e.type === 'seat');
    expect(seats.length).toBeGreaterThan(100);
    const forSale = seats.find((s) => s.type === 'seat' && s.available_services.length > 0);
    expect(forSale).toMatchObject({ designator: expect.stringMatching(/^\d+[A-K]$/) });
    if (forSale?.type === 'seat') {
      // Infants sit on a lap: only the adult can buy a seat.
      expect(forSale.available_services.map((s) => s.passenger_id)).toEqual([adult.id]);
      expect(forSale.available_services[0]!.total_amount).toMatch(/^\d+\.\d{2}$/);
    }
    expect(seats.some((s) => s.type === 'seat' && s.available_services.length === 0)).toBe(true);
  });

  it('holds an order, then pays it: tickets, payment.created with a valid signature', async () => {
    const offer = await findOffer((o) => !o.payment_requirements.requires_instant_payment);
    const held = (
      await duffel.orders.create({
        type: HOLD,
        selected_offers: [offer.id],
        passengers: bookingPassengers(offer),
        metadata: { kwenda_ref: 'KW-HOLD-1' },
      })
    ).data;
    expect(held.payment_status).toEqual({
      awaiting_payment: true,
      paid_at: null,
      payment_required_by: offer.payment_requirements.payment_required_by,
      price_guarantee_expires_at: offer.payment_requirements.price_guarantee_expires_at,
    });
    expect(held.documents).toEqual([]);
    expect(held.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(held.metadata).toEqual({ kwenda_ref: 'KW-HOLD-1' });

    const wrong = await rejection(
      duffel.payments.create({ order_id: held.id, payment: { type: 'balance', amount: '1.00', currency: held.total_currency } }),
    );
    expect(wrong.errors[0]!.code).toBe('payment_amount_does_not_match_order_amount');

    const payment = await duffel.payments.create({
      order_id: held.id,
      payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency },
    });
    expect(payment.status).toBe(201);
    expect(payment.data).toMatchObject({ id: expect.stringMatching(/^pay_/), amount: held.total_amount, type: 'balance' });
    const paid = (await duffel.orders.get(held.id)).data;
    expect(paid.payment_status.awaiting_payment).toBe(false);
    expect(paid.documents).toHaveLength(offer.passengers.length);
    for (const doc of paid.documents!) {
      expect(doc.type).toBe('electronic_ticket');
      expect(doc.unique_identifier).toMatch(/^\d{13}$/);
    }
    const again = await rejection(
      duffel.payments.create({
        order_id: held.id,
        payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency },
      }),
    );
    expect(again.errors[0]!.code).toBe('already_paid');

    const webhook = await receiver.waitFor('payment.created', (w) => w.event.data.object.order_id === held.id);
    expect(webhook.event).toMatchObject({
      api_version: 'v2',
      idempotency_key: payment.data.id,
      id: expect.stringMatching(/^wev_/),
    });
    expect(genuine(webhook.raw, webhook.headers['x-duffel-signature'] as string, SECRET)).toBe(true);
    expect(genuine(webhook.raw.replace(held.id, 'ord_forged'), webhook.headers['x-duffel-signature'] as string, SECRET)).toBe(
      false,
    );
    expect(genuine(webhook.raw, webhook.headers['x-duffel-signature'] as string, 'another_secret')).toBe(false);
  });

  it('refuses to hold an offer that needs instant payment', async () => {
    const offer = await findOffer((o) => o.payment_requirements.requires_instant_payment);
    const error = await rejection(
      duffel.orders.create({ type: HOLD, selected_offers: [offer.id], passengers: bookingPassengers(offer) }),
    );
    expect(error.status).toBe(422);
    expect(error.errors[0]).toMatchObject({ type: 'validation_error', source: { field: 'type', pointer: '/type' } });
  });

  it('books an instant order with a bag and a seat, finds it again, and will not book the offer twice', async () => {
    const offer = await findOffer((o) => o.slices[0]!.segments.length === 1, [{ type: 'adult' }, { age: 1 }]);
    const bag = offer.available_services[0]!;
    const seatMap = (await duffel.seatMaps.get({ offer_id: offer.id })).data[0]!;
    const seat = seatMap.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find(
      (e) => e.type === 'seat' && e.available_services.length > 0,
    );
    if (seat?.type !== 'seat') throw new Error('no seat for sale');
    const seatService = seat.available_services[0]!;
    const total = (Number(offer.total_amount) + 2 * Number(bag.total_amount) + Number(seatService.total_amount)).toFixed(2);
    const order = {
      type: 'instant' as const,
      selected_offers: [offer.id],
      passengers: bookingPassengers(offer),
      services: [
        { id: bag.id, quantity: 2 },
        { id: seatService.id, quantity: 1 },
      ],
      metadata: { kwenda_ref: 'KW-INSTANT-1' },
    };

    const mismatch = await rejection(
      duffel.orders.create({
        ...order,
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      }),
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.errors[0]).toMatchObject({ type: 'validation_error', code: 'payment_amount_does_not_match_order_amount' });

    const created = await duffel.orders.create({
      ...order,
      payments: [{ type: 'balance', amount: total, currency: offer.total_currency }],
    });
    expect(created.status).toBe(201);
    const booked = created.data;
    expect(booked.total_amount).toBe(total);
    expect(booked.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(booked.payment_status.awaiting_payment).toBe(false);
    expect(booked.documents).toHaveLength(2);
    expect(booked.services.map((s) => [s.type, s.quantity])).toEqual([
      ['baggage', 2],
      ['seat', 1],
    ]);
    expect(
      booked.slices[0]!.segments[0]!.passengers.find((p) => p.passenger_id === seatService.passenger_id)?.seat?.designator,
    ).toBe(seat.designator);
    expect(booked.passengers[0]).not.toHaveProperty('type');
    expect(booked.metadata).toEqual({ kwenda_ref: 'KW-INSTANT-1' });

    const created_webhook = await receiver.waitFor('order.created', (w) => w.event.data.object.id === booked.id);
    expect(created_webhook.event.idempotency_key).toBe(booked.id);

    const byReference = await duffel.orders.list({ booking_reference: booked.booking_reference });
    expect(byReference.data.map((o) => o.id)).toEqual([booked.id]);
    const byOffer = (await (
      await fetch(`${local.url}/air/orders?offer_id=${offer.id}`, {
        headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
      })
    ).json()) as { data: { id: string; metadata: Record<string, string> }[] };
    expect(byOffer.data).toEqual([expect.objectContaining({ id: booked.id, metadata: { kwenda_ref: 'KW-INSTANT-1' } })]);

    const twice = await rejection(
      duffel.orders.create({ ...order, payments: [{ type: 'balance', amount: total, currency: offer.total_currency }] }),
    );
    expect(twice.errors[0]!.code).toBe('offer_no_longer_available');
    expect((await rejection(duffel.offers.get(offer.id))).errors[0]!.code).toBe('offer_no_longer_available');
    expect(local.control.order(booked.id)?.total_amount).toBe(total);
  });

  it('reports every passenger problem at once, with field and pointer', async () => {
    const offer = await findOffer((o) => o.passenger_identity_documents_required, [{ type: 'adult' }, { age: 1 }]);
    const [adult, infant] = bookingPassengers(offer);
    const error = await rejection(
      duffel.orders.create({
        type: 'instant',
        selected_offers: [offer.id],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
        passengers: [
          {
            ...adult!,
            given_name: 'محمد',
            phone_number: '0912345678',
            infant_passenger_id: undefined,
            identity_documents: undefined,
          },
          { ...infant!, born_on: '1990-01-01', gender: 'x' as 'm' },
        ],
      }),
    );
    expect(error.status).toBe(422);
    const problems = error.errors.map((e) => [e.code, (e as { source?: { pointer: string } }).source?.pointer]);
    expect(problems).toEqual(
      expect.arrayContaining([
        ['validation_format', '/passengers/0/given_name'],
        ['validation_format', '/passengers/0/phone_number'],
        ['validation_required', '/passengers/0/identity_documents'],
        ['validation_format', '/passengers/1/born_on'],
        ['validation_inclusion', '/passengers/1/gender'],
        ['validation_required', '/passengers'],
      ]),
    );
    expect(error.errors.every((e) => e.type === 'validation_error')).toBe(true);
  });

  it('quotes and confirms a cancellation; a second one is refused', async () => {
    const offer = await findOffer((o) => o.conditions.refund_before_departure?.allowed === true);
    const booked = await instantOrder(offer);
    const quote = (await duffel.orderCancellations.create({ order_id: booked.id })).data;
    const penalty = Number(offer.conditions.refund_before_departure!.penalty_amount);
    expect(quote).toMatchObject({
      order_id: booked.id,
      refund_to: 'balance',
      refund_currency: booked.total_currency,
      refund_amount: Math.max(0, Number(booked.total_amount) - penalty).toFixed(2),
      confirmed_at: null,
    });
    expect((await duffel.orderCancellations.get(quote.id)).data.id).toBe(quote.id);
    const confirmed = (await duffel.orderCancellations.confirm(quote.id)).data;
    expect(confirmed.confirmed_at).toEqual(expect.any(String));
    const order = (await duffel.orders.get(booked.id)).data;
    expect(order.cancelled_at).toBe(confirmed.confirmed_at);
    expect(order.available_actions).toEqual(['update']);
    expect((await rejection(duffel.orderCancellations.create({ order_id: booked.id }))).errors[0]!.code).toBe(
      'already_cancelled',
    );
    expect((await rejection(duffel.orderCancellations.confirm(quote.id))).errors[0]!.code).toBe('already_cancelled');
  });

  it('quotes nothing back for an unpaid hold', async () => {
    const offer = await findOffer((o) => !o.payment_requirements.requires_instant_payment);
    const held = (await duffel.orders.create({ type: HOLD, selected_offers: [offer.id], passengers: bookingPassengers(offer) }))
      .data;
    const quote = (await duffel.orderCancellations.create({ order_id: held.id })).data;
    expect(quote).toMatchObject({ refund_amount: '0.00', refund_to: 'awaiting_payment' });
  });

  it('changes the price of a hold after its guarantee, and expires it after its deadline', async () => {
    const offer = await findOffer((o) => !o.payment_requirements.requires_instant_payment);
    const held = (await duffel.orders.create({ type: HOLD, selected_offers: [offer.id], passengers: bookingPassengers(offer) }))
      .data;
    const guarantee = Date.parse(held.payment_status.price_guarantee_expires_at!);
    local.control.advanceClock(guarantee - Date.now() + 60_000);
    const repriced = (await duffel.orders.get(held.id)).data;
    expect(Number(repriced.total_amount)).toBeGreaterThan(Number(held.total_amount));
    const stale = await rejection(
      duffel.payments.create({
        order_id: held.id,
        payment: { type: 'balance', amount: held.total_amount, currency: held.total_currency },
      }),
    );
    expect(stale.errors[0]).toMatchObject({ code: 'price_changed', type: 'airline_error' });
    await duffel.payments.create({
      order_id: held.id,
      payment: { type: 'balance', amount: repriced.total_amount, currency: repriced.total_currency },
    });

    local.control.reset();
    const other = await findOffer((o) => !o.payment_requirements.requires_instant_payment);
    const late = (await duffel.orders.create({ type: HOLD, selected_offers: [other.id], passengers: bookingPassengers(other) }))
      .data;
    local.control.advanceClock(Date.parse(late.payment_status.payment_required_by!) - Date.now() + 60_000);
    const expired = await rejection(
      duffel.payments.create({
        order_id: late.id,
        payment: { type: 'balance', amount: late.total_amount, currency: late.total_currency },
      }),
    );
    expect(expired.errors[0]!.code).toBe('order_expired');
  });

  it('expires offers after 30 minutes', async () => {
    const offer = (await search('PZU', 'JED')).offers[0]!;
    expect((await duffel.offers.get(offer.id)).data.id).toBe(offer.id);
    local.control.advanceClock(31 * 60_000);
    const error = await rejection(duffel.offers.get(offer.id));
    expect(error.status).toBe(422);
    expect(error.errors[0]!.code).toBe('offer_no_longer_available');
  });

  describe('scripted cases', () => {
    it('offer_gone: the next re-price answers offer_no_longer_available', async () => {
      const offer = (await search('PZU', 'CAI')).offers[0]!;
      local.control.offerGone();
      const error = await rejection(duffel.offers.get(offer.id));
      expect(error.errors[0]).toMatchObject({ code: 'offer_no_longer_available', type: 'airline_error' });
      expect((await rejection(duffel.offers.get(offer.id))).errors[0]!.code).toBe('offer_no_longer_available');
      expect(local.control.pendingScripts).toEqual([]);
    });

    it('price_change: the next re-price costs more, and booking at the old price is refused', async () => {
      const offer = await findOffer((o) => o.owner.iata_code !== 'LH');
      local.control.priceChange({ increaseAmount: '25.00' });
      const repriced = (await duffel.offers.get(offer.id)).data;
      expect(Number(repriced.total_amount)).toBeCloseTo(Number(offer.total_amount) + 25, 2);
      expect((await duffel.offers.get(offer.id)).data.total_amount).toBe(repriced.total_amount);
      const order = { type: 'instant' as const, selected_offers: [offer.id], passengers: bookingPassengers(offer) };
      const stale = await rejection(
        duffel.orders.create({
          ...order,
          payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
        }),
      );
      expect(stale.errors[0]!.code).toBe('payment_amount_does_not_match_order_amount');
      const booked = await duffel.orders.create({
        ...order,
        payments: [{ type: 'balance', amount: repriced.total_amount, currency: offer.total_currency }],
      });
      expect(booked.data.total_amount).toBe(repriced.total_amount);
    });

    it('search_timeout: a search answers 504 at its supplier timeout; a batch search ends empty', async () => {
      local.control.searchTimeout({ times: 2 });
      const started = Date.now();
      const error = await rejection(
        duffel.offerRequests.create({
          slices: [{ origin: 'PZU', destination: 'CAI', departure_date: departure, arrival_time: null, departure_time: null }],
          passengers: [{ type: 'adult' }],
          supplier_timeout: 2000,
        }),
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(error.status).toBe(504);
      expect(error.errors[0]).toMatchObject({ type: 'api_error', code: 'gateway_timeout_error' });

      const batch = await duffel.batchOfferRequests.create({
        slices: [{ origin: 'PZU', destination: 'CAI', departure_date: departure, arrival_time: null, departure_time: null }],
        passengers: [{ type: 'adult' }],
        supplier_timeout: 2000,
      });
      const read = (await duffel.batchOfferRequests.get(batch.data.id)).data;
      expect(read).toMatchObject({ remaining_batches: 0, offers: [] });
    });

    it('rate_limit: the next calls answer 429 with ratelimit-reset and retry-after', async () => {
      local.control.rateLimit(2, { retryAfterSeconds: 3 });
      for (let i = 0; i < 2; i += 1) {
        const error = await rejection(duffel.offers.get('off_anything'));
        expect(error.status).toBe(429);
        expect(error.errors[0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
        expect(error.headers.get('retry-after')).toBe('3');
        expect(error.headers.get('ratelimit-remaining')).toBe('0');
        expect(Date.parse(error.headers.get('ratelimit-reset')!)).toBeGreaterThan(Date.now());
      }
      expect((await rejection(duffel.offers.get('off_anything'))).status).toBe(404);
    });

    it('order_accepted: 202, then order.creation_failed by signed webhook; the offer stays bookable', async () => {
      const offer = await findOffer(() => true);
      local.control.orderAccepted({ delayMs: 50 });
      const order = {
        type: 'instant' as const,
        selected_offers: [offer.id],
        passengers: bookingPassengers(offer),
        payments: [{ type: 'balance' as const, amount: offer.total_amount, currency: offer.total_currency }],
        metadata: { kwenda_ref: 'KW-202' },
      };
      const accepted = await duffel.orders.create(order);
      expect(accepted.status).toBe(202);
      expect(accepted.data).toMatchObject({ id: expect.stringMatching(/^por_/), metadata: { kwenda_ref: 'KW-202' } });
      const failed = await receiver.waitFor('order.creation_failed', (w) => w.event.data.object.id === accepted.data.id);
      expect(failed.event.idempotency_key).toBe(Buffer.from(`failed-${accepted.data.id}`).toString('base64'));
      expect(genuine(failed.raw, failed.headers['x-duffel-signature'] as string, SECRET)).toBe(true);
      expect((await duffel.orders.create(order)).status).toBe(201);
    });

    it('order_accepted with outcome created: the order appears later and order.created is sent', async () => {
      const offer = await findOffer(() => true);
      local.control.orderAccepted({ outcome: 'created', delayMs: 50 });
      const accepted = await duffel.orders.create({
        type: 'instant',
        selected_offers: [offer.id],
        passengers: bookingPassengers(offer),
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      });
      expect(accepted.status).toBe(202);
      // The created order is recognised by its flights: order segments keep the offer's segment ids.
      const segmentId = offer.slices[0]!.segments[0]!.id;
      const created = await receiver.waitFor('order.created', (w) =>
        JSON.stringify(w.event.data.object.slices).includes(segmentId),
      );
      expect(created.event.data.object.id).toMatch(/^ord_/);
      const orderId = created.event.data.object.id as string;
      expect((await duffel.orders.get(orderId)).data.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    });

    it('airline change: shifts the first slice, lists the change, accepts it, and sends a signed webhook', async () => {
      const offer = await findOffer(() => true);
      const booked = await instantOrder(offer);
      const before = booked.slices[0]!.segments[0]!.departing_at;
      const change = local.control.airlineChange(booked.id, { shiftHours: 4 });
      const listed = (await duffel.airlineInitiatedChanges.list(booked.id)).data;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id: change.id,
        order_id: booked.id,
        action_taken: null,
        available_actions: ['accept', 'cancel', 'change', 'update'],
      });
      expect(listed[0]!.removed[0]!.segments[0]!.departing_at).toBe(before);
      const moved = listed[0]!.added[0]!.segments[0]!.departing_at;
      expect(Date.parse(`${moved}Z`) - Date.parse(`${before}Z`)).toBe(4 * 3_600_000);
      expect((await duffel.orders.get(booked.id)).data.slices[0]!.segments[0]!.departing_at).toBe(moved);

      const webhook = await receiver.waitFor(
        'order.airline_initiated_change_detected',
        (w) => w.event.data.object.id === change.id,
      );
      expect(webhook.event.idempotency_key).toBe(change.id);
      expect(genuine(webhook.raw, webhook.headers['x-duffel-signature'] as string, SECRET)).toBe(true);

      const second = local.control.airlineChange(booked.id, { shiftHours: 1 });
      expect((await rejection(duffel.airlineInitiatedChanges.accept(change.id))).errors[0]!.code).toBe(
        'stale_airline_initiated_change_accept',
      );
      const accepted = (await duffel.airlineInitiatedChanges.accept(second.id)).data;
      expect(accepted).toMatchObject({ action_taken: 'accepted', available_actions: [] });
    });

    it('is scripted and inspected over HTTP too', async () => {
      const control = (path: string, init?: RequestInit) =>
        fetch(`${local.url}/_control${path}`, init).then((r) => r.json() as Promise<{ data: unknown }>);
      await control('/script', { method: 'POST', body: JSON.stringify({ name: 'rate_limit', times: 1 }) });
      expect((await rejection(duffel.offers.get('off_x'))).status).toBe(429);
      const requests = (await control('/requests')).data as { pathname: string; status: number; authorization: string }[];
      expect(requests.at(-1)).toMatchObject({ pathname: '/air/offers/off_x', status: 429, authorization: 'valid' });

      const offer = await findOffer(() => true);
      const booked = await instantOrder(offer);
      expect((await control(`/orders/${booked.id}`)).data).toMatchObject({ id: booked.id, offer_id: offer.id });
      const change = (await control('/airline-change', { method: 'POST', body: JSON.stringify({ order_id: booked.id }) }))
        .data as { id: string };
      expect(change.id).toMatch(/^aic_/);
      const bad = await fetch(`${local.url}/_control/script`, { method: 'POST', body: JSON.stringify({ name: 'nonsense' }) });
      expect(bad.status).toBe(400);
    });
  });

  it('retries a webhook the receiver refused', async () => {
    const offer = await findOffer(() => true);
    receiver.failNextDeliveries(1);
    const booked = await instantOrder(offer);
    await receiver.waitFor('order.created', (w) => w.event.data.object.id === booked.id);
    // Finished: the receiver sees the second attempt before its answer reaches the sender.
    const mine = await local.control.waitForWebhook(
      'order.created',
      5000,
      (d) => (d.event.data.object as { id: string }).id === booked.id,
    );
    expect(mine).toMatchObject({ delivered: true, attempts: 2, status: 200, finished: true });
  });
});

describe('batch offer requests with a search delay', () => {
  let local: LocalDuffel;
  let duffel: Duffel;
  const departure = daysFromNow(20);
  const slices = [{ origin: 'PZU', destination: 'JED', departure_date: departure, arrival_time: null, departure_time: null }];

  beforeAll(async () => {
    local = await startLocalDuffel({ searchDelayMs: 2400, batches: 3 });
    duffel = new Duffel({ token: TOKEN, basePath: local.url });
  });
  afterAll(() => local.close());
  afterEach(() => local.control.reset());

  it('delivers the batches spread over the delay, each offer once', async () => {
    const started = Date.now();
    const created = await duffel.batchOfferRequests.create({ slices, passengers: [{ type: 'adult' }] });
    expect(local.control.requests.at(-1)!.path).toBe('/air/batch_offer_requests/');
    expect(created.data).toMatchObject({ total_batches: 3, remaining_batches: 3 });
    expect(created.data).not.toHaveProperty('offers');
    const reads: { at: number; remaining: number; offers: string[] }[] = [];
    for (;;) {
      const read = (await duffel.batchOfferRequests.get(created.data.id)).data;
      reads.push({ at: Date.now() - started, remaining: read.remaining_batches, offers: read.offers.map((o) => o.id) });
      if (read.remaining_batches === 0) break;
    }
    expect(reads.map((r) => r.remaining)).toEqual([2, 1, 0]);
    // Long polling: the first read waited for the first batch (800 ms), the last ended with the delay.
    expect(reads[0]!.at).toBeGreaterThanOrEqual(700);
    expect(reads.at(-1)!.at).toBeGreaterThanOrEqual(2300);
    const all = reads.flatMap((r) => r.offers);
    expect(new Set(all).size).toBe(all.length);
    const listed = await duffel.offers.list({ offer_request_id: created.data.id, limit: 200 });
    expect(listed.data.map((o) => o.id).sort()).toEqual([...all].sort());
    expect(all.length).toBeGreaterThanOrEqual(4);
  });

  it('drops the batches that would come after supplier_timeout', async () => {
    const full = await duffel.offerRequests.create({ slices, passengers: [{ type: 'adult' }], return_offers: true });
    const created = await duffel.batchOfferRequests.create({ slices, passengers: [{ type: 'adult' }], supplier_timeout: 2000 });
    const started = Date.now();
    const offers: string[] = [];
    let remaining = created.data.remaining_batches;
    while (remaining > 0) {
      const read = (await duffel.batchOfferRequests.get(created.data.id)).data;
      offers.push(...read.offers.map((o) => o.id));
      remaining = read.remaining_batches;
    }
    // It ends at the supplier timeout (2000 ms), not with the whole delay (2400 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(2400);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.length).toBeLessThan(full.data.offers.length);
  });

  it('answers a plain search after the delay, or at its supplier timeout with the batches that arrived', async () => {
    const started = Date.now();
    const whole = await duffel.offerRequests.create({
      slices,
      passengers: [{ type: 'adult' }],
      return_offers: true,
      supplier_timeout: 10_000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2300);
    const partialStart = Date.now();
    const partial = await duffel.offerRequests.create({
      slices,
      passengers: [{ type: 'adult' }],
      return_offers: false,
      supplier_timeout: 2000,
    });
    expect(Date.now() - partialStart).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - partialStart).toBeLessThan(2400);
    expect((partial.data as { offers?: unknown[] }).offers).toEqual([]);
    const listed = await duffel.offers.list({ offer_request_id: partial.data.id, limit: 200 });
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.length).toBeLessThan(whole.data.offers.length);
  });
});
