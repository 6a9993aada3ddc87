import type { PublicConfig } from '@kwenda/contracts';
import { apiRequest } from './api-client';
import { afterFirstInteraction } from './first-interaction';
import { usePageData } from './page-data';
import { useHydrated } from './use-hydrated';
import { useVisitRead, visitRead } from './visit-read';

/**
 * GET /config, once per visit. Used as sent, parsed once the page is touched (lib/api-client.ts
 * parseAfter): zod stays out of what a visitor who only looks downloads.
 */
const configRead = visitRead((drop) =>
  apiRequest('/config', () => import('@kwenda/contracts/reference').then((m) => m.publicConfigSchema), {
    parseAfter: { settled: afterFirstInteraction(), onRefused: drop },
  }),
);

/**
 * Deployment facts served at run time (staging flag, contact numbers). A page the server rendered per
 * request came with them (lib/page-data.ts): it never asks, and hydrates with what it was rendered with.
 */
export function usePublicConfig() {
  return useVisitRead<PublicConfig>(configRead, usePageData().config);
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
