/**
 * What a traveller typed on a booking's passenger step and has not sent yet, kept in this browser
 * per booking so that a reload, a dropped connection or a closed tab does not cost them three
 * passports' worth of typing.
 *
 * Where and for how long, on purpose: passport numbers and birth dates are personal, so they are
 * not kept for ever. localStorage (sessionStorage would lose them with the tab) under
 * `kwenda.bookingDraft.<booking id>`, with an expiry equal to the booking's offer expiry (after it
 * the form can no longer be sent anyway); a draft is removed when it is sent, when the booking
 * ends (held, paid, confirmed, expired, cancelled), when it is found expired, and every draft on
 * logout.
 */
const PREFIX = 'kwenda.bookingDraft.';

interface Stored {
  expiresAt: number;
  data: unknown;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (some private modes): nothing is kept
  }
}

function read(store: Storage, key: string): Stored | null {
  try {
    const value = JSON.parse(store.getItem(key) ?? 'null') as Stored | null;
    return value && typeof value.expiresAt === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Removes every draft that has expired (or cannot be read), so none outlives its offer. */
function sweep(store: Storage, now: number) {
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key): key is string => key?.startsWith(PREFIX) ?? false,
  );
  for (const key of keys) {
    const value = read(store, key);
    if (!value || value.expiresAt <= now) store.removeItem(key);
  }
}

/** Keeps `data` for the booking until `expiresAt` (an ISO time or epoch milliseconds). */
export function saveBookingDraft(bookingId: string, data: unknown, expiresAt: string | number, now = Date.now()) {
  const store = storage();
  if (!store) return;
  const until = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (!(until > now)) return;
  try {
    sweep(store, now);
    store.setItem(PREFIX + bookingId, JSON.stringify({ expiresAt: until, data } satisfies Stored));
  } catch {
    // storage full or refused: the form still works, it just is not kept
  }
}

/** The booking's unsent draft, or null (none, expired, or unreadable). */
export function readBookingDraft(bookingId: string, now = Date.now()): unknown {
  const store = storage();
  if (!store) return null;
  sweep(store, now);
  return read(store, PREFIX + bookingId)?.data ?? null;
}

export function clearBookingDraft(bookingId: string) {
  storage()?.removeItem(PREFIX + bookingId);
}

/** Every booking's draft, e.g. on logout: the next person at this browser sees none of them. */
export function clearBookingDrafts() {
  const store = storage();
  if (store) sweep(store, Number.POSITIVE_INFINITY);
}
