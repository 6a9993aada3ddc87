// @vitest-environment jsdom
import type { ImportedDatedFlight } from '@kwenda/contracts/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { renderInApp } from '../../../test/render-in-app';
import { STAFF_SESSION_STORAGE_KEY } from '../lib/staff-session';
import { SHEET_COLUMNS, sheetTemplate, TEMPLATE_EXAMPLE } from './seats-csv';
import { SeatsImportPage, importedFlightsLink } from './seats-import-page';

/**
 * The import of the airline's sheet as staff use it: paste or choose the CSV, the dry run's answer
 * (what would change, or every bad line and column translated), then the import. The server is a
 * stand-in answering what the API answers (its own tests check the API).
 */

type Sent = { url: string; method: string; file: string | null };
let sent: Sent[] = [];
let answers: Response[] = [];

const dryRunAnswer = (dryRun: boolean) => ({
  dryRun,
  created: 2,
  changed: 0,
  datedFlights: [
    {
      airline: '3T',
      flightNumber: '212',
      origin: 'PZU',
      destination: 'CAI',
      departureDate: '2026-12-02',
      departureTime: '13:30',
      seats: 5,
      change: 'created',
    },
    {
      airline: '3T',
      flightNumber: '212',
      origin: 'PZU',
      destination: 'CAI',
      departureDate: '2026-12-04',
      departureTime: '13:30',
      seats: 5,
      change: 'created',
    },
  ],
});
const refusal = {
  code: 'VALIDATION_ERROR',
  message: 'The file was not imported: 2 problems',
  fields: [
    {
      path: 'line 3: adult_fare',
      code: 'invalid_amount',
      message: 'adult_fare "0" is not an amount above zero (at most two decimals)',
    },
    { path: 'line 4', code: 'wrong_field_count', message: 'The line has 3 values where the header names 23 columns' },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answers = [];
  localStorage.setItem(
    STAFF_SESSION_STORAGE_KEY,
    JSON.stringify({
      jwt: 'jwt',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      staff: { id: 'st_1', fullName: 'Amna', email: 'amna@example.com', role: 'agent-desk', secondFactor: true },
    }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body;
      const file = body instanceof FormData ? await (body.get('file') as Blob).text() : null;
      sent.push({ url, method: init?.method ?? 'GET', file });
      return answers.shift() ?? json({ code: 'SERVICE_UNAVAILABLE', message: 'down' }, 503);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const render = (language: 'en' | 'ar' = 'en') =>
  renderInApp(
    <StaticRouter location="/admin/seats/import">
      <SeatsImportPage />
    </StaticRouter>,
    language,
  );
const seats = (key: string) => `admin-seats:${key}`;
const sheet = `${SHEET_COLUMNS.join(',')}\n${TEMPLATE_EXAMPLE}\n`;

describe("importing the airline's sheet", () => {
  it('checks the pasted sheet first (a dry run), shows what would change, then imports it', async () => {
    const { t } = render();
    fireEvent.click(screen.getByRole('radio', { name: t(seats('import.fromPaste')) }));
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${t(seats('import.paste'))}`) }), {
      target: { value: sheet },
    });
    answers.push(json(dryRunAnswer(true)));
    fireEvent.click(screen.getByRole('button', { name: t(seats('import.check')) }));

    const summary = await screen.findByTestId('dry-run-summary');
    expect(summary.textContent).toBe(t(seats('import.wouldChange'), { created: 2, changed: 0 }));
    expect(sent).toEqual([{ url: '/api/v1/admin/allotments/import?dryRun=true', method: 'POST', file: sheet }]);
    const table = screen.getByTestId('dry-run-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('3T212')).toHaveLength(2);
    expect(within(table).getAllByText('PZU → CAI')).toHaveLength(2);

    answers.push(json(dryRunAnswer(false)));
    fireEvent.click(screen.getByRole('button', { name: t(seats('import.confirm'), { count: 2 }) }));
    const done = await screen.findByTestId('import-done');
    expect(done.textContent).toContain(t(seats('import.done'), { created: 2, changed: 0 }));
    // The list over the imported dates, not its default 30 days from today.
    expect(
      within(done)
        .getByRole('link', { name: t(seats('import.toFlights')) })
        .getAttribute('href'),
    ).toBe('/admin/seats?from=2026-12-02&to=2026-12-04');
    expect(sent[1]).toEqual({ url: '/api/v1/admin/allotments/import?dryRun=false', method: 'POST', file: sheet });
    expect(screen.queryByTestId('dry-run-summary')).toBeNull();
  });

  it('links to the list from the first to the last imported date, at most the longest period the list shows', () => {
    const flight = dryRunAnswer(false).datedFlights[0]!;
    const on = (departureDate: string): ImportedDatedFlight => ({ ...flight, change: 'created', departureDate });
    expect(importedFlightsLink([])).toBe('/admin/seats');
    expect(importedFlightsLink([on('2027-03-10'), on('2027-01-05'), on('2027-02-01')])).toBe(
      '/admin/seats?from=2027-01-05&to=2027-03-10',
    );
    // A season's sheet: from its first date, as many days as the list takes at once.
    expect(importedFlightsLink([on('2027-01-01'), on('2027-10-31')])).toBe('/admin/seats?from=2027-01-01&to=2027-04-02');
  });

  it('lists every bad line and column the server names, translated, and offers no import', async () => {
    const { t } = render('ar');
    fireEvent.click(screen.getByRole('radio', { name: t(seats('import.fromPaste')) }));
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${t(seats('import.paste'))}`) }), {
      target: { value: sheet },
    });
    answers.push(json(refusal, 400));
    fireEvent.click(screen.getByRole('button', { name: t(seats('import.check')) }));

    const problems = await screen.findAllByTestId('sheet-problem');
    expect(problems.map((item) => item.textContent)).toEqual([
      `${t(seats('problems.lineColumn'), { line: 3, column: 'adult_fare', label: t(seats('columns.adult_fare')) })}: ${t(
        seats('problems.codes.invalid_amount'),
      )} ${t(seats('problems.value'), { value: '0' })}`,
      `${t(seats('problems.line'), { line: 4 })}: ${t(seats('problems.codes.wrong_field_count'))}`,
    ]);
    // The column and the value keep their left-to-right order inside the Arabic sentence.
    expect(problems[0]!.querySelectorAll('bdi[dir="ltr"]')).toHaveLength(2);
    expect(screen.getByTestId('sheet-problems').getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('button', { name: new RegExp(t(seats('import.confirm'), { count: 2 })) })).toBeNull();
  });

  it('a read-only member sees the template but cannot send a sheet', () => {
    localStorage.setItem(
      STAFF_SESSION_STORAGE_KEY,
      JSON.stringify({
        jwt: 'jwt',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        staff: { id: 'st_2', fullName: 'Viewer', email: 'v@example.com', role: 'viewer', secondFactor: true },
      }),
    );
    const { t } = render();
    expect(screen.getByText(t(seats('readOnly')))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t(seats('import.check')) })).toBeNull();
    const template = screen.getByRole('link', { name: t(seats('import.template')) });
    expect(decodeURIComponent(template.getAttribute('href')!.split(',').slice(1).join(','))).toBe(`\uFEFF${sheetTemplate()}`);
  });
});

describe('the template', () => {
  it('has the columns the import reads and a Tarco Port Sudan - Cairo line', () => {
    const [header, example] = sheetTemplate().split('\r\n');
    expect(header!.split(',')).toEqual([...SHEET_COLUMNS]);
    expect(example!.split(',')).toHaveLength(SHEET_COLUMNS.length);
    expect(example!.startsWith('3T,212,PZU,CAI,')).toBe(true);
  });
});
