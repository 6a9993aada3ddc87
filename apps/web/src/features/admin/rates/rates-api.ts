import {
  markupRuleSchema,
  rateChangeSchema,
  ratesOverviewSchema,
  type MarkupRuleInput,
  type SetRateRequest,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/** The rates screen's calls (/api/v1/admin/rates...): every key starts with 'admin', 'rates'. */
export const ratesKeys = { all: ['admin', 'rates'] as const };

export const useRates = () =>
  useQuery({
    queryKey: ratesKeys.all,
    queryFn: ({ signal }) => adminRequest('/admin/rates', ratesOverviewSchema, { signal }),
    staleTime: 10_000,
  });

/** Every change answers the changed entry; the screen reads the whole picture again (history, scheduled rates). */
function useRatesMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: ratesKeys.all }) });
}

export const useSetRate = () =>
  useRatesMutation((body: SetRateRequest) => adminRequest('/admin/rates', rateChangeSchema, { body }));

export const useCancelRate = () =>
  useRatesMutation((id: string) =>
    adminRequest(`/admin/rates/${encodeURIComponent(id)}`, rateChangeSchema, { method: 'DELETE' }),
  );

export const useSaveMarkup = () =>
  useRatesMutation(({ id, body }: { id: string | null; body: MarkupRuleInput }) =>
    id
      ? adminRequest(`/admin/rates/markups/${encodeURIComponent(id)}`, markupRuleSchema, { method: 'PUT', body })
      : adminRequest('/admin/rates/markups', markupRuleSchema, { body }),
  );
