import { addDays, offerSchema } from '@kwenda/contracts';
import { describe, expect, it } from 'vitest';
import type { SupplierOffer } from '../supplier.js';
import { CONNECTION_RULES } from './itineraries.js';
import { readOfferReference, sandboxRepricingOutcome, type RepricingOutcome } from './offer-reference.js';
import { BOOKING_CUTOFF_MINUTES, createSandboxSupplier, MAX_OFFERS } from './sandbox-supplier.js';
import { instantOf, NOW, searchFor } from './test-support.js';

const supplier = createSandboxSupplier({ clock: () => NOW });
const zone = (code: string) => supplier.schedule.airports.get(code)!.timeZone;
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const THREE_WEEKS = '2026-03-23'; // a Monday
const oneWay = (origin: string, destination: string, date: string, overrides = {}, now = NOW) =>
  supplier.searchOffers(searchFor([[origin, destination, date]], overrides), now);
const carriers = (offers: readonly SupplierOffer[]) =>
  new Set(offers.flatMap((o) => o.slices.flatMap((s) => s.segments.map((x) => x.airline.iataCode))));
const direct = (offers: readonly SupplierOffer[]) => offers.filter((o) => o.slices.every((s) => s.segments.length === 1));
const flightsOf = (offer: SupplierOffer) => offer.slices.map((s) => s.segments.map((x) => x.flightNumber).join('+')).join(' / ');
const departsAt = (segment: { origin: string; departureDate: string }) => instantOf(segment.departureDate, zone(segment.origin));
const arrivesAt = (segment: { destination: string; arrivalDate: string }) =>
  instantOf(segment.arrivalDate, zone(segment.destination));

/** Offers over a few routes and weeks, to find the rarer repricing outcomes. */
async function manyOffers(): Promise<SupplierOffer[]> {
  const all: SupplierOffer[] = [];
  for (const destination of ['CAI', 'JED', 'IST', 'DOH', 'ADD'])
    for (let d = 0; d < 14; d++) all.push(...(await oneWay('PZU', destination, addDays(THREE_WEEKS, d))));
  return all;
}

