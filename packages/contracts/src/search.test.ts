import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from './calendar.js';
import { createBookingRequestSchema, updateBookingRequestSchema } from './bookings.js';
import { checkPassengerCounts, checkSearchRules, passengerCountRange, SEARCH_LIMITS } from './search-rules.js';
import { offerRequestSchema, passengerCountsSchema, searchFiltersSchema, type SearchFilters } from './search.js';

const today = '2026-11-21';
const base = (overrides: Partial<SearchFilters> = {}): SearchFilters =>
  searchFiltersSchema.parse({
    tripType: 'one-way',
    departureStation: 'PZU',
    destinationStation: 'CAI',
    departureDate: addDays(todayIn(), 5),
    ...overrides,
  });
const codes = (filters: SearchFilters) => checkSearchRules(filters, today).map((i) => `${i.path.join('.')}:${i.code}`);

describe('search rules', () => {
  it('applies the spec defaults', () => {
    const filters = base();
    expect(filters.passengers).toEqual({ adults: 1, children: 0, infants: 0 });
    expect(filters.baggage).toEqual({ hold: 1, carryOn: 0 });
    expect(filters.currency).toBe('SDG');
    expect(filters.cabinClass).toBeNull();
    expect(offerRequestSchema.parse({ filters: base() })).toMatchObject({ page: 1, order: 'lowest' });
  });

  it('accepts today and refuses yesterday', () => {
    expect(codes({ ...base(), departureDate: today })).toEqual([]);
    expect(codes({ ...base(), departureDate: '2026-11-20' })).toEqual(['departureDate:date_in_past']);
  });

  it('needs a return after the departure on a round trip', () => {
    const trip = { ...base(), tripType: 'round-trip' as const, departureDate: '2026-12-10' };
    expect(codes({ ...trip, returnDate: '2026-12-09' })).toEqual(['returnDate:return_before_departure']);
    expect(codes({ ...trip, returnDate: '2026-12-10' })).toEqual(['returnDate:return_before_departure']);
    expect(codes({ ...trip, returnDate: '2026-12-11' })).toEqual([]);
    expect(codes({ ...trip, returnDate: null })).toEqual(['returnDate:return_required']);
  });

  it('needs at least one adult or child, and an adult per infant', () => {
    expect(codes({ ...base(), passengers: { adults: 0, children: 1, infants: 0 } })).toEqual([]);
    expect(codes({ ...base(), passengers: { adults: 0, children: 0, infants: 0 } })).toEqual(['passengers.adults:no_traveller']);
    expect(codes({ ...base(), passengers: { adults: 1, children: 0, infants: 2 } })).toEqual([
      'passengers.infants:infants_exceed_adults',
    ]);
  });

  it('caps passengers and bags at the spec maxima', () => {
    expect(() => base({ passengers: { adults: 9, children: 0, infants: 9 } })).not.toThrow();
    expect(() => base({ passengers: { adults: 10, children: 0, infants: 0 } })).toThrow();
    expect(() => base({ baggage: { hold: 2, carryOn: 1 } })).not.toThrow();
    expect(() => base({ baggage: { hold: 3, carryOn: 0 } })).toThrow();
    expect(() => base({ baggage: { hold: 0, carryOn: 2 } })).toThrow();
  });

  it('seats at most 9 adults and children in one booking; infants on a lap take no seat', () => {
    expect(codes({ ...base(), passengers: { adults: 5, children: 4, infants: 5 } })).toEqual([]);
    expect(codes({ ...base(), passengers: { adults: 9, children: 9, infants: 9 } })).toEqual(['passengers:too_many_passengers']);
    expect(codes({ ...base(), passengers: { adults: 1, children: 9, infants: 2 } })).toEqual([
      'passengers:too_many_passengers',
      'passengers.infants:infants_exceed_adults',
    ]);
    expect(() => base({ passengers: { adults: 9, children: 9, infants: 9 } })).toThrow(/at most 9 seats/);
  });

  it('checks the party in every request that carries passenger counts, once per problem', () => {
    const problems = (
      schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; params?: unknown }[] } } },
      value: unknown,
    ) =>
      (schema.safeParse(value).error?.issues ?? []).map(
        (issue) => `${issue.path.join('.')}:${(issue.params as { code?: string } | undefined)?.code ?? ''}`,
      );
    expect(problems(passengerCountsSchema, { adults: 9, children: 9, infants: 9 })).toEqual([':too_many_passengers']);
    expect(problems(passengerCountsSchema, { adults: 1, children: 0, infants: 2 })).toEqual(['infants:infants_exceed_adults']);
    expect(problems(passengerCountsSchema, { adults: 0, children: 0, infants: 0 })).toEqual(['adults:no_traveller']);
    const booking = (passengers: unknown) => ({
      reference: 'off_1',
      payload: { passengers, baggage: { hold: 1, carryOn: 0 } },
    });
    expect(problems(createBookingRequestSchema, booking({ adults: 9, children: 9, infants: 9 }))).toEqual([
      'payload.passengers:too_many_passengers',
    ]);
    expect(problems(createBookingRequestSchema, booking({ adults: 2, children: 7, infants: 2 }))).toEqual([]);
    const search = (passengers: unknown) =>
      offerRequestSchema.safeParse({ filters: { ...base(), passengers } }).error?.issues.map((i) => i.path.join('.'));
    expect(search({ adults: 9, children: 9, infants: 9 })).toEqual(['filters.passengers']);
  });

  it('tells the form how far each count may go', () => {
    const party = (adults: number, children: number, infants: number) => ({ adults, children, infants });
    expect(passengerCountRange(party(1, 0, 0), 'adults')).toEqual({ min: 1, max: 9 });
    expect(passengerCountRange(party(5, 4, 0), 'adults')).toEqual({ min: 0, max: 5 });
    expect(passengerCountRange(party(5, 4, 0), 'children')).toEqual({ min: 0, max: 4 });
    expect(passengerCountRange(party(3, 0, 3), 'adults')).toEqual({ min: 3, max: 9 });
    expect(passengerCountRange(party(3, 0, 3), 'infants')).toEqual({ min: 0, max: 3 });
    expect(passengerCountRange(party(0, 2, 0), 'infants')).toEqual({ min: 0, max: 0 });
    expect(passengerCountRange(party(0, 2, 0), 'adults')).toEqual({ min: 0, max: 7 });
    expect(passengerCountRange(party(0, 1, 0), 'children')).toEqual({ min: 1, max: 9 });
    // Every party the ranges allow passes the rules.
    for (let adults = 0; adults <= SEARCH_LIMITS.adults; adults++)
      for (let children = 0; children <= SEARCH_LIMITS.children; children++)
        for (let infants = 0; infants <= SEARCH_LIMITS.infants; infants++) {
          const counts = party(adults, children, infants);
          if (checkPassengerCounts(counts).length) continue;
          for (const key of ['adults', 'children', 'infants'] as const) {
            const { min, max } = passengerCountRange(counts, key);
            expect(min <= counts[key] && counts[key] <= max, `${key} of ${JSON.stringify(counts)}`).toBe(true);
            for (const value of [min, max])
              expect(checkPassengerCounts({ ...counts, [key]: value }), `${key}=${value} from ${JSON.stringify(counts)}`).toEqual(
                [],
              );
          }
        }
  });

  it('checks multi-city legs: 2 to 9, in date order, distinct stations', () => {
    const leg = (i: number, date: string, from = 'PZU', to = 'CAI') => ({
      id: String(i),
      departureStation: from,
      destinationStation: to,
      departureDate: date,
    });
    const multi = (slices: ReturnType<typeof leg>[]) => ({ ...base(), tripType: 'multi-city' as const, slices });
    expect(codes(multi([leg(1, '2026-12-01'), leg(2, '2026-12-05', 'CAI', 'IST')]))).toEqual([]);
    expect(codes(multi([leg(1, '2026-12-01')]))).toEqual(['slices:legs_required']);
    expect(codes(multi([leg(1, '2026-12-05'), leg(2, '2026-12-01', 'CAI', 'IST')]))).toEqual([
      'slices.1.departureDate:leg_date_order',
    ]);
    expect(codes(multi([leg(1, '2026-12-01'), leg(2, '2026-12-05', 'CAI', 'CAI')]))).toEqual([
      'slices.1.destinationStation:same_stations',
    ]);
    expect(() =>
      searchFiltersSchema.parse(multi(Array.from({ length: 10 }, (_, i) => leg(i, addDays(todayIn(), 5 + i))))),
    ).toThrow();
  });

  it('normalises airport codes to upper case and refuses non-codes', () => {
    expect(base({ departureStation: 'pzu' }).departureStation).toBe('PZU');
    expect(() => base({ departureStation: 'PORT' })).toThrow();
  });

  it('refuses impossible calendar dates', () => {
    expect(() => base({ departureDate: '2027-02-29' })).toThrow();
    expect(() => base({ departureDate: '21/12/2026' })).toThrow();
  });
});

describe('passengers sent for a booking', () => {
  const sending = (count: number) =>
    updateBookingRequestSchema.safeParse({
      bookingId: 'bk_1',
      payload: { passengers: Array.from({ length: count }, (_, i) => ({ id: `p${i}` })) },
    });

  it('take at most the seats of one booking and an infant on each adult lap', () => {
    expect(sending(SEARCH_LIMITS.seats * 2).success).toBe(true);
    const tooMany = sending(SEARCH_LIMITS.seats * 2 + 1);
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.path).toEqual(['payload', 'passengers']);
  });
});
