// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { renderInApp } from '../../../test/render-in-app';
import { AccountContacts } from './account-contacts';
import { GuestBookingsOffer } from './guest-bookings-offer';

/** The profile's ways to sign in, each verified or not, the missing one added with a code; guest bookings offered. */

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let routes: Record<string, { status: number; json: unknown }>;

const user = {
  id: 'u1',
  fullName: 'Amna Osman',
  email: 'amna@example.com',
  phone: '+249912345678',
  mobile: null,
  whatsapp: null,
  active: true,
};

beforeEach(() => {
  calls = [];
  localStorage.clear();
  saveSession({ jwt: 'jwt', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user: { ...user, phone: null } });
  routes = {
    'POST /api/v1/account/contact': {
      status: 200,
      json: {
        success: true,
        challenge: 'ch_9',
        to: '+249912345678',
        channel: 'whatsapp',
        resendAfterSeconds: 60,
        expiresInSeconds: 600,
      },
    },
    'POST /api/v1/account/contact/verify': {
      status: 200,
      json: { success: true, user, contacts: { email: user.email, emailVerified: true, phone: user.phone, phoneVerified: true } },
    },
    'GET /api/v1/account/guest-bookings': {
      status: 200,
      json: {
        bookings: [
          {
            id: 'bk_1',
            bookingReference: 'KW12AB34',
            origin: 'KRT',
            destination: 'JED',
            departureDate: '2026-12-20',
            matchedBy: 'phone',
          },
          {
            id: 'bk_2',
            bookingReference: 'KW56CD78',
            origin: 'PZU',
            destination: 'CAI',
            departureDate: null,
            matchedBy: 'email',
          },
        ],
      },
    },
    'POST /api/v1/account/guest-bookings': { status: 200, json: { success: true, added: 2 } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ url, method, body });
      const route = routes[`${method} ${url}`] ?? { status: 200, json: [] };
      return new Response(JSON.stringify(route.json), { status: route.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ways to sign in on the profile', () => {
  it('shows which are verified, and adds the missing mobile number with the WhatsApp code', async () => {
    const { t } = renderInApp(
      <AccountContacts
        contacts={{ email: 'amna@example.com', emailVerified: true, phone: null, phoneVerified: false }}
        phoneOffered
      />,
      'ar',
    );
    const emailRow = screen.getByTestId('contact-email-row');
    expect(within(emailRow).getByText('amna@example.com').getAttribute('dir')).toBe('ltr');
    expect(within(emailRow).getByText(t('auth:contacts.verified'))).toBeTruthy();
    const phoneRow = screen.getByTestId('contact-phone-row');
    expect(within(phoneRow).getByText(t('auth:contacts.none'))).toBeTruthy();
    fireEvent.click(within(phoneRow).getByTestId('add-contact'));
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '٠٩١٢٣٤٥٦٧٨' } });
    fireEvent.click(screen.getByTestId('contact-send-code'));
    const code = await screen.findByTestId('contact-code-input');
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/account/contact', body: { phone: '+249912345678', language: 'ar' } });
    fireEvent.change(code, { target: { value: '٤٤٤٤٤٤' } });
    fireEvent.click(screen.getByTestId('contact-verify'));
    expect(await screen.findByText(t('auth:contacts.done'))).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/account/contact/verify', body: { challenge: 'ch_9', code: '444444' } });
  });

  it('says a number another account verified (CONTACT_TAKEN) under the code', async () => {
    routes['POST /api/v1/account/contact/verify'] = { status: 409, json: { code: 'CONTACT_TAKEN', message: 'taken' } };
    const { t } = renderInApp(
      <AccountContacts
        contacts={{ email: 'amna@example.com', emailVerified: true, phone: '+249912345678', phoneVerified: false }}
        phoneOffered
      />,
    );
    expect(within(screen.getByTestId('contact-phone-row')).getByText(t('auth:contacts.notVerified'))).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('contact-phone-row')).getByTestId('add-contact'));
    // The unverified number is offered as it is.
    expect((screen.getByTestId('contact-phone') as HTMLInputElement).value).toBe('912345678');
    fireEvent.click(screen.getByTestId('contact-send-code'));
    fireEvent.change(await screen.findByTestId('contact-code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('contact-verify'));
    expect(await screen.findByText(t('auth:codes.CONTACT_TAKEN'))).toBeTruthy();
  });
});

describe('without WhatsApp', () => {
  it('adds no mobile number (its code could not be sent)', () => {
    renderInApp(
      <AccountContacts
        contacts={{ email: 'amna@example.com', emailVerified: true, phone: null, phoneVerified: false }}
        phoneOffered={false}
      />,
    );
    expect(screen.queryByTestId('contact-phone-row')).toBeNull();
    expect(screen.getAllByTestId('add-contact').map((b) => b.dataset.contact)).toEqual(['email']);
  });
});

describe('bookings made as a guest, offered on the profile', () => {
  it('lists them and adds them to the account', async () => {
    const { t } = renderInApp(<GuestBookingsOffer />, 'ar');
    const offer = await screen.findByTestId('guest-bookings-offer');
    expect(within(offer).getByText(t('auth:guest.found', { count: 2 }))).toBeTruthy();
    expect(within(offer).getByText('KW12AB34').getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByTestId('adopt-guest-bookings'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/api/v1/account/guest-bookings',
        method: 'POST',
        body: { ids: ['bk_1', 'bk_2'] },
      }),
    );
  });

  it('shows nothing when there are none', async () => {
    routes['GET /api/v1/account/guest-bookings'] = { status: 200, json: { bookings: [] } };
    renderInApp(<GuestBookingsOffer />);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/guest-bookings'))).toBe(true));
    expect(screen.queryByTestId('guest-bookings-offer')).toBeNull();
  });
});
