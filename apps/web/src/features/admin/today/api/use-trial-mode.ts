import { trialModeResponseSchema } from '@kwenda/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../lib/admin-api';

/** GET /admin/trial-mode: fixed while the server runs, so read once per visit. */
export function useTrialMode() {
  return useQuery({
    queryKey: ['admin', 'trial-mode'],
    queryFn: ({ signal }) => adminRequest('/admin/trial-mode', trialModeResponseSchema, { signal }),
    staleTime: Infinity,
  });
}
