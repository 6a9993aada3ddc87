import {
  adminAgentStatementSchema,
  agentDetailResponseSchema,
  createAgentResponseSchema,
  listAgentsResponseSchema,
  type CreateAgentRequestInput,
  type UpdateAgentRequest,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/** The agents screen's calls (/api/v1/admin/agents...): every key starts with 'admin', 'agents'. */
export const agentKeys = {
  all: ['admin', 'agents'] as const,
  list: ['admin', 'agents', 'list'] as const,
  detail: (id: string) => ['admin', 'agents', 'detail', id] as const,
  statement: (id: string, month: string | null) => ['admin', 'agents', 'statement', id, month] as const,
};

export const useAgents = () =>
  useQuery({
    queryKey: agentKeys.list,
    queryFn: ({ signal }) => adminRequest('/admin/agents', listAgentsResponseSchema, { signal }),
    staleTime: 15_000,
  });

export const useAgentDetail = (id: string | null) =>
  useQuery({
    queryKey: agentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => adminRequest(`/admin/agents/${encodeURIComponent(id!)}`, agentDetailResponseSchema, { signal }),
    enabled: !!id,
  });

/** An agent's statement for a month; without one, this month's (the answer names it). */
export const useAgentStatement = (id: string | null, month: string | null) =>
  useQuery({
    queryKey: agentKeys.statement(id ?? '', month),
    queryFn: ({ signal }) =>
      adminRequest(
        `/admin/agents/${encodeURIComponent(id!)}/statement${month ? `?month=${encodeURIComponent(month)}` : ''}`,
        adminAgentStatementSchema,
        { signal },
      ),
    enabled: !!id,
    placeholderData: (previous) => previous,
  });

export function useCreateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentRequestInput) => adminRequest('/admin/agents', createAgentResponseSchema, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useUpdateAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgentRequest }) =>
      adminRequest(`/admin/agents/${encodeURIComponent(id)}`, agentDetailResponseSchema, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