describe('sandbox supplier', () => {
  it('answers the same offers to the same question, across instances', async () => {
    const first = await oneWay('PZU', 'IST', THREE_WEEKS);
    expect(await oneWay('PZU', 'IST', THREE_WEEKS)).toEqual(first);
    expect(await createSandboxSupplier({ clock: () => NOW }).searchOffers(searchFor([['PZU', 'IST', THREE_WEEKS]]))).toEqual(
      first,
    );
    expect(first.length).toBeGreaterThan(3);
  });

  it('returns offers that satisfy the public contract', async () => {
    const offers = [
      ...(await oneWay('PZU', 'CAI', THREE_WEEKS)),
      ...(await supplier.searchOffers(
        searchFor([
          ['PZU', 'CAI', THREE_WEEKS],
          ['CAI', 'PZU', '2026-03-30'],
        ]),
      )),
    ];
    expect(offers.length).toBeGreaterThan(10);
    for (const { totalAmount, totalCurrency, ...offer } of offers) {
      expect(totalCurrency).toBe('USD');
      // The fares per traveller type are the offers service's (from passengerRequirements), not the supplier's.
      offerSchema.omit({ fares: true }).parse({ ...offer, price: totalAmount, currency: 'USD' });
      expect(offer.expiresAt).toBe('2026-03-02T06:30:00.000Z');
      for (const airline of offer.slices.flatMap((s) => s.airlines))
        expect(airline.logo).toBe(`/airlines/${airline.iataCode}.png`);
    }
    expect(new Set(offers.map((o) => o.reference)).size).toBe(offers.length);
  });

  it('flies Port Sudan to Cairo direct three weeks ahead with EgyptAir, Sudan Airways and Badr', async () => {
    const offers = await oneWay('PZU', 'CAI', THREE_WEEKS);
    const directs = direct(offers);
    expect([...carriers(directs)]).toEqual(expect.arrayContaining(['MS', 'SD', 'J4']));
    for (const offer of offers) {
      const slice = offer.slices[0]!;
      expect([slice.origin, slice.destination]).toEqual(['PZU', 'CAI']);
      expect(slice.departureDate.slice(0, 10)).toBe(THREE_WEEKS);
    }
    expect(directs.find((o) => o.slices[0]!.segments[0]!.airline.iataCode === 'SD')!.slices[0]!.airlines[0]).toEqual({
      iataCode: 'SD',
      nameEn: 'Sudan Airways',
      nameAr: 'الخطوط الجوية السودانية',
      logo: '/airlines/SD.png',
    });
    expect(offers.length).toBeLessThanOrEqual(MAX_OFFERS);
  });

  it('has weekdays without a flight on thin routes, so nearby dates can be suggested', async () => {
    const dongola = async (date: string) => direct(await oneWay('PZU', 'DOG', date, { maxConnections: 0 }));
    expect(await dongola('2026-03-24')).toEqual([]); // Tuesday
    expect(carriers(await dongola('2026-03-23'))).toEqual(new Set(['SD'])); // Monday
    expect(carriers(await dongola('2026-03-28'))).toEqual(new Set(['J4'])); // Saturday
    const week = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6].map((d) => oneWay('KRT', 'EBD', addDays(THREE_WEEKS, d), { maxConnections: 0 })),
    );
    expect(week.map((offers) => offers.length > 0)).toEqual([false, false, true, false, false, false, true]);
  });

  it('offers no direct Port Sudan-Dubai flight, only connections through the region', async () => {
    expect(await oneWay('PZU', 'DXB', THREE_WEEKS, { maxConnections: 0 })).toEqual([]);
    const offers = await oneWay('PZU', 'DXB', THREE_WEEKS);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(['DOH', 'JED', 'RUH', 'DMM', 'KWI']).toContain(offer.slices[0]!.segments[0]!.destination);
  });

  it('respects maxConnections', async () => {
    const date = '2026-03-24'; // Tarco flies Kassala on Tuesdays
    const any = await oneWay('KSL', 'LHR', date);
    expect(any.some((o) => o.slices[0]!.segments.length === 3)).toBe(true);
    expect(await oneWay('KSL', 'LHR', date, { maxConnections: 1 })).toEqual([]);
    const upToOne = await oneWay('PZU', 'IST', date, { maxConnections: 1 });
    expect(upToOne.every((o) => o.slices[0]!.segments.length <= 2)).toBe(true);
    const directOnly = await oneWay('PZU', 'IST', date, { maxConnections: 0 });
    expect(directOnly.length).toBeGreaterThan(0);
    expect(directOnly.every((o) => o.slices[0]!.segments.length === 1)).toBe(true);
  });

  it('connects with the minimum connection time, never revisiting an airport', async () => {
    for (const [o, d] of [
      ['PZU', 'LHR'],
      ['PZU', 'KUL'],
      ['DOG', 'DXB'],
    ] as const) {
      for (const offer of await oneWay(o, d, '2026-03-26')) {
        const segments = offer.slices[0]!.segments;
        const airports = [segments[0]!.origin, ...segments.map((s) => s.destination)];
        expect(new Set(airports).size).toBe(airports.length);
        for (let i = 1; i < segments.length; i++) {
          expect(segments[i]!.origin).toBe(segments[i - 1]!.destination);
          const layover = (departsAt(segments[i]!) - arrivesAt(segments[i - 1]!)) / 60_000;
          expect(layover).toBeGreaterThanOrEqual(CONNECTION_RULES.minimumConnectionMinutes);
          expect(layover).toBeLessThanOrEqual(CONNECTION_RULES.maximumLayoverMinutes);
        }
      }
    }
  });

  it('gives local times whose difference, adjusted by the zones, is the duration', async () => {
    const offers = [
      ...(await oneWay('CAI', 'JED', THREE_WEEKS)),
      ...(await oneWay('LHR', 'SYD', THREE_WEEKS)),
      ...(await oneWay('JFK', 'PZU', THREE_WEEKS)),
    ];
    expect(offers.length).toBeGreaterThan(10);
    for (const slice of offers.flatMap((o) => o.slices)) {
      for (const s of slice.segments) expect((arrivesAt(s) - departsAt(s)) / 60_000).toBe(s.durationInMinutes);
      expect((arrivesAt(slice.segments.at(-1)!) - departsAt(slice.segments[0]!)) / 60_000).toBe(slice.durationInMinutes);
      expect(slice.departureDate).toBe(slice.segments[0]!.departureDate);
      expect(slice.arrivalDate).toBe(slice.segments.at(-1)!.arrivalDate);
    }
  });

  it('filters by cabin: economy when none is asked, business and first where sold', async () => {
    const economy = await oneWay('PZU', 'CAI', THREE_WEEKS);
    expect(economy.every((o) => o.slices[0]!.cabinClasses[0]!.code === 'economy')).toBe(true);
    expect(economy[0]!.slices[0]!.cabinClasses).toEqual([{ code: 'economy', labelAr: 'الدرجة السياحية', labelEn: 'Economy' }]);

    const business = await oneWay('PZU', 'CAI', THREE_WEEKS, { cabinClass: 'business' });
    expect(business.length).toBeGreaterThan(0);
    expect(business.every((o) => o.slices[0]!.cabinClasses[0]!.labelAr === 'درجة رجال الأعمال')).toBe(true);
    expect(carriers(business).has('J4')).toBe(false); // Badr sells economy only
    expect(business.every((o) => o.baggage.hold.weight === 32)).toBe(true);

    const first = await oneWay('DXB', 'LHR', THREE_WEEKS, { cabinClass: 'first', maxConnections: 0 });
    expect(first.length).toBeGreaterThan(0);
    expect([...carriers(first)].every((c) => ['EK', 'BA'].includes(c))).toBe(true);
    expect(await oneWay('PZU', 'JED', THREE_WEEKS, { cabinClass: 'first' })).toEqual([]);
  });

  it('prices at plausible levels: dearer in business, cheaper far ahead, dearer close in', async () => {
    const fares = async (destination: string, date: string, overrides = {}, now = NOW) =>
      direct(await oneWay('PZU', destination, date, { maxConnections: 0, ...overrides }, now)).map((o) => o.totalAmount);
    for (const [destination, low, high] of [
      ['CAI', 250, 450],
      ['JED', 200, 380],
      ['IST', 350, 600],
    ] as const) {
      for (let d = 0; d < 7; d++) {
        const now = new Date(Date.parse(NOW.toISOString()) + d * 86_400_000);
        for (const fare of await fares(destination, addDays(THREE_WEEKS, d), {}, now)) {
          expect(fare, `PZU-${destination}`).toBeGreaterThanOrEqual(low);
          expect(fare, `PZU-${destination}`).toBeLessThanOrEqual(high);
        }
      }
    }
    const byFlight = async (overrides = {}, now = NOW, date = THREE_WEEKS) =>
      new Map(
        direct(await oneWay('PZU', 'CAI', date, { maxConnections: 0, ...overrides }, now)).map((o) => [
          flightsOf(o),
          o.totalAmount,
        ]),
      );
    const economy = await byFlight();
    const business = await byFlight({ cabinClass: 'business' });
    expect(business.size).toBeGreaterThan(0);
    for (const [flight, fare] of business) {
      expect(fare / economy.get(flight)!).toBeGreaterThanOrEqual(2.5);
      expect(fare / economy.get(flight)!).toBeLessThanOrEqual(3.5);
    }
    const early = await byFlight({}, new Date('2026-01-01T06:00:00Z'));
    const late = await byFlight({}, new Date('2026-03-20T06:00:00Z'));
    for (const [flight, fare] of economy) {
      expect(early.get(flight)!).toBeLessThan(fare);
      expect(late.get(flight)!).toBeGreaterThan(fare);
    }
  });

  it('charges children and infants less than adults', async () => {
    const party = await oneWay('PZU', 'CAI', THREE_WEEKS, {
      passengers: { adults: 1, children: 1, infants: 1 },
      baggage: { hold: 1, carryOn: 0 },
    });
    const alone = new Map((await oneWay('PZU', 'CAI', THREE_WEEKS)).map((o) => [flightsOf(o), o.totalAmount]));
    const msDirect = party.find((o) => flightsOf(o) === 'MS856')!;
    const adult = alone.get('MS856')!;
    expect(msDirect.totalAmount).toBeCloseTo(adult + adult * 0.75 + adult * 0.1, 1);
    for (const offer of party) expect(offer.totalAmount).toBeLessThan(3 * alone.get(flightsOf(offer))!);
  });

  it('combines a round trip and multi-city legs in order, at most 60 offers', async () => {
    const roundTrip = await supplier.searchOffers(
      searchFor([
        ['PZU', 'CAI', THREE_WEEKS],
        ['CAI', 'PZU', '2026-03-30'],
      ]),
    );
    expect(roundTrip.length).toBeGreaterThan(0);
    expect(roundTrip.length).toBeLessThanOrEqual(MAX_OFFERS);
    for (const offer of roundTrip) {
      expect(offer.tripType).toBe('round-trip');
      expect(offer.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['PZU-CAI', 'CAI-PZU']);
      expect(offer.slices[1]!.departureDate.slice(0, 10)).toBe('2026-03-30');
    }
    const legs: [string, string, string][] = [
      ['PZU', 'JED', THREE_WEEKS],
      ['JED', 'CAI', '2026-03-25'],
      ['CAI', 'IST', '2026-03-27'],
      ['IST', 'PZU', '2026-03-31'],
    ];
    const multi = await supplier.searchOffers(searchFor(legs));
    expect(multi.length).toBeGreaterThan(0);
    expect(multi.length).toBeLessThanOrEqual(MAX_OFFERS);
    for (const offer of multi) {
      expect(offer.tripType).toBe('multi-city');
      expect(offer.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(legs.map(([o, d]) => `${o}-${d}`));
      offer.slices
        .slice(1)
        .forEach((slice, i) =>
          expect(departsAt(slice.segments[0]!)).toBeGreaterThan(arrivesAt(offer.slices[i]!.segments.at(-1)!)),
        );
    }
  });

  it('never offers flights leaving within two hours', async () => {
    const now = new Date('2026-03-23T09:00:00Z'); // 11:00 in Port Sudan
    const offers = await oneWay('PZU', 'CAI', THREE_WEEKS, {}, now);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers)
      expect(departsAt(offer.slices[0]!.segments[0]!)).toBeGreaterThanOrEqual(now.getTime() + BOOKING_CUTOFF_MINUTES * 60_000);
    expect(offers.some((o) => flightsOf(o) === 'SD211')).toBe(false); // left at 09:10
    expect(await oneWay('PZU', 'CAI', '2026-03-01')).toEqual([]);
  });

  it('re-creates the same offer from its reference alone', async () => {
    const offers = await oneWay('PZU', 'IST', THREE_WEEKS, {
      passengers: { adults: 2, children: 1, infants: 1 },
      baggage: { hold: 2, carryOn: 1 },
    });
    const stays = offers.filter((o) => sandboxRepricingOutcome(o.reference)?.kind === 'available');
    expect(stays.length).toBeGreaterThan(0);
    const fresh = createSandboxSupplier({ clock: () => minutesAfter(NOW, 10) });
    for (const offer of stays) expect(await fresh.getOffer(offer.reference)).toEqual({ status: 'available', offer });
    expect(readOfferReference(stays[0]!.reference)).toMatchObject({
      passengers: { adults: 2, children: 1, infants: 1 },
      baggage: { hold: 2, carryOn: 1 },
    });
  });

  it('answers unavailable for a tampered, foreign or garbage reference', async () => {
    const [offer] = await oneWay('PZU', 'CAI', THREE_WEEKS);
    const [payload, tag] = offer!.reference.split('.') as [string, string];
    const text = Buffer.from(payload, 'base64url').toString();
    expect(text).toContain('|e|1.0.0|');
    const upgraded = Buffer.from(text.replace('|e|1.0.0|', '|b|1.0.0|')).toString('base64url');
    const tampered = [
      `${upgraded}.${tag}`,
      `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}.${tag}`,
      `${payload}.${tag.slice(0, -1)}${tag.at(-1) === 'A' ? 'B' : 'A'}`,
      offer!.reference.slice(1),
      'garbage',
      '',
    ];
    for (const reference of tampered) {
      expect(await supplier.getOffer(reference)).toEqual({ status: 'unavailable' });
      expect(await supplier.getSeatMap(reference, 0)).toBeNull();
    }
    expect(await createSandboxSupplier({ secret: 'other', clock: () => NOW }).getOffer(offer!.reference)).toEqual({
      status: 'unavailable',
    });
  });

  it('expires offers after the time to live', async () => {
    const [offer] = await oneWay('PZU', 'CAI', THREE_WEEKS);
    const status = async (now: Date) => (await supplier.getOffer(offer!.reference, now)).status;
    expect(['available', 'price-changed', 'unavailable']).toContain(await status(minutesAfter(NOW, 29)));
    expect(await status(minutesAfter(NOW, 30))).toBe('expired');
    expect(await status(minutesAfter(NOW, 24 * 60))).toBe('expired');
    const short = createSandboxSupplier({ offerTtlMinutes: 5, clock: () => NOW });
    const [quick] = await short.searchOffers(searchFor([['PZU', 'CAI', THREE_WEEKS]]));
    expect(quick!.expiresAt).toBe('2026-03-02T06:05:00.000Z');
    expect((await short.getOffer(quick!.reference, minutesAfter(NOW, 5))).status).toBe('expired');
  });

  it('re-prices a small, stable share of offers: some sold out, some dearer', async () => {
    const offers = await manyOffers();
    const kinds = new Map<RepricingOutcome['kind'], SupplierOffer[]>();
    for (const offer of offers) {
      const kind = sandboxRepricingOutcome(offer.reference)!.kind;
      kinds.set(kind, [...(kinds.get(kind) ?? []), offer]);
    }
    const share = (kind: RepricingOutcome['kind']) => (kinds.get(kind)?.length ?? 0) / offers.length;
    expect(share('unavailable')).toBeGreaterThan(0.01);
    expect(share('unavailable')).toBeLessThan(0.12);
    expect(share('price-changed')).toBeGreaterThan(0.01);
    expect(share('price-changed')).toBeLessThan(0.12);

    const later = minutesAfter(NOW, 15);
    for (const offer of kinds.get('unavailable')!.slice(0, 5))
      expect(await supplier.getOffer(offer.reference, later)).toEqual({ status: 'unavailable' });

    for (const offer of kinds.get('price-changed')!.slice(0, 5)) {
      const outcome = sandboxRepricingOutcome(offer.reference) as { kind: 'price-changed'; factor: number };
      const result = await supplier.getOffer(offer.reference, later);
      expect(await supplier.getOffer(offer.reference, later)).toEqual(result);
      if (result.status !== 'price-changed') throw new Error(`expected price-changed, got ${result.status}`);
      expect(result.previousTotal).toBe(offer.totalAmount);
      expect(result.offer.totalAmount).toBeCloseTo(offer.totalAmount * outcome.factor, 1);
      expect(result.offer.totalAmount).toBeGreaterThan(offer.totalAmount * 1.02);
      expect(result.offer.slices).toEqual(offer.slices);
      expect(result.offer.expiresAt).toBe(minutesAfter(NOW, 45).toISOString());
      // The re-issued offer holds its new price.
      expect(sandboxRepricingOutcome(result.offer.reference)).toEqual({ kind: 'available' });
      expect(await supplier.getOffer(result.offer.reference, minutesAfter(later, 1))).toEqual({
        status: 'available',
        offer: result.offer,
      });
    }
  });

  it('serves a seat map for each slice of an offer', async () => {
    const [offer] = await supplier.searchOffers(
      searchFor([
        ['PZU', 'CAI', THREE_WEEKS],
        ['CAI', 'PZU', '2026-03-30'],
      ]),
    );
    for (const index of [0, 1]) {
      const map = (await supplier.getSeatMap(offer!.reference, index))!;
      expect(map.rows[0]!.number).toBe(3);
      expect(map.rows.at(-1)!.number).toBe(30);
      expect(map.rows.some((r) => r.nextToExit)).toBe(true);
      const seats = map.rows.flatMap((r) => r.columns.flatMap((c) => c.seats));
      expect(seats.some((s) => !s.available)).toBe(true);
      for (const seat of seats.filter((s) => s.available)) expect(seat.price).toBeGreaterThanOrEqual(30);
      expect(await supplier.getSeatMap(offer!.reference, index)).toEqual(map);
    }
    expect(await supplier.getSeatMap(offer!.reference, 2)).toBeNull();
  });

  it('answers the seven searches of one request (asked date and three either side) from the shared network', async () => {
    // A sanity check that repeated nearby-date searches work from the memoised network; no timing asserted.
    const dates = [-3, -2, -1, 0, 1, 2, 3].map((d) => addDays(THREE_WEEKS, d));
    const results = await Promise.all(dates.map((date) => oneWay('PZU', 'JED', date)));
    expect(results.every((offers) => offers.length > 0)).toBe(true);
    const again = await Promise.all(dates.map((date) => oneWay('PZU', 'JED', date)));
    expect(again).toEqual(results);
  });
});
