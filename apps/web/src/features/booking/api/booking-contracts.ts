import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

type Contracts = typeof import('@kwenda/contracts');

/**
 * The contracts (zod and every schema: 27 KB gzipped, and building them takes a slow phone's main thread
 * well over 100 ms) load with the booking page's first request that is parsed with them, or its first
 * check of a field, not with the page: the page its owner opens comes with the booking and hydrates
 * without them.
 */
let loaded: Contracts | undefined;
let loading: Promise<Contracts> | undefined;

export function loadBookingContracts(): Promise<Contracts> {
  return (loading ??= import('@kwenda/contracts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // the next request tries again
      throw error;
    },
  ));
}

/** The contracts if they have loaded (every booking request loads them, its refusal included: bookingRequest). */
export const loadedBookingContracts = (): Contracts | undefined => loaded;

/**
 * A booking request parsed with the contract `pick` names, imported with the request. A refusal is read
 * with the contracts too (a re-priced booking, a passenger already booked, the fields refused): it is
 * passed on once they have loaded, so its readers (booking-api.ts) find them.
 */
export function bookingRequest<S extends z.ZodType>(
  path: string,
  pick: (contracts: Contracts) => S,
  init?: Parameters<typeof apiRequest>[2],
): Promise<z.infer<S>> {
  return apiRequest<z.infer<S>>(path, () => loadBookingContracts().then(pick), init).catch(async (error: unknown) => {
    await loadBookingContracts().catch(() => undefined);
    throw error;
  });
}
