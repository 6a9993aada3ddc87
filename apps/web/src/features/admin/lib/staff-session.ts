import type { StaffRole } from '@kwenda/contracts/admin';
import { useSyncExternalStore } from 'react';

/**
 * The staff member's session, apart from the traveller's (kwenda.session): a staff token never rides
 * on a traveller's call, and signing out of the desk leaves the traveller's site signed in.
 */
export const STAFF_SESSION_STORAGE_KEY = 'kwenda.staffSession';

export interface StaffSession {
  jwt: string;
  expiresAt: string;
  staff: {
    id: string;
    fullName: string;
    email: string;
    role: StaffRole;
    /** False until the authenticator app is set up: only the security page opens meanwhile. */
    secondFactor: boolean;
  };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isStaffSession(value: unknown): value is StaffSession {
  const s = value as StaffSession | null;
  return (
    !!s &&
    typeof s.jwt === 'string' &&
    typeof s.expiresAt === 'string' &&
    typeof s.staff === 'object' &&
    s.staff !== null &&
    typeof s.staff.id === 'string' &&
    typeof s.staff.role === 'string' &&
    typeof s.staff.secondFactor === 'boolean'
  );
}

/** The stored session, or null when there is none, it is unreadable or it has expired. */
export function getStaffSession(): StaffSession | null {
  const raw = storage()?.getItem(STAFF_SESSION_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) {
    let session: StaffSession | null = null;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      session = isStaffSession(parsed) ? parsed : null;
    } catch {
      session = null;
    }
    cached = { raw, session };
  }
  const session = cached.session;
  return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
}

const notify = () => listeners.forEach((listener) => listener());

export function setStaffSession(session: StaffSession) {
  storage()?.setItem(STAFF_SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

/** Updates the stored staff member (after turning on the second factor, a name change). */
export function updateStaffSession(patch: Partial<StaffSession['staff']>) {
  const session = getStaffSession();
  if (session) setStaffSession({ ...session, staff: { ...session.staff, ...patch } });
}

export function clearStaffSession() {
  storage()?.removeItem(STAFF_SESSION_STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STAFF_SESSION_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, getStaffSession, () => null);
}
