import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';
import type { DateRange } from '../../../lib/visitor-range';

export type AnalyticsSummary = ApiSchema<'AnalyticsSummary'>;

/** The Visitors screen's tables, each its own request (GET /api/analytics/{report}). */
export type Breakdown = ApiSchema<'AnalyticsReport'>;

/** How often "Visitors now" asks again, while the screen is open and the tab is visible. */
const LIVE_MS = 15_000;

const period = ({ from, to }: DateRange) => ({ from, to });

export const analyticsQueries = {
  all: () => ['analytics'] as const,
  /** Whether the site counts visitors now (ANALYTICS); the counts made before stay readable either way. */
  status: () =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'status'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.analyticsStatus, undefined, signal),
      // Set when the server starts: it does not change while the panel is open.
      staleTime: Infinity,
    }),
  summary: (range: DateRange) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'summary', period(range)] as const,
      queryFn: ({ signal }) => api.get(apiPaths.analyticsSummary, period(range), signal),
    }),
  breakdown: (kind: Breakdown, range: DateRange) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), kind, period(range)] as const,
      queryFn: ({ signal }) => api.get(apiPaths.analyticsReport(kind), period(range), signal),
    }),
  /**
   * The visitors of the last 5 minutes, asked again every 15 s only while a screen shows it and
   * the tab is visible (React Query pauses the interval in a hidden tab); never with counting off.
   */
  live: (enabled: boolean) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'live'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.analyticsLive, undefined, signal),
      enabled,
      refetchInterval: LIVE_MS,
      refetchIntervalInBackground: false,
      // Back on the tab, the figure catches up at once rather than at the next tick.
      refetchOnWindowFocus: true,
    }),
};

/** The CSV of the period's counts, day by day. */
export function analyticsExportUrl(range: DateRange): string {
  return api.url(apiPaths.analyticsExport, period(range));
}
