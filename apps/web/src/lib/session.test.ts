// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { authorizationHeader, clearSession, mergeSessionUser, readSession, saveSession, SESSION_STORAGE_KEY } from './session';
import { choseGuest, rememberGuestChoice, savePendingBooking, takePendingBooking } from './pending-booking';

const user = { id: 'usr_1', fullName: 'Amna Osman', email: 'amna@example.com', mobile: null, whatsapp: null, active: true };
const later = new Date(Date.now() + 3_600_000).toISOString();

describe('the session', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token and user under the product-prefixed key, and sends the bearer header', () => {
    expect(readSession()).toBeNull();
    expect(authorizationHeader()).toEqual({});
    saveSession({ jwt: 'a.b.c', expiresAt: later, user });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({
      jwt: 'a.b.c',
      user: { fullName: 'Amna Osman' },
    });
    expect(readSession()?.user.email).toBe('amna@example.com');
    expect(authorizationHeader()).toEqual({ authorization: 'Bearer a.b.c' });
  });

  it('merges an updated user and forgets everything on logout', () => {
    saveSession({ jwt: 'a.b.c', expiresAt: later, user });
    mergeSessionUser({ mobile: '+249912345678' });
    expect(readSession()?.user).toMatchObject({ fullName: 'Amna Osman', mobile: '+249912345678' });
    clearSession();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('reads an expired or garbled session as logged out', () => {
    saveSession({ jwt: 'a.b.c', expiresAt: new Date(Date.now() - 1000).toISOString(), user });
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ jwt: 1 }));
    expect(readSession()).toBeNull();
  });
});

describe('the booking wanted before logging in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  const request = {
    reference: 'off_1',
    payload: { passengers: { adults: 1, children: 0, infants: 0 }, baggage: { hold: 1, carryOn: 0 } },
  };

  it('is used once', () => {
    savePendingBooking({ request, search: null });
    expect(takePendingBooking()?.request.reference).toBe('off_1');
    expect(takePendingBooking()).toBeNull();
  });

  it('is dropped when too old to still be bookable', () => {
    savePendingBooking({ request, search: null });
    expect(takePendingBooking(Date.now() + 2 * 3_600_000)).toBeNull();
  });

  it('remembers a guest choice for the tab', () => {
    expect(choseGuest()).toBe(false);
    rememberGuestChoice();
    expect(choseGuest()).toBe(true);
  });
});
