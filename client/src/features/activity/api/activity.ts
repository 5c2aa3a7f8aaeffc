import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type Paged } from '../../../lib/api';

export interface ActivityEntry {
  id: string;
  at: string;
  admin: { id: string; name: string | null } | null;
  action: string;
  kind: string;
  itemId: string | null;
  label: string | null;
  fields: string[] | null;
  address: string | null;
}

export interface ActivityFilters {
  page: number;
  admin?: string;
  kind?: string;
}

export const activityQueries = {
  all: () => ['activity'] as const,
  list: ({ page, admin, kind }: ActivityFilters) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'list', { page, admin, kind }] as const,
      queryFn: ({ signal }) => api.get<Paged<ActivityEntry>>(apiPaths.activity, { page, admin, kind }, signal),
      // The page on screen stays while the next one loads.
      placeholderData: (previous) => previous,
    }),
  admins: () =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'admins'] as const,
      queryFn: ({ signal }) => api.get<{ data: { id: string; name: string }[] }>(apiPaths.activityAdmins, undefined, signal),
    }),
};
