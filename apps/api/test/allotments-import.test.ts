import { todayIn } from '@kwenda/contracts';
import type { AllotmentImportResponse } from '@kwenda/contracts/admin';
import { describe, expect, it } from 'vitest';
import { ALLOTMENT_CSV_COLUMNS } from '../src/modules/allotments/allotment-csv.js';
import { IMPORT_LOCK_KEY } from '../src/modules/allotments/allotment-schedule-repository.js';
import { raceAtLock } from './helpers/lock-barrier.js';
import { multipart } from './helpers/multipart.js';
import { appWithDeskAndViewer } from './helpers/staff.js';
import { backends } from './helpers/test-database.js';

const inDays = (n: number) => new Date(Date.parse(`${todayIn()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const HEADER = ALLOTMENT_CSV_COLUMNS.join(',');
const line = (flight: string, from: string, to: string, seats: number, days = '135') =>
  `3T,${flight},PZU,CAI,13:30,15:40,${days},${from},${to},economy,${seats},420,315,42,USD,1,23,7,true,60,true,25,3`;

/** The owner loads the airline's sheet of allocated seats: each date the flight operates gets its seats. */
describe.each(backends)("importing the airline's sheet of seats on %s", (backend) => {
  const the = appWithDeskAndViewer(backend);

  const upload = (csv: string, member = the.desk, query = '') =>
    the.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/allotments/import${query}`,
      headers: { ...member.headers, 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
  const datedFlights = async (flight: string) =>
    the.ctx.database.sql.query<{ departure_date: string; seats_allocated: number }>(
      `SELECT to_char(d.departure_date, 'YYYY-MM-DD') AS departure_date, d.seats_allocated FROM allotment_dated_flights d
       JOIN allotment_flights f ON f.id = d.flight_id WHERE f.flight_number = $1 ORDER BY d.departure_date`,
      [flight],
    );

  it('makes a dated flight with its seats for each day the flight operates, from today on; a dry run saves nothing', async () => {
    const csv = `${HEADER}\n${line('212', inDays(-7), inDays(20), 5)}\n`;
    // Monday, Wednesday and Friday (JavaScript's days 1, 3, 5) from today to the 20th day; the past week is left out.
    const expected = Array.from({ length: 21 }, (_, n) => inDays(n)).filter((day) =>
      [1, 3, 5].includes(new Date(`${day}T00:00:00Z`).getUTCDay()),
    );
    expect(expected.length).toBeGreaterThanOrEqual(8);

    const dry = await upload(csv, the.desk, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, created: expected.length, changed: 0 });
    expect(await datedFlights('212')).toEqual([]);

    const saved = await upload(csv);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as AllotmentImportResponse;
    expect(answer).toMatchObject({ dryRun: false, created: expected.length, changed: 0 });
    expect(answer.datedFlights.map((f) => f.departureDate)).toEqual(expected);
    expect(await datedFlights('212')).toEqual(expected.map((departure_date) => ({ departure_date, seats_allocated: 5 })));
    const [audit] = await the.ctx.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_actions WHERE staff_user_id = $1 AND action = 'allotments-imported'",
      [the.desk.userId],
    );
    expect(audit!.n).toBe(1);
  });

  it('changes the seats of a period imported again, never below the seats already held, and then changes nothing', async () => {
    const csv = (seats: number) => `${HEADER}\n${line('214', inDays(1), inDays(14), seats)}`;
    expect((await upload(csv(5))).statusCode).toBe(200);
    const again = await upload(csv(4));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, changed: (await datedFlights('214')).length });
    expect(new Set((await datedFlights('214')).map((f) => f.seats_allocated))).toEqual(new Set([4]));

    // Three seats of the first date taken: the allocation cannot go below them.
    await the.ctx.database.sql.query(
      `UPDATE allotment_dated_flights SET seats_sold = 3 WHERE id = (SELECT d.id FROM allotment_dated_flights d
       JOIN allotment_flights f ON f.id = d.flight_id WHERE f.flight_number = '214' ORDER BY d.departure_date LIMIT 1)`,
    );
    const below = await upload(csv(2));
    expect(below.statusCode).toBe(400);
    expect(below.json().fields).toEqual([expect.objectContaining({ path: 'line 2: seats', code: 'below_seats_taken' })]);
    expect(new Set((await datedFlights('214')).map((f) => f.seats_allocated))).toEqual(new Set([4]));
  });

  it('refuses a period overlapping one already loaded, and a file with any bad line, saving nothing of it', async () => {
    expect((await upload(`${HEADER}\n${line('216', inDays(1), inDays(10), 5)}`)).statusCode).toBe(200);
    const overlap = await upload(`${HEADER}\n${line('218', inDays(1), inDays(5), 5)}\n${line('216', inDays(5), inDays(20), 5)}`);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().fields).toEqual([expect.objectContaining({ path: 'line 3: from_date', code: 'overlapping_period' })]);
    expect(await datedFlights('218')).toEqual([]);

    const bad = await upload(`${HEADER}\n${line('220', inDays(1), inDays(5), 5)}\n${line('222', inDays(1), inDays(5), 0)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ path: 'line 3: seats', code: 'invalid_number' }] });
    expect(await datedFlights('220')).toEqual([]);
  });

  it('takes the sheet as a multipart file; a viewer cannot import, and neither can a stranger', async () => {
    const csv = Buffer.from(`\ufeff${HEADER}\r\n${line('224', inDays(1), inDays(3), 5, '1234567')}\r\n`);
    const form = multipart(csv, 'tarco.csv', 'text/csv');
    const uploaded = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/allotments/import',
      headers: { ...the.desk.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().created).toBe(3);
    expect((await upload(`${HEADER}\n${line('226', inDays(1), inDays(3), 5)}`, the.viewer)).statusCode).toBe(403);
    const stranger = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/allotments/import',
      headers: { 'content-type': 'text/csv' },
      payload: HEADER,
    });
    expect(stranger.statusCode).toBe(401);
    const json = await the.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/allotments/import',
      headers: { ...the.desk.headers, 'content-type': 'application/json' },
      payload: { csv: HEADER },
    });
    expect(json.statusCode).toBe(415);
  });

  it('loads a flight once when two staff import the same sheet at the same moment', async () => {
    const csv = `${HEADER}\n${line('228', inDays(1), inDays(10), 5)}`;
    const answers = await raceAtLock(
      the.ctx.database,
      { sql: `SELECT pg_advisory_xact_lock(hashtextextended('${IMPORT_LOCK_KEY}', 0))` },
      [() => upload(csv), () => upload(csv)],
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const dates = (await datedFlights('228')).length;
    expect(answers.map((a) => [a.json().created, a.json().changed]).sort()).toEqual([
      [0, dates],
      [dates, 0],
    ]);
    const [flights] = await the.ctx.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM allotment_flights WHERE flight_number = '228'",
    );
    expect(flights!.n).toBe(1);
  });
});
