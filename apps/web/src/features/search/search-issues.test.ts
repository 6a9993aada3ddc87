import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../lib/search-params';
import { issueMessageKey, issuesAt, searchIssues, serverIssues } from './search-issues';

const today = '2026-11-21';
const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };

describe('searchIssues', () => {
  it('finds nothing wrong with a complete search or an empty form', () => {
    expect(searchIssues(oneWay, today)).toEqual([]);
    expect(searchIssues(emptySearch(), today)).toEqual([]);
    expect(searchIssues({ ...emptySearch(), tripType: 'round-trip' }, today)).toEqual([]);
  });

  it('refuses a departure before today (SPEC: please enter a valid departure date)', () => {
    expect(searchIssues({ ...oneWay, departureDate: '2026-11-20' }, today)).toEqual([
      { path: 'departureDate', code: 'date_in_past' },
    ]);
    expect(searchIssues({ ...oneWay, departureDate: today }, today)).toEqual([]);
  });

  it('refuses a return on or before the departure (SPEC: please enter a valid return date)', () => {
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
