import { describe, expect, it } from 'vitest';
import { emptySearch } from '../../../lib/search-params';
import { noticeLegs } from './notice-legs';

describe('the flights whose notices the offers page asks for', () => {
  const base = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-18' };

  it('is the outbound flight, and the way back on its own day for a round trip', () => {
    expect(noticeLegs({ ...base, tripType: 'one-way' })).toEqual([{ origin: 'PZU', destination: 'CAI', date: '2026-12-18' }]);
    expect(noticeLegs({ ...base, tripType: 'round-trip', returnDate: '2027-01-05' })).toEqual([
      { origin: 'PZU', destination: 'CAI', date: '2026-12-18' },
      { origin: 'CAI', destination: 'PZU', date: '2027-01-05' },
    ]);
  });

  it('is each leg of a multi-city trip', () => {
    const slices = [
      { id: 'a', departureStation: 'PZU', destinationStation: 'JED', departureDate: '2026-12-18' },
      { id: 'b', departureStation: 'JED', destinationStation: 'DXB', departureDate: '2026-12-22' },
    ];
    expect(noticeLegs({ ...base, tripType: 'multi-city', slices })).toEqual([
      { origin: 'PZU', destination: 'JED', date: '2026-12-18' },
      { origin: 'JED', destination: 'DXB', date: '2026-12-22' },
    ]);
  });
});
