import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type Paged } from '../../../lib/api';

export interface ContactMessage {
  id: string;
  name: string;
  /** Empty when the visitor left no phone number. */
  phno: string;
  email: string;
  msg: string;
  createdAt: string;
}

export const contactQueries = {
  all: () => ['contact-us'] as const,
  list: ({ page, name = '' }: { page: number; name?: string }) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'list', { page, name }] as const,
      queryFn: ({ signal }) => api.get<Paged<ContactMessage>>(apiPaths.contactUs, { page, name }, signal),
      // While a new search or page loads, the table keeps showing the previous one.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...contactQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => api.get<ContactMessage>(apiPaths.contactUsItem(id), undefined, signal),
    }),
};

/**
 * The delete mutation's function. The list screen runs it through useListDelete, which asks for
 * confirmation and invalidates `contactQueries.all()` afterwards.
 */
export function deleteContactMessage(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(apiPaths.contactUsItem(id));
}

/** The CSV export of the messages a search shows (all of them without one). */
export function contactExportUrl(name: string): string {
  return api.url(apiPaths.contactUsExport, { name });
}

/** Takes a deleted message out of the trash (the Undo after a delete). */
export function restoreContactMessage(id: string) {
  return api.post<unknown>(apiPaths.trashRestore('contactus', id));
}
