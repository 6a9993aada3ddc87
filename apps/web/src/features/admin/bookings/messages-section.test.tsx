// @vitest-environment jsdom
import type { BookingMessage, BookingMessagesResponse } from '@kwenda/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { MessagesSection } from './messages-section';

/** A booking's messages on the desk: both channels, each status in words, and the e-ticket sent again. */

const message = (patch: Partial<BookingMessage>): BookingMessage => ({
  id: 'm',
  channel: 'whatsapp',
  kind: 'hold_confirmation',
  to: '+249912345678',
  status: 'sent',
  errorCode: null,
  lastError: null,
  attempts: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  sentAt: '2026-11-28T10:00:05.000Z',
  deliveredAt: null,
  readAt: null,
  fallbackFor: null,
  requestedBy: null,
  ...patch,
});

let answer: BookingMessagesResponse;
let posts: { url: string; status: number }[] = [];
let postAnswer: { status: number; json: unknown };

beforeEach(() => {
  posts = [];
  answer = {
    whatsapp: '+249912345678',
    whatsappUpdates: true,
    optedOut: false,
    messages: [
      message({
        id: 'wa_3',
        kind: 'e_ticket',
        status: 'read',
        deliveredAt: '2026-11-28T12:00:00.000Z',
        readAt: '2026-11-28T12:05:00.000Z',
      }),
      message({ id: 'ml_2', channel: 'email', kind: 'held', to: 'amna@example.com', status: 'sent', fallbackFor: 'wa_1' }),
      message({ id: 'wa_1', status: 'failed', errorCode: 131026, sentAt: null }),
      message({ id: 'ml_1', channel: 'email', kind: 'paid', to: 'amna@example.com', status: 'held', sentAt: null }),
      message({ id: 'wa_0', kind: 'hold_reminder', status: 'failed', errorCode: 131047, sentAt: null }),
    ],
  };
  postAnswer = { status: 200, json: { success: true, message: message({ id: 'wa_9', kind: 'e_ticket', status: 'pending' }) } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, status: postAnswer.status });
        return new Response(JSON.stringify(postAnswer.json), {
          status: postAnswer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a booking's messages on the desk", () => {
  it('lists every message of both channels with its kind, address and status in words', async () => {
    const { t } = renderInApp(<MessagesSection bookingId="bk_1" ticketed />, 'ar');
    const list = await screen.findByTestId('booking-messages');
    const rows = within(list).getAllByTestId('message-row');
    expect(rows.map((row) => [row.dataset.channel, row.dataset.status])).toEqual([
      ['whatsapp', 'read'],
      ['email', 'sent'],
      ['whatsapp', 'failed'],
      ['email', 'held'],
      ['whatsapp', 'failed'],
    ]);
    expect(within(rows[0]!).getByText(t('admin-bookings:messages.templates.e_ticket'), { exact: false })).toBeTruthy();
    expect(within(rows[0]!).getByText(t('admin-bookings:messages.statuses.read'))).toBeTruthy();
    expect(within(rows[1]!).getByText(t('admin-bookings:emails.kinds.held'), { exact: false })).toBeTruthy();
    expect(within(rows[1]!).getByText('amna@example.com').getAttribute('dir')).toBe('ltr');
    // The fallback e-mail links the WhatsApp message it stood in for.
    expect(
      within(rows[1]!)
        .getByRole('link', { name: t('admin-bookings:messages.fallbackFor') })
        .getAttribute('href'),
    ).toBe('#message-wa_1');
    expect(rows[2]!.id).toBe('message-wa_1');
    expect(within(rows[2]!).getByText(t('admin-bookings:messages.errorCodes.131026'))).toBeTruthy();
    expect(within(rows[3]!).getByText(t('admin-bookings:messages.statuses.held'))).toBeTruthy();
    expect(within(rows[4]!).getByText(t('admin-bookings:messages.errorCodes.131047'))).toBeTruthy();
  });

  it('resends the e-ticket on WhatsApp after a confirmation', async () => {
    const { t } = renderInApp(<MessagesSection bookingId="bk_1" ticketed />);
    fireEvent.click(await screen.findByTestId('resend-e-ticket'));
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: t('admin-bookings:messages.resend.confirm') }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/v1/admin/bookings/bk_1/messages/e-ticket', status: 200 }]));
    expect(await screen.findByText(t('admin-bookings:messages.resend.done'))).toBeTruthy();
  });

  it('says why it cannot resend: before ticketing, and after STOP', async () => {
    const { t, unmount } = renderInApp(<MessagesSection bookingId="bk_1" ticketed={false} />);
    const button = (await screen.findByTestId('resend-e-ticket')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(t('admin-bookings:messages.resend.notTicketed')).id).toBe(button.getAttribute('aria-describedby'));
    unmount();
    answer = { ...answer, optedOut: true };
    renderInApp(<MessagesSection bookingId="bk_1" ticketed />);
    expect(((await screen.findByTestId('resend-e-ticket')) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(t('admin-bookings:messages.resend.optedOut'))).toBeTruthy();
  });

  it("shows the server's refusal in the dialog (the number opted out meanwhile)", async () => {
    postAnswer = { status: 409, json: { code: 'WHATSAPP_OPTED_OUT', message: 'opted out' } };
    const { t } = renderInApp(<MessagesSection bookingId="bk_1" ticketed />);
    fireEvent.click(await screen.findByTestId('resend-e-ticket'));
    fireEvent.click(screen.getByRole('button', { name: t('admin-bookings:messages.resend.confirm') }));
    // The desk's alert (its code translated from admin:codes, see api-error-alert.tsx), the dialog still open.
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('admin-bookings:messages.resend.confirm') })).toBeTruthy();
    expect(screen.queryByText(t('admin-bookings:messages.resend.done'))).toBeNull();
  });
});
