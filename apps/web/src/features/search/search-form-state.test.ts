import { SEARCH_LIMITS } from '@kwenda/contracts/rules';
import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../lib/search-params';
import { searchReducer, type SearchAction } from './search-form-state';

const today = '2026-11-21';
const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };
const run = (search: SearchState, ...actions: SearchAction[]) => actions.reduce(searchReducer, search);
const legsOf = (search: SearchState) => search.slices.map(({ id: _id, ...leg }) => leg);

describe('searchReducer', () => {
  it('creates two legs when switching to multi-city (SPEC section 4)', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    expect(multi.tripType).toBe('multi-city');
    expect(legsOf(multi)).toEqual([
      { departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' },
      { departureStation: '', destinationStation: '', departureDate: today },
    ]);
    expect(new Set(multi.slices.map((leg) => leg.id)).size).toBe(2);
  });

  it('keeps existing legs when switching back and forth', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    const edited = run(multi, {
      type: 'leg',
      id: multi.slices[1]!.id,
      patch: { departureStation: 'CAI', destinationStation: 'IST' },
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
    for (let i = 0; i < 10; i++) multi = run(multi, { type: 'addLeg' });
    expect(multi.slices).toHaveLength(SEARCH_LIMITS.maxLegs);
    for (const leg of [...multi.slices]) multi = run(multi, { type: 'removeLeg', id: leg.id });
    expect(multi.slices).toHaveLength(SEARCH_LIMITS.minLegs);
  });

  it('starts an added leg where the previous one lands, on its date', () => {
    const multi = run(oneWay, { type: 'tripType', tripType: 'multi-city', today });
    const withSecond = run(multi, {
      type: 'leg',
      id: multi.slices[1]!.id,
      patch: { departureStation: 'CAI', destinationStation: 'IST', departureDate: '2026-12-20' },
    });
    const added = run(withSecond, { type: 'addLeg' });
    expect(legsOf(added)[2]).toEqual({ departureStation: 'IST', destinationStation: '', departureDate: '2026-12-20' });
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

  it('sets cabin class and direct-only', () => {
    const next = run(oneWay, { type: 'cabinClass', cabinClass: 'business' }, { type: 'directOnly', directOnly: true });
    expect(next).toMatchObject({ cabinClass: 'business', directOnly: true });
    expect(run(next, { type: 'cabinClass', cabinClass: null }).cabinClass).toBeNull();
  });
});
