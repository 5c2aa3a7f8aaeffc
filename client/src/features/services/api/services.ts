import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, paths } from '../../../app/paths';
import { api, ApiError, type ApiSchema } from '../../../lib/api';
import type { DiffField, Draft, DraftSource, HistorySource } from '../../../lib/revisions';
import type { TranslatedField } from '../../../components/TranslatorView';
import type { Translation, TranslationSource } from '../../../lib/translations';

export type Service = ApiSchema<'Service'>;
export type ServiceInput = ApiSchema<'CreateServiceDto'>;

export const serviceQueries = {
  all: () => ['services'] as const,
  lists: () => [...serviceQueries.all(), 'list'] as const,
  /** A page of the list; `needsTranslation` ('any' or a language's code): those that need translating. */
  list: ({ page, needsTranslation = '' }: { page: number; needsTranslation?: string }) =>
    queryOptions({
      queryKey: [...serviceQueries.lists(), { page, needsTranslation }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.services, needsTranslation ? { page, needsTranslation } : { page }, signal),
      // The list on screen stays while the next page loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(apiPaths.service(id), undefined, signal),
    }),
  /** The service's working copy, or null when it has none (the API answers 404). */
  draft: (id: string) =>
    queryOptions({
      queryKey: [...serviceQueries.all(), 'draft', id] as const,
      queryFn: async ({ signal }): Promise<Draft | null> => {
        try {
          return await api.get(apiPaths.serviceDraft(id), undefined, signal);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
  revisions: (id: string) => [...serviceQueries.all(), 'revisions', id] as const,
};

/** A service's translations (issue #41), for the translator's view. */
export function serviceTranslations(id: string): TranslationSource {
  return {
    queryKey: [...serviceQueries.all(), 'translations', id],
    list: (signal) => api.get(apiPaths.serviceTranslations(id), undefined, signal) as Promise<Translation[]>,
    save: (lang, input, ifMatch) =>
      api.put(apiPaths.serviceTranslation(id, lang), input as ApiSchema<'ServiceTranslationInput'>, { ifMatch }) as Promise<Translation>,
    remove: (lang) => api.delete(apiPaths.serviceTranslation(id, lang)),
    history: (lang, signal) => api.get(apiPaths.serviceTranslationRevisions(id, lang), undefined, signal),
    draft: (lang, signal) => api.get(apiPaths.serviceTranslationDraft(id, lang), undefined, signal),
    saveDraft: (lang, input, ifMatch) =>
      api.put(apiPaths.serviceTranslationDraft(id, lang), input as ApiSchema<'ServiceTranslationInput'>, { ifMatch }),
    discardDraft: (lang) => api.delete(apiPaths.serviceTranslationDraft(id, lang)),
    publishDraft: (lang, ifMatch) =>
      api.post(apiPaths.serviceTranslationDraftPublish(id, lang), undefined, { ifMatch }) as Promise<Translation>,
    sitePath: (lang) => paths.siteServicesIn(lang),
  };
}

/** The fields a translation of a service has, as the translator's view shows them. */
export const SERVICE_TRANSLATED_FIELDS: TranslatedField[] = [
  { name: 'title', label: 'Title', hint: 'Up to 200 characters.', type: 'text' },
  { name: 'about', label: 'About', hint: 'Up to 5,000 characters.', type: 'textarea' },
];

/** The fields a revision of a service holds, as the compare view shows them. */
export const SERVICE_FIELDS: DiffField[] = [
  { name: 'title', label: 'Title', type: 'text' },
  { name: 'about', label: 'About', type: 'text' },
];

/** One service's History, for the shared panel. */
export function serviceHistory(id: string): HistorySource<Service> {
  return {
    key: serviceQueries.revisions(id),
    list: (before, signal) => api.get(apiPaths.serviceRevisions(id), { before }, signal),
    get: (seq, signal) => api.get(apiPaths.serviceRevision(id, seq), undefined, signal),
    update: (seq, changes) => api.patch(apiPaths.serviceRevision(id, seq), changes),
    restore: (seq, to, version) => api.post(apiPaths.serviceRevisionRestore(id, seq), { to: to ?? 'draft' }, { ifMatch: version }),
    drafts: true,
    noun: 'service',
    fields: SERVICE_FIELDS,
  };
}

/** One service's working copy: autosave, Save draft, Publish changes, Discard. */
export function serviceDraft(id: string): DraftSource {
  return {
    put: (snapshot, { checkpoint, ifMatch, keepalive }) =>
      api.put(apiPaths.serviceDraft(id), { ...snapshot, ...(checkpoint ? { checkpoint } : {}) }, { ifMatch, keepalive }),
    remove: () => api.delete(apiPaths.serviceDraft(id)),
    publish: (version) => api.post(apiPaths.serviceDraftPublish(id), undefined, { ifMatch: version }),
  };
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceInput) => api.post(apiPaths.services, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceQueries.all() }),
  });
}

export function useUpdateService(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, ifMatch }: { input: ServiceInput; ifMatch?: number }) => api.patch(apiPaths.service(id), input, { ifMatch }),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceQueries.detail(id).queryKey, service);
      return queryClient.invalidateQueries({ queryKey: serviceQueries.all() });
    },
  });
}

export function deleteService(id: string) {
  return api.delete(apiPaths.service(id));
}

/** Takes a deleted service out of the trash (the Undo after a delete). */
export function restoreService(id: string) {
  return api.post(apiPaths.trashRestore('services', id));
}

/** Moves up to 100 to the trash at once, all or none; answers the ids moved. */
export function deleteServices(ids: string[]) {
  return api.post(apiPaths.servicesBulkDelete, { ids });
}

/** Takes a batch out of the trash again (the one Undo after a bulk delete). */
export function restoreServices(ids: string[]) {
  return api.post(apiPaths.trashBulkRestore, { items: ids.map((id) => ({ kind: 'services' as const, id })) });
}
