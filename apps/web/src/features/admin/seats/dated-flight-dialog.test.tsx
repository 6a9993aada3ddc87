// @vitest-environment jsdom
import type { AllotmentDatedFlightDetail } from '@kwenda/contracts/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { renderInApp } from '../../../test/render-in-app';
import { clockTime, DatedFlightDialog } from './dated-flight-dialog';
import { seatFlight } from './seat-flight.fixture';

/**
 * A date of a flight changed on the desk: only what staff changed is sent, seats never below those
 * held and sold (the form says so before the server does, and the server's 409 shows its minimum),
 * and cancelling asks first. The server is a stand-in answering as the API does.
 */

const datedFlight = seatFlight();
const detail: AllotmentDatedFlightDetail = {
  datedFlight,
  flight: {
    id: datedFlight.flightId,
    days: [1, 3, 5],
    fromDate: '2026-12-01',
    toDate: '2026-12-31',
    departureTime: '13:30',
    arrivalTime: '15:40',
    arrivalDayOffset: 0,
    seats: 5,
    currency: 'USD',
    fares: { adult: 420, child: 315, infant: 42 },
    bags: { holdPieces: 1, holdKg: 23, cabinKg: 7 },
    refund: { allowed: true, penalty: 60 },
    change: { allowed: true, penalty: 25 },
    releaseDays: 3,
    onSale: true,
    datedFlights: 13,
    createdBy: 'Amna',
    createdAt: '2026-11-28T10:00:00.000Z',
    updatedBy: 'Amna',
    updatedAt: '2026-11-28T10:00:00.000Z',
  },
};

let patches: unknown[] = [];
let patchAnswers: Response[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  patches = [];
  patchAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET') return json(detail);
      patches.push({ url, body: JSON.parse(String(init!.body)) });
      return patchAnswers.shift() ?? json({ code: 'SERVICE_UNAVAILABLE', message: 'down' }, 503);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const seats = (key: string) => `admin-seats:${key}`;
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const render = (onDone = vi.fn()) => ({
  onDone,
  ...renderInApp(
    <StaticRouter location="/admin/seats">
      <DatedFlightDialog id={datedFlight.id} canManage onClose={() => undefined} onDone={onDone} />
    </StaticRouter>,
  ),
});

describe("changing one date of the agency's flight", () => {
  it('sends only what changed: the seats and a time typed as 1405', async () => {
    const { t, onDone } = render();
    const seatsField = await screen.findByRole('textbox', { name: label(t(seats('edit.seats'))) });
    fireEvent.change(seatsField, { target: { value: '6' } });
    const departure = screen.getByRole('textbox', { name: label(t(seats('edit.departure'), { airport: 'PZU' })) });
    fireEvent.change(departure, { target: { value: '1405' } });
    patchAnswers.push(
      json({ datedFlight: { ...datedFlight, seats: { ...datedFlight.seats, allocated: 6, left: 3 } }, affectedBookings: [] }),
    );
    fireEvent.click(screen.getByRole('button', { name: t(seats('edit.save')) }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(patches).toEqual([
      { url: `/api/v1/admin/allotments/dated-flights/${datedFlight.id}`, body: { seatsAllocated: 6, departureTime: '14:05' } },
    ]);
  });

  it('refuses fewer seats than are held and sold, before and after the server', async () => {
    const { t } = render();
    const seatsField = await screen.findByRole('textbox', { name: label(t(seats('edit.seats'))) });
    fireEvent.change(seatsField, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: t(seats('edit.save')) }));
    expect(await screen.findByText(t(seats('edit.seatsError'), { minimum: 3 }))).toBeTruthy();
    expect(patches).toEqual([]);

    // Someone sold a seat meanwhile: the server's minimum is shown.
    fireEvent.change(seatsField, { target: { value: '3' } });
    patchAnswers.push(
      json(
        {
          code: 'BELOW_SEATS_TAKEN',
          message: 'At least 4',
          minimum: 4,
          fields: [{ path: 'seatsAllocated', code: 'too_small', message: 'At least 4' }],
        },
        409,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: t(seats('edit.save')) }));
    expect(await screen.findByText(t(seats('edit.seatsError'), { minimum: 4 }))).toBeTruthy();
    expect(patches).toHaveLength(1);
  });

  it('cancels the date only once confirmed, and lists the bookings holding seats on it', async () => {
    const { t } = render();
    fireEvent.click(await screen.findByRole('button', { name: t(seats('edit.cancelDate')) }));
    const confirm = screen.getByRole('dialog');
    expect(within(confirm).getByText(t(seats('edit.cancelTaken'), { count: 3 }))).toBeTruthy();
    expect(patches).toEqual([]);
    patchAnswers.push(
      json({
        datedFlight: { ...datedFlight, cancelled: true, cancelledAt: '2026-11-28T11:00:00.000Z' },
        affectedBookings: [
          { bookingId: 'bk_1', bookingReference: 'KW7Q2M', bookingStatus: 'ticketed', seats: 2, holdState: 'sold' },
        ],
      }),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: t(seats('edit.cancelConfirm')) }));
    const affected = await screen.findByTestId('affected-bookings');
    expect(within(affected).getByRole('link', { name: 'KW7Q2M' }).getAttribute('href')).toBe('/admin/bookings/bk_1');
    expect(patches).toEqual([{ url: `/api/v1/admin/allotments/dated-flights/${datedFlight.id}`, body: { cancelled: true } }]);
  });
});

describe('a time as staff type it', () => {
  it('reads 1330, 13.30 and 9:05 as HH:mm and leaves the rest for the form to refuse', () => {
    expect(['1330', '13.30', '9:05', '13:30', '25', 'abc'].map(clockTime)).toEqual([
      '13:30',
      '13:30',
      '09:05',
      '13:30',
      '25',
      'abc',
    ]);
  });
});
