import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiQuery, type ApiSchema } from '../../../lib/api';

export type ActivityEntry = ApiSchema<'ActivityEntry'>;

export type ActivityFilters = ApiQuery<'/api/activity', 'get'> & { page: number };

export const activityQueries = {
  all: () => ['activity'] as const,
  list: ({ page, admin, kind }: ActivityFilters) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'list', { page, admin, kind }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.activity, { page, admin, kind }, signal),
      // The page on screen stays while the next one loads.
      placeholderData: (previous) => previous,
    }),
  admins: () =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'admins'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.activityAdmins, undefined, signal),
    }),
};
