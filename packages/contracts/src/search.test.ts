import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from './calendar.js';
import { checkSearchRules } from './search-rules.js';
import { offerRequestSchema, searchFiltersSchema, type SearchFilters } from './search.js';

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

describe('search rules (SPEC section 5)', () => {
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
    expect(() => base({ passengers: { adults: 9, children: 9, infants: 9 } })).not.toThrow();
    expect(() => base({ passengers: { adults: 10, children: 0, infants: 0 } })).toThrow();
    expect(() => base({ baggage: { hold: 2, carryOn: 1 } })).not.toThrow();
    expect(() => base({ baggage: { hold: 3, carryOn: 0 } })).toThrow();
    expect(() => base({ baggage: { hold: 0, carryOn: 2 } })).toThrow();
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
