import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema, type Paged } from '../../../lib/api';
import { invalidateSummaries } from '../../../lib/query-client';

export type ContactMessage = ApiSchema<'ContactMessage'>;
export type SiteLanguage = ApiSchema<'SiteLanguage'>;

export const contactQueries = {
  all: () => ['contact-us'] as const,
  list: ({ page, name = '', unread = false }: { page: number; name?: string; unread?: boolean }) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'list', { page, name, unread }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.contactUs, { page, name, unread: unread ? 'true' : undefined }, signal),
      // While a new search or page loads, the table keeps showing the previous one.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get(apiPaths.contactUsItem(id), undefined, signal),
    }),
  /** The site's languages (Settings → Languages, issue #41), under the settings' key: a change there refreshes them. */
  languages: () =>
    queryOptions({
      queryKey: ['settings', 'languages'] as const,
      queryFn: ({ signal }) => api.get(apiPaths.settingsLanguages, undefined, signal),
      select: (reply): SiteLanguage[] => reply.languages,
      staleTime: 60_000,
    }),
};

/**
 * The delete mutation's function. The list screen runs it through useListDelete, which asks for
 * confirmation and invalidates `contactQueries.all()` afterwards.
 */
export function deleteContactMessage(id: string) {
  return api.delete(apiPaths.contactUsItem(id));
}

/** The CSV export of the messages a search shows (all of them without one). */
export function contactExportUrl(name: string): string {
  return api.url(apiPaths.contactUsExport, { name });
}

/** Takes a deleted message out of the trash (the Undo after a delete). */
export function restoreContactMessage(id: string) {
  return api.post(apiPaths.trashRestore('contactus', id));
}

/** Moves up to 100 to the trash at once, all or none; answers the ids moved. */
export function deleteContactMessages(ids: string[]) {
  return api.post(apiPaths.contactUsBulkDelete, { ids });
}

/** Takes a batch out of the trash again (the one Undo after a bulk delete). */
export function restoreContactMessages(ids: string[]) {
  return api.post(apiPaths.trashBulkRestore, { items: ids.map((id) => ({ kind: 'contactus' as const, id })) });
}

/**
 * Puts a message's new read state wherever the cache holds it (its detail, the rows of every list
 * page), so the row's bold goes or comes back at once, then refills the lists and the summaries
 * (the menu's count, the dashboard) from the server. A list read still on its way was read before
 * this change: it is cancelled first, so it cannot bring the old state back.
 */
async function settleReadState(queryClient: QueryClient, message: ContactMessage): Promise<unknown> {
  const lists = { queryKey: [...contactQueries.all(), 'list'] };
  await queryClient.cancelQueries(lists);
  queryClient.setQueryData(contactQueries.detail(message.id).queryKey, message);
  queryClient.setQueriesData<Paged<ContactMessage>>(lists, (page) =>
    page ? { ...page, data: page.data.map((row) => (row.id === message.id ? { ...row, readAt: message.readAt } : row)) } : page,
  );
  return Promise.all([queryClient.invalidateQueries(lists), invalidateSummaries(queryClient)]);
}

/** Marks a message read, for everyone (opening it does this). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(apiPaths.contactUsRead(id)),
    onSuccess: (message) => settleReadState(queryClient, message),
  });
}

/** "Mark as unread": the message shows as new again, for everyone. */
export function useMarkUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(apiPaths.contactUsUnread(id)),
    onSuccess: (message) => settleReadState(queryClient, message),
  });
}

/**
 * Marks the ticked messages read (`read` true) or unread, for everyone, all or none. Their rows
 * change at once in every cached list page, then the lists, details and summaries refill.
 */
export function useBulkReadState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, read }: { ids: string[]; read: boolean }) => api.post(apiPaths.contactUsBulkRead, { ids, read }),
    onSuccess: async ({ ids }, { read }) => {
      const lists = { queryKey: [...contactQueries.all(), 'list'] };
      await queryClient.cancelQueries(lists);
      const changed = new Set(ids);
      const now = new Date().toISOString();
      queryClient.setQueriesData<Paged<ContactMessage>>(lists, (page) =>
        page
          ? {
              ...page,
              data: page.data.map((row) => (changed.has(row.id) ? { ...row, readAt: read ? (row.readAt ?? now) : null } : row)),
            }
          : page,
      );
      return Promise.all([queryClient.invalidateQueries({ queryKey: contactQueries.all() }), invalidateSummaries(queryClient)]);
    },
  });
}
