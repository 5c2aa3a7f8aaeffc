import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';
import { SUMMARY_META } from '../../../lib/query-client';
import { lastDays } from '../../../lib/visitor-range';

/** GET /api/dashboard's reply; counts stop at 1,000 (`orMore`: "1,000+"). */
export type Dashboard = ApiSchema<'Dashboard'>;

/** How often the side menu's unread count looks for new messages while the panel is open. */
const POLL_MS = 60_000;

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  /** The dashboard screen and the side menu's unread count share this one query. */
  summary: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'summary'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.dashboard, undefined, signal),
      // Visitors write at any time: the count catches up without a reload.
      refetchInterval: POLL_MS,
      meta: SUMMARY_META,
    }),
  /** The visitor counts of the last 7 days (today included), for the dashboard's tile. */
  visitors: () => {
    const { from, to } = lastDays(7);
    return queryOptions({
      queryKey: [...dashboardQueries.all(), 'visitors', { from, to }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.analyticsSummary, { from, to }, signal),
    });
  },
};

/** The dashboard's "Put the site live" / "Hide the site": the maintenance setting alone, then the dashboard read again. */
export function useSiteMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maintenance: boolean) => api.patch(apiPaths.settings, { maintenance }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
  });
}
