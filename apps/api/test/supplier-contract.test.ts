import { addDays, type PassengerCounts } from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAirport } from '../src/data/airports.js';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { createAllotmentsService } from '../src/modules/allotments/allotments-service.js';
import { createAgencySeatsSupplier } from '../src/suppliers/agency-seats/agency-seats-supplier.js';
import { createDuffelSupplier } from '../src/suppliers/duffel/duffel-supplier.js';
import { sandboxRepricingOutcome } from '../src/suppliers/sandbox/offer-reference.js';
import { createSandboxSupplier } from '../src/suppliers/sandbox/sandbox-supplier.js';
import {
  TicketsIssuedByAgency,
  type PassengerRequirements,
  type Supplier,
  type SupplierLeg,
  type SupplierOffer,
  type SupplierPassenger,
  type SupplierSearch,
  type TicketedOrder,
} from '../src/suppliers/supplier.js';
import { startLocalDuffel, type LocalDuffel } from './duffel/local-duffel-server.js';
import { backends, createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { supplierSearch } from './helpers/supplier-search.js';

/**
 * One contract for every flight supplier: the same searches, the same invariants of offers and
 * passenger requirements, the same order life (hold, read, ticket, cancel, quote and confirm a
 * cancellation), the same re-pricing outcomes, the same answers for unknown orders. Run on the
 * sandbox, on the Duffel adapter talking to the local Duffel stand-in (apps/api/test/duffel), and on
 * the agency's own seats (whose tickets staff issue by hand, and which sell no seat numbers).
 */

type Outcome = 'stay' | 'change-price' | 'vanish';

interface Harness {
  supplier: Supplier;
  /**
   * A fresh offer that can be held and will re-price as asked on its next getOffer or createOrder:
   * the sandbox's outcomes follow from the offer (found by searching), the stand-in's are scripted.
   */
  offerThatWill(outcome: Outcome, passengers?: PassengerCounts): Promise<{ offer: SupplierOffer; search: SupplierSearch }>;
  close(): Promise<void>;
  /**
   * For a supplier whose tickets staff issue in the airline's own system: ticketOrder pays the order
   * and answers TicketsIssuedByAgency; this then enters the PNR and tickets as the desk does.
   */
  ticketsByHand?(orderId: string, passengers: SupplierPassenger[]): Promise<TicketedOrder>;
  /** False: the supplier sells no seat numbers (getSeatMap answers null). */
  seatMaps?: boolean;
}

const TODAY = new Date().toISOString().slice(0, 10);
const OUT = addDays(TODAY, 21);

const SEARCHES: [string, SupplierSearch][] = [
  ['one-way', supplierSearch([['PZU', 'CAI', OUT]])],
  [
    'round trip',
    supplierSearch([
      ['PZU', 'JED', OUT],
      ['JED', 'PZU', addDays(OUT, 7)],
    ]),
  ],
  [
    'multi-city',
    supplierSearch([
      ['PZU', 'JED', addDays(OUT, 1)],
      ['JED', 'CAI', addDays(OUT, 4)],
      ['CAI', 'PZU', addDays(OUT, 8)],
    ]),
  ],
  [
    'round trip with a child and an infant',
    supplierSearch(
      [
        ['PZU', 'CAI', addDays(OUT, 2)],
        ['CAI', 'PZU', addDays(OUT, 9)],
      ],
      { adults: 1, children: 1, infants: 1 },
    ),
  ],
];

const cents = (amount: number) => Math.round(amount * 100);
const lastDayOf = (search: SupplierSearch) => search.legs[search.legs.length - 1]!.departureDate;

/** Born so as to be `years` old (and two months) on `day`. */
const bornBefore = (day: string, years: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d) - 60 * 86_400_000).toISOString().slice(0, 10);
};

