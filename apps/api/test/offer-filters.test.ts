import {
  offerSearchResultSchema,
  timeWindowOf,
  type Offer,
  type OfferFilters,
  type OfferRequestInput,
  type OfferSearchResult,
  type SearchFiltersInput,
} from '@kwenda/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, getBooking } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { createTestApp, type TestContext } from './helpers/test-app.js';
import { backends } from './helpers/test-database.js';

const connections = (offer: Offer) => Math.max(...offer.slices.map((s) => s.segments.length - 1));
const carriers = (offer: Offer) => new Set(offer.slices.flatMap((s) => s.segments.map((g) => g.airline.iataCode)));
const longestSlice = (offer: Offer) => Math.max(...offer.slices.map((s) => s.durationInMinutes));

describe.each(backends)('offer filters and their counts on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const post = async (body: unknown) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/offers/request', payload: body as object });
    return {
      status: response.statusCode,
      json: response.json() as OfferSearchResult & { code?: string; fields?: { path: string }[] },
    };
  };

  /** Every page of a search with these filters, checked against the contract. */
  const everyOffer = async (
    search: Partial<SearchFiltersInput>,
    offerFilters?: OfferFilters,
    order?: OfferRequestInput['order'],
  ) => {
    const offers: Offer[] = [];
    let first: OfferSearchResult | undefined;
    for (let page = 1; page < 20; page++) {
      const { status, json } = await post({ ...offerRequest(search, { page, ...(order ? { order } : {}) }), offerFilters });
      expect(status).toBe(200);
      const result = offerSearchResultSchema.parse(json);
      first ??= result;
      if (result.offers.length === 0) break;
      offers.push(...result.offers);
    }
    return { offers, first: first! };
  };

  const cairo = { destinationStation: 'CAI', departureDate: daysAhead(21) };

  it('answers facets over the whole result set, not the page', async () => {
    const { offers, first } = await everyOffer(cairo);
    expect(first.total).toBe(offers.length);
    expect(first.total).toBeGreaterThan(first.pageSize); // more than one page, so counts cannot come from one
    const { facets } = first;
    expect(facets.unfiltered).toBe(offers.length);
    expect(facets.stops.map((s) => s.value)).toEqual(['direct', 'one', 'two-plus']);
    for (const stop of facets.stops)
      expect(stop.count).toBe(
        offers.filter((o) => ['direct', 'one', 'two-plus'][Math.min(connections(o), 2)] === stop.value).length,
      );
    for (const { airline, count } of facets.airlines)
      expect(count).toBe(offers.filter((o) => carriers(o).has(airline.iataCode)).length);
    expect(facets.airlines.map((a) => a.airline.iataCode).sort()).toEqual(
      [...new Set(offers.flatMap((o) => [...carriers(o)]))].sort(),
    );
    expect(facets.slices).toHaveLength(1);
    for (const window of facets.slices[0]!.departure)
      expect(window.count).toBe(offers.filter((o) => timeWindowOf(o.slices[0]!.departureDate) === window.value).length);
    for (const window of facets.slices[0]!.arrival)
      expect(window.count).toBe(offers.filter((o) => timeWindowOf(o.slices[0]!.arrivalDate) === window.value).length);
    const prices = offers.map((o) => o.price);
    expect(facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    const durations = offers.map(longestSlice);
    expect(facets.duration).toEqual({ min: Math.min(...durations), max: Math.max(...durations) });
  });

  it('keeps only direct flights, and each stop option still counts what it would leave', async () => {
    const all = await everyOffer(cairo);
    const direct = await everyOffer(cairo, { stops: ['direct'] });
    const expected = all.offers.filter((o) => connections(o) === 0);
    expect(direct.offers.length).toBeGreaterThan(0);
    expect(direct.offers.map((o) => o.reference)).toEqual(expected.map((o) => o.reference));
    expect(direct.first.total).toBe(expected.length);
    // The stops facet ignores its own selection, so the traveller sees what ticking "1 stop" would add.
    expect(direct.first.facets.stops).toEqual(all.first.facets.stops);
    expect(direct.first.facets.unfiltered).toBe(all.offers.length);
    // The airline counts follow the stops filter.
    for (const { airline, count } of direct.first.facets.airlines)
      expect(count).toBe(expected.filter((o) => carriers(o).has(airline.iataCode)).length);
  });

  it('combines airlines, stops and time windows, counting each option with the other filters applied', async () => {
    const all = await everyOffer(cairo);
    const airline = all.first.facets.airlines.find((a) => a.count > 0 && a.count < all.offers.length)!.airline.iataCode;
    const filters: OfferFilters = { airlines: [airline], slices: [{ departure: ['morning', 'afternoon'] }] };
    const { offers, first } = await everyOffer(cairo, filters);
    const leaves = (o: Offer) =>
      carriers(o).has(airline) && ['morning', 'afternoon'].includes(timeWindowOf(o.slices[0]!.departureDate));
    expect(offers.map((o) => o.reference)).toEqual(all.offers.filter(leaves).map((o) => o.reference));
    for (const offer of offers) {
      const hour = Number(offer.slices[0]!.departureDate.slice(11, 13));
      expect(hour).toBeGreaterThanOrEqual(6);
      expect(hour).toBeLessThan(18);
    }
    // Stops: counted over offers passing the airline and the time filters.
    for (const stop of first.facets.stops)
      expect(stop.count).toBe(
        all.offers.filter(leaves).filter((o) => ['direct', 'one', 'two-plus'][Math.min(connections(o), 2)] === stop.value).length,
      );
    // Departure windows: counted with the airline filter only (their own selection left out).
    for (const window of first.facets.slices[0]!.departure)
      expect(window.count).toBe(
        all.offers.filter((o) => carriers(o).has(airline) && timeWindowOf(o.slices[0]!.departureDate) === window.value).length,
      );
    // Airlines: counted with the time filter only.
    for (const { airline: a, count } of first.facets.airlines)
      expect(count).toBe(
        all.offers
          .filter((o) => ['morning', 'afternoon'].includes(timeWindowOf(o.slices[0]!.departureDate)))
          .filter((o) => carriers(o).has(a.iataCode)).length,
      );
  });

  it('filters by price range and longest travel time, and pages through the filtered offers only', async () => {
    const all = await everyOffer(cairo);
    const prices = all.offers.map((o) => o.price).sort((a, b) => a - b);
    const minPrice = prices[Math.floor(prices.length / 4)]!;
    const maxPrice = prices[Math.floor((prices.length * 3) / 4)]!;
    const durations = all.offers.map(longestSlice).sort((a, b) => a - b);
    const maxDuration = durations[Math.floor(durations.length / 2)]!;
    const { offers, first } = await everyOffer(cairo, { minPrice, maxPrice, maxDuration }, 'fastest');
    const expected = all.offers.filter((o) => o.price >= minPrice && o.price <= maxPrice && longestSlice(o) <= maxDuration);
    expect(offers.length).toBeGreaterThan(0);
    expect(new Set(offers.map((o) => o.reference))).toEqual(new Set(expected.map((o) => o.reference)));
    expect(offers.length).toBe(first.total); // no offer twice, none missing across pages
    // The slider bounds stay those of the whole search.
    expect(first.facets.price).toEqual(all.first.facets.price);
    expect(first.facets.duration).toEqual(all.first.facets.duration);
  });

  it('keeps offers whose price includes a checked bag', async () => {
    // No bag asked for: low-cost fares to Jeddah include none, the others do.
    const jeddah = { destinationStation: 'JED', departureDate: daysAhead(21), baggage: { hold: 0, carryOn: 0 } };
    const all = await everyOffer(jeddah);
    const withBag = all.offers.filter((o) => o.baggage.hold.quantity > 0);
    expect(withBag.length).toBeGreaterThan(0);
    expect(withBag.length).toBeLessThan(all.offers.length);
    expect(all.first.facets.bagsIncluded).toBe(withBag.length);
    const filtered = await everyOffer(jeddah, { bagsIncluded: true });
    expect(filtered.offers.map((o) => o.reference)).toEqual(withBag.map((o) => o.reference));
  });

  it('filters each slice of a round trip by its own times', async () => {
    const roundTrip = { ...cairo, tripType: 'round-trip' as const, returnDate: daysAhead(28) };
    const all = await everyOffer(roundTrip);
    expect(all.first.facets.slices).toHaveLength(2);
    const window = all.first.facets.slices[1]!.arrival.find((w) => w.count > 0)!.value;
    const { offers } = await everyOffer(roundTrip, { slices: [{}, { arrival: [window] }] });
    expect(offers.map((o) => o.reference)).toEqual(
      all.offers.filter((o) => timeWindowOf(o.slices[1]!.arrivalDate) === window).map((o) => o.reference),
    );
  });

  it('says when the filters leave nothing, with the counts to undo them', async () => {
    const all = await everyOffer(cairo);
    const { offers, first } = await everyOffer(cairo, { maxPrice: all.first.facets.price!.min - 1 });
    expect(offers).toEqual([]);
    expect(first.total).toBe(0);
    expect(first.facets.unfiltered).toBe(all.offers.length);
    expect(first.facets.stops).toEqual(all.first.facets.stops.map((s) => ({ ...s, count: 0 })));
  });

  it.each([
    ['an unknown stop option', { stops: ['nonstop'] }, 'offerFilters.stops.0'],
    ['a lowercase airline', { airlines: ['sd'] }, 'offerFilters.airlines.0'],
    ['an unknown time window', { slices: [{ departure: ['noon'] }] }, 'offerFilters.slices.0.departure.0'],
    ['a negative price', { minPrice: -5 }, 'offerFilters.minPrice'],
    ['a reversed price range', { minPrice: 500, maxPrice: 100 }, 'offerFilters.maxPrice'],
    ['a zero duration', { maxDuration: 0 }, 'offerFilters.maxDuration'],
    ['a text where a yes/no belongs', { bagsIncluded: 'yes' }, 'offerFilters.bagsIncluded'],
    ['a misspelt filter', { stop: ['direct'] }, 'offerFilters'],
    ['times for a slice a one-way trip does not have', { slices: [{}, { departure: ['early'] }] }, 'offerFilters.slices.1'],
  ])('refuses %s with a 400 naming the field', async (_name, offerFilters, path) => {
    const { status, json } = await post({ ...offerRequest(cairo), offerFilters });
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION_ERROR');
    expect(json.fields?.map((f) => f.path)).toContain(path);
  });
});

