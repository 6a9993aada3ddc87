import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../lib/search-params';
import { searchReducer, type SearchAction } from './search-form-state';
import { issueMessageKey, issuesAt, searchIssues, serverIssues, touchedBy, visibleIssues } from './search-issues';

const today = '2026-11-21';
const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };

describe('searchIssues', () => {
  it('finds nothing wrong with a complete search or an empty form', () => {
    expect(searchIssues(oneWay, today)).toEqual([]);
    expect(searchIssues(emptySearch(), today)).toEqual([]);
    expect(searchIssues({ ...emptySearch(), tripType: 'round-trip' }, today)).toEqual([]);
  });

  it('refuses a departure before today (please enter a valid departure date)', () => {
    expect(searchIssues({ ...oneWay, departureDate: '2026-11-20' }, today)).toEqual([
      { path: 'departureDate', code: 'date_in_past' },
    ]);
    expect(searchIssues({ ...oneWay, departureDate: today }, today)).toEqual([]);
  });

  it('refuses a return on or before the departure (please enter a valid return date)', () => {
    const trip: SearchState = { ...oneWay, tripType: 'round-trip' };
    expect(searchIssues({ ...trip, returnDate: '2026-12-10' }, today)).toEqual([
      { path: 'returnDate', code: 'return_before_departure' },
    ]);
    expect(searchIssues({ ...trip, returnDate: '2026-12-12' }, today)).toEqual([
      { path: 'returnDate', code: 'return_before_departure' },
    ]);
    expect(searchIssues({ ...trip, returnDate: '2026-12-13' }, today)).toEqual([]);
    // A return date left over from a round trip does not matter on a one-way trip.
    expect(searchIssues({ ...oneWay, returnDate: '2026-12-01' }, today)).toEqual([]);
  });

  it('explains infants without an adult, nobody travelling and a trip to the same city', () => {
    expect(searchIssues({ ...oneWay, passengers: { adults: 1, children: 0, infants: 2 } }, today)).toEqual([
      { path: 'passengers.infants', code: 'infants_exceed_adults' },
    ]);
    expect(searchIssues({ ...oneWay, passengers: { adults: 0, children: 0, infants: 0 } }, today)).toEqual([
      { path: 'passengers.adults', code: 'no_traveller' },
    ]);
    expect(searchIssues({ ...oneWay, destinationStation: 'PZU' }, today)).toEqual([
      { path: 'destinationStation', code: 'same_stations' },
    ]);
  });

  it('checks multi-city legs without complaining about legs not filled yet', () => {
    const leg = (id: string, departureStation: string, destinationStation: string, departureDate: string) => ({
      id,
      departureStation,
      destinationStation,
      departureDate,
    });
    const multi = (...slices: ReturnType<typeof leg>[]): SearchState => ({ ...emptySearch(), tripType: 'multi-city', slices });
    expect(searchIssues(multi(leg('a', 'PZU', 'CAI', '2026-12-01'), leg('b', '', '', '')), today)).toEqual([]);
    expect(searchIssues(multi(leg('a', 'PZU', 'CAI', '2026-12-05'), leg('b', 'CAI', 'IST', '2026-12-01')), today)).toEqual([
      { path: 'slices.1.departureDate', code: 'leg_date_order' },
    ]);
    expect(searchIssues(multi(leg('a', 'PZU', 'CAI', '2026-11-01'), leg('b', 'CAI', 'CAI', '2026-12-01')), today)).toEqual([
      { path: 'slices.0.departureDate', code: 'date_in_past' },
      { path: 'slices.1.destinationStation', code: 'same_stations' },
    ]);
  });
});

describe('visibleIssues: errors wait until the traveller acts or searches', () => {
  /** Plays actions as the form does: each one touches what it changes. */
  const play = (start: SearchState, ...actions: SearchAction[]) => {
    const touched = new Set<string>();
    let search = start;
    for (const action of actions) {
      touchedBy(action).forEach((key) => touched.add(key));
      search = searchReducer(search, action);
    }
    return {
      search,
      touched,
      shown: (submitted = false) => visibleIssues(searchIssues(search, today), search, touched, submitted),
    };
  };

  it('shows nothing on multi-city just opened, even from a search with a past date', () => {
    const old = { ...oneWay, departureDate: '2026-11-01' };
    const { search, shown } = play(old, { type: 'tripType', tripType: 'multi-city', today });
    expect(searchIssues(search, today)).toEqual([{ path: 'slices.0.departureDate', code: 'date_in_past' }]);
    expect(shown()).toEqual([]);
    expect(shown(true)).toEqual([{ path: 'slices.0.departureDate', code: 'date_in_past' }]);
    expect(play(oneWay, { type: 'tripType', tripType: 'multi-city', today }).shown(true)).toEqual([]);
  });

  it('shows a problem once its field, or the field that broke it, was changed', () => {
    const past = { ...oneWay, departureDate: '2026-11-01', destinationStation: 'PZU' };
    expect(play(past).shown()).toEqual([]);
    expect(play(past, { type: 'field', field: 'departureStation', value: 'PZU' }).shown()).toEqual([
      { path: 'destinationStation', code: 'same_stations' },
    ]);
    const trip: SearchState = { ...oneWay, tripType: 'round-trip', returnDate: '2026-12-20' };
    expect(play(trip, { type: 'field', field: 'departureDate', value: '2026-12-24' }).shown()).toEqual([
      { path: 'returnDate', code: 'return_before_departure' },
    ]);
    const lapless = { ...oneWay, passengers: { adults: 1, children: 0, infants: 2 } };
    expect(play(lapless).shown()).toEqual([]);
    expect(play(lapless, { type: 'count', key: 'infants', value: 1 }).shown()).toEqual([]);
    expect(play(lapless, { type: 'count', key: 'infants', value: 2 }).shown()).toEqual([
      { path: 'passengers.infants', code: 'infants_exceed_adults' },
    ]);
  });

  it('follows a leg by its id when legs before it are removed', () => {
    const multi = play(oneWay, { type: 'tripType', tripType: 'multi-city', today }, { type: 'addLeg', today });
    const third = multi.search.slices[2]!;
    const { shown } = play(
      multi.search,
      { type: 'leg', id: third.id, patch: { departureStation: 'IST', destinationStation: 'IST' }, today },
      { type: 'removeLeg', id: multi.search.slices[0]!.id },
    );
    expect(shown()).toEqual([{ path: 'slices.1.destinationStation', code: 'same_stations' }]);
  });
});

describe('server field errors', () => {
  it('maps request-body paths to form paths', () => {
    expect(
      serverIssues([{ path: 'filters.departureStation', code: 'unknown_airport', message: 'Unknown airport code XXX' }]),
    ).toEqual([{ path: 'departureStation', code: 'unknown_airport' }]);
    expect(serverIssues(undefined)).toEqual([]);
  });

  it('translates known codes and falls back to a generic message', () => {
    expect(issueMessageKey('date_in_past')).toBe('fields.date_in_past');
    expect(issueMessageKey('required')).toBe('fields.required');
    expect(issueMessageKey('too_big')).toBe('fields.invalid');
  });

  it('lists the issues of one field once each', () => {
    const issues = [
      { path: 'departureDate', code: 'date_in_past' },
      { path: 'departureDate', code: 'date_in_past' },
      { path: 'returnDate', code: 'return_before_departure' },
    ];
    expect(issuesAt(issues, 'departureDate')).toEqual([{ path: 'departureDate', code: 'date_in_past' }]);
  });
});
