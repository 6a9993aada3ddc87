import { describe, expect, it } from 'vitest';
import { appWithDeskAndViewer } from './helpers/staff.js';
import { backends } from './helpers/test-database.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Notices staff write for the travellers of a route, an airport or an airline, and the ones travellers see. */
describe.each(backends)('notices for travellers on %s', (backend) => {
  const the = appWithDeskAndViewer(backend);

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Record<string, string>, payload?: object) =>
    the.ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const write = async (body: object) => {
    const response = await api('POST', '/admin/notices', the.desk.headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { notice: { id: string } }).notice;
  };
  const seen = async (query: string) =>
    ((await api('GET', `/notices?${query}`)).json() as { notices: { textEn: string }[] }).notices.map((n) => n.textEn).sort();
  const period = { startsOn: inDays(0), endsOn: inDays(30) };

  it('shows a traveller the notices of their route (either way round), airports and airlines, in their period only', async () => {
    await write({
      scope: 'route',
      origin: 'pzu',
      destination: 'DXB',
      ...period,
      textAr: 'لا تهبط الناقلات السودانية في الإمارات',
      textEn: 'UAE: no Sudanese carriers',
    });
    await write({
      scope: 'airport',
      airport: 'JUB',
      ...period,
      textAr: 'مطار جوبا مغلق يوم الأحد',
      textEn: 'Juba closed on Sunday',
    });
    await write({ scope: 'airline', airline: '3t', ...period, textAr: 'تاركو: وزن الأمتعة ٢٣ كغ', textEn: 'Tarco: 23 kg bags' });
    await write({
      scope: 'airport',
      airport: 'CAI',
      startsOn: inDays(40),
      endsOn: inDays(50),
      textAr: 'لاحقًا',
      textEn: 'Cairo later',
    });

    expect(await seen(`origin=DXB&destination=PZU&date=${inDays(3)}`)).toEqual(['UAE: no Sudanese carriers']);
    expect(await seen(`origin=PZU&destination=JUB&airlines=3T,MS&date=${inDays(3)}`)).toEqual([
      'Juba closed on Sunday',
      'Tarco: 23 kg bags',
    ]);
    expect(await seen(`origin=PZU&destination=CAI&airlines=MS&date=${inDays(3)}`)).toEqual([]);
    expect(await seen(`origin=PZU&destination=CAI&date=${inDays(45)}`)).toEqual(['Cairo later']);
    const bad = await api('GET', `/notices?origin=PZU&destination=CAI&date=2026-02-30&airlines=3T;MS`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a notice without what its scope needs, with a field of another scope, or ending before it starts, naming the field', async () => {
    const refused = async (body: object) => {
      const response = await api('POST', '/admin/notices', the.desk.headers, {
        scope: 'route',
        origin: 'PZU',
        destination: 'CAI',
        ...period,
        textAr: 'ن',
        textEn: 'n',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { fields?: { path: string }[] }).fields?.map((f) => f.path);
    };
    expect(await refused({ destination: null })).toEqual(['destination']);
    expect(await refused({ airline: 'SD' })).toEqual(['airline']);
    expect(await refused({ destination: 'PZU' })).toEqual(['destination']);
    expect(await refused({ startsOn: inDays(5), endsOn: inDays(4) })).toEqual(['endsOn']);
    expect(await refused({ textEn: '   ' })).toEqual(['textEn']);
    expect(await refused({ textAr: 'x'.repeat(601) })).toEqual(['textAr']);
  });

  it('lets a viewer read but not write; changes and withdrawals are audited, and a withdrawn notice shows no more', async () => {
    const body = {
      scope: 'airline',
      airline: 'SD',
      ...period,
      textAr: 'سودانير',
      textEn: 'Sudan Airways: check-in 3 hours before',
    };
    expect((await api('POST', '/admin/notices', the.viewer.headers, body)).statusCode).toBe(403);
    expect((await api('POST', '/admin/notices', undefined, body)).statusCode).toBe(401);
    const notice = await write(body);
    const listed = await api('GET', '/admin/notices', the.viewer.headers);
    expect(listed.json().notices).toContainEqual(
      expect.objectContaining({ id: notice.id, updatedBy: the.desk.fullName, withdrawnAt: null }),
    );

    const changed = await api('PUT', `/admin/notices/${notice.id}`, the.desk.headers, {
      ...body,
      textEn: 'Sudan Airways: check-in 4 hours before',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await seen(`origin=PZU&destination=CAI&airlines=SD&date=${inDays(1)}`)).toEqual([
      'Sudan Airways: check-in 4 hours before',
    ]);

    expect((await api('POST', `/admin/notices/${notice.id}/withdraw`, the.desk.headers)).statusCode).toBe(200);
    expect(await seen(`origin=PZU&destination=CAI&airlines=SD&date=${inDays(1)}`)).toEqual([]);
    // The desk lists it among the withdrawn, no more among those in force.
    const inForce = (await api('GET', '/admin/notices', the.viewer.headers)).json() as { notices: { id: string }[] };
    expect(inForce.notices.map((n) => n.id)).not.toContain(notice.id);
    const withdrawn = await api('GET', '/admin/notices?state=withdrawn', the.viewer.headers);
    expect(withdrawn.json().notices).toContainEqual(
      expect.objectContaining({
        id: notice.id,
        withdrawnAt: expect.any(String),
        textEn: 'Sudan Airways: check-in 4 hours before',
      }),
    );
    expect((await api('GET', '/admin/notices?state=over', the.viewer.headers)).statusCode).toBe(400);
    // Withdrawn is final: it cannot be changed or withdrawn again, as an unknown notice cannot.
    expect((await api('PUT', `/admin/notices/${notice.id}`, the.desk.headers, body)).statusCode).toBe(404);
    expect((await api('POST', `/admin/notices/ntc_${'x'.repeat(16)}/withdraw`, the.desk.headers)).statusCode).toBe(404);
    // A malformed id answers as an unknown one: 404, not a 400 telling its shape.
    expect((await api('POST', '/admin/notices/not-an-id/withdraw', the.desk.headers)).statusCode).toBe(404);
    expect((await api('PUT', '/admin/notices/not-an-id', the.desk.headers, body)).statusCode).toBe(404);

    const audit = await the.ctx.database.sql.query<{ action: string }>(
      "SELECT action FROM staff_actions WHERE target_type = 'notice' AND target_id = $1 ORDER BY id",
      [notice.id],
    );
    expect(audit.map((row) => row.action)).toEqual(['notice-created', 'notice-updated', 'notice-withdrawn']);
  });
});
