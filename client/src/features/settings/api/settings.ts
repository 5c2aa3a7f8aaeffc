import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, uploadFile, type ApiSchema } from '../../../lib/api';
import type { DiffField, HistorySource } from '../../../lib/revisions';

/** The site's settings, as GET and PATCH /api/settings answer them. */
export type SiteSettings = ApiSchema<'SiteSettings'>;
export type SettingsInput = Required<ApiSchema<'UpdateSettingsDto'>>;

/** GET /api/settings/mail. */
export type MailStatus = ApiSchema<'MailStatus'>;
/** PUT /api/settings/mail: the password only when it changes. */
export type MailSettingsInput = ApiSchema<'MailSettingsInput'>;

/** GET /api/settings/cdn. */
export type CdnStatus = ApiSchema<'CdnStatus'>;

export const settingsQueries = {
  all: () => ['settings'] as const,
  mail: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'mail'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.mailStatus, undefined, signal),
      // While mail waits to go out, the status follows it.
      refetchInterval: (query) => ((query.state.data?.due ?? 0) > 0 ? 3000 : false),
    }),
  cdn: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'cdn'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.cdnStatus, undefined, signal),
      // While purges wait to go out, the status follows them.
      refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? 3000 : false),
    }),
  revisions: () => [...settingsQueries.all(), 'revisions'] as const,
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
    mutationFn: ({ changes, ifMatch }: { changes: Partial<SettingsInput>; ifMatch?: number }) =>
      api.patch(apiPaths.settings, changes, { ifMatch }),
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

/** The fields a revision of the settings holds, as the compare view shows them. */
export const SETTINGS_FIELDS: DiffField[] = [
  { name: 'maintenance', label: 'Maintenance mode', type: 'value' },
  { name: 'companyName', label: 'Company name', type: 'text' },
  { name: 'tagline', label: 'Tagline', type: 'text' },
  { name: 'email', label: 'Email', type: 'value' },
  { name: 'phone', label: 'Phone', type: 'value' },
  { name: 'accentColor', label: 'Accent colour', type: 'value' },
];

/** The settings' History, for the shared panel: no working copy, so a restore is live. */
export const settingsHistory: HistorySource<SiteSettings> = {
  key: settingsQueries.revisions(),
  list: (before, signal) => api.get(apiPaths.settingsRevisions, { before }, signal),
  get: (seq, signal) => api.get(apiPaths.settingsRevision(seq), undefined, signal),
  restore: (seq, _to, version) => api.post(apiPaths.settingsRevisionRestore(seq), undefined, { ifMatch: version }),
  drafts: false,
  noun: 'settings',
  fields: SETTINGS_FIELDS,
};

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
