/**
 * The Cache Storage caches the site uses besides the service worker's precache (the app's files, which
 * Workbox names and replaces with each release). docs/decisions/0031-service-worker-and-offline-trips.md
 */

/** Public answers every visitor gets alike (the airport list, the run-time config), for use offline. */
export const PUBLIC_DATA_CACHE = 'kwenda-public-data';

/** The public API answers kept for use offline, fetched when the service worker installs. */
export const PUBLIC_DATA_PATHS = ['/api/v1/trips/airports', '/api/v1/config'];

/**
 * The owner's own bookings and their e-tickets, saved by the booking page (lib/saved-trips.ts) and
 * read by the service worker for an e-ticket requested offline. Emptied on logout.
 */
export const SAVED_TRIPS_CACHE = 'kwenda-saved-trips';

/** An e-ticket's address: /api/v1/bookings/<id>/ticket.pdf (apps/api tickets-routes.ts). */
export const TICKET_PATH = /^\/api\/v1\/bookings\/[^/]+\/ticket\.pdf$/;
