import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, paths } from '../../../app/paths';
import { api, ApiError, type ApiSchema } from '../../../lib/api';
import type { DiffField, Draft, DraftSource, HistorySource, Snapshot } from '../../../lib/revisions';
import type { TranslatedField } from '../../../components/TranslatorView';
import type { Translation, TranslationSource } from '../../../lib/translations';
import { lastDays } from '../../../lib/visitor-range';

export type News = ApiSchema<'News'>;
/** One article with its About text rendered (GET /api/news/:id). */
export type NewsDetail = ApiSchema<'NewsDetail'>;
export type NewsInput = ApiSchema<'CreateNewsDto'>;

/** The About text as the public page renders it (the form's Preview tab). */
export function previewAbout(about: string): Promise<ApiSchema<'NewsPreview'>> {
  return api.post(apiPaths.newsPreview, { about });
}

export const newsQueries = {
  all: () => ['news'] as const,
  lists: () => [...newsQueries.all(), 'list'] as const,
  /**
   * A page of the list, or (with a title) the unpaged search result; `needsTranslation` ('any' or
   * a language's code): the articles that need translating.
   */
  list: ({ page, title = '', needsTranslation = '' }: { page: number; title?: string; needsTranslation?: string }) =>
    queryOptions({
      queryKey: [...newsQueries.lists(), { page: title ? 1 : page, title, needsTranslation }] as const,
      queryFn: ({ signal }) =>
        api.get(apiPaths.news, { ...(title ? { title } : { page }), ...(needsTranslation ? { needsTranslation } : {}) }, signal),
      // The list on screen stays while the next page or search result loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...newsQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(apiPaths.newsItem(id), undefined, signal),
    }),
  /** The visitors and pageviews of the article's public page over the last 30 days (none: zero). */
  visitors: (slug: string) => {
    const { from, to } = lastDays(30);
    const path = paths.siteArticle(slug);
    return queryOptions({
      queryKey: [...newsQueries.all(), 'visitors', slug, { from, to }] as const,
      queryFn: async ({ signal }) => {
        const { data } = await api.get(apiPaths.analyticsReport('pages'), { from, to, path }, signal);
        return data.find((row) => row.value === path) ?? { value: path, visitors: 0, pageviews: 0 };
      },
    });
  },
  /** The article's working copy, or null when it has none (the API answers 404). */
  draft: (id: string) =>
    queryOptions({
      queryKey: [...newsQueries.all(), 'draft', id] as const,
      queryFn: async ({ signal }): Promise<Draft | null> => {
        try {
          return await api.get(apiPaths.newsDraft(id), undefined, signal);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
  revisions: (id: string) => [...newsQueries.all(), 'revisions', id] as const,
};

/** An article's translations (issue #41), for the translator's view. */
export function newsTranslations(id: string): TranslationSource {
  return {
    queryKey: [...newsQueries.all(), 'translations', id],
    list: (signal) => api.get(apiPaths.newsTranslations(id), undefined, signal) as Promise<Translation[]>,
    save: (lang, input, ifMatch) =>
      api.put(apiPaths.newsTranslation(id, lang), input as ApiSchema<'NewsTranslationInput'>, { ifMatch }) as Promise<Translation>,
    remove: (lang) => api.delete(apiPaths.newsTranslation(id, lang)),
    history: (lang, signal) => api.get(apiPaths.newsTranslationRevisions(id, lang), undefined, signal),
    draft: (lang, signal) => api.get(apiPaths.newsTranslationDraft(id, lang), undefined, signal),
    saveDraft: (lang, input, ifMatch) =>
      api.put(apiPaths.newsTranslationDraft(id, lang), input as ApiSchema<'NewsTranslationInput'>, { ifMatch }),
    discardDraft: (lang) => api.delete(apiPaths.newsTranslationDraft(id, lang)),
    publishDraft: (lang, ifMatch) =>
      api.post(apiPaths.newsTranslationDraftPublish(id, lang), undefined, { ifMatch }) as Promise<Translation>,
    sitePath: (lang, translation) => paths.siteArticleIn(lang, String(translation.slug)),
  };
}

/** The fields a translation of an article has, as the translator's view shows them (the news form's order). */
export const NEWS_TRANSLATED_FIELDS: TranslatedField[] = [
  {
    name: 'photoAlt',
    label: 'Alternative text for the photo',
    hint: 'What the photo shows, for people who cannot see it. Up to 200 characters.',
    maxLength: 200,
    type: 'text',
  },
  { name: 'title', label: 'Title', hint: 'Up to 200 characters.', type: 'text' },
  {
    name: 'slug',
    label: 'Web address (left blank: made for you)',
    hint: 'Lower-case letters a–z, digits and single hyphens between words; up to 80 characters.',
    type: 'address',
  },
  { name: 'description', label: 'Description', hint: 'Up to 1,000 characters.', type: 'textarea' },
  { name: 'about', label: 'About', hint: 'Markdown, up to 20,000 characters.', type: 'markdown' },
];

/** The fields a revision of an article holds, as the compare view shows them. */
export const NEWS_FIELDS: DiffField[] = [
  { name: 'title', label: 'Title', type: 'text' },
  { name: 'slug', label: 'Web address', type: 'value' },
  { name: 'photo', label: 'Photo', type: 'photo' },
  { name: 'photoAlt', label: 'Alternative text for the photo', type: 'text' },
  { name: 'status', label: 'Status', type: 'value' },
  { name: 'publishAt', label: 'Publish at', type: 'value' },
  { name: 'description', label: 'Description', type: 'text' },
  { name: 'about', label: 'About', type: 'text' },
];

/** An article's editable fields, as a revision or a working copy holds them. */
export function newsSnapshot(article: News): Snapshot {
  const { title, slug, description, about, photo, photoAlt, status, publishAt } = article;
  return { title, slug, description, about, photo, photoAlt, status, publishAt };
}

/** One article's History, for the shared panel. */
export function newsHistory(id: string): HistorySource<News> {
  return {
    key: newsQueries.revisions(id),
    list: (before, signal) => api.get(apiPaths.newsRevisions(id), { before }, signal),
    get: (seq, signal) => api.get(apiPaths.newsRevision(id, seq), undefined, signal),
    update: (seq, changes) => api.patch(apiPaths.newsRevision(id, seq), changes),
    restore: (seq, to, version) => api.post(apiPaths.newsRevisionRestore(id, seq), { to: to ?? 'draft' }, { ifMatch: version }),
    drafts: true,
    noun: 'article',
    fields: NEWS_FIELDS,
  };
}

/** One article's working copy: autosave, Save draft, Publish changes, Discard. */
export function newsDraft(id: string): DraftSource {
  return {
    put: (snapshot, { checkpoint, ifMatch, keepalive }) =>
      api.put(apiPaths.newsDraft(id), { ...snapshot, ...(checkpoint ? { checkpoint } : {}) }, { ifMatch, keepalive }),
    remove: () => api.delete(apiPaths.newsDraft(id)),
    publish: (version) => api.post(apiPaths.newsDraftPublish(id), undefined, { ifMatch: version }),
  };
}

// The photo pipeline is shared with pages (lib/photos.ts); the news screens name it from here.
export { photoLimitsQuery, photoUrl, storePhoto, type PhotoLimits } from '../../../lib/photos';

function useStoreArticle() {
  const queryClient = useQueryClient();
  return async (_saved: News) => {
    // The detail carries the rendered About, which a save's reply does not: it is fetched again.
    await queryClient.invalidateQueries({ queryKey: newsQueries.all() });
  };
}

export function useCreateNews() {
  const store = useStoreArticle();
  return useMutation({
    mutationFn: (input: NewsInput) => api.post(apiPaths.news, input),
    onSuccess: store,
  });
}

export function useUpdateNews() {
  const store = useStoreArticle();
  return useMutation({
    mutationFn: ({ id, input, ifMatch }: { id: string; input: NewsInput; ifMatch?: number }) =>
      api.patch(apiPaths.newsItem(id), input, { ifMatch }),
    onSuccess: store,
  });
}

/** An author's article (or its draft) goes to the editors: "Submitted for review" (POST /api/news/:id/submit). */
export function submitNews(id: string): Promise<News> {
  return api.post(apiPaths.newsSubmit(id));
}

/** An editor sends a submitted article back to its author with a note (POST /api/news/:id/return). */
export function useSendBackNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => api.post(apiPaths.newsReturn(id), { note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueries.all() }),
  });
}

export function deleteNews(id: string) {
  return api.delete(apiPaths.newsItem(id));
}

/** Takes a deleted news out of the trash (the Undo after a delete). */
export function restoreNews(id: string) {
  return api.post(apiPaths.trashRestore('news', id));
}

/** Moves up to 100 to the trash at once, all or none; answers the ids moved. */
export function deleteNewsBatch(ids: string[]) {
  return api.post(apiPaths.newsBulkDelete, { ids });
}

/** Takes a batch out of the trash again (the one Undo after a bulk delete). */
export function restoreNewsBatch(ids: string[]) {
  return api.post(apiPaths.trashBulkRestore, { items: ids.map((id) => ({ kind: 'news' as const, id })) });
}
