import { randomBytes } from 'node:crypto';
import { addDays, todayIn } from '@kwenda/contracts';
import {
  ALLOTMENT_MANIFEST_CSV_COLUMNS,
  type AllotmentDatedFlightDetail,
  type AllotmentDatedFlightPatchResponse,
  type AllotmentFlightPatchResponse,
  type AllotmentFlightsResponse,
  type AllotmentManifest,
} from '@kwenda/contracts/admin';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/tx.js';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { holdSeats, releaseSeats, sellSeats } from '../src/modules/allotments/allotments-repository.js';
import { appWithDeskAndViewer, type TestStaffMember } from './helpers/staff.js';
import { backends } from './helpers/test-database.js';

const inDays = (n: number) => addDays(todayIn(), n);
const HEADER = ALLOTMENT_CSV_COLUMNS.join(',');
/** A Tarco flight every day from `from` to `to`, 5 seats, fares 420/315/42 USD, 1 x 23 kg, 7 kg cabin, sales stop 3 days before. */
const line = (flight: string, from: string, to: string, times = '13:30,15:40', route = 'PZU,CAI') =>
  `3T,${flight},${route},${times},1234567,${from},${to},economy,5,420,315,42,USD,1,23,7,true,60,true,25,3`;

/**
 * The seats desk: staff list the agency's dated flights, change one date's seats, fares, times, sale
 * and cancellation, pause a whole flight, and download a date's passenger list for the airline.
 */
