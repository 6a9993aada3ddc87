import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Deployment facts served at run time (staging flag, contact numbers). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => apiRequest('/config', () => import('@kwenda/contracts/reference').then((m) => m.publicConfigSchema)),
    staleTime: Infinity,
  });
}
