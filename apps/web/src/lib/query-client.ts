import { QueryClient } from '@tanstack/react-query';
import { shouldRetryRead } from './api-client';

/**
 * Reads retry a dropped connection three times (1, 2 then 4 s apart), a failing server once, never a
 * refusal (lib/api-client.ts shouldRetryRead). Offline, a read waits until the browser is back online and
 * then runs (TanStack Query's "online" network mode), and whatever is on screen is read again then.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetryRead,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
      staleTime: 60_000,
    },
  },
});
