import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api } from '../../../lib/api';

/** The site's settings, as GET and PATCH /api/settings answer them. */
export interface SiteSettings {
  /** On: visitors see the maintenance page. Off: the public website is open. */
  maintenance: boolean;
  companyName: string;
  tagline: string;
  email: string;
  phone: string;
  updatedAt: string;
}

export type SettingsInput = Omit<SiteSettings, 'updatedAt'>;

export const settingsQueries = {
  all: () => ['settings'] as const,
  current: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => api.get<SiteSettings>(apiPaths.settings, undefined, signal),
    }),
};

/** Saves the given settings (any subset); the reply, every setting as saved, becomes the cached copy. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<SettingsInput>) => api.patch<SiteSettings>(apiPaths.settings, changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueries.current().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}
