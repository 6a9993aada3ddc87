import { dashboardResponseSchema, type DashboardPeriod } from '@kwenda/contracts/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest } from '../../lib/admin-api';

/** The desk watches these counts all day: read again every minute while the screen is open. */
const REFRESH_MS = 60_000;

/** GET /admin/dashboard for the last 7 or 30 days. */
export function useDashboard(days: DashboardPeriod) {
  return useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: ({ signal }) => adminRequest(`/admin/dashboard?days=${days}`, dashboardResponseSchema, { signal }),
    // Switching the period keeps the figures on screen until the other period arrives.
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    staleTime: 30_000,
  });
}
