import type { Booking, Offer, OfferSearchResult } from '@kwenda/contracts';
import type { TicketingResponse } from '@kwenda/contracts/admin';
import { describe, expect, it } from 'vitest';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { getBooking, pay, readyBooking } from './helpers/booking-factories.js';
import { daysAhead, offerRequest } from './helpers/factories.js';
import { uploadReceipt } from './helpers/payments.js';
import { appWithDeskAndViewer } from './helpers/staff.js';
import { backends } from './helpers/test-database.js';

/**
 * The agency's own seats sold beside the sandbox's offers, end to end through the app: the owner's
 * sheet imported, the Tarco flight in the same result list, held (its seats taken), paid by a
 * transfer the desk approves, left on the ticketing desk for staff to issue in the airline's system,
 * then ticketed by hand with the usual e-ticket; an expired hold gives its seats back.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(backends)("the agency's own seats, booked and ticketed, on %s", (backend) => {
  const the = appWithDeskAndViewer(backend);
  const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    the.ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const sql = <T>(text: string, params: unknown[] = []) => the.ctx.database.sql.query<T & Record<string, unknown>>(text, params);
  const seats = async (date: string) =>
    (
      await sql<{ allocated: number; held: number; sold: number }>(
        `SELECT d.seats_allocated AS allocated, d.seats_held AS held, d.seats_sold AS sold FROM allotment_dated_flights d
         JOIN allotment_flights f ON f.id = d.flight_id WHERE f.airline = '3T' AND f.flight_number = '212' AND d.departure_date = $1`,
        [date],
      )
    )[0];

  const day = (n: number) => daysAhead(n);
  async function importTarco() {
    const csv = [
      ALLOTMENT_CSV_COLUMNS.join(','),
      `3T,212,PZU,CAI,13:30,15:40,1234567,${day(10)},${day(40)},economy,5,95,75,20,USD,2,23,7,true,15,true,10,2`,
    ].join('\n');
    const imported = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/allotments/import',
      headers: { ...the.desk.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode, imported.body).toBe(200);
  }

  async function searchTarco(date: string): Promise<{ tarco: Offer; result: OfferSearchResult }> {
    const response = await api('POST', '/offers/request', {}, offerRequest({ departureDate: date, currency: 'USD' }));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as OfferSearchResult;
    const tarco = result.offers.find((o) => o.slices[0]!.segments[0]!.flightNumber === '3T212');
    if (!tarco) throw new Error(`no 3T212 among ${result.offers.map((o) => o.slices[0]!.segments[0]!.flightNumber).join(' ')}`);
    return { tarco, result };
  }

  it('sells the seats in one list with the sandbox, holds them, and leaves the paid booking to staff to ticket', async () => {
    await importTarco();
    const date = day(14);
    const { tarco, result } = await searchTarco(date);
    // The sandbox's own PZU-CAI flights are in the same list; the cheapest first.
    expect(result.offers.some((o) => o.slices[0]!.segments[0]!.flightNumber !== '3T212')).toBe(true);
    expect(result.offers[0]!.reference).toBe(tarco.reference);
    expect(tarco.baggage.hold).toEqual({ quantity: 2, weight: 23 });
    expect(tarco.conditions.refundBeforeDeparture).toMatchObject({ allowed: true });

    const booking = await readyBooking(the.ctx, tarco, 'ELAMIN');
    const held = await pay(the.ctx, booking.id, true);
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as { booking: Booking }).booking.status).toBe('pending-payment');
    expect(await seats(date)).toEqual({ allocated: 5, held: 1, sold: 0 });
    const [row] = await sql<{ supplier: string; supplier_order_id: string }>(
      'SELECT supplier, supplier_order_id FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(row!.supplier).toBe('agency-seats');

    // The traveller's receipt, approved by the desk: paid, the seat sold, the tickets left to staff.
    const upload = await uploadReceipt(the.ctx, booking.id, PNG);
    expect(upload.statusCode, upload.body).toBe(200);
    const receiptId = (upload.json() as { booking: Booking }).booking.receipts.at(-1)!.id;
    const approved = await api('POST', `/admin/transfers/${receiptId}/approve`, the.desk.headers, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().booking).toMatchObject({ status: 'payment-confirmed', statusTrigger: 'ticketing-by-agency' });
    expect(await seats(date)).toEqual({ allocated: 5, held: 0, sold: 1 });
    const paid = await getBooking(the.ctx, booking.id);
    expect(paid.ticketsIssuedByAgency).toBe(true);
    expect(paid.manualTicketingBy).not.toBeNull();
    const [told] = await sql<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE dedupe_key = $1`, [
      `ticketing-manual:${booking.id}`,
    ]);
    // Told the agency issues the ticket with the airline, not that anything failed.
    expect(told!.text_body).toContain('in the airline’s own system');
    expect(told!.text_body).not.toContain('did not issue the ticket automatically');

    // The ticketing desk: the booking waits for staff, with no supplier to retry.
    const listed = ((await api('GET', '/admin/ticketing', the.viewer.headers)).json() as TicketingResponse).bookings.find(
      (b) => b.bookingId === booking.id,
    );
    expect(listed).toMatchObject({ state: 'by-agency', attempts: 0, flightNumbers: ['3T212'] });
    const desk = await api('GET', `/admin/bookings/${booking.id}/actions`, the.viewer.headers);
    expect(desk.json().actions).toContain('manual-ticket');
    expect(desk.json().actions).not.toContain('retry-ticketing');
    // The ticketing job leaves it alone: it is no failure to retry.
    await the.ctx.bookings.fulfilPending(new Date(Date.now() + 3_600_000));
    expect((await getBooking(the.ctx, booking.id)).statusTrigger).toBe('ticketing-by-agency');

    const passengerId = paid.passengers[0]!.id;
    const manual = await api('POST', `/admin/bookings/${booking.id}/manual-ticket`, the.desk.headers, {
      pnr: 'T3PZU1',
      tickets: [{ passengerId, ticketNumber: '2441234567890' }],
    });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().booking).toMatchObject({ status: 'confirmed', statusTrigger: 'ticket-issued' });
    const [order] = await sql<{ state: string; pnr: string }>('SELECT state, pnr FROM allotment_orders WHERE id = $1', [
      row!.supplier_order_id,
    ]);
    expect(order).toEqual({ state: 'ticketed', pnr: 'T3PZU1' });
    const [eTicket] = await sql<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE dedupe_key = $1`, [
      `e-ticket:${booking.id}`,
    ]);
    expect(eTicket!.text_body).toContain('2441234567890');
    expect(await seats(date)).toEqual({ allocated: 5, held: 0, sold: 1 });
  });

  it('gives the seats of an expired hold back, and sells no more than are left', async () => {
    const date = day(16);
    const { tarco } = await searchTarco(date);
    const first = await readyBooking(the.ctx, tarco, 'HAMAD');
    expect((await pay(the.ctx, first.id, true)).statusCode).toBe(200);
    expect(await seats(date)).toEqual({ allocated: 5, held: 1, sold: 0 });
    const [{ hold_expires_at }] = (await sql<{ hold_expires_at: Date }>('SELECT hold_expires_at FROM bookings WHERE id = $1', [
      first.id,
    ])) as [{ hold_expires_at: Date }];
    await the.ctx.bookings.expireHolds(new Date(new Date(hold_expires_at).getTime() + 60_000));
    expect((await getBooking(the.ctx, first.id)).status).toBe('canceled');
    expect(await seats(date)).toEqual({ allocated: 5, held: 0, sold: 0 });

    // Four seats taken by one booking: the next search no longer offers the flight to a party of two.
    await sql(
      `UPDATE allotment_dated_flights SET seats_held = 4 WHERE id IN (SELECT d.id FROM allotment_dated_flights d
       JOIN allotment_flights f ON f.id = d.flight_id WHERE f.flight_number = '212' AND d.departure_date = $1)`,
      [date],
    );
    const two = await api(
      'POST',
      '/offers/request',
      {},
      offerRequest({ departureDate: date, currency: 'USD', passengers: { adults: 2, children: 0, infants: 0 } }),
    );
    expect((two.json() as OfferSearchResult).offers.some((o) => o.slices[0]!.segments[0]!.flightNumber === '3T212')).toBe(false);
  });
});
