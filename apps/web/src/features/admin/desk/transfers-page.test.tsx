// @vitest-environment jsdom
import type { ReceiptSearchItem, TransferItem } from '@kwenda/contracts/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { renderInApp } from '../../../test/render-in-app';
import { jsonAnswer, signInStaff } from '../lib/staff-stand-ins';
import { deskReading, otherReceipt, transferItem } from './transfer.fixture';
import { TransfersPage } from './transfers-page';

/**
 * The transfers screen as a desk agent uses it: each receipt's values read and its checks' verdicts
 * in words, a possible fraud naming the other booking, a note asked before approving a receipt whose
 * check failed, and the search by transaction number. The server is a stand-in: it lists `transfers`,
 * refuses an approval without a note when a check failed (as the API does) and answers the search.
 */

const passed = transferItem('rc_pass', 'KW7Q2M');
const failed = transferItem('rc_fail', 'KW8R3N', {
  typedTransactionNumber: '38278345',
  reading: deskReading({ amount: 'fail', typedNumber: 'fail', date: 'unknown' }, {}),
});
const fraud = transferItem('rc_fraud', 'KW9S4P', { reading: deskReading({ numberReused: 'fail' }) });
const reading = transferItem('rc_reading', 'KW1T5Q', {
  reading: deskReading({}, { state: 'reading', values: null, checks: [], allPassed: false, boxes: {}, size: null }),
});

let transfers: TransferItem[] = [];
let searchAnswer: ReceiptSearchItem[] = [];
let requests: { method: string; url: string; body: unknown }[] = [];

const json = jsonAnswer;

