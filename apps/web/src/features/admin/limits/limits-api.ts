import { holdCapLiftResponseSchema, listHoldCapLiftsResponseSchema, type LiftHoldCapRequestInput } from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/** The limits screen's calls (/api/v1/admin/limits...): every key starts with 'admin', 'limits'. */
export const limitsKeys = {
  all: ['admin', 'limits'] as const,
};

/** The caps in force and the lifts that have not ended. */
export const useHoldCapLifts = () =>
  useQuery({
    queryKey: limitsKeys.all,
    queryFn: ({ signal }) => adminRequest('/admin/limits', listHoldCapLiftsResponseSchema, { signal }),
    staleTime: 15_000,
  });

export function useLiftHoldCap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LiftHoldCapRequestInput) => adminRequest('/admin/limits/lifts', holdCapLiftResponseSchema, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: limitsKeys.all }),
  });
}

export function useEndLift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/admin/limits/lifts/${encodeURIComponent(id)}/end`, holdCapLiftResponseSchema, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: limitsKeys.all }),
  });
}