/** Travellers as Kwenda's booking sends them: every field filled, the contact on each. */
function travellers(
  requirements: PassengerRequirements[],
  search: SupplierSearch,
  extras: Record<string, number>[] = [],
): SupplierPassenger[] {
  const day = lastDayOf(search);
  return requirements.map((r, index) => ({
    id: `bp_${index + 1}`,
    supplierPassengerId: r.supplierPassengerId,
    passengerType: r.passengerType,
    firstName: ['AMNA', 'RAYAN', 'MALAZ'][index % 3]!,
    lastName: 'OSMAN',
    dateOfBirth: r.passengerType === 'adult' ? '1985-06-15' : bornBefore(day, r.passengerType === 'child' ? 8 : 1),
    gender: index % 2 === 0 ? 'F' : 'M',
    placeOfBirth: 'Port Sudan',
    nationalityCountry: 'SD',
    documentNumber: `P0${5566770 + index}`,
    documentIssuanceCountry: 'SD',
    documentIssuanceDate: '2022-01-10',
    documentExpiryDate: '2032-01-09',
    extraBaggage: extras[index] ?? {},
    email: 'amna@example.com',
    mobile: '+249912345678',
  }));
}

function expectSaneOffer(offer: SupplierOffer, search: SupplierSearch, now: Date) {
  expect(offer.reference).toEqual(expect.any(String));
  expect(offer.totalAmount).toBeGreaterThan(0);
  expect(offer.totalCurrency).toMatch(/^[A-Z]{3}$/);
  expect(offer.tripType).toBe(search.tripType);
  expect(Date.parse(offer.expiresAt)).toBeGreaterThan(now.getTime());
  expect(offer.slices).toHaveLength(search.legs.length);
  offer.slices.forEach((slice, index) => {
    const leg: SupplierLeg = search.legs[index]!;
    expect([slice.origin, slice.destination]).toEqual([leg.origin, leg.destination]);
    expect(slice.departureDate.startsWith(leg.departureDate)).toBe(true);
    expect(slice.departureDate).toBe(slice.segments[0]!.departureDate);
    expect(slice.arrivalDate).toBe(slice.segments[slice.segments.length - 1]!.arrivalDate);
    expect(Number.isInteger(slice.durationInMinutes) && slice.durationInMinutes > 0).toBe(true);
    expect(slice.cabinClasses.length).toBeGreaterThan(0);
    expect(slice.airlines.length).toBeGreaterThan(0);
    for (const airline of slice.airlines) {
      expect(airline.iataCode).toMatch(/^[A-Z0-9]{2}$/);
      expect(airline.nameEn.length * airline.nameAr.length * airline.logo.length).toBeGreaterThan(0);
    }
    slice.segments.forEach((segment, s) => {
      expect(segment.flightNumber).toMatch(/^[A-Z0-9]{2}\d{1,4}$/);
      expect(segment.departureDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
      expect(segment.arrivalDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
      expect(Number.isInteger(segment.durationInMinutes) && segment.durationInMinutes > 0).toBe(true);
      expect(segment.stops).toBeGreaterThanOrEqual(0);
      const next = slice.segments[s + 1];
      if (next) expect(next.origin).toBe(segment.destination);
    });
  });
  for (const condition of [offer.conditions.refundBeforeDeparture, offer.conditions.changeBeforeDeparture]) {
    if (!condition) continue;
    if (!condition.allowed) expect(condition.penaltyAmount).toBeNull();
    if (condition.penaltyAmount !== null) {
      expect(condition.penaltyAmount).toBeGreaterThanOrEqual(0);
      expect(condition.penaltyCurrency).toMatch(/^[A-Z]{3}$/);
    }
  }
}

function expectSaneRequirements(requirements: PassengerRequirements[], offer: SupplierOffer, counts: PassengerCounts) {
  expect(requirements.map((r) => r.passengerType)).toEqual([
    ...Array<string>(counts.adults).fill('adult'),
    ...Array<string>(counts.children).fill('child'),
    ...Array<string>(counts.infants).fill('infant'),
  ]);
  expect(requirements.reduce((sum, r) => sum + cents(r.fare), 0)).toBe(cents(offer.totalAmount));
  for (const r of requirements) {
    expect(r.fare).toBeGreaterThan(0);
    expect(r.requiredFields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'dateOfBirth', 'gender']));
    if (r.passengerType === 'infant') expect(r.baggage).toEqual([]);
    expect(new Set(r.baggage.map((o) => o.reference)).size).toBe(r.baggage.length);
    for (const option of r.baggage) {
      expect(option.price).toBeGreaterThanOrEqual(0);
      expect(option.weight).toBeGreaterThanOrEqual(0);
      expect(option.limit).toBeGreaterThanOrEqual(Math.max(1, option.included));
      if (option.price > 0) expect(option.included).toBe(0);
      else expect(option.included).toBeGreaterThan(0);
    }
  }
}

