import type { CreateBookingRequestInput } from '@kwenda/contracts';
import type { SearchState } from './search-params';

/**
 * A visitor who presses book and chooses to log in first leaves the booking they
 * wanted here; after logging in (password, code or Google/Facebook) it is created for the account.
 */
export const PENDING_BOOKING_KEY = 'kwenda.pendingBooking';
/** Older than this, the offer has most likely expired: the visitor searches again instead. */
const PENDING_MAX_AGE_MS = 60 * 60_000;
/** Once a visitor chose "continue as guest", this browser tab does not ask again. */
const GUEST_CHOICE_KEY = 'kwenda.continueAsGuest';

export interface PendingBooking {
  request: CreateBookingRequestInput;
  search: SearchState | null;
  savedAt: number;
}

export function savePendingBooking(pending: Omit<PendingBooking, 'savedAt'>) {
  try {
    localStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ ...pending, savedAt: Date.now() }));
  } catch {
    // storage refused: after logging in the visitor starts from the search again
  }
}

/** The stored target, removed as it is read (it is used once). */
export function takePendingBooking(now = Date.now()): PendingBooking | null {
  try {
    const raw = localStorage.getItem(PENDING_BOOKING_KEY);
    localStorage.removeItem(PENDING_BOOKING_KEY);
    const pending = raw ? (JSON.parse(raw) as PendingBooking) : null;
    if (!pending?.request?.reference || typeof pending.savedAt !== 'number') return null;
    return now - pending.savedAt <= PENDING_MAX_AGE_MS ? pending : null;
  } catch {
    return null;
  }
}

export function hasPendingBooking(): boolean {
  try {
    return localStorage.getItem(PENDING_BOOKING_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberGuestChoice() {
  try {
    sessionStorage.setItem(GUEST_CHOICE_KEY, '1');
  } catch {
    // asked again next time
  }
}

export function choseGuest(): boolean {
  try {
    return sessionStorage.getItem(GUEST_CHOICE_KEY) === '1';
  } catch {
    return false;
  }
}