describe.each(backends)('the seats desk on %s', (backend) => {
  const the = appWithDeskAndViewer(backend);
  const sql = <T>(text: string, params: unknown[] = []) => the.ctx.database.sql.query<T>(text, params);

  const importSheet = async (...lines: string[]) => {
    const response = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/allotments/import',
      headers: { ...the.desk.headers, 'content-type': 'text/csv; charset=utf-8' },
      payload: `${HEADER}\n${lines.join('\n')}\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const list = async (query = '', member: TestStaffMember = the.viewer) => {
    const response = await the.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/allotments/flights${query}`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AllotmentFlightsResponse;
  };
  const datesOf = async (flightNumber: string) =>
    (await list(`?from=${inDays(0)}&to=${inDays(60)}`)).datedFlights.filter((f) => f.flightNumber === flightNumber);
  const patch = (id: string, payload: unknown, member: TestStaffMember = the.desk) =>
    the.ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/allotments/dated-flights/${id}`,
      headers: member.headers,
      payload: payload as object,
    });
  const patchOk = async (id: string, payload: unknown) => {
    const response = await patch(id, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AllotmentDatedFlightPatchResponse;
  };
  const row = async (id: string) =>
    (
      await sql<{ seats_allocated: number; adult_fare: string | null; on_sale: boolean; cancelled: boolean }>(
        'SELECT seats_allocated, adult_fare, on_sale, cancelled_at IS NOT NULL AS cancelled FROM allotment_dated_flights WHERE id = $1',
        [id],
      )
    )[0]!;
  const auditOf = (action: string, targetId: string) =>
    sql<{ staff_user_id: string; details: Record<string, unknown> }>(
      'SELECT staff_user_id, details FROM staff_actions WHERE action = $1 AND target_id = $2 ORDER BY id',
      [action, targetId],
    );

  /** An order of the agency-seats supplier as its createOrder records one; with a PNR, the second passenger's ticket. */
  async function newOrder(pnr?: string) {
    const id = `ao_${randomBytes(6).toString('hex')}`;
    await sql(
      `INSERT INTO allotment_orders (id, client_reference, offer_reference, total, currency, passengers, payment_required_by, pnr, tickets)
       VALUES ($1, $1, 'as_test', 100, 'USD', '[]', now() + interval '1 hour', $2, $3)`,
      [id, pnr ?? null, pnr ? JSON.stringify([{ passengerId: `${id}_p2`, ticketNumber: '072-2100000002' }]) : null],
    );
    return id;
  }

  /** An order of the agency-seats supplier holding `seats` seats on the date (sold when `sold`). */
  async function order(datedFlightId: string, seats: number, options: { sold?: boolean; infants?: number; pnr?: string } = {}) {
    const id = await newOrder(options.pnr);
    await the.ctx.database.db.transaction(async (tx) => {
      expect(await holdSeats(tx as Tx, { orderId: id, datedFlightId, seats, infants: options.infants ?? 0 })).toEqual({
        held: true,
      });
      if (options.sold) await sellSeats(tx as Tx, id);
    });
    return id;
  }

  /** A booking of the agency's seats on the order, with its passengers as the traveller gave them. */
  async function booking(
    orderId: string,
    passengers: {
      type: 'adult' | 'child' | 'infant';
      first: string;
      last: string;
      ticket?: string;
      extra?: Record<string, number>;
    }[],
    status = 'confirmed',
  ) {
    const id = `bk_${randomBytes(16).toString('base64url')}`;
    const reference = `KW${randomBytes(3).toString('hex').toUpperCase()}`;
    await sql(
      `INSERT INTO bookings (id, booking_reference, status, status_trigger, supplier, offer_reference, offer, offer_expires_at,
         passenger_counts, requested_baggage, currency, exchange_rate, amount, email, mobile, segments_key, supplier_order_id)
       VALUES ($1, $2, $3, 'booking-created', 'agency-seats', 'as_test', '{}', now() + interval '1 hour',
         '{"adults":1,"children":0,"infants":0}', '{}', 'USD', 1, 100, 'amna@example.com', '+249912345678', 'k', $4)`,
      [id, reference, status, orderId],
    );
    for (const [i, p] of passengers.entries())
      await sql(
        `INSERT INTO booking_passengers (id, booking_id, position, passenger_type, required_fields, fare_usd, baggage_options,
           supplier_passenger_id, first_name, last_name, date_of_birth, gender, nationality_country, document_number,
           document_expiry_date, extra_baggage, ticket_number)
         VALUES ($1, $2, $3, $4, '[]', 100, '[]', $5, $6, $7, $8, 'F', 'SD', $9, '2031-05-31', $10, $11)`,
        [
          `${id}_p${i}`,
          id,
          i,
          p.type,
          `${orderId}_p${i + 1}`,
          p.first,
          p.last,
          p.type === 'infant' ? '2026-03-01' : '1990-04-12',
          `P0${i}456789`,
          JSON.stringify(p.extra ?? {}),
          p.ticket ?? null,
        ],
      );
    return { id, reference };
  }

  it('lists the dated flights of a period after an import, by date and time, with their seats, fares and release time', async () => {
    await importSheet(
      line('300', inDays(10), inDays(12)),
      line('301', inDays(11), inDays(11), '06:15,07:05', 'PZU,KRT'),
      line('302', inDays(1), inDays(1), '23:10,01:20', 'PZU,JED'),
    );
    const all = await list(`?from=${inDays(0)}&to=${inDays(20)}`);
    const ours = all.datedFlights.filter((f) => ['300', '301', '302'].includes(f.flightNumber));
    expect(ours.map((f) => [f.departureDate, f.flightNumber])).toEqual([
      [inDays(1), '302'],
      [inDays(10), '300'],
      [inDays(11), '301'],
      [inDays(11), '300'],
      [inDays(12), '300'],
    ]);
    const first = ours.find((f) => f.flightNumber === '300')!;
    expect(first).toMatchObject({
      airline: { iataCode: '3T', nameEn: 'Tarco Aviation', nameAr: 'تاركو للطيران', logo: '/airlines/3T.png' },
      origin: 'PZU',
      destination: 'CAI',
      departureTime: '13:30',
      arrivalTime: '15:40',
      arrivalDayOffset: 0,
      arrivalDate: inDays(10),
      cabin: 'economy',
      currency: 'USD',
      fares: { adult: 420, child: 315, infant: 42 },
      ownFares: { adult: null, child: null, infant: null },
      seats: { allocated: 5, held: 0, sold: 0, left: 5 },
      infants: { taken: 0, limit: 10 },
      onSale: true,
      flightOnSale: true,
      cancelled: false,
      releaseDays: 3,
      // Port Sudan keeps UTC+2: sales stop 3 days before the departure, at its time.
      releaseAt: `${inDays(7)}T13:30:00`,
      releaseAtUtc: `${inDays(7)}T11:30:00.000Z`,
      salesClosed: false,
      bookable: true,
      updatedBy: the.desk.fullName,
    });
    // The overnight flight arrives the next day; it leaves tomorrow, so its seats went back to the airline 3 days ago.
    expect(ours[0]).toMatchObject({ arrivalDayOffset: 1, arrivalDate: inDays(2), salesClosed: true, bookable: false });

    const route = await list(`?from=${inDays(0)}&to=${inDays(20)}&origin=pzu&destination=KRT&airline=3t`);
    expect(route.datedFlights.map((f) => f.flightNumber)).toEqual(['301']);
    expect(route).toMatchObject({ from: inDays(0), to: inDays(20), truncated: false });
    // By default: today and the next 30 days.
    expect(await list()).toMatchObject({ from: inDays(0), to: inDays(30) });
  });

  it('refuses a bad period naming the field, and answers one dated flight with its flight, or 404', async () => {
    for (const [query, field] of [
      ['?from=2026-13-01', 'from'],
      [`?from=${inDays(5)}&to=${inDays(1)}`, 'to'],
      [`?from=${inDays(0)}&to=${inDays(200)}`, 'to'],
      ['?origin=PZUX', 'origin'],
    ]) {
      const response = await the.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/allotments/flights${query}`,
        headers: the.viewer.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }

    await importSheet(line('310', inDays(10), inDays(11)));
    const [date] = await datesOf('310');
    const response = await the.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/allotments/dated-flights/${date!.id}`,
      headers: the.viewer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AllotmentDatedFlightDetail;
    expect(detail.datedFlight).toEqual(date);
    expect(detail.flight).toMatchObject({
      id: date!.flightId,
      days: [1, 2, 3, 4, 5, 6, 7],
      fromDate: inDays(10),
      toDate: inDays(11),
      seats: 5,
      fares: { adult: 420, child: 315, infant: 42 },
      bags: { holdPieces: 1, holdKg: 23, cabinKg: 7 },
      refund: { allowed: true, penalty: 60 },
      change: { allowed: true, penalty: 25 },
      releaseDays: 3,
      onSale: true,
      datedFlights: 2,
      createdBy: the.desk.fullName,
    });
    for (const id of ['ald_doesnotexist0000', 'nonsense']) {
      const missing = await the.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/allotments/dated-flights/${id}`,
        headers: the.viewer.headers,
      });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
  });

  it('takes seats down to exactly those held and sold, refuses fewer naming the minimum, and changes nothing then', async () => {
    await importSheet(line('320', inDays(10), inDays(10)));
    const [date] = await datesOf('320');
    await order(date!.id, 2);
    await order(date!.id, 1, { sold: true });

    const below = await patch(date!.id, { seatsAllocated: 2, adultFare: 500 });
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'BELOW_SEATS_TAKEN',
      minimum: 3,
      fields: [{ path: 'seatsAllocated', code: 'below_seats_taken' }],
    });
    // All or nothing: the fare asked with it did not change either.
    expect(await row(date!.id)).toMatchObject({ seats_allocated: 5, adult_fare: null });
    expect(await auditOf('allotment-date-changed', date!.id)).toEqual([]);

    const exact = await patchOk(date!.id, { seatsAllocated: 3 });
    expect(exact.datedFlight).toMatchObject({ seats: { allocated: 3, held: 2, sold: 1, left: 0 }, bookable: false });
    expect(exact.affectedBookings).toEqual([]);
    expect(await auditOf('allotment-date-changed', date!.id)).toEqual([
      {
        staff_user_id: the.desk.userId,
        details: { flight: '3T 320', date: inDays(10), changes: { seatsAllocated: { from: 5, to: 3 } } },
      },
    ]);
    expect((await patchOk(date!.id, { seatsAllocated: 9 })).datedFlight.seats).toEqual({
      allocated: 9,
      held: 2,
      sold: 1,
      left: 6,
    });

    // The infant limit never goes below the infants taken either.
    await order(date!.id, 1, { infants: 1 });
    const infants = await patch(date!.id, { infantLimit: 0 });
    expect(infants.statusCode).toBe(409);
    expect(infants.json()).toMatchObject({ minimum: 1, fields: [{ path: 'infantLimit' }] });
    expect((await patchOk(date!.id, { infantLimit: 1 })).datedFlight.infants).toEqual({ taken: 1, limit: 1 });
  });

  it("sets a date's own fares and goes back to the flight's, refusing a fare of 0, below 0 or with more than 2 decimals", async () => {
    await importSheet(line('330', inDays(10), inDays(11)));
    const [date, other] = await datesOf('330');
    const changed = await patchOk(date!.id, { adultFare: 450.5, infantFare: 40 });
    expect(changed.datedFlight).toMatchObject({
      fares: { adult: 450.5, child: 315, infant: 40 },
      ownFares: { adult: 450.5, child: null, infant: 40 },
    });
    // Only that date.
    expect((await datesOf('330')).find((f) => f.id === other!.id)!.fares).toEqual({ adult: 420, child: 315, infant: 42 });
    const back = await patchOk(date!.id, { adultFare: null });
    expect(back.datedFlight.fares).toEqual({ adult: 420, child: 315, infant: 40 });

    for (const [payload, field] of [
      [{ adultFare: 0 }, 'adultFare'],
      [{ childFare: -5 }, 'childFare'],
      [{ infantFare: 1.234 }, 'infantFare'],
      [{ adultFare: 'cheap' }, 'adultFare'],
      [{ seatsAllocated: 2.5 }, 'seatsAllocated'],
      [{ onSale: 'yes' }, 'onSale'],
      [{ departureTime: '25:00' }, 'departureTime'],
      [{ arrivalTime: '7:05' }, 'arrivalTime'],
    ] as const) {
      const response = await patch(date!.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [expect.objectContaining({ path: field })] });
    }
    expect((await patch(date!.id, {})).statusCode).toBe(400);
    expect((await patch(date!.id, { seats: 4 })).statusCode).toBe(400);
    expect((await patch('ald_doesnotexist0000', { adultFare: 400 })).statusCode).toBe(404);
    expect(await row(date!.id)).toMatchObject({ adult_fare: null });
  });

  it('computes the arrival day from the times: an arrival earlier than the departure is the next day', async () => {
    await importSheet(line('340', inDays(10), inDays(10)));
    const [date] = await datesOf('340');
    const overnight = await patchOk(date!.id, { departureTime: '23:30', arrivalTime: '01:45' });
    expect(overnight.datedFlight).toMatchObject({
      departureTime: '23:30',
      arrivalTime: '01:45',
      arrivalDayOffset: 1,
      arrivalDate: inDays(11),
      releaseAt: `${inDays(7)}T23:30:00`,
    });
    // Only the departure moves, past the arrival's time: the same day again.
    const morning = await patchOk(date!.id, { departureTime: '00:30' });
    expect(morning.datedFlight).toMatchObject({
      departureTime: '00:30',
      arrivalTime: '01:45',
      arrivalDayOffset: 0,
      arrivalDate: inDays(10),
    });
    const same = await patch(date!.id, { arrivalTime: '00:30' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([expect.objectContaining({ path: 'arrivalTime', code: 'same_as_departure' })]);
    const [audit] = (await auditOf('allotment-date-changed', date!.id)).slice(-1);
    expect(audit!.details.changes).toEqual({
      departureTime: { from: '23:30', to: '00:30' },
      arrivalDayOffset: { from: 1, to: 0 },
    });
  });

  it('cancels a date with seats taken, answering the bookings affected, and reinstates it', async () => {
    await importSheet(line('350', inDays(10), inDays(10)));
    const [date] = await datesOf('350');
    const paid = await booking(await order(date!.id, 1, { sold: true }), [{ type: 'adult', first: 'AMNA', last: 'OSMAN' }]);
    const held = await booking(await order(date!.id, 2), [{ type: 'adult', first: 'ALI', last: 'OSMAN' }], 'pending-payment');
    await booking(await order(date!.id, 1), [{ type: 'adult', first: 'GONE', last: 'AWAY' }], 'canceled');

    const cancelled = await patchOk(date!.id, { cancelled: true });
    expect(cancelled.datedFlight).toMatchObject({ cancelled: true, bookable: false, seats: { held: 3, sold: 1 } });
    expect(cancelled.datedFlight.cancelledAt).not.toBeNull();
    expect(cancelled.affectedBookings).toEqual(
      [
        { bookingId: paid.id, bookingReference: paid.reference, bookingStatus: 'confirmed', seats: 1, holdState: 'sold' },
        { bookingId: held.id, bookingReference: held.reference, bookingStatus: 'pending-payment', seats: 2, holdState: 'held' },
      ].sort((a, b) => a.bookingReference.localeCompare(b.bookingReference)),
    );
    expect(await row(date!.id)).toMatchObject({ cancelled: true });
    const [audit] = await auditOf('allotment-date-changed', date!.id);
    expect(audit).toMatchObject({
      staff_user_id: the.desk.userId,
      details: {
        changes: { cancelled: { from: false, to: true } },
        affectedBookings: expect.arrayContaining([paid.reference, held.reference]),
      },
    });

    const reinstated = await patchOk(date!.id, { cancelled: false });
    expect(reinstated).toMatchObject({ datedFlight: { cancelled: false, cancelledAt: null }, affectedBookings: [] });
  });

  it('pauses a whole flight with each of its dates, refusing holds then, and puts it back on sale', async () => {
    await importSheet(line('360', inDays(10), inDays(12)));
    const dates = await datesOf('360');
    const flightId = dates[0]!.flightId;
    await patchOk(dates[2]!.id, { cancelled: true });
    const pauseFlight = (onSale: boolean, member: TestStaffMember = the.desk, id = flightId) =>
      the.ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/allotments/flights/${id}`,
        headers: member.headers,
        payload: { onSale },
      });

    const paused = await pauseFlight(false);
    expect(paused.statusCode, paused.body).toBe(200);
    // The cancelled date is left as it is.
    expect(paused.json() as AllotmentFlightPatchResponse).toMatchObject({
      flight: { id: flightId, onSale: false },
      datedFlightsChanged: 2,
    });
    expect((await datesOf('360')).map((f) => [f.flightOnSale, f.onSale, f.bookable])).toEqual([
      [false, false, false],
      [false, false, false],
      [false, true, false],
    ]);
    const orderId = await newOrder();
    const refused = await the.ctx.database.db.transaction((tx) =>
      holdSeats(tx as Tx, { orderId, datedFlightId: dates[0]!.id, seats: 1, infants: 0 }),
    );
    expect(refused).toMatchObject({ held: false, left: 0 });
    expect(await auditOf('allotment-flight-changed', flightId)).toEqual([
      {
        staff_user_id: the.desk.userId,
        details: {
          flight: '3T 360',
          fromDate: inDays(10),
          toDate: inDays(12),
          changes: { onSale: { from: true, to: false } },
          datedFlightsChanged: 2,
        },
      },
    ]);

    expect((await pauseFlight(true)).json()).toMatchObject({ flight: { onSale: true }, datedFlightsChanged: 2 });
    expect((await datesOf('360')).map((f) => f.bookable)).toEqual([true, true, false]);
    expect((await pauseFlight(false, the.desk, 'alf_doesnotexist0000')).statusCode).toBe(404);
    expect((await pauseFlight(false, the.viewer)).statusCode).toBe(403);
    const bad = await the.ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/allotments/flights/${flightId}`,
      headers: the.desk.headers,
      payload: { onSale: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'onSale' })]);
  });

  it('lets a viewer read the seats but change nothing, and a stranger nothing at all', async () => {
    await importSheet(line('370', inDays(10), inDays(10)));
    const [date] = await datesOf('370');
    const refused = await patch(date!.id, { seatsAllocated: 4 }, the.viewer);
    expect(refused.statusCode).toBe(403);
    expect(await row(date!.id)).toMatchObject({ seats_allocated: 5 });
    for (const url of [
      '/api/v1/admin/allotments/flights',
      `/api/v1/admin/allotments/dated-flights/${date!.id}`,
      `/api/v1/admin/allotments/flights/${date!.id}/manifest`,
    ]) {
      expect((await the.ctx.app.inject({ method: 'GET', url, headers: the.viewer.headers })).statusCode, url).toBe(200);
      expect((await the.ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect(
      (
        await the.ctx.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/allotments/dated-flights/${date!.id}`,
          payload: { onSale: false },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers the date's passenger list for the airline's office, as JSON and as a CSV Excel opens in Arabic", async () => {
    await importSheet(line('380', inDays(10), inDays(10)));
    const [date] = await datesOf('380');
    const family = await booking(await order(date!.id, 2, { sold: true, infants: 1, pnr: 'TRC4QX' }), [
      { type: 'adult', first: 'Amna', last: 'El-Tayeb', ticket: '072-2100000001', extra: { 'bag-23kg': 2 } },
      { type: 'child', first: ' Omer,  jr ', last: 'عثمان' },
      { type: 'infant', first: 'sara', last: 'EL-TAYEB' },
    ]);
    // The names as the travellers typed them; on the list (screen and file alike) as the passport prints them.
    // A released hold and a cancelled booking hold no seat: not on the list.
    const released = await order(date!.id, 1);
    await the.ctx.database.db.transaction((tx) => releaseSeats(tx as Tx, released));
    await booking(released, [{ type: 'adult', first: 'RELEASED', last: 'HOLD' }]);
    await booking(await order(date!.id, 1), [{ type: 'adult', first: 'CANCELLED', last: 'BOOKING' }], 'canceled');

    const url = `/api/v1/admin/allotments/flights/${date!.id}/manifest`;
    const json = await the.ctx.app.inject({ method: 'GET', url, headers: the.viewer.headers });
    expect(json.statusCode, json.body).toBe(200);
    const manifest = json.json() as AllotmentManifest;
    expect(manifest.datedFlight).toMatchObject({ id: date!.id, flightNumber: '380', seats: { sold: 2, held: 1 } });
    expect(manifest.passengers.map((p) => [p.bookingReference, p.firstName, p.passengerType])).toEqual([
      [family.reference, 'AMNA', 'adult'],
      [family.reference, 'OMER, JR', 'child'],
      [family.reference, 'SARA', 'infant'],
    ]);
    expect(manifest.passengers[0]).toEqual({
      bookingId: family.id,
      bookingReference: family.reference,
      bookingStatus: 'confirmed',
      pnr: 'TRC4QX',
      ticketNumber: '072-2100000001',
      passengerId: `${family.id}_p0`,
      passengerType: 'adult',
      firstName: 'AMNA',
      lastName: 'EL-TAYEB',
      dateOfBirth: '1990-04-12',
      gender: 'F',
      nationality: 'SD',
      documentNumber: 'P00456789',
      documentExpiryDate: '2031-05-31',
      email: 'amna@example.com',
      mobile: '+249912345678',
      bags: { includedPieces: 1, holdKg: 23, cabinKg: 7, extraPieces: 2 },
    });
    // The child's ticket as the order has it; the infant on a lap has no bags of its own.
    expect(manifest.passengers[1]!.ticketNumber).toBe('072-2100000002');
    expect(manifest.passengers[2]!.bags).toEqual({ includedPieces: 0, holdKg: 0, cabinKg: 0, extraPieces: 0 });

    const csv = await the.ctx.app.inject({ method: 'GET', url: `${url}?format=csv`, headers: the.desk.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="manifest-3T380-PZU-CAI-${inDays(10)}.csv"`);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(ALLOTMENT_MANIFEST_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      `${family.reference},confirmed,TRC4QX,072-2100000001,EL-TAYEB,AMNA,adult,1990-04-12,F,SD,P00456789,2031-05-31,amna@example.com,+249912345678,1,23,2`,
      `${family.reference},confirmed,TRC4QX,072-2100000002,عثمان,"OMER, JR",child,1990-04-12,F,SD,P01456789,2031-05-31,amna@example.com,+249912345678,1,23,0`,
      `${family.reference},confirmed,TRC4QX,,EL-TAYEB,SARA,infant,2026-03-01,F,SD,P02456789,2031-05-31,amna@example.com,+249912345678,0,0,0`,
      '',
    ]);
    // The Arabic name is UTF-8 in the file itself.
    expect(bytes.includes(Buffer.from('عثمان', 'utf8'))).toBe(true);

    const accepted = await the.ctx.app.inject({ method: 'GET', url, headers: { ...the.viewer.headers, accept: 'text/csv' } });
    expect(accepted.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(accepted.rawPayload.equals(bytes)).toBe(true);

    // Every reading is in the audit trail, with who read it: the list shows document numbers.
    const audit = await auditOf('allotment-manifest-viewed', date!.id);
    expect(audit.map((a) => [a.staff_user_id, a.details.format, a.details.passengers])).toEqual([
      [the.viewer.userId, 'json', 3],
      [the.desk.userId, 'csv', 3],
      [the.viewer.userId, 'csv', 3],
    ]);
    expect(
      (
        await the.ctx.app.inject({
          method: 'GET',
          url: '/api/v1/admin/allotments/flights/ald_doesnotexist0000/manifest',
          headers: the.viewer.headers,
        })
      ).statusCode,
    ).toBe(404);
    const badFormat = await the.ctx.app.inject({ method: 'GET', url: `${url}?format=xlsx`, headers: the.viewer.headers });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fields).toEqual([expect.objectContaining({ path: 'format' })]);
  });

  it('shows the seats routes in the OpenAPI document', async () => {
    const response = await the.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/allotments/flights',
        '/api/v1/admin/allotments/dated-flights/{id}',
        '/api/v1/admin/allotments/flights/{flightId}',
        '/api/v1/admin/allotments/flights/{id}/manifest',
      ]),
    );
  });
});
