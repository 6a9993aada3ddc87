// @vitest-environment jsdom
import type { AllotmentDatedFlight } from '@kwenda/contracts/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { renderInApp } from '../../../test/render-in-app';
import { STAFF_SESSION_STORAGE_KEY } from '../lib/staff-session';
import { seatFlight } from './seat-flight.fixture';
import { SeatsPage } from './seats-page';

/**
 * The seats list as each role sees it: every dated flight with its seats and whether it sells (none
 * left in red, a paused flight said so); the desk edits and pauses, a viewer only reads and opens
 * the passenger list. The server is a stand-in answering GET /admin/allotments/flights.
 */

// The overnight 23:10 → 01:20 +1 departure, its own id each.
const flight = (id: string, changes: Partial<AllotmentDatedFlight>): AllotmentDatedFlight =>
  seatFlight({
    id,
    departureTime: '23:10',
    arrivalTime: '01:20',
    arrivalDayOffset: 1,
    arrivalDate: '2026-12-19',
    releaseAt: '2026-12-15T23:10:00',
    releaseAtUtc: '2026-12-15T21:10:00.000Z',
    ...changes,
  });
const answer = {
  from: '2026-11-28',
  to: '2026-12-28',
  truncated: false,
  datedFlights: [
    flight('ald_0123456789abcde1', {}),
    flight('ald_0123456789abcde2', {
      departureDate: '2026-12-20',
      seats: { allocated: 5, held: 0, sold: 5, left: 0 },
      bookable: false,
    }),
    flight('ald_0123456789abcde3', { departureDate: '2026-12-22', flightOnSale: false, bookable: false }),
  ],
};
let urls: string[] = [];

const signIn = (role: 'viewer' | 'agent-desk') =>
  localStorage.setItem(
    STAFF_SESSION_STORAGE_KEY,
    JSON.stringify({
      jwt: 'jwt',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      staff: { id: 'st_1', fullName: 'Amna', email: 'amna@example.com', role, secondFactor: true },
    }),
  );

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const seats = (key: string) => `admin-seats:${key}`;
const render = (location = '/admin/seats') =>
  renderInApp(
    <StaticRouter location={location}>
      <SeatsPage />
    </StaticRouter>,
  );

describe("the agency's seats list", () => {
  it('shows each date with its seats left and what stops it selling; the desk may edit', async () => {
    signIn('agent-desk');
    const { t } = render('/admin/seats?origin=pzu&destination=CAI&airline=3T');
    const rows = within(await screen.findByTestId('seat-flights-table')).getAllByTestId('seat-flight-row');
    expect(urls).toEqual(['/api/v1/admin/allotments/flights?origin=PZU&destination=CAI&airline=3T']);
    expect(rows.map((row) => within(row).getByTestId('seats-left').textContent)).toEqual(['2', '0', '2']);
    expect(rows.map((row) => within(row).getByTestId('sale-state').textContent)).toEqual([
      t(seats('state.onSale')),
      t(seats('state.soldOut')),
      t(seats('state.flightPaused')),
    ]);
    // An arrival after midnight is marked as the next day.
    expect(rows[0]!.textContent).toContain('23:10 → 01:20 +1');
    expect(within(rows[0]!).getByRole('button', { name: new RegExp(`^${t(seats('list.edit'))} 3T212`) })).toBeTruthy();
    expect(screen.getByRole('link', { name: t(seats('import.open')) }).getAttribute('href')).toBe('/admin/seats/import');
  });

  it('a viewer reads: no edit, no import, the passenger list still opens', async () => {
    signIn('viewer');
    const { t } = render();
    const table = await screen.findByTestId('seat-flights-table');
    expect(screen.getByText(t(seats('readOnly')))).toBeTruthy();
    expect(within(table).queryByRole('button', { name: new RegExp(`^${t(seats('list.edit'))}`) })).toBeNull();
    expect(screen.queryByRole('link', { name: t(seats('import.open')) })).toBeNull();
    const manifest = within(table).getAllByRole('link', {
      name: new RegExp(`^${t(seats('list.manifestLabel'), { flight: '3T212' })}`),
    });
    expect(manifest[0]!.getAttribute('href')).toBe('/admin/seats/ald_0123456789abcde1/manifest');
  });
});
