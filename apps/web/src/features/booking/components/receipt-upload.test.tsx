// @vitest-environment jsdom
import { bookingResponseSchema } from '@kwenda/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { ReceiptUpload } from './receipt-upload';
import { bookingWith, readReceipt } from './receipt-booking.fixture';

/** The receipt form: the file and the transfer's transaction number, typed as the receipt prints it. */

type Sent = { url: string; transactionNumber: FormDataEntryValue | null; file: FormDataEntryValue | null };
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  // The stand-in answers a part of a booking: what the contract would parse passes as it is.
  vi.spyOn(bookingResponseSchema, 'parse').mockImplementation((value) => value as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const form = init?.body as FormData;
      sent.push({ url, transactionNumber: form.get('transactionNumber'), file: form.get('file') });
      return new Response(JSON.stringify({ booking: bookingWith([readReceipt({ state: 'reading' })]) }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const receiptFile = () => new File(['%PDF-1.4'], 'bankak.pdf', { type: 'application/pdf' });
const chooseFile = (container: HTMLElement) =>
  fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [receiptFile()] } });

describe('the receipt form', () => {
  it('sends the number typed in Arabic-Indic digits with spaces and a dash as the receipt prints it, normalized', async () => {
    const { container, t } = renderInApp(<ReceiptUpload booking={bookingWith([])} />, 'ar');
    chooseFile(container);
    const field = screen.getByTestId('transaction-number') as HTMLInputElement;
    expect(field).toBe(screen.getByRole('textbox', { name: new RegExp(t('booking:receipt.number.label')) }));
    fireEvent.change(field, { target: { value: '٣٨٢ ٧٨٣-٤٤١٢٠' } });
    // Shown as typed.
    expect(field.value).toBe('٣٨٢ ٧٨٣-٤٤١٢٠');
    fireEvent.click(screen.getByTestId('receipt-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/v1/bookings/bk_1/receipts');
    expect(sent[0]!.transactionNumber).toBe('38278344120');
    expect((sent[0]!.file as File).name).toBe('bankak.pdf');
    expect(await screen.findByText(t('booking:receipt.uploaded'))).toBeTruthy();
  });

  it('does not send a receipt without its transaction number, and says so under the field', async () => {
    const { container, t } = renderInApp(<ReceiptUpload booking={bookingWith([])} />);
    chooseFile(container);
    fireEvent.click(screen.getByRole('button', { name: t('booking:receipt.upload') }));
    const field = screen.getByTestId('transaction-number');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(t('booking:receipt.number.missing'))).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('does not send a number that cannot be one (too short)', async () => {
    const { container, t } = renderInApp(<ReceiptUpload booking={bookingWith([])} />);
    chooseFile(container);
    fireEvent.change(screen.getByTestId('transaction-number'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('receipt-submit'));
    expect(await screen.findByText(t('booking:receipt.number.invalid'))).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('says a number the server refused under the number, not under the file', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            code: 'VALIDATION_ERROR',
            message: 'Not a transaction number',
            fields: [{ path: 'transactionNumber', code: 'invalid', message: 'Not a transaction number' }],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { container, t } = renderInApp(<ReceiptUpload booking={bookingWith([])} />);
    chooseFile(container);
    fireEvent.change(screen.getByTestId('transaction-number'), { target: { value: '200123456789' } });
    fireEvent.click(screen.getByTestId('receipt-submit'));
    await waitFor(() => expect(screen.getByTestId('transaction-number').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(t('booking:receipt.number.invalid'))).toBeTruthy();
    expect(screen.queryByText(t('booking:receipt.badType'))).toBeNull();
  });

  it('shows where the number is on a Bankak receipt when asked', () => {
    const { t } = renderInApp(<ReceiptUpload booking={bookingWith([])} />, 'ar');
    const where = screen.getByTestId('transaction-number-where') as HTMLDetailsElement;
    expect(where.open).toBe(false);
    fireEvent.click(screen.getByText(t('booking:receipt.where.toggle')));
    expect(screen.getByRole('img', { name: t('booking:receipt.where.figure') })).toBeTruthy();
    expect(where.querySelector('[data-highlight]')!.textContent).toContain('رقم العملية');
  });
});
