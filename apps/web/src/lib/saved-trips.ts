import type { Booking } from '@kwenda/contracts';
import { SAVED_TRIPS_CACHE } from './offline-caches';
import { authorizationHeader, readSession } from './session';

/**
 * "My trip, offline": the owner's view of a booking they opened, and its e-ticket PDF once issued, kept
 * in Cache Storage on their device so the booking page opens at the airport with no connection
 * (docs/decisions/0031-service-worker-and-offline-trips.md). Only the owner's view (`access: 'full'`)
 * is kept, tagged with its owner: the account that read it, or `guest` for a guest's booking (this
 * browser holds its access cookie). Logging out empties it (lib/logout.ts).
 */
export interface SavedTrip {
  booking: Booking;
  /** When the booking was last read from the server (epoch ms). */
  savedAt: number;
  /** The account id that read it, or 'guest'. */
  owner: string;
}

/** Bookings their owner chose not to keep on this device (ids only, nothing private). */
const NOT_SAVED_KEY = 'kwenda.savedTrips.off';
const GUEST = 'guest';

const tripKey = (id: string) => `/api/v1/bookings/${encodeURIComponent(id)}`;

async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  return caches.open(SAVED_TRIPS_CACHE).catch(() => null);
}

function notSavedIds(): string[] {
  try {
    const ids: unknown = JSON.parse(window.localStorage.getItem(NOT_SAVED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function setNotSaved(id: string, off: boolean) {
  const ids = notSavedIds().filter((other) => other !== id);
  try {
    window.localStorage.setItem(NOT_SAVED_KEY, JSON.stringify(off ? [...ids, id] : ids));
  } catch {
    // Storage refused (a private mode): nothing is saved there either.
  }
}

export const isTripSaveDeclined = (id: string) => notSavedIds().includes(id);

/** Who the booking would be saved for: its account when signed in, a guest's browser, or nobody. */
function ownerOf(booking: Booking): string | null {
  if (booking.access !== 'full') return null;
  if (!booking.heldByAccount) return GUEST;
  return readSession()?.user.id ?? null;
}

async function readEntry(cache: Cache, id: string): Promise<SavedTrip | null> {
  const response = await cache.match(tripKey(id));
  if (!response) return null;
  return (await response.json().catch(() => null)) as SavedTrip | null;
}

/** The saved copy of a booking, if the visitor may read it here: a guest's, or the signed-in account's. */
export async function readSavedTrip(id: string): Promise<SavedTrip | null> {
  const cache = await openCache();
  const saved = cache ? await readEntry(cache, id) : null;
  if (!saved) return null;
  return saved.owner === GUEST || saved.owner === readSession()?.user.id ? saved : null;
}

/**
 * Keeps the owner's view of a booking just read from the server, and its e-ticket (fetched once per
 * issued ticket). A limited view (a stranger's link) is never kept, and replaces nothing but a copy
 * this browser may no longer show.
 */
export async function saveTrip(booking: Booking, now = Date.now()): Promise<SavedTrip | null> {
  const owner = ownerOf(booking);
  if (!owner || isTripSaveDeclined(booking.id)) {
    if (booking.access === 'limited') await removeSavedTrip(booking.id);
    return null;
  }
  const cache = await openCache();
  if (!cache) return null;
  const previous = await readEntry(cache, booking.id);
  const saved: SavedTrip = { booking, savedAt: now, owner };
  await cache.put(tripKey(booking.id), new Response(JSON.stringify(saved), { headers: { 'content-type': 'application/json' } }));
  if (previous?.booking.ticketLink && previous.booking.ticketLink !== booking.ticketLink)
    await cache.delete(previous.booking.ticketLink);
  if (booking.ticketLink && !(await cache.match(booking.ticketLink))) {
    // A guest's browser sends its access cookie, an account its token (booking-access-guard.ts).
    const ticket = await fetch(booking.ticketLink, { credentials: 'same-origin', headers: authorizationHeader() }).catch(
      () => null,
    );
    if (ticket?.ok && ticket.headers.get('content-type')?.includes('application/pdf'))
      await cache.put(booking.ticketLink, ticket);
  }
  return saved;
}

/** Drops a booking's saved copy and e-ticket; `decline` also stops saving it on this device. */
export async function removeSavedTrip(id: string, decline = false): Promise<void> {
  if (decline) setNotSaved(id, true);
  const cache = await openCache();
  if (!cache) return;
  const saved = await readEntry(cache, id);
  if (saved?.booking.ticketLink) await cache.delete(saved.booking.ticketLink);
  await cache.delete(tripKey(id));
}

/** Saves the booking on this device again after the owner declined it. */
export function allowTripSave(id: string) {
  setNotSaved(id, false);
}

/** Logout: every saved booking and e-ticket on this device, and the list of declined ones. */
export async function clearSavedTrips(): Promise<void> {
  try {
    window.localStorage.removeItem(NOT_SAVED_KEY);
  } catch {
    // Nothing was stored.
  }
  if (typeof caches !== 'undefined') await caches.delete(SAVED_TRIPS_CACHE).catch(() => false);
}
