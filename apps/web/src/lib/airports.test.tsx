// @vitest-environment jsdom
import type { Airport } from '@kwenda/contracts';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAirportsOf } from './airports';
import { PageDataContext } from './page-data';
import { resetVisitReads } from './visit-read';

const airport = (iataCode: string, cityNameEn: string): Airport =>
  ({ iataCode, cityNameEn, cityNameAr: cityNameEn, nameEn: cityNameEn, nameAr: cityNameEn }) as unknown as Airport;
const sent = [airport('PZU', 'Port Sudan'), airport('CAI', 'Cairo')];

function cities(codes: string[]) {
  const seen: { current?: ReadonlyMap<string, Airport> } = {};
  function Reader() {
    seen.current = useAirportsOf(codes);
    return null;
  }
  render(
    <PageDataContext.Provider value={{ airports: sent }}>
      <Reader />
    </PageDataContext.Provider>,
  );
  return seen as { current: ReadonlyMap<string, Airport> };
}

describe('the airports a page names', () => {
  afterEach(() => {
    cleanup();
    resetVisitReads();
    vi.unstubAllGlobals();
  });

  it('are those the page was sent when it has them all: the list is not asked for', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const seen = cities(['PZU', 'CAI']);
    await act(() => Promise.resolve());
    expect(seen.current.get('CAI')?.cityNameEn).toBe('Cairo');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('come from the list when the page lacks one of them', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const seen = cities(['PZU', 'JED']);
    await act(() => Promise.resolve());
    expect(seen.current.get('PZU')?.cityNameEn).toBe('Port Sudan');
    expect(fetch).toHaveBeenCalledWith('/api/v1/trips/airports', expect.anything());
  });
});
