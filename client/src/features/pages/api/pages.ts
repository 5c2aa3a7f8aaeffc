import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, paths } from '../../../app/paths';
import { api, ApiError, type ApiSchema } from '../../../lib/api';
import type { DiffField, Draft, DraftSource, HistorySource, Snapshot } from '../../../lib/revisions';
import type { TranslatedField } from '../../../components/TranslatorView';
import type { Translation, TranslationSource } from '../../../lib/translations';

/** One of the company's own pages (About us, a privacy policy…), as /api/pages answers it. */
export type Page = ApiSchema<'Page'>;
export type PageInput = ApiSchema<'CreatePageDto'>;

/** The body as the public page renders it (the form's Preview tab): the articles' renderer and rules. */
export function previewBody(body: string): Promise<ApiSchema<'PagePreview'>> {
  return api.post(apiPaths.pagesPreview, { body });
}

export const pagesQueries = {
  all: () => ['pages'] as const,
  lists: () => [...pagesQueries.all(), 'list'] as const,
  /**
   * A page of the list, or (with a title) the unpaged search result; `needsTranslation` ('any' or
   * a language's code): the pages that need translating.
   */
  list: ({ page, title = '', needsTranslation = '' }: { page: number; title?: string; needsTranslation?: string }) =>
    queryOptions({
      queryKey: [...pagesQueries.lists(), { page: title ? 1 : page, title, needsTranslation }] as const,
      queryFn: ({ signal }) =>
        api.get(apiPaths.pages, { ...(title ? { title } : { page }), ...(needsTranslation ? { needsTranslation } : {}) }, signal),
      // The list on screen stays while the next page or search result loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...pagesQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(apiPaths.page(id), undefined, signal),
    }),
  /** The page's working copy, or null when it has none (the API answers 404). */
  draft: (id: string) =>
    queryOptions({
      queryKey: [...pagesQueries.all(), 'draft', id] as const,
      queryFn: async ({ signal }): Promise<Draft | null> => {
        try {
          return await api.get(apiPaths.pageDraft(id), undefined, signal);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
  revisions: (id: string) => [...pagesQueries.all(), 'revisions', id] as const,
};

/** The fields a revision of a page holds, as the compare view shows them. */
export const PAGE_FIELDS: DiffField[] = [
  { name: 'title', label: 'Title', type: 'text' },
  { name: 'slug', label: 'Address', type: 'value' },
  { name: 'photo', label: 'Photo', type: 'photo' },
  { name: 'photoAlt', label: 'Alternative text for the photo', type: 'text' },
  { name: 'status', label: 'Status', type: 'value' },
  { name: 'publishAt', label: 'Publish at', type: 'value' },
  { name: 'description', label: 'Description', type: 'text' },
  { name: 'body', label: 'Body', type: 'text' },
];

/** A page's editable fields, as a revision or a working copy holds them. */
export function pageSnapshot(page: Page): Snapshot {
  const { title, slug, description, body, photo, photoAlt, status, publishAt } = page;
  return { title, slug, description, body, photo, photoAlt, status, publishAt };
}

/** One page's History, for the shared panel. */
export function pageHistory(id: string): HistorySource<Page> {
  return {
    key: pagesQueries.revisions(id),
    list: (before, signal) => api.get(apiPaths.pageRevisions(id), { before }, signal),
    get: (seq, signal) => api.get(apiPaths.pageRevision(id, seq), undefined, signal),
    update: (seq, changes) => api.patch(apiPaths.pageRevision(id, seq), changes),
    restore: (seq, to, version) => api.post(apiPaths.pageRevisionRestore(id, seq), { to: to ?? 'draft' }, { ifMatch: version }),
    drafts: true,
    noun: 'page',
    fields: PAGE_FIELDS,
  };
}

/** One page's working copy: autosave, Save draft, Publish changes, Discard. */
export function pageDraft(id: string): DraftSource {
  return {
    put: (snapshot, { checkpoint, ifMatch, keepalive }) =>
      api.put(apiPaths.pageDraft(id), { ...snapshot, ...(checkpoint ? { checkpoint } : {}) }, { ifMatch, keepalive }),
    remove: () => api.delete(apiPaths.pageDraft(id)),
    publish: (version) => api.post(apiPaths.pageDraftPublish(id), undefined, { ifMatch: version }),
  };
}

function useStorePage() {
  const queryClient = useQueryClient();
  // The menus and the settings name pages by id and flag unpublished ones: they read the list again too.
  return () => queryClient.invalidateQueries({ queryKey: pagesQueries.all() });
}

export function useCreatePage() {
  const store = useStorePage();
  return useMutation({
    mutationFn: (input: PageInput) => api.post(apiPaths.pages, input),
    onSuccess: store,
  });
}

export function useUpdatePage() {
  const store = useStorePage();
  return useMutation({
    mutationFn: ({ id, input, ifMatch }: { id: string; input: PageInput; ifMatch?: number }) =>
      api.patch(apiPaths.page(id), input, { ifMatch }),
    onSuccess: store,
  });
}

/** An author's page (or its draft) goes to the editors: "Submitted for review" (POST /api/pages/:id/submit). */
export function submitPage(id: string): Promise<Page> {
  return api.post(apiPaths.pageSubmit(id));
}

/** An editor sends a submitted page back to its author with a note (POST /api/pages/:id/return). */
export function useSendBackPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => api.post(apiPaths.pageReturn(id), { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagesQueries.all() }),
  });
}

export function deletePage(id: string) {
  return api.delete(apiPaths.page(id));
}

/** Takes a deleted page out of the trash (the Undo after a delete). */
export function restorePage(id: string) {
  return api.post(apiPaths.trashRestore('pages', id));
}

/** Moves up to 100 to the trash at once, all or none; answers the ids moved. */
export function deletePagesBatch(ids: string[]) {
  return api.post(apiPaths.pagesBulkDelete, { ids });
}

/** Takes a batch out of the trash again (the one Undo after a bulk delete). */
export function restorePagesBatch(ids: string[]) {
  return api.post(apiPaths.trashBulkRestore, { items: ids.map((id) => ({ kind: 'pages' as const, id })) });
}

/** One page's translations, for the translator's view (issue #41). */
export function pageTranslations(id: string): TranslationSource {
  return {
    queryKey: [...pagesQueries.all(), 'translations', id],
    list: (signal) => api.get(apiPaths.pageTranslations(id), undefined, signal) as Promise<Translation[]>,
    save: (lang, input, ifMatch) =>
      api.put(apiPaths.pageTranslation(id, lang), input as ApiSchema<'PageTranslationInput'>, { ifMatch }) as Promise<Translation>,
    remove: (lang) => api.delete(apiPaths.pageTranslation(id, lang)),
    history: (lang, signal) => api.get(apiPaths.pageTranslationRevisions(id, lang), undefined, signal),
    draft: (lang, signal) => api.get(apiPaths.pageTranslationDraft(id, lang), undefined, signal),
    saveDraft: (lang, input, ifMatch) =>
      api.put(apiPaths.pageTranslationDraft(id, lang), input as ApiSchema<'PageTranslationInput'>, { ifMatch }),
    discardDraft: (lang) => api.delete(apiPaths.pageTranslationDraft(id, lang)),
    publishDraft: (lang, ifMatch) =>
      api.post(apiPaths.pageTranslationDraftPublish(id, lang), undefined, { ifMatch }) as Promise<Translation>,
    sitePath: (lang, translation) => paths.sitePageIn(lang, String(translation.slug)),
  };
}

/** The fields a translation of a page has, as the translator's view shows them (the page form's order). */
export const PAGE_TRANSLATED_FIELDS: TranslatedField[] = [
  { name: 'title', label: 'Title', hint: 'Up to 200 characters.', type: 'text' },
  {
    name: 'slug',
    label: 'Address (left blank: made from the title)',
    hint: 'Lower-case letters a–z, digits and single hyphens between words; up to 80 characters.',
    type: 'address',
  },
  { name: 'body', label: 'Body', hint: 'Markdown, up to 20,000 characters.', type: 'markdown' },
  {
    name: 'description',
    label: 'Description',
    hint: 'For search engines and social cards: one or two sentences, up to 1,000 characters.',
    type: 'textarea',
  },
  {
    name: 'photoAlt',
    label: 'Alternative text for the photo',
    hint: 'What the photo shows, for people who cannot see it. Up to 200 characters.',
    maxLength: 200,
    type: 'text',
  },
];
