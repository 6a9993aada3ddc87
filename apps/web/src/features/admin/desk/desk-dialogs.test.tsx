// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { CancelBookingDialog, ExtendHoldDialog, ManualTicketDialog, RefundDialog, RejectTransferDialog } from './desk-dialogs';

/**
 * The desk's dialogs as staff use them: what each asks for, the message beside a field left wrong,
 * and the request sent once the fields are right. The server is a stand-in that refuses everything
 * (what it answers is the API tests' business).
 */

let requests: { url: string; body: unknown }[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'down' }), { status: 503 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const closed = { opened: true, onClose: () => undefined, onDone: () => undefined };
const desk = (key: string) => `admin-desk:${key}`;
/** A field's accessible name starts with its label (a required one ends with an asterisk). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe("the desk's dialogs", () => {
  it('rejecting a transfer for another reason asks for a note first', async () => {
    const { t } = renderInApp(<RejectTransferDialog receiptId="rc_1" {...closed} />);
    const dialog = screen.getByRole('dialog', { name: t(desk('reject.title')) });
    fireEvent.click(within(dialog).getByRole('radio', { name: t(desk('reject.reasons.other')) }));
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('reject.confirm')) }));
    expect(await within(dialog).findByText(t(desk('reject.noteRequired')))).toBeTruthy();
    expect(requests).toEqual([]);

    type(within(dialog).getByRole('textbox', { name: label(t(desk('reject.note'))) }), 'wrong bank');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('reject.confirm')) }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      url: expect.stringMatching(/\/admin\/transfers\/rc_1\/reject$/),
      body: { reason: 'other', note: 'wrong bank' },
    });
    expect(within(dialog).queryByText(t(desk('reject.noteRequired')))).toBeNull();
  });

  it('extending a hold asks for a reason', async () => {
    const now = Date.now();
    const { t } = renderInApp(
      <ExtendHoldDialog
        bookingId="bk_1"
        reference="KW7Q2M"
        holdExpiresAt={new Date(now + 3_600_000).toISOString()}
        supplierHoldDeadline={new Date(now + 48 * 3_600_000).toISOString()}
        {...closed}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: t(desk('extend.title'), { reference: 'KW7Q2M' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('extend.confirm')) }));
    expect(await within(dialog).findByText(t(desk('reasonShort')))).toBeTruthy();
    expect(requests).toEqual([]);

    type(within(dialog).getByRole('textbox', { name: label(t(desk('extend.reason'))) }), 'bank app down');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('extend.confirm')) }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ minutes: 1440, reason: 'bank app down' });
  });

  it('cancelling a booking asks for a reason', async () => {
    const { t } = renderInApp(<CancelBookingDialog bookingId="bk_2" reference="KW8R3N" {...closed} />);
    const dialog = screen.getByRole('dialog', { name: t(desk('cancelBooking.title'), { reference: 'KW8R3N' }) });
    type(within(dialog).getByRole('textbox', { name: label(t(desk('cancelBooking.reason'))) }), ' a ');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('cancelBooking.confirm')) }));
    expect(await within(dialog).findByText(t(desk('reasonShort')))).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('recording a refund asks for an amount up to what can be refunded, and the transfer reference', async () => {
    const { t } = renderInApp(
      <RefundDialog bookingId="bk_3" reference="KW9S4P" currency="USD" refundable={250} paymentId="pay_1" {...closed} />,
    );
    const dialog = screen.getByRole('dialog', { name: t(desk('refund.title'), { reference: 'KW9S4P' }) });
    const amount = within(dialog).getByRole('textbox', { name: label(t(desk('refund.amount'), { currency: 'USD' })) });
    type(amount, '300');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('refund.confirm')) }));
    // The most that can be refunded is named in the message.
    expect(await within(dialog).findByText(label(t(desk('refund.amountInvalid'), { amount: '' })))).toBeTruthy();
    expect(within(dialog).getByText(t(desk('reasonShort')))).toBeTruthy();
    expect(requests).toEqual([]);

    type(amount, '250');
    type(within(dialog).getByRole('textbox', { name: label(t(desk('refund.reference'))) }), 'BNK-REF-7781');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('refund.confirm')) }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ amount: 250, method: 'bank-transfer', reference: 'BNK-REF-7781', paymentId: 'pay_1' });
  });

  it('issuing tickets by hand checks the PNR and each ticket number, and sends them written plainly', async () => {
    const passengers = [{ id: 'px_1', passengerType: 'adult', firstName: 'Hiba', lastName: 'TICKETFAIL' }] as Parameters<
      typeof ManualTicketDialog
    >[0]['passengers'];
    const { t } = renderInApp(<ManualTicketDialog bookingId="bk_4" reference="KW1T5Q" passengers={passengers} {...closed} />);
    const dialog = screen.getByRole('dialog', { name: t(desk('manual.title'), { reference: 'KW1T5Q' }) });
    const pnr = within(dialog).getByRole('textbox', { name: label(t(desk('manual.pnr'))) });
    const ticket = within(dialog).getByRole('textbox', { name: /TICKETFAIL/ });
    type(pnr, 'XK7');
    type(ticket, '077 12345');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('manual.confirm')) }));
    expect(await within(dialog).findByText(t(desk('manual.pnrInvalid')))).toBeTruthy();
    expect(within(dialog).getByText(t(desk('manual.ticketInvalid')))).toBeTruthy();
    expect(requests).toEqual([]);

    type(pnr, 'xk7q2m');
    type(ticket, '077 1234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: t(desk('manual.confirm')) }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ pnr: 'XK7Q2M', tickets: [{ passengerId: 'px_1', ticketNumber: '0771234567890' }] });
  });
});
