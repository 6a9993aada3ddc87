import {
  listRouteNoticesResponseSchema,
  routeNoticeResponseSchema,
  type RouteNoticeInput,
  type RouteNoticeList,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/** The notices screen's calls (/api/v1/admin/notices...): every key starts with 'admin', 'notices'. */
export const noticesKeys = {
  all: ['admin', 'notices'] as const,
  list: (state: RouteNoticeList) => ['admin', 'notices', state] as const,
};

/** The notices in force (now and to come), or the latest withdrawn. */
export const useNotices = (state: RouteNoticeList) =>
  useQuery({
    queryKey: noticesKeys.list(state),
    queryFn: ({ signal }) => adminRequest(`/admin/notices?state=${state}`, listRouteNoticesResponseSchema, { signal }),
    staleTime: 15_000,
  });

/** Writes a new notice, or changes the one with `id`. */
export function useSaveNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RouteNoticeInput }) =>
      id
        ? adminRequest(`/admin/notices/${encodeURIComponent(id)}`, routeNoticeResponseSchema, { method: 'PUT', body })
        : adminRequest('/admin/notices', routeNoticeResponseSchema, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}

export function useWithdrawNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/admin/notices/${encodeURIComponent(id)}/withdraw`, routeNoticeResponseSchema, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}
