import type { NoticesResponse, TravellerNotice } from '@kwenda/contracts';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { workerContract } from './contract-worker';
import { useAfterHydration } from './use-idle';

/** One flight of the trip: where from and to, and the day it leaves (yyyy-MM-dd). */
export interface NoticeLeg {
  origin: string;
  destination: string;
  date: string;
}

const NO_NOTICES: TravellerNotice[] = [];

/** GET /notices's contract, checked off the main thread (lib/contract-worker.ts). */
const noticesContract = workerContract<NoticesResponse>('notices', () =>
  import('@kwenda/contracts/reference').then((m) => m.noticesResponseSchema),
);

/**
 * GET /notices for each leg of a trip: what the agency wants its travellers to know (a route, an airport
 * or an airline of theirs, on the day they leave), each notice once. Asked only once the page has
 * hydrated, in a task after it (useAfterHydration), so the server-rendered offers page and its first
 * render in the browser stay the same, and only when `enabled` (the page knows the airlines). Nothing
 * is shown while it loads or if it fails: a notice is worth a request, not a spinner or an error.
 */
export function useRouteNotices(legs: readonly NoticeLeg[], airlines: readonly string[], enabled = true): TravellerNotice[] {
  const hydrated = useAfterHydration();
  const codes = [...new Set(airlines)].sort().join(',');
  return useQueries({
    queries: legs.map((leg) => ({
      queryKey: ['notices', leg.origin, leg.destination, leg.date, codes] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const query = new URLSearchParams({ origin: leg.origin, destination: leg.destination, date: leg.date });
        if (codes) query.set('airlines', codes);
        return apiRequest(`/notices?${query}`, noticesContract, { signal });
      },
      enabled: hydrated && enabled && Boolean(leg.origin && leg.destination && leg.date),
      // The server lets a browser keep them five minutes too: they change rarely.
      staleTime: 300_000,
      // Asked again with the airlines once they are known: the route's notices stay on screen meanwhile.
      placeholderData: keepPreviousData,
    })),
    combine: (results) => {
      const seen = new Map<string, TravellerNotice>();
      for (const result of results) for (const notice of result.data?.notices ?? []) seen.set(notice.id, notice);
      return seen.size ? [...seen.values()] : NO_NOTICES;
    },
  });
}
