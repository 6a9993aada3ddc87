import type { OfferSearchResult } from '@kwenda/contracts';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** How far a streamed search has come: the batches answered so far and page 1 of their offers. */
export interface StreamProgress {
  receivedOffers: number;
  remainingBatches: number;
  totalBatches: number;
  /** Page 1 over the offers arrived so far; null until the first offers event. */
  result: OfferSearchResult | null;
}

// Outside the query cache: a query holds its data only once its fetch has resolved, and the offers
// of a search still running must be on screen before that. Kept per query, dropped when it settles.
const progressByQuery = new Map<string, StreamProgress>();
const listeners = new Set<() => void>();

export function setStreamProgress(queryKey: QueryKey, progress: StreamProgress | undefined) {
  const key = hashKey(queryKey);
  if (progress) progressByQuery.set(key, progress);
  else progressByQuery.delete(key);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The progress of the streamed search of this query while it runs; undefined otherwise. */
export function useStreamProgress(queryKey: QueryKey): StreamProgress | undefined {
  const key = hashKey(queryKey);
  const read = useCallback(() => progressByQuery.get(key), [key]);
  return useSyncExternalStore(subscribe, read, read);
}
