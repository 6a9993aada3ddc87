import { apiRequest } from './api-client';
import { clearBookingDrafts } from './booking-drafts';
import { loadedQueryClient } from './load-query-client';
import { clearSession, readSession } from './session';

/**
 * Logout ends the session on the server (the token stops working), then
 * forgets the token and user here and drops the account's cached data. Offline, it still logs
 * out of this browser; the token then simply runs out.
 */
export async function logout(): Promise<void> {
  if (readSession()) {
    await apiRequest('/auth/logout', () => import('@kwenda/contracts').then((m) => m.okResponseSchema), {
      method: 'POST',
    }).catch(() => {});
  }
  clearSession();
  // Unsent passenger details (passport numbers) do not outlive the session on a shared browser. Loaded
  // here rather than with the header, which every page's first script carries.
  clearBookingDrafts();
  // A client not loaded yet holds nothing.
  loadedQueryClient()?.removeQueries({ queryKey: ['account'] });
  loadedQueryClient()?.removeQueries({ queryKey: ['account-bookings'] });
  // Bookings and e-tickets kept for use offline, a guest's ones included (its code stays out of the
  // first script). Last: a download that fails offline leaves the session and its queries already gone.
  await import('./saved-trips').then((savedTrips) => savedTrips.clearSavedTrips());
}
