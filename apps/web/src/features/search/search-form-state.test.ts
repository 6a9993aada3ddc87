import { SEARCH_LIMITS } from '@kwenda/contracts/rules';
import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../lib/search-params';
import { nextLegDate, searchReducer, type SearchAction } from './search-form-state';

const today = '2026-11-21';
const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };
const run = (search: SearchState, ...actions: SearchAction[]) => actions.reduce(searchReducer, search);
const legsOf = (search: SearchState) => search.slices.map(({ id: _id, ...leg }) => leg);

describe('searchReducer', () => {
  it('creates two legs when switching to multi-city, the second leaving where the first lands, the day after', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    expect(multi.tripType).toBe('multi-city');
    expect(legsOf(multi)).toEqual([
      { departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' },
      { departureStation: 'CAI', destinationStation: '', departureDate: '2026-12-13' },
    ]);
    expect(new Set(multi.slices.map((leg) => leg.id)).size).toBe(2);
    // Nothing chosen yet: the second leg waits for a date rather than getting one before the first.
    expect(legsOf(run(emptySearch(), { type: 'tripType', tripType: 'multi-city', today }))[1]).toEqual({
      departureStation: '',
      destinationStation: '',
      departureDate: '',
    });
  });

  it('dates a following flight the day after, never in the past nor beyond the dates on sale', () => {
    expect(nextLegDate('2026-12-12', today)).toBe('2026-12-13');
    expect(nextLegDate('2026-11-01', today)).toBe('2026-11-22');
    expect(nextLegDate('', today)).toBe('');
    const lastDay = '2027-11-16'; // today + 360 days
    expect(nextLegDate(lastDay, today)).toBe(lastDay);
  });

  it('keeps existing legs when switching back and forth', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    const edited = run(multi, {
      type: 'leg',
      id: multi.slices[1]!.id,
      patch: { departureStation: 'CAI', destinationStation: 'IST' },
      today,
    });
    const again = run(
      edited,
      { type: 'tripType', tripType: 'one-way', today },
      { type: 'tripType', tripType: 'multi-city', today },
    );
    expect(legsOf(again)).toEqual(legsOf(edited));
    expect(again.departureStation).toBe('PZU');
  });

  it('adds legs up to 9 and removes them down to 2', () => {
    let multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    for (let i = 0; i < 10; i++) multi = run(multi, { type: 'addLeg', today });
    expect(multi.slices).toHaveLength(SEARCH_LIMITS.maxLegs);
    for (const leg of [...multi.slices]) multi = run(multi, { type: 'removeLeg', id: leg.id });
    expect(multi.slices).toHaveLength(SEARCH_LIMITS.minLegs);
  });

  it('starts an added leg where the previous one lands, the day after', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    const withSecond = run(multi, {
      type: 'leg',
      id: multi.slices[1]!.id,
      patch: { departureStation: 'CAI', destinationStation: 'IST', departureDate: '2026-12-20' },
      today,
    });
    const added = run(withSecond, { type: 'addLeg', today });
    expect(legsOf(added)[2]).toEqual({ departureStation: 'IST', destinationStation: '', departureDate: '2026-12-21' });
  });

  it('keeps later flights after an earlier one that moves, and fills an empty origin from the previous arrival', () => {
    let multi = run(emptySearch(), { type: 'tripType', tripType: 'multi-city', today });
    const [first, second] = multi.slices;
    multi = run(multi, { type: 'leg', id: first!.id, patch: { departureStation: 'PZU', destinationStation: 'JED' }, today });
    expect(legsOf(multi)[1]!.departureStation).toBe('JED');
    multi = run(
      multi,
      { type: 'leg', id: second!.id, patch: { destinationStation: 'CAI', departureDate: '2026-12-05' }, today },
      { type: 'addLeg', today },
    );
    expect(legsOf(multi).map((leg) => leg.departureDate)).toEqual(['', '2026-12-05', '2026-12-06']);
    // The first flight moves past the others: they follow, in order.
    multi = run(multi, { type: 'leg', id: first!.id, patch: { departureDate: '2026-12-10' }, today });
    expect(legsOf(multi).map((leg) => leg.departureDate)).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    // Moving it back earlier leaves the later flights where they are; a chosen origin is never replaced.
    multi = run(multi, { type: 'leg', id: first!.id, patch: { departureDate: '2026-12-01', destinationStation: 'RUH' }, today });
    expect(legsOf(multi)).toEqual([
      { departureStation: 'PZU', destinationStation: 'RUH', departureDate: '2026-12-01' },
      { departureStation: 'JED', destinationStation: 'CAI', departureDate: '2026-12-11' },
      { departureStation: 'CAI', destinationStation: '', departureDate: '2026-12-12' },
    ]);
  });

  it('swaps origin and destination of the trip and of one leg', () => {
    expect(run(oneWay, { type: 'swap' })).toMatchObject({ departureStation: 'CAI', destinationStation: 'PZU' });
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    const swapped = run(multi, { type: 'swapLeg', id: multi.slices[0]!.id });
    expect(legsOf(swapped)[0]).toMatchObject({ departureStation: 'CAI', destinationStation: 'PZU' });
    expect(legsOf(swapped)[1]).toEqual(legsOf(multi)[1]);
  });

  it('keeps passenger and bag counts between 0 and the spec maxima', () => {
    expect(run(oneWay, { type: 'count', key: 'adults', value: 12 }).passengers.adults).toBe(9);
    expect(run(oneWay, { type: 'count', key: 'children', value: -1 }).passengers.children).toBe(0);
    expect(run(oneWay, { type: 'count', key: 'hold', value: 3 }).baggage.hold).toBe(2);
    expect(run(oneWay, { type: 'count', key: 'carryOn', value: 2 }).baggage.carryOn).toBe(1);
    expect(run(oneWay, { type: 'count', key: 'infants', value: 1 }).passengers).toEqual({ adults: 1, children: 0, infants: 1 });
  });

  it('seats at most 9 adults and children, and never more infants than adults', () => {
    const count = (key: 'adults' | 'children' | 'infants', value: number): SearchAction => ({ type: 'count', key, value });
    const party = run(oneWay, count('adults', 9), count('children', 9), count('infants', 9)).passengers;
    expect(party).toEqual({ adults: 9, children: 0, infants: 9 });
    expect(run(oneWay, count('adults', 5), count('children', 9), count('adults', 9)).passengers).toEqual({
      adults: 5,
      children: 4,
      infants: 0,
    });
    // An infant needs an adult's lap: no infant without an adult, no adult removed from under one.
    expect(run(oneWay, count('infants', 2)).passengers.infants).toBe(1);
    expect(run(oneWay, count('adults', 2), count('infants', 2), count('adults', 1)).passengers.adults).toBe(2);
    // Somebody with a seat travels.
    expect(run(oneWay, count('adults', 0)).passengers.adults).toBe(1);
    expect(run(oneWay, count('children', 1), count('adults', 0)).passengers).toEqual({ adults: 0, children: 1, infants: 0 });
    // A party already too big (an old link) can only shrink.
    const big: SearchState = { ...oneWay, passengers: { adults: 9, children: 9, infants: 9 } };
    expect(run(big, count('children', 8)).passengers.children).toBe(8);
    expect(run(big, count('adults', 9)).passengers.adults).toBe(9);
    expect(run(big, count('infants', 8)).passengers.infants).toBe(8);
  });

  it('sets cabin class and direct-only', () => {
    const next = run(oneWay, { type: 'cabinClass', cabinClass: 'business' }, { type: 'directOnly', directOnly: true });
    expect(next).toMatchObject({ cabinClass: 'business', directOnly: true });
    expect(run(next, { type: 'cabinClass', cabinClass: null }).cabinClass).toBeNull();
  });
});
