import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, uploadFile, type ApiSchema } from '../../../lib/api';

/** The site's settings, as GET and PATCH /api/settings answer them. */
export type SiteSettings = ApiSchema<'SiteSettings'>;
export type SettingsInput = Required<ApiSchema<'UpdateSettingsDto'>>;

/** GET /api/settings/mail. */
export type MailStatus = ApiSchema<'MailStatus'>;
/** PUT /api/settings/mail: the password only when it changes. */
export type MailSettingsInput = ApiSchema<'MailSettingsInput'>;

export const settingsQueries = {
  all: () => ['settings'] as const,
  mail: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'mail'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.mailStatus, undefined, signal),
      // While mail waits to go out, the status follows it.
      refetchInterval: (query) => ((query.state.data?.due ?? 0) > 0 ? 3000 : false),
    }),
  current: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.settings, undefined, signal),
    }),
};

/** Saves the given settings (any subset); the reply, every setting as saved, becomes the cached copy. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<SettingsInput>) => api.patch(apiPaths.settings, changes),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueries.current().queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}

/** The logo: POST /api/settings/logo (multipart, the field `photo`) or DELETE it; the reply, every setting, becomes the cached copy. */
export function useLogo() {
  const queryClient = useQueryClient();
  const onSuccess = (settings: SiteSettings) => {
    queryClient.setQueryData(settingsQueries.current().queryKey, settings);
    return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
  };
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('photo', file);
      return uploadFile(apiPaths.settingsLogo, form, onProgress);
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: () => api.delete(apiPaths.settingsLogo), onSuccess });
  return { upload, remove };
}

/** A test mail to oneself, through the outbox. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.mailTest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
  });
}

/** Sets the SMTP server from the panel (PUT /api/settings/mail); the reply, the mail status, becomes the cached copy. */
export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailSettingsInput) => api.put(apiPaths.mailStatus, input),
    onSuccess: (status) => {
      queryClient.setQueryData(settingsQueries.mail().queryKey, status);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}