describe.each(backends)('a price that does not surprise on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
  });
  afterAll(async () => ctx?.close());

  const party = { adults: 2, children: 1, infants: 1 };

  it.each(['EGP', 'SAR', 'SDG'] as const)(
    'splits each total in %s by traveller type, and the booking shows the same total',
    async (currency) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/offers/request',
        payload: offerRequest({ destinationStation: 'CAI', departureDate: daysAhead(21), currency, passengers: party }),
      });
      const result = offerSearchResultSchema.parse(response.json());
      expect(result.offers.length).toBeGreaterThan(0);
      for (const offer of result.offers) {
        expect(offer.fares.map((f) => [f.passengerType, f.count])).toEqual([
          ['adult', 2],
          ['child', 1],
          ['infant', 1],
        ]);
        expect(offer.price).toBeCloseTo(
          offer.fares.reduce((sum, f) => sum + f.amount, 0),
          6,
        );
      }
      // Booking each offer of the page: the booking's total and its lines are the card's, to the unit.
      // (A rounding of the total converted in one go was a pound off the booking's sum of fares.)
      const { sandboxRepricingOutcome } = await import('../src/suppliers/sandbox/offer-reference.js');
      const bookable = result.offers.filter((o) => sandboxRepricingOutcome(o.reference)?.kind === 'available');
      expect(bookable.length).toBeGreaterThan(0);
      for (const offer of bookable) {
        const created = await createBooking(ctx, offer, party);
        expect(created.statusCode, created.body).toBe(201);
        const booking = await getBooking(ctx, (created.json() as { booking: { id: string } }).booking.id);
        expect(booking.amount).toBe(offer.price);
        expect(booking.priceBreakdown.total).toBe(offer.price);
        expect(booking.priceBreakdown.adults.amount).toBe(offer.fares.find((f) => f.passengerType === 'adult')!.amount);
        expect(booking.priceBreakdown.children.amount).toBe(offer.fares.find((f) => f.passengerType === 'child')!.amount);
        expect(booking.priceBreakdown.infants.amount).toBe(offer.fares.find((f) => f.passengerType === 'infant')!.amount);
      }
    },
  );
});
