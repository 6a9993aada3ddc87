import type { PublicConfig } from '@kwenda/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useHydrated } from './use-hydrated';

export interface PublicConfigState {
  data: PublicConfig | undefined;
  /** No answer yet (or the page is hydrating, when it shows what the prerender showed). */
  isPending: boolean;
}

const hydrating: PublicConfigState = { data: undefined, isPending: true };

/** Deployment facts served at run time (staging flag, contact numbers). */
export function usePublicConfig(): PublicConfigState {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: () => apiRequest('/config', () => import('@kwenda/contracts/reference').then((m) => m.publicConfigSchema)),
    staleTime: Infinity,
  });
  const hydrated = useHydrated();
  return hydrated ? { data: query.data, isPending: query.isPending } : hydrating;
}
