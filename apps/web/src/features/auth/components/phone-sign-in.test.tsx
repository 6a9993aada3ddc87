// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { readSession } from '../../../lib/session';
import { PhoneSignIn } from './phone-sign-in';

/** Signing in with a mobile number: the number, the WhatsApp code, a name when the number is new. */

type Call = { url: string; body: Record<string, unknown> };
let calls: Call[] = [];
let answer: (url: string, body: Record<string, unknown>) => { status: number; json: unknown };

const user = {
  id: 'u1',
  fullName: 'Amna Osman',
  email: null,
  phone: '+249912345678',
  mobile: null,
  whatsapp: null,
  active: true,
};
const auth = { success: true, jwt: 'jwt', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), user };
const codeSent = { success: true, challenge: 'ch_1', phone: '+249912345678', resendAfterSeconds: 60, expiresInSeconds: 600 };

beforeEach(() => {
  calls = [];
  localStorage.clear();
  answer = (url) => (url.endsWith('/auth/phone/code') ? { status: 200, json: codeSent } : { status: 200, json: auth });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/countries')) return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      const { status, json } = answer(url, body);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function sendCodeTo(local: string) {
  fireEvent.change(screen.getByTestId('phone-input'), { target: { value: local } });
  fireEvent.click(screen.getByTestId('send-code'));
  return screen.findByTestId('code-input');
}

describe('signing in with a mobile number', () => {
  it('sends the number as E.164, shows where the code went, takes Arabic-Indic digits and signs in', async () => {
    const signedIn = vi.fn();
    const { t } = renderInApp(<PhoneSignIn mode="login" onSignedIn={signedIn} />, 'ar');
    const code = (await sendCodeTo('0912345678')) as HTMLInputElement;
    expect(calls[0]).toEqual({ url: '/api/v1/auth/phone/code', body: { phone: '+249912345678', language: 'ar' } });
    // The number it went to, whole and left to right inside the Arabic sentence.
    const shown = screen.getByText('+249 91 234 5678');
    expect(shown.getAttribute('dir')).toBe('ltr');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(code, { target: { value: '١٢٣ ٤٥٦' } });
    expect(code.value).toBe('123456');
    fireEvent.click(screen.getByTestId('verify-code'));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith('Amna Osman'));
    expect(calls[1]).toEqual({
      url: '/api/v1/auth/phone/verify',
      body: { challenge: 'ch_1', phone: '+249912345678', code: '123456', fullName: null },
    });
    expect(readSession()?.user.phone).toBe('+249912345678');
    expect(t('auth:phone.send')).toBe('أرسل الرمز على واتساب');
  });

  it('keeps "send again" disabled with a countdown of the wait the server gave', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = () => ({ status: 200, json: { ...codeSent, resendAfterSeconds: 3 } });
    const { t } = renderInApp(<PhoneSignIn mode="login" onSignedIn={() => {}} />);
    await sendCodeTo('912345678');
    const resend = screen.getByTestId('resend-code') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByText(t('auth:phone.resendIn', { seconds: 3 }))).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.getByText(t('auth:phone.resendIn', { seconds: 2 }))).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(resend.disabled).toBe(false);
    fireEvent.click(resend);
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/auth/phone/code'))).toHaveLength(2));
  });

  it('asks the name on the same screen when the number has no account, and sends the same code with it', async () => {
    answer = (url, body) =>
      url.endsWith('/auth/phone/code')
        ? { status: 200, json: codeSent }
        : body.fullName
          ? { status: 200, json: auth }
          : { status: 400, json: { code: 'NAME_REQUIRED', message: 'name' } };
    const signedIn = vi.fn();
    const { t } = renderInApp(<PhoneSignIn mode="login" onSignedIn={signedIn} />);
    const code = await sendCodeTo('0912345678');
    expect(screen.queryByTestId('full-name')).toBeNull();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('verify-code'));
    const name = await screen.findByTestId('full-name');
    expect(screen.getByText(t('auth:phone.nameNeeded'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Asking again without the name does not send.
    fireEvent.click(screen.getByTestId('verify-code'));
    expect(await screen.findByText(t('auth:fields.required'))).toBeTruthy();
    expect(calls).toHaveLength(2);
    fireEvent.change(name, { target: { value: '  Amna Osman ' } });
    fireEvent.click(screen.getByTestId('verify-code'));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(calls[2]!.body).toEqual({ challenge: 'ch_1', phone: '+249912345678', code: '654321', fullName: 'Amna Osman' });
  });

  it('asks the name first on sign-up, and says a refused code in words tied to the box', async () => {
    answer = (url) =>
      url.endsWith('/auth/phone/code')
        ? { status: 200, json: codeSent }
        : { status: 400, json: { code: 'INVALID_CODE', message: 'wrong' } };
    const { t } = renderInApp(<PhoneSignIn mode="signup" onSignedIn={() => {}} />);
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '0912345678' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(t('auth:fields.required'))).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('full-name'), { target: { value: 'Amna Osman' } });
    const code = await sendCodeTo('0912345678');
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(screen.getByTestId('verify-code'));
    const message = await screen.findByText(t('errors:codes.INVALID_CODE'));
    expect(code.getAttribute('aria-describedby')).toContain(message.id);
    expect(calls[1]!.body.fullName).toBe('Amna Osman');
  });

  it('translates an account code: a number that is not one', async () => {
    answer = () => ({ status: 400, json: { code: 'INVALID_PHONE', message: 'bad' } });
    const { t } = renderInApp(<PhoneSignIn mode="login" onSignedIn={() => {}} />, 'ar');
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(t('auth:codes.INVALID_PHONE'))).toBeTruthy();
  });

  it('says how long to wait when the number was sent a code moments ago', async () => {
    answer = () => ({ status: 429, json: { code: 'RESEND_TOO_SOON', message: 'wait', retryAfterSeconds: 42 } });
    const { t } = renderInApp(<PhoneSignIn mode="login" onSignedIn={() => {}} />);
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '0912345678' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText(t('auth:phone.waitSeconds', { seconds: 42 }))).toBeTruthy();
  });
});
