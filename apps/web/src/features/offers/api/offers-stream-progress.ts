import type { OfferSearchResult } from '@kwenda/contracts';
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

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

/**
 * Lets a search's streamed offers go: the page does once its answer is on screen (OffersResults), and a
 * new page 1 of the search does before it is asked for (a rerun lists none of the last run's offers).
 */
export const clearStreamProgress = (queryKey: QueryKey) => setStreamProgress(queryKey, undefined);

/**
 * The progress of the streamed search of this query while it runs; undefined otherwise. Each batch is
 * shown in a transition: React renders it in slices between the phone's other work (a store read with
 * useSyncExternalStore re-rendered the whole list synchronously at every batch, in one long task).
 */
export function useStreamProgress(queryKey: QueryKey): StreamProgress | undefined {
  const key = hashKey(queryKey);
  const [shown, setShown] = useState(() => ({ key, progress: progressByQuery.get(key) }));
  useEffect(() => {
    const update = () => startTransition(() => setShown({ key, progress: progressByQuery.get(key) }));
    listeners.add(update);
    // What arrived between the render and this subscription.
    if (progressByQuery.get(key) !== shown.progress || shown.key !== key) update();
    return () => void listeners.delete(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribes per query; `shown` only catches up once
  }, [key]);
  // Another query than the one shown: its own progress (none yet, usually) rather than the last query's.
  return shown.key === key ? shown.progress : progressByQuery.get(key);
}
