// @vitest-environment jsdom
import type { Booking } from '@kwenda/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { WhatsAppUpdates } from './whatsapp-updates';

/** The booking page's WhatsApp line: the number masked, the switch, and STOP explained. */

const booking = (patch: Partial<Booking> = {}) =>
  ({
    id: 'bk_1',
    mobile: '+249912345678',
    whatsapp: '+249912345678',
    whatsappUpdates: true,
    whatsappOptedOut: false,
    ...patch,
  }) as Booking;

let sent: { url: string; method: string; body: unknown }[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { whatsappUpdates: boolean };
      sent.push({ url, method: init.method!, body });
      return new Response(JSON.stringify({ success: true, whatsapp: '+249912345678', whatsappUpdates: body.whatsappUpdates }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhatsApp updates on the booking page', () => {
  it('shows the number masked and left to right, and turns updates off with PUT /bookings/{id}/whatsapp', async () => {
    const { t } = renderInApp(<WhatsAppUpdates booking={booking()} />, 'ar');
    const number = screen.getByText('+249 91•••78');
    expect(number.getAttribute('dir')).toBe('ltr');
    const toggle = screen.getByTestId('booking-whatsapp-toggle') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(t('booking:whatsappUpdates.on'))).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/v1/bookings/bk_1/whatsapp', method: 'PUT', body: { whatsappUpdates: false } });
    // Shown off at once, while the answer comes.
    expect(toggle.checked).toBe(false);
  });

  it('after STOP, says how to get updates again instead of offering the switch', () => {
    const { t } = renderInApp(<WhatsAppUpdates booking={booking({ whatsappOptedOut: true })} />);
    expect(screen.queryByTestId('booking-whatsapp-toggle')).toBeNull();
    expect(screen.getByText(t('booking:whatsappUpdates.optedOut'))).toBeTruthy();
    expect(t('booking:whatsappUpdates.optedOut')).toContain('START');
  });

  it('shows nothing for a booking without a number', () => {
    const { container } = renderInApp(<WhatsAppUpdates booking={booking({ mobile: null, whatsapp: null })} />);
    expect(container.querySelector('section')).toBeNull();
  });
});
