import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The app's TanStack Query client (lib/query-client.ts), loaded with the first lazy part that reads
 * through it (lib/retryable-lazy.tsx, app/lazy-page.tsx), not with the home page: the page everyone opens
 * reads only the config and the airports (lib/visit-read.ts), and the query library is 9 KB gzipped.
 * Until then the app's providers give no client (app/providers.tsx): a part rendered before it would fail
 * loudly ("No QueryClient set").
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();
const onLoad: ((client: QueryClient) => void)[] = [];

export function loadQueryClient(): Promise<QueryClient> {
  return (loading ??= import('./query-client').then(
    (module) => {
      client = module.queryClient;
      for (const seed of onLoad.splice(0)) seed(client);
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined; // the next lazy part tries again
      throw error;
    },
  ));
}

/** The client if it has loaded: nothing is cached in it before. */
export const loadedQueryClient = (): QueryClient | undefined => client;

/** Runs `seed` on the client as it loads (at once if it has): what a page came with goes in before any part reads. */
export function whenQueryClientLoads(seed: (client: QueryClient) => void) {
  if (client) seed(client);
  else onLoad.push(seed);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The client once loaded, for the providers. Hydration reads it too (the server's render brings its own):
 * a prerendered lazy page hydrates with the client loaded ahead of it, which renders nothing itself.
 */
export const useLoadedQueryClient = (): QueryClient | undefined =>
  useSyncExternalStore(subscribe, loadedQueryClient, loadedQueryClient);
