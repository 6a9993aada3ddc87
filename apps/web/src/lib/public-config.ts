import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { afterFirstInteraction } from './first-interaction';
import { usePageData, type PageData } from './page-data';
import { useHydrated } from './use-hydrated';

export const CONFIG_QUERY_KEY = ['config'] as const;

/**
 * The config a page rendered on the server came with (lib/page-data.ts), put where usePublicConfig
 * finds it: the page then never asks for it, and hydrates with what it was rendered with.
 */
export function seedPublicConfig(queryClient: QueryClient, pageData: PageData) {
  if (pageData.config) queryClient.setQueryData(CONFIG_QUERY_KEY, pageData.config);
}

/** Deployment facts served at run time (staging flag, contact numbers). */
export function usePublicConfig() {
  return useQuery({
    queryKey: CONFIG_QUERY_KEY,
    // Used as sent, parsed once the page is touched (lib/api-client.ts parseAfter): zod stays out of what
    // a visitor who only looks downloads.
    queryFn: ({ client }) =>
      apiRequest('/config', () => import('@kwenda/contracts/reference').then((m) => m.publicConfigSchema), {
        parseAfter: { settled: afterFirstInteraction(), onRefused: () => client.removeQueries({ queryKey: CONFIG_QUERY_KEY }) },
      }),
    staleTime: Infinity,
  });
}

/**
 * The config for a page part that hydrates: what the server rendered it with. A page the server rendered
 * per request had the config (lib/page-data.ts); a page prerendered at build had none, so it shows the
 * config only once hydrated (lib/use-hydrated.ts).
 */
export function usePublicConfigAsRendered() {
  const config = usePublicConfig();
  const hydrated = useHydrated();
  const rendered = usePageData().config !== undefined;
  const known = hydrated || rendered;
  return { data: known ? config.data : undefined, isPending: !known || config.isPending };
}
