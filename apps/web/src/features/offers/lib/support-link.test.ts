import { describe, expect, it } from 'vitest';
import { emptySearch, type SearchState } from '../../../lib/search-params';
import { searchedLegs, whatsappUrl } from './support-link';

const oneWay: SearchState = { ...emptySearch(), departureStation: 'PZU', destinationStation: 'CAI', departureDate: '2026-12-12' };

describe('whatsappUrl', () => {
  it('keeps only the digits of the number and encodes Arabic text', () => {
    const url = whatsappUrl('+249 91 234 5678', 'رحلة بورتسودان (PZU) إلى القاهرة (CAI)');
    expect(url.startsWith('https://wa.me/249912345678?text=')).toBe(true);
    expect(decodeURIComponent(url.split('text=')[1]!)).toBe('رحلة بورتسودان (PZU) إلى القاهرة (CAI)');
    expect(url).not.toContain(' ');
  });
});

describe('searchedLegs', () => {
  it('gives one leg for a one-way trip', () => {
    expect(searchedLegs(oneWay)).toEqual([{ from: 'PZU', to: 'CAI', date: '2026-12-12' }]);
  });

  it('adds the return leg of a round trip', () => {
    expect(searchedLegs({ ...oneWay, tripType: 'round-trip', returnDate: '2026-12-20' })).toEqual([
      { from: 'PZU', to: 'CAI', date: '2026-12-12' },
      { from: 'CAI', to: 'PZU', date: '2026-12-20' },
    ]);
  });

  it('lists every multi-city leg', () => {
    const search: SearchState = {
      ...emptySearch(),
      tripType: 'multi-city',
      slices: [
        { id: 'a', departureStation: 'PZU', destinationStation: 'JED', departureDate: '2026-12-12' },
        { id: 'b', departureStation: 'JED', destinationStation: 'IST', departureDate: '2026-12-15' },
      ],
    };
    expect(searchedLegs(search).map((leg) => `${leg.from}-${leg.to}`)).toEqual(['PZU-JED', 'JED-IST']);
  });
});
