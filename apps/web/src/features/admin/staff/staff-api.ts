import {
  inviteStaffResponseSchema,
  staffActionsResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  type InviteStaffRequest,
  type StaffRole,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../lib/admin-api';

/** The Staff screen's calls (/api/v1/admin/staff...): every key starts with 'admin', 'staff'. */
export const staffKeys = {
  all: ['admin', 'staff'] as const,
  list: ['admin', 'staff', 'list'] as const,
  actions: (userId: string) => ['admin', 'staff', 'actions', userId] as const,
};

export const useStaffList = () =>
  useQuery({
    queryKey: staffKeys.list,
    queryFn: ({ signal }) => adminRequest('/admin/staff', staffListResponseSchema, { signal }),
    staleTime: 10_000,
  });

export const useStaffActions = (userId: string | null) =>
  useQuery({
    queryKey: staffKeys.actions(userId ?? ''),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/staff/${encodeURIComponent(userId!)}/actions?limit=50`, staffActionsResponseSchema, { signal }),
    enabled: !!userId,
  });

function useStaffMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }) });
}

export const useInviteStaff = () =>
  useStaffMutation((body: InviteStaffRequest) => adminRequest('/admin/staff/invitations', inviteStaffResponseSchema, { body }));

export const useChangeRole = () =>
  useStaffMutation(({ userId, role }: { userId: string; role: StaffRole }) =>
    adminRequest(`/admin/staff/${encodeURIComponent(userId)}`, staffMemberResponseSchema, { method: 'PATCH', body: { role } }),
  );

export const useDisableStaff = () =>
  useStaffMutation((userId: string) =>
    adminRequest(`/admin/staff/${encodeURIComponent(userId)}/disable`, staffMemberResponseSchema, { method: 'POST' }),
  );

export const useRevokeSessions = () =>
  useStaffMutation((userId: string) =>
    adminRequest(`/admin/staff/${encodeURIComponent(userId)}/revoke-sessions`, staffMemberResponseSchema, { method: 'POST' }),
  );
