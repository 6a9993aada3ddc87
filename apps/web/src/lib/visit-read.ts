import { useEffect } from 'react';
import { useTransitionStore } from './use-transition-store';
import { shouldRetryRead } from './api-client';

/**
 * A read the site makes once per visit and keeps (GET /config, the airport list), without TanStack Query:
 * the home page makes only these two, and the query library (9 KB gzipped) loads with the first lazy page
 * instead (lib/load-query-client.ts). It reads as the app's queries do (lib/query-client.ts): a dropped
 * connection is asked again three times, 1, 2 then 4 s apart, a failing server once, a refusal never
 * (shouldRetryRead); offline, it waits until the browser is back online. Without an answer, it is read
 * again when a part that shows it mounts or the browser comes back online.
 */
export interface VisitRead<T> {
  readonly state: VisitReadState<T>;
  /** Starts reading unless the answer is there or on its way. */
  ensure(): void;
  /**
   * Forgets the answer (refused by its contract): the read has failed. It is asked again as after any
   * failure (a part mounting, the browser back online, a retry), never at once: a server answering the
   * same again would be asked in a loop.
   */
  drop(): void;
  subscribe(listener: () => void): () => void;
}

/**
 * What the parts showing the read render from. Whether it is on its way is not part of it: a read starting
 * (without a failure on screen to clear) changes nothing they show, so they are not rendered again for it
 * (on the offers page, a synchronous render of the search form and the list as the page hydrated).
 */
export interface VisitReadState<T> {
  data?: T;
  /** The last failure, once retrying has stopped; cleared when the read starts again. */
  error?: Error;
}

const reads = new Set<{ reset(): void }>();

/**
 * A read with neither answer nor failure, the same object for every read and for the server's render: a
 * part hydrating with it (the server's snapshot) then finds the read as it rendered it, rather than
 * another empty object, which made React render every part showing a read again, synchronously, straight
 * after hydration.
 */
const EMPTY: VisitReadState<never> = Object.freeze({});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const whenOnline = () =>
  typeof navigator === 'undefined' || navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/** `fetcher` is given `drop`, for an answer refused after it was used (lib/api-client.ts parseAfter). */
export function visitRead<T>(fetcher: (drop: () => void) => Promise<T>): VisitRead<T> {
  let state: VisitReadState<T> = EMPTY;
  let fetching = false;
  /** Bumped by drop and reset: an answer to an earlier read is not kept. */
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: VisitReadState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function run(own: number) {
    for (let failures = 0; ;) {
      await whenOnline();
      if (own !== generation) return;
      try {
        const data = await fetcher(read.drop);
        if (own !== generation) return;
        fetching = false;
        set({ data });
        return;
      } catch (error) {
        if (own !== generation) return;
        // As TanStack Query counts: the failures before this one, and 1 s doubled for each.
        if (!(error instanceof Error) || !shouldRetryRead(failures, error)) {
          fetching = false;
          set({ error: error instanceof Error ? error : new Error(String(error)) });
          return;
        }
        await delay(Math.min(1000 * 2 ** failures++, 30_000));
      }
    }
  }

  const read: VisitRead<T> = {
    get state() {
      return state;
    },
    ensure() {
      if (state.data !== undefined || fetching) return;
      fetching = true;
      if (state.error) set(EMPTY);
      void run(generation);
    },
    drop() {
      generation++;
      fetching = false;
      set({ error: new Error('The answer was refused by its contract') });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  reads.add({
    reset() {
      generation++;
      state = EMPTY;
      fetching = false;
    },
  });
  if (typeof window !== 'undefined')
    window.addEventListener('online', () => {
      if (listeners.size && state.error) read.ensure();
    });
  return read;
}

export interface VisitReadResult<T> {
  data: T | undefined;
  /** No answer yet. */
  isPending: boolean;
  /** No answer yet, and one is on its way. */
  isLoading: boolean;
  isError: boolean;
  error: Error | undefined;
  refetch(): void;
}

/**
 * The read's answer for a component, reading it if it is not there. `known` (what the server rendered
 * the page with, lib/page-data.ts) is the answer when given: nothing is read. The server's render never reads.
 */
export function useVisitRead<T>(read: VisitRead<T>, known?: T): VisitReadResult<T> {
  // Its answer renders as a transition: it reaches a page still hydrating (lib/use-transition-store.ts).
  const state = useTransitionStore(
    read.subscribe,
    () => read.state,
    () => EMPTY,
  );
  const reads = known === undefined;
  useEffect(() => {
    if (reads) read.ensure();
  }, [read, reads]);
  const data = state.data ?? known;
  const failed = data === undefined && state.error !== undefined;
  return {
    data,
    isPending: data === undefined,
    isLoading: data === undefined && !failed,
    isError: failed,
    error: failed ? state.error : undefined,
    refetch: read.ensure,
  };
}

/** Forgets every answer, for tests that render the app afresh (test/render-in-app.tsx). */
export function resetVisitReads() {
  for (const read of reads) read.reset();
}
