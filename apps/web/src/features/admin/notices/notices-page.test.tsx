// @vitest-environment jsdom
import type { RouteNotice } from '@kwenda/contracts/admin';
import { todayIn } from '@kwenda/contracts/rules';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { clearStaffSession, setStaffSession } from '../lib/staff-session';
import { NoticeDialog, WithdrawNoticeDialog } from './notice-dialogs';
import { NoticesPage } from './notices-page';

/**
 * The desk's notices screen as staff use it: the notices in force now, to come and withdrawn; the
 * dialog's messages beside a field left wrong, the request once it is right, and the server's
 * refusals translated. The server is a stand-in (what it answers is the API tests' business).
 */

const inDays = (n: number) => new Date(Date.parse(`${todayIn()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const notice = (overrides: Partial<RouteNotice>): RouteNotice => ({
  id: 'ntc_closure0001',
  scope: 'route',
  origin: 'PZU',
  destination: 'CAI',
  airport: null,
  airline: null,
  startsOn: inDays(-1),
  endsOn: inDays(10),
  textAr: 'مطار القاهرة مغلق ليلًا',
  textEn: 'Cairo airport is closed at night',
  updatedBy: 'Amna Desk',
  updatedAt: new Date().toISOString(),
  withdrawnAt: null,
  ...overrides,
});
const now = notice({});
const coming = notice({
  id: 'ntc_transit0001',
  scope: 'airline',
  origin: null,
  destination: null,
  airline: '3T',
  startsOn: inDays(5),
  textEn: 'Tarco: transit visa needed',
  textAr: 'تاركو: تأشيرة عبور',
});
const gone = notice({
  id: 'ntc_juba000001',
  scope: 'airport',
  origin: null,
  destination: null,
  airport: 'JUB',
  textEn: 'Juba closed on Sunday',
  withdrawnAt: new Date().toISOString(),
});

let requests: { url: string; method: string; body: unknown }[] = [];
let answer: (url: string, method: string) => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
beforeEach(() => {
  requests = [];
  answer = (url) => json({ notices: url.includes('state=withdrawn') ? [gone] : [now, coming] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer(url, method);
    }),
  );
});
afterEach(() => {
  cleanup();
  clearStaffSession();
  vi.unstubAllGlobals();
});

const signIn = (role: 'viewer' | 'agent-desk') =>
  setStaffSession({
    jwt: 'token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    staff: { id: 'st_1', fullName: 'Amna Desk', email: 'amna@example.com', role, secondFactor: true },
  });
const n = (key: string) => `admin-notices:${key}`;
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const closed = { onClose: () => undefined, onDone: () => undefined };

describe("the desk's notices screen", () => {
  it('lists the notices in force now, those to come and the withdrawn; a viewer may only read', async () => {
    signIn('viewer');
    const { t } = renderInApp(<NoticesPage />, 'en');
    const card = (await screen.findByText(now.textEn)).closest('li')!;
    expect(within(card).getByText('PZU ⇄ CAI')).toBeTruthy();
    expect(screen.queryByText(coming.textEn)).toBeNull();
    expect(screen.getByText(t(n('readOnly')))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t(n('form.open')) })).toBeNull();
    expect(within(card).queryByRole('button', { name: t(n('card.withdraw')) })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: t(n('views.coming')) }));
    expect(screen.getByText(coming.textEn)).toBeTruthy();
    expect(screen.queryByText(now.textEn)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: t(n('views.withdrawn')) }));
    const withdrawn = screen.getByText(gone.textEn).closest('li')!;
    expect(within(withdrawn).getByText(t(n('card.withdrawn')))).toBeTruthy();
    expect(within(withdrawn).getByText('JUB')).toBeTruthy();
  });

  it('lets the desk write, change and withdraw', async () => {
    signIn('agent-desk');
    const { t } = renderInApp(<NoticesPage />, 'ar');
    const card = (await screen.findByText(now.textAr)).closest('li')!;
    expect(within(card).getByRole('button', { name: t(n('card.edit')) })).toBeTruthy();
    expect(within(card).getByRole('button', { name: t(n('card.withdraw')) })).toBeTruthy();
    expect(screen.getByRole('button', { name: t(n('form.open')) })).toBeTruthy();
    expect(screen.queryByText(t(n('readOnly')))).toBeNull();
  });

  it('asks for what a route notice needs, then sends only its fields', async () => {
    answer = () => json({ notice: notice({ id: 'ntc_written00001' }) }, 201);
    const done = vi.fn();
    const { t } = renderInApp(<NoticeDialog notice={null} {...closed} onDone={done} />, 'en');
    const dialog = screen.getByRole('dialog', { name: t(n('form.title')) });
    fireEvent.click(within(dialog).getByRole('button', { name: t(n('form.submit')) }));
    for (const field of ['origin', 'destination', 'textAr', 'textEn'])
      expect(within(dialog).getByText(t(n(`form.errors.${field}`), { max: 600 }))).toBeTruthy();
    expect(requests).toEqual([]);

    type(within(dialog).getByRole('textbox', { name: label(t(n('form.origin'))) }), 'pzu');
    type(within(dialog).getByRole('textbox', { name: label(t(n('form.destination'))) }), 'cai');
    type(within(dialog).getByRole('textbox', { name: label(t(n('form.textAr'))) }), now.textAr);
    type(within(dialog).getByRole('textbox', { name: label(t(n('form.textEn'))) }), now.textEn);
    fireEvent.click(within(dialog).getByRole('button', { name: t(n('form.submit')) }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        url: expect.stringMatching(/\/api\/v1\/admin\/notices$/),
        method: 'POST',
        body: {
          scope: 'route',
          origin: 'PZU',
          destination: 'CAI',
          startsOn: todayIn(),
          endsOn: inDays(30),
          textAr: now.textAr,
          textEn: now.textEn,
        },
      },
    ]);
  });

  it("shows the server's refusal beside the field it names, in Arabic", async () => {
    answer = () =>
      json(
        {
          code: 'VALIDATION_ERROR',
          message: 'bad',
          fields: [{ path: 'airline', code: 'invalid_format', message: 'Expected a two-character airline code' }],
        },
        400,
      );
    const { t } = renderInApp(<NoticeDialog notice={coming} {...closed} />, 'ar');
    const dialog = screen.getByRole('dialog', { name: t(n('form.editTitle')) });
    fireEvent.click(within(dialog).getByRole('button', { name: t(n('form.saveChanges')) }));
    expect(await within(dialog).findByText(t(n('form.errors.airline')))).toBeTruthy();
    expect(requests[0]).toMatchObject({ url: expect.stringMatching(/\/admin\/notices\/ntc_transit0001$/), method: 'PUT' });
  });

  it('says so when the notice was withdrawn meanwhile', async () => {
    answer = () => json({ code: 'NOT_FOUND', message: 'No notice with this id' }, 404);
    const { t } = renderInApp(<WithdrawNoticeDialog notice={now} {...closed} />, 'en');
    const dialog = screen.getByRole('dialog', { name: t(n('withdraw.title')) });
    fireEvent.click(within(dialog).getByRole('button', { name: t(n('withdraw.confirm')) }));
    expect(await within(dialog).findByText(t(n('gone')))).toBeTruthy();
    expect(requests[0]).toMatchObject({
      url: expect.stringMatching(/\/admin\/notices\/ntc_closure0001\/withdraw$/),
      method: 'POST',
    });
  });
});
