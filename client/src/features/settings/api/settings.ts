import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, uploadFile, type ApiSchema } from '../../../lib/api';
import type { MenuName, NavItem, NavTarget, PageChoice } from '../navigation';
import type { DiffField, HistorySource } from '../../../lib/revisions';

/** The site's settings, as GET and PATCH /api/settings answer them. */
export type SiteSettings = ApiSchema<'SiteSettings'>;
export type SettingsInput = Required<ApiSchema<'UpdateSettingsDto'>>;

/** The header and footer menus as the editor holds them (GET and PUT /api/settings/navigation). */
export type Navigation = Record<MenuName, NavItem[]>;

type ApiNavigationItem = ApiSchema<'NavigationItem'>;

/** An item as the API answers it, as the editor holds it: its id, label and target (the API's page state is the editor's to judge). */
function navItemOf({ id, label, target }: ApiNavigationItem): NavItem {
  const to: NavTarget =
    target.kind === 'page'
      ? { kind: 'page', id: target.id ?? '' }
      : target.kind === 'url'
        ? { kind: 'url', url: target.url ?? '' }
        : { kind: target.kind };
  return { id, label, target: to };
}

function navigationOf(reply: ApiSchema<'Navigation'>): Navigation {
  return { header: reply.header.map(navItemOf), footer: reply.footer.map(navItemOf) };
}

/** GET and PUT /api/settings/languages: the default first, each saying whether its fixed words fall back to English. */
export type SiteLanguages = ApiSchema<'SiteLanguages'>;
export type SiteLanguagesInput = ApiSchema<'SiteLanguagesInput'>;
/** GET and PUT /api/settings/translations/:lang. */
export type SiteTranslation = ApiSchema<'SiteTranslation'>;
export type SiteTranslationInput = ApiSchema<'SiteTranslationInput'>;

/** How many list pages of pages the choosers (the menus, the privacy policy) read at most: a company site has a few. */
const PAGE_CHOICES_LIMIT = 20;

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
      // While mail waits to go out, or the mail server just set is still being checked, the status follows it.
      refetchInterval: ({ state: { data } }) =>
        (data?.due ?? 0) > 0 || (data?.enabled === true && data.connection === null) ? 3000 : false,
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
  navigation: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'navigation'] as const,
      queryFn: async ({ signal }): Promise<Navigation> => navigationOf(await api.get(apiPaths.settingsNavigation, undefined, signal)),
    }),
  languages: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'languages'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.settingsLanguages, undefined, signal),
    }),
  translation: (lang: string) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'translations', lang] as const,
      queryFn: ({ signal }) => api.get(apiPaths.settingsTranslation(lang), undefined, signal),
    }),
  /**
   * Every page, by title: what the menus and the privacy policy choose from, and whether each is
   * live. Under the pages' own key (`['pages', …]`), so a page saved or deleted reads it again.
   */
  pageChoices: () =>
    queryOptions({
      queryKey: ['pages', 'choices'] as const,
      queryFn: async ({ signal }): Promise<PageChoice[]> => {
        const pages: PageChoice[] = [];
        for (let page = 1; page <= PAGE_CHOICES_LIMIT; page += 1) {
          const reply = await api.get(apiPaths.pages, { page }, signal);
          pages.push(...reply.data.map(({ id, title, status, publishAt }) => ({ id, title, status, publishAt })));
          if (reply.links.nextPage === null) break;
        }
        return pages.sort((a, b) => a.title.localeCompare(b.title));
      },
    }),
};

/** Saves both menus at once; the reply, the menus as saved, becomes the cached copy. */
export function useUpdateNavigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (navigation: Navigation): Promise<Navigation> => navigationOf(await api.put(apiPaths.settingsNavigation, navigation)),
    onSuccess: (navigation) => {
      queryClient.setQueryData(settingsQueries.navigation().queryKey, navigation);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}

/** Saves the site's languages; the reply, the languages as saved, becomes the cached copy. */
export function useSaveLanguages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteLanguagesInput) => api.put(apiPaths.settingsLanguages, input),
    onSuccess: (languages) => {
      queryClient.setQueryData(settingsQueries.languages().queryKey, languages);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}

/** Saves the company's name, tagline and menu labels in one language; the reply becomes the cached copy. */
export function useSaveTranslation(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteTranslationInput) => api.put(apiPaths.settingsTranslation(lang), input),
    onSuccess: (translation) => {
      queryClient.setQueryData(settingsQueries.translation(lang).queryKey, translation);
      return queryClient.invalidateQueries({ queryKey: settingsQueries.all() });
    },
  });
}

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
  update: (seq, changes) => api.patch(apiPaths.settingsRevision(seq), changes),
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
