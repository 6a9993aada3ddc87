import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * The agent's own data (/api/v1/agent/...), read with the traveller's session. The contracts load with
 * the first answer (SchemaSource's function form): imported here, their chunk, which the desk shares,
 * would be one more file the home page's router lists.
 */
const contracts = () => import('@kwenda/contracts/admin');

const retryUnlessRefused = (count: number, error: unknown) =>
  count < 2 && !((error as { status?: number }).status && (error as { status: number }).status < 500);

export function useAgentMe() {
  const session = useSession();
  return useQuery({
    queryKey: ['agent', session?.user.id, 'me'],
    queryFn: ({ signal }) => apiRequest('/agent/me', () => contracts().then((c) => c.agentMeSchema), { signal }),
    enabled: !!session,
    retry: retryUnlessRefused,
  });
}

export function useAgentBookings(enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ['agent', session?.user.id, 'bookings'],
    queryFn: ({ signal }) =>
      apiRequest('/agent/bookings', () => contracts().then((c) => c.agentBookingsResponseSchema), { signal }),
    enabled: !!session && enabled,
    retry: retryUnlessRefused,
  });
}

/** A month's statement; without a month, this month's (the answer names it). */
export function useAgentStatement(month: string | null, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: ['agent', session?.user.id, 'statement', month],
    queryFn: ({ signal }) =>
      apiRequest(
        `/agent/statement${month ? `?month=${encodeURIComponent(month)}` : ''}`,
        () => contracts().then((c) => c.agentStatementSchema),
        {
          signal,
        },
      ),
    enabled: !!session && enabled,
    retry: retryUnlessRefused,
    placeholderData: (previous) => previous,
  });
}