beforeEach(() => {
  requests = [];
  searchAnswer = [];
  signInStaff('agent-desk');
  URL.createObjectURL ??= () => 'blob:receipt';
  URL.revokeObjectURL ??= () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body });
      if (url.endsWith('/admin/transfers')) return json({ success: true, transfers });
      if (url.includes('/admin/receipts?')) return json({ success: true, receipts: searchAnswer });
      if (url.endsWith('/file')) return new Response('png', { headers: { 'content-type': 'image/png' } });
      const approve = /\/admin\/transfers\/(rc_\w+)\/approve$/.exec(url);
      if (approve) {
        const item = transfers.find((t) => t.receiptId === approve[1])!;
        // rc_late: a check failed after the list was loaded (the screen does not know it yet).
        const needsNote = item.reading.checks.some((c) => c.verdict === 'fail') || item.receiptId === 'rc_late';
        if (needsNote && !body?.note)
          return json(
            {
              code: 'VALIDATION_ERROR',
              message: 'A note is required',
              fields: [{ path: 'note', code: 'required', message: 'A note is required' }],
            },
            400,
          );
        return json({
          success: true,
          booking: {
            id: item.bookingId,
            bookingReference: item.bookingReference,
            status: 'paid',
            statusTrigger: 'staff',
            holdExpiresAt: null,
          },
        });
      }
      return json({ code: 'NOT_FOUND', message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const desk = (key: string) => `admin-desk:${key}`;
const render = (language: 'en' | 'ar' = 'en') =>
  renderInApp(
    <StaticRouter location="/admin/transfers">
      <TransfersPage />
    </StaticRouter>,
    language,
  );
const cardOf = async (reference: string) =>
  (await screen.findAllByTestId('transfer-card')).find((card) => card.textContent?.includes(reference))!;
const verdict = (card: HTMLElement, check: string) => within(card).getByTestId(`receipt-check-${check}`);

describe('the transfers screen', () => {
  it("shows each receipt's values read and every check's verdict in words", async () => {
    transfers = [passed, failed, reading];
    const { t } = render();
    const green = await cardOf('KW7Q2M');
    expect(within(green).getByTestId('receipt-all-passed').textContent).toContain(t(desk('reading.allPassed')));
    for (const check of ['amount', 'account', 'date', 'typedNumber', 'numberReused', 'imageReused']) {
      expect(verdict(green, check).dataset.verdict).toBe('pass');
      expect(verdict(green, check).textContent).toContain(t(desk(`checks.${check}.pass`)));
    }
    expect(within(green).getByTestId('receipt-value-transactionNumber').textContent).toContain('38278344');
    expect(within(green).getByTestId('receipt-value-senderName').textContent).toContain('هبة عثمان محمد');

    const red = await cardOf('KW8R3N');
    expect(within(red).queryByTestId('receipt-all-passed')).toBeNull();
    expect(verdict(red, 'amount').textContent).toContain(`${t(desk('verdicts.fail'))}: ${t(desk('checks.amount.fail'))}`);
    expect(verdict(red, 'typedNumber').textContent).toContain(t(desk('checks.typedNumber.fail')));
    expect([verdict(red, 'amount'), verdict(red, 'date'), verdict(red, 'account')].map((line) => line.dataset.verdict)).toEqual([
      'fail',
      'unknown',
      'pass',
    ]);
    expect(verdict(red, 'date').textContent).toContain(`${t(desk('verdicts.unknown'))}: ${t(desk('checks.date.unknown'))}`);
    // The number typed is shown beside the one read.
    expect(within(red).getByTestId('receipt-value-transactionNumber').textContent).toContain('38278345');
    expect(within(red).queryByTestId('receipt-fraud')).toBeNull();

    const waiting = await cardOf('KW1T5Q');
    expect(within(waiting).getByTestId('receipt-reading-state').textContent).toContain(t(desk('reading.reading')));
    expect(within(waiting).queryByTestId('receipt-check-amount')).toBeNull();
  });

  it('asks for the list again every few seconds while a receipt is being read, and shows its checks once read', async () => {
    transfers = [reading];
    const { t } = render();
    const card = await cardOf('KW1T5Q');
    expect(within(card).getByTestId('receipt-reading-state')).toBeTruthy();
    transfers = [{ ...reading, reading: deskReading() }];
    expect(await within(card).findByTestId('receipt-all-passed', {}, { timeout: 6_000 })).toBeTruthy();
    expect(requests.filter((r) => r.url.endsWith('/admin/transfers'))).toHaveLength(2);
    expect(verdict(card, 'amount').textContent).toContain(t(desk('checks.amount.pass')));
  }, 10_000);

  it('names the other booking of a possible fraud, linked to its page, and which check matched', async () => {
    transfers = [fraud];
    const { t } = render();
    const card = await cardOf('KW9S4P');
    const banner = within(card).getByTestId('receipt-fraud');
    expect(banner.textContent).toContain(t(desk('fraud.title')));
    const line = within(banner).getByTestId('receipt-fraud-numberReused');
    expect(line.textContent).toBe(
      t(desk('fraud.numberReused'), { reference: otherReceipt.bookingReference, status: t(desk('sameFile.statuses.accepted')) }),
    );
    expect(within(line).getByRole('link', { name: otherReceipt.bookingReference }).getAttribute('href')).toBe(
      `/admin/bookings/${otherReceipt.bookingId}`,
    );
    expect(within(banner).queryByTestId('receipt-fraud-imageReused')).toBeNull();
  });

  it('highlights on the image the box of the value tapped', async () => {
    transfers = [passed];
    render();
    const card = await cardOf('KW7Q2M');
    const boxes = await within(card).findByTestId('receipt-boxes');
    expect(boxes.getAttribute('viewBox')).toBe('0 0 360 420');
    expect(boxes.querySelector('[data-highlighted]')).toBeNull();
    // A pointer on the value highlights it; tapping it keeps it highlighted once the pointer leaves.
    const amount = within(card).getByTestId('receipt-value-amount');
    fireEvent.mouseEnter(amount);
    expect(boxes.querySelector('[data-highlighted]')?.getAttribute('data-field')).toBe('amount');
    fireEvent.click(within(amount).getByRole('button'));
    fireEvent.mouseLeave(amount);
    expect(within(amount).getByRole('button').getAttribute('aria-pressed')).toBe('true');
    const on = boxes.querySelector('[data-highlighted]')!;
    expect(on.getAttribute('data-field')).toBe('amount');
    expect([on.getAttribute('x'), on.getAttribute('y'), on.getAttribute('width'), on.getAttribute('height')]).toEqual([
      '40',
      '120',
      '260',
      '40',
    ]);
    fireEvent.click(within(amount).getByRole('button'));
    expect(boxes.querySelector('[data-highlighted]')).toBeNull();
  });

  it('asks for a note before approving a receipt whose check failed, and sends it', async () => {
    transfers = [failed];
    const { t } = render();
    const card = await cardOf('KW8R3N');
    fireEvent.click(within(card).getByRole('button', { name: t(desk('transfers.approve')) }));
    const dialog = screen.getByRole('dialog', { name: t(desk('approve.title')) });
    // The failed checks are listed.
    const listed = within(dialog).getByTestId('approve-failed-checks');
    expect(listed.textContent).toContain(t(desk('checks.amount.fail')));
    expect(listed.textContent).toContain(t(desk('checks.typedNumber.fail')));
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('approve.confirm')) }));
    expect(await within(dialog).findByText(t(desk('approve.noteRequired')))).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(`^${t(desk('approve.note'))}`) }), {
      target: { value: 'Found in the bank app' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('approve.confirm')) }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: expect.stringMatching(/\/admin\/transfers\/rc_fail\/approve$/),
      body: { note: 'Found in the bank app' },
    });
  });

  it('approves a receipt whose checks passed without a note', async () => {
    transfers = [passed];
    const { t } = render();
    const card = await cardOf('KW7Q2M');
    fireEvent.click(within(card).getByRole('button', { name: t(desk('transfers.approve')) }));
    const dialog = screen.getByRole('dialog', { name: t(desk('approve.title')) });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('approve.confirm')) }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({});
  });

  it("shows the server's refusal of a missing note on the note field", async () => {
    // The list said every check passed; the server found one failed since.
    transfers = [transferItem('rc_late', 'KW2U6R')];
    const { t } = render();
    const card = await cardOf('KW2U6R');
    fireEvent.click(within(card).getByRole('button', { name: t(desk('transfers.approve')) }));
    const dialog = screen.getByRole('dialog', { name: t(desk('approve.title')) });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('approve.confirm')) }));
    const note = await within(dialog).findByRole('textbox', { name: new RegExp(`^${t(desk('approve.note'))}`) });
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(t(desk('approve.noteRequired')))).toBeTruthy();
  });

  it('finds receipts by a transaction number typed in Arabic-Indic digits, and says when none has it', async () => {
    transfers = [passed];
    searchAnswer = [
      {
        receiptId: 'rc_old',
        bookingId: otherReceipt.bookingId,
        bookingReference: otherReceipt.bookingReference,
        status: 'accepted',
        uploadedAt: '2026-11-20T09:00:00.000Z',
        typedTransactionNumber: '38278344',
        readTransactionNumber: '38278344',
        fileUrl: '/api/v1/admin/receipts/rc_old/file',
      },
    ];
    const { t } = render('ar');
    await cardOf('KW7Q2M');
    const box = screen.getByRole('textbox', { name: new RegExp(`^${t(desk('search.label'))}`) });
    fireEvent.change(box, { target: { value: '٣٨٢ ٧٨٣-٤٤' } });
    fireEvent.click(screen.getByRole('button', { name: t(desk('search.submit')) }));
    const item = await screen.findByTestId('receipt-search-item');
    expect(requests.some((r) => r.url.endsWith('/admin/receipts?transactionNumber=38278344'))).toBe(true);
    expect(within(item).getByRole('link', { name: otherReceipt.bookingReference }).getAttribute('href')).toBe(
      `/admin/bookings/${otherReceipt.bookingId}`,
    );
    expect(item.textContent).toContain(t(desk('sameFile.statuses.accepted')));
    expect(within(item).getByRole('button', { name: t(desk('search.showFile')) })).toBeTruthy();

    searchAnswer = [];
    fireEvent.change(box, { target: { value: '99990000' } });
    fireEvent.click(screen.getByRole('button', { name: t(desk('search.submit')) }));
    expect((await screen.findByTestId('receipt-search-empty')).textContent).toBe(
      t(desk('search.empty'), { number: '99990000' }).replace(/[\u2066\u2069]/g, ''),
    );

    fireEvent.change(box, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: t(desk('search.submit')) }));
    expect(await screen.findByText(t(desk('search.invalid')))).toBeTruthy();
  });
});