function supplierContract(name: string, setup: () => Promise<Harness>) {
  describe(`supplier contract: ${name}`, () => {
    let h: Harness;
    let supplier: Supplier;

    beforeAll(async () => {
      h = await setup();
      supplier = h.supplier;
    });
    afterAll(() => h?.close());

    /** The offer re-priced for a booking, with its requirements and travellers (an extra paid bag for the first when sold). */
    async function priced(outcome: Outcome = 'stay', counts: PassengerCounts = { adults: 1, children: 1, infants: 1 }) {
      const { offer, search } = await h.offerThatWill(outcome, counts);
      const answer = await supplier.getOffer(offer.reference);
      if (answer.status !== 'available') throw new Error(`expected an available offer, got ${answer.status}`);
      const requirements = supplier.passengerRequirements(answer.offer);
      const bag = requirements[0]!.baggage.find((o) => o.price > 0 && o.category === 'hold');
      const passengers = travellers(requirements, search, bag ? [{ [bag.reference]: 1 }] : []);
      return { offer: answer.offer, search, requirements, passengers, extras: bag?.price ?? 0 };
    }

    const hold = async (p: Awaited<ReturnType<typeof priced>>, clientReference = `call_${name}_${Math.random()}`) => {
      const held = await supplier.createOrder({
        offerReference: p.offer.reference,
        passengers: p.passengers,
        holdMinutes: 120,
        clientReference,
      });
      if (held.status !== 'held') throw new Error(`expected a hold, got ${held.status}`);
      return { ...held, clientReference };
    };

    /** Tickets the held order as this supplier does: itself, or by hand after the order is paid. */
    const ticket = async (orderId: string, p: Awaited<ReturnType<typeof priced>>): Promise<TicketedOrder> => {
      if (!h.ticketsByHand) return supplier.ticketOrder(orderId, p.passengers, p.offer);
      await expect(supplier.ticketOrder(orderId, p.passengers, p.offer)).rejects.toBeInstanceOf(TicketsIssuedByAgency);
      // Paid, not yet ticketed: still without tickets; paying again changes nothing.
      expect(await supplier.getOrder(orderId)).toMatchObject({ state: 'held', ticketed: null });
      await expect(supplier.ticketOrder(orderId, p.passengers, p.offer)).rejects.toBeInstanceOf(TicketsIssuedByAgency);
      return h.ticketsByHand(orderId, p.passengers);
    };

    it.each(SEARCHES)('%s: every offer is priced, in a currency, and flies the legs asked for', async (_, search) => {
      const now = new Date();
      const offers = await supplier.searchOffers(search);
      expect(offers.length).toBeGreaterThan(0);
      for (const offer of offers) expectSaneOffer(offer, search, now);
      const first = offers[0]!;
      expectSaneRequirements(supplier.passengerRequirements(first), first, search.passengers);
      // Asked again (paging): the same offers.
      expect((await supplier.searchOffers(search)).map((o) => o.reference)).toEqual(offers.map((o) => o.reference));
    });

    it('streams the offers of a search in batches, then answers the same offers to searchOffers', async () => {
      const search = supplierSearch([['PZU', 'CAI', addDays(OUT, 5)]], { adults: 2, children: 0, infants: 0 });
      const batches = [];
      for await (const batch of supplier.streamOffers(search)) batches.push(batch);
      expect(batches.at(-1)!.remainingBatches).toBe(0);
      expect(batches.some((b) => b.timedOut)).toBe(false);
      const streamed = batches.flatMap((b) => b.offers.map((o) => o.reference));
      expect(streamed.length).toBeGreaterThan(0);
      expect((await supplier.searchOffers(search)).map((o) => o.reference).sort()).toEqual(streamed.sort());
    });

    it('re-prices for a booking: the requirements add up to the total and sell sane bags', async () => {
      const p = await priced();
      expectSaneRequirements(p.requirements, p.offer, { adults: 1, children: 1, infants: 1 });
    });

    it('re-pricing answers available, price-changed (then the new price holds) or unavailable', async () => {
      const stays = await h.offerThatWill('stay');
      expect(await supplier.getOffer(stays.offer.reference)).toMatchObject({
        status: 'available',
        offer: { totalAmount: stays.offer.totalAmount, totalCurrency: stays.offer.totalCurrency },
      });

      const dearer = await h.offerThatWill('change-price');
      const changed = await supplier.getOffer(dearer.offer.reference);
      expect(changed).toMatchObject({ status: 'price-changed', previousTotal: dearer.offer.totalAmount });
      if (changed.status !== 'price-changed') return;
      expect(changed.offer.totalAmount).not.toBe(dearer.offer.totalAmount);
      const flights = (o: SupplierOffer) => o.slices.map((s) => s.segments.map((g) => g.flightNumber));
      expect(flights(changed.offer)).toEqual(flights(dearer.offer));
      expect(await supplier.getOffer(changed.offer.reference)).toMatchObject({
        status: 'available',
        offer: { totalAmount: changed.offer.totalAmount },
      });

      const gone = await h.offerThatWill('vanish');
      expect(await supplier.getOffer(gone.offer.reference)).toEqual({ status: 'unavailable' });
      expect(await supplier.getOffer('not-an-offer-reference')).toEqual({ status: 'unavailable' });
    });

    it('a hold of an offer whose price moved answers price-changed and holds nothing', async () => {
      const { offer, search } = await h.offerThatWill('change-price', { adults: 1, children: 0, infants: 0 });
      const passengers = travellers(supplier.passengerRequirements(offer), search);
      const answer = await supplier.createOrder({
        offerReference: offer.reference,
        passengers,
        holdMinutes: 120,
        clientReference: `call_${name}_dearer`,
      });
      expect(answer).toMatchObject({ status: 'price-changed', previousTotal: offer.totalAmount });
      expect(await supplier.findOrder(`call_${name}_dearer`)).toBeNull();
    });

    it('holds, tickets once with one ticket per passenger, and reads the order back at each step', async () => {
      const p = await priced();
      const held = await hold(p);
      expect(held.total).toBeCloseTo(p.offer.totalAmount + p.extras, 2);
      expect(held.currency).toBe(p.offer.totalCurrency);
      expect(held.paymentRequiredBy.getTime()).toBeGreaterThan(Date.now());
      expect(await supplier.getOrder(held.orderId)).toMatchObject({
        orderId: held.orderId,
        clientReference: held.clientReference,
        state: 'held',
        total: held.total,
        currency: held.currency,
        ticketed: null,
      });
      const again = await supplier.createOrder({
        offerReference: p.offer.reference,
        passengers: p.passengers,
        holdMinutes: 120,
        clientReference: held.clientReference,
      });
      expect(again).toMatchObject({ status: 'held', orderId: held.orderId });
      expect(await supplier.findOrder(held.clientReference)).toMatchObject({ orderId: held.orderId, state: 'held' });
      expect(await supplier.airlineChanges(held.orderId)).toEqual([]);

      const ticketed = await ticket(held.orderId, p);
      expect(ticketed.pnr).toMatch(/^[A-Z0-9]{6}$/);
      expect(ticketed.tickets.map((t) => t.passengerId)).toEqual(p.passengers.map((x) => x.id));
      expect(ticketed.tickets.every((t) => /^\d{13}$/.test(t.ticketNumber))).toBe(true);
      expect(new Set(ticketed.tickets.map((t) => t.ticketNumber)).size).toBe(p.passengers.length);
      expect(await supplier.getOrder(held.orderId)).toMatchObject({ state: 'ticketed', ticketed });
    });

    it('releases a hold; releasing it again is not an error', async () => {
      const p = await priced('stay', { adults: 1, children: 0, infants: 0 });
      const held = await hold(p);
      await supplier.cancelOrder(held.orderId);
      expect(await supplier.getOrder(held.orderId)).toMatchObject({ state: 'cancelled', ticketed: null });
      await supplier.cancelOrder(held.orderId);
    });

    it('quotes nothing back for an unpaid hold; quotes and confirms the cancellation of a ticketed order', async () => {
      const p = await priced('stay', { adults: 1, children: 0, infants: 0 });
      const held = await hold(p);
      expect(await supplier.quoteCancellation(held.orderId)).toMatchObject({
        orderId: held.orderId,
        refundAmount: 0,
        refundTo: 'none',
      });

      await ticket(held.orderId, p);
      const quote = await supplier.quoteCancellation(held.orderId);
      expect(quote.orderId).toBe(held.orderId);
      expect(quote.refundAmount).toBeGreaterThanOrEqual(0);
      expect(quote.refundAmount).toBeLessThanOrEqual(held.total);
      expect(quote.refundCurrency).toMatch(/^[A-Z]{3}$/);
      expect(quote.refundTo === 'none').toBe(quote.refundAmount === 0);
      expect(quote.expiresAt.getTime()).toBeGreaterThan(Date.now());
      await supplier.confirmCancellation(quote.id);
      await supplier.confirmCancellation(quote.id);
      expect(await supplier.getOrder(held.orderId)).toMatchObject({ state: 'cancelled' });
    });

    it("shows the seat map of a slice's first flight", async () => {
      const { offer } = await h.offerThatWill('stay', { adults: 1, children: 0, infants: 0 });
      const map = await supplier.getSeatMap(offer.reference, 0);
      if (h.seatMaps === false) return expect(map).toBeNull();
      expect(map?.currency).toMatch(/^[A-Z]{3}$/);
      expect(map!.rows.length).toBeGreaterThan(5);
      const seats = map!.rows.flatMap((r) => r.columns.flatMap((c) => c.seats));
      expect(seats.some((s) => s.available)).toBe(true);
      for (const seat of seats) expect(seat.available ? seat.price! >= 0 : seat.price === null).toBe(true);
      expect(await supplier.getSeatMap(offer.reference, offer.slices.length)).toBeNull();
    });

    it('knows no unknown order', async () => {
      expect(await supplier.getOrder('ord_0000doesnotexist')).toBeNull();
      expect(await supplier.findOrder('call_never_made')).toBeNull();
      await supplier.cancelOrder('ord_0000doesnotexist');
    });
  });
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(() => database?.destroy());

supplierContract('sandbox', async () => {
  const supplier = createSandboxSupplier({ database });
  const wanted = { stay: 'available', 'change-price': 'price-changed', vanish: 'unavailable' } as const;
  return {
    supplier,
    async offerThatWill(outcome, passengers = { adults: 1, children: 0, infants: 0 }) {
      for (const destination of ['CAI', 'JED', 'IST', 'DOH', 'ADD'])
        for (let d = 10; d < 24; d++) {
          const search = supplierSearch([['PZU', destination, addDays(OUT, d)]], passengers);
          const offer = (await supplier.searchOffers(search)).find(
            (o) => sandboxRepricingOutcome(o.reference)?.kind === wanted[outcome],
          );
          if (offer) return { offer, search };
        }
      throw new Error(`no sandbox offer that will ${outcome}`);
    },
    close: async () => undefined,
  };
});

supplierContract('duffel (local stand-in)', async () => {
  const duffel: LocalDuffel = await startLocalDuffel({ searchDelayMs: 150, batches: 3 });
  const supplier = createDuffelSupplier({
    accessToken: 'duffel_test_local',
    apiUrl: duffel.url,
    searchTimeoutSeconds: 5,
    database,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    polling: { orderLookupIntervalMs: 100, ticketReadIntervalMs: 50 },
  });
  let day = 40;
  return {
    supplier,
    async offerThatWill(outcome, passengers = { adults: 1, children: 0, infants: 0 }) {
      // Each offer from its own search: an offer is used up by its order.
      for (const last = day + 30; day < last;) {
        const search = supplierSearch([['PZU', 'CAI', addDays(OUT, day++)]], passengers);
        const offer = (await supplier.searchOffers(search)).find((o) => !o.requiresInstantPayment);
        if (!offer) continue;
        if (outcome === 'change-price') duffel.control.priceChange({ offerId: offer.reference });
        if (outcome === 'vanish') duffel.control.offerGone({ offerId: offer.reference });
        return { offer, search };
      }
      throw new Error('no Duffel offer that can be held');
    },
    close: () => duffel.close(),
  };
});

// The agency's seats are counted in the database: the contract runs on both.
for (const backend of backends)
  supplierContract(`agency seats on ${backend}`, async () => {
    const database = await createTestDatabase(backend);
    const supplier = createAgencySeatsSupplier({ database });
    // The agency's allocations on the routes the searches ask for, every day of the coming months.
    const from = TODAY;
    const to = addDays(TODAY, 120);
    const routes: [string, string, string, string, string][] = [
      ['3T', '212', 'PZU', 'CAI', '13:30,15:40'],
      ['3T', '214', 'PZU', 'CAI', '06:10,08:20'],
      ['3T', '213', 'CAI', 'PZU', '17:00,21:10'],
      ['J4', '310', 'PZU', 'JED', '09:00,10:30'],
      ['J4', '311', 'JED', 'PZU', '12:00,13:30'],
      ['SD', '420', 'JED', 'CAI', '15:00,17:05'],
    ];
    const csv = [
      ALLOTMENT_CSV_COLUMNS.join(','),
      ...routes.map(
        ([airline, number, origin, destination, times]) =>
          `${airline},${number},${origin},${destination},${times},1234567,${from},${to},economy,40,320,240,45,USD,2,23,7,true,50,true,25,1`,
      ),
    ].join('\n');
    const allotments = createAllotmentsService({ database, isAirport: (code) => Boolean(findAirport(code)) });
    await database.sql.query(`INSERT INTO users (id, full_name, email) VALUES ('usr_contract', 'Desk', 'desk@agency.test')`);
    await allotments.importCsv(csv, { dryRun: false, staffUserId: 'usr_contract' });

    let day = 30;
    const datedFlightOf = (offer: SupplierOffer) =>
      database.sql.query<{ id: string }>(
        `SELECT d.id FROM allotment_dated_flights d JOIN allotment_flights f ON f.id = d.flight_id
       WHERE f.airline || f.flight_number = $1 AND d.departure_date = $2`,
        [offer.slices[0]!.segments[0]!.flightNumber, offer.slices[0]!.departureDate.slice(0, 10)],
      );
    return {
      supplier,
      seatMaps: false,
      async offerThatWill(outcome, passengers = { adults: 1, children: 0, infants: 0 }) {
        // Each offer on a date of its own: a price change or a pause touches no other offer.
        const search = supplierSearch([['PZU', 'CAI', addDays(OUT, day++)]], passengers);
        const offer = (await supplier.searchOffers(search))[0];
        if (!offer) throw new Error('no agency-seats offer');
        const [dated] = await datedFlightOf(offer);
        if (outcome === 'change-price')
          await database.sql.query(`UPDATE allotment_dated_flights SET adult_fare = 345 WHERE id = $1`, [dated!.id]);
        if (outcome === 'vanish')
          await database.sql.query(`UPDATE allotment_dated_flights SET on_sale = false WHERE id = $1`, [dated!.id]);
        return { offer, search };
      },
      async ticketsByHand(orderId, passengers) {
        const ticketed = {
          pnr: 'TK3PZU',
          tickets: passengers.map((p, i) => ({
            passengerId: p.id,
            ticketNumber: `${2440000000000 + Number(orderId.length) * 100 + i}`,
          })),
        };
        await supplier.recordTicketsIssued(orderId, ticketed);
        return ticketed;
      },
      close: () => database.destroy(),
    };
  });
