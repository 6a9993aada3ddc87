import { useSyncExternalStore } from 'react';

/** The user and the bearer token, kept in the browser under a product-prefixed key. */
export const SESSION_STORAGE_KEY = 'kwenda.session';

export interface SessionUser {
  id: string;
  fullName: string;
  /** Null for an account made with a mobile number only. */
  email: string | null;
  /** The verified mobile number the account signs in with (E.164); absent in sessions stored before it existed. */
  phone?: string | null;
  mobile: string | null;
  whatsapp: string | null;
  active: boolean;
}

export interface Session {
  jwt: string;
  expiresAt: string;
  user: SessionUser;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private modes that refuse storage: the visitor stays a guest
  }
}

function isSession(value: unknown): value is Session {
  const s = value as Session | null;
  return (
    !!s &&
    typeof s.jwt === 'string' &&
    typeof s.expiresAt === 'string' &&
    typeof s.user === 'object' &&
    s.user !== null &&
    typeof s.user.fullName === 'string' &&
    (typeof s.user.email === 'string' || s.user.email === null)
  );
}

/** The stored session while its token is valid; an expired or garbled one reads as logged out. */
export function readSession(now = Date.now()): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) {
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    cached = { raw, session: isSession(parsed) ? parsed : null };
  }
  const session = cached.session;
  if (session && Date.parse(session.expiresAt) <= now) return null;
  return session;
}

function write(session: Session | null) {
  const store = storage();
  if (session) store?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  else store?.removeItem(SESSION_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

/** Login sets the token and the user. */
export function saveSession(session: Session) {
  write({ jwt: session.jwt, expiresAt: session.expiresAt, user: session.user });
}

/** Update merges the user's new data. */
export function mergeSessionUser(user: Partial<SessionUser>) {
  const session = readSession();
  if (session) write({ ...session, user: { ...session.user, ...user } });
}

/** Logout clears the stored token and user. */
export function clearSession() {
  write(null);
}

export function authorizationHeader(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.jwt}` } : {};
}

let watchingPageShow = false;

/**
 * A page the browser brings back from its back-forward cache is the page as it was left, with the
 * account's data in memory (the name in the header, its bookings). When someone logged out or in
 * elsewhere meanwhile (another page, another tab), the page loads again for the session there is now.
 */
function reloadWhenSessionChangedAway() {
  if (watchingPageShow) return;
  watchingPageShow = true;
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const stored = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
    if (stored !== cached.raw) window.location.reload();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  reloadWhenSessionChangedAway();
  // Another tab logging in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session (null when logged out), re-rendering on login, update and logout in any tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(
    subscribe,
    () => readSession(),
    () => null,
  );
}
