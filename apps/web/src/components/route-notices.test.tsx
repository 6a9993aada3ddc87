// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRouteNotices, type NoticeLeg } from '../lib/route-notices';
import { renderInApp } from '../test/render-in-app';
import { RouteNotices } from './route-notices';

/**
 * The agency's notices as a traveller sees them: asked for each flight of the trip with its airlines,
 * each shown once, in the traveller's language. The server is a stand-in answering by route.
 */

const closure = { id: 'ntc_closure1', textAr: 'مطار القاهرة مغلق ليلًا', textEn: 'Cairo airport is closed at night' };
const transit = { id: 'ntc_transit1', textAr: 'تأشيرة عبور لازمة', textEn: 'A transit visa is needed' };
let urls: URL[] = [];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://localhost');
      urls.push(asked);
      // Both ways of the route have the closure; only the airline MS has the transit rule.
      const notices = [closure, ...(asked.searchParams.get('airlines')?.includes('MS') ? [transit] : [])];
      return new Response(JSON.stringify({ notices }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const trip: NoticeLeg[] = [
  { origin: 'PZU', destination: 'CAI', date: '2026-12-18' },
  { origin: 'CAI', destination: 'PZU', date: '2027-01-05' },
];

function Notices({ airlines, enabled }: { airlines: string[]; enabled?: boolean }) {
  return <RouteNotices notices={useRouteNotices(trip, airlines, enabled)} title="Please note" />;
}

function OneWay() {
  return (
    <RouteNotices notices={useRouteNotices([{ origin: 'PZU', destination: 'CAI', date: '2026-12-25' }], [])} title="One way" />
  );
}

describe("the agency's notices for a trip", () => {
  it('asks for each flight with its airlines and shows each notice once, in English', async () => {
    renderInApp(<Notices airlines={['MS', '3T', 'MS']} />, 'en');
    const region = await screen.findByRole('region', { name: 'Please note' });
    await vi.waitFor(() => expect(region.textContent).toContain(transit.textEn));
    expect(screen.getAllByText(closure.textEn)).toHaveLength(1);
    expect(urls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { origin: 'PZU', destination: 'CAI', date: '2026-12-18', airlines: '3T,MS' },
      { origin: 'CAI', destination: 'PZU', date: '2027-01-05', airlines: '3T,MS' },
    ]);
    expect(urls[0]!.pathname).toBe('/api/v1/notices');
  });

  it('shows them in Arabic to an Arabic reader', async () => {
    renderInApp(<Notices airlines={['MS']} />, 'ar');
    expect(await screen.findByText(transit.textAr)).toBeTruthy();
    expect(screen.getByText(closure.textAr)).toBeTruthy();
    expect(screen.queryByText(closure.textEn)).toBeNull();
  });

  it('asks nothing and shows nothing until the page enables it', async () => {
    renderInApp(
      <>
        <Notices airlines={['MS']} enabled={false} />
        <OneWay />
      </>,
      'en',
    );
    // Once the enabled page's answer is on screen, the other has still asked nothing.
    expect(await screen.findByText(closure.textEn)).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(urls.map((url) => url.searchParams.get('date'))).toEqual(['2026-12-25']);
  });
});
