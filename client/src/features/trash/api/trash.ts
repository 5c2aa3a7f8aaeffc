import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type ApiSchema } from '../../../lib/api';
import { invalidateSummaries } from '../../../lib/query-client';

/** What goes to the trash, named as the API names it. */
export type TrashKind = ApiSchema<'TrashKind'>;
export type TrashItem = ApiSchema<'TrashItem'>;

export const trashQueries = {
  all: () => ['trash'] as const,
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...trashQueries.all(), 'list', { page }] as const,
      queryFn: ({ signal }) => api.get(apiPaths.trash, { page }, signal),
      // The page on screen stays while the next one loads.
      placeholderData: (previous) => previous,
    }),
};

/** Deletes an item in the trash for good. */
export function usePurge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: TrashItem) => api.delete(apiPaths.trashItem(item.kind, item.id)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trashQueries.all() }), invalidateSummaries(queryClient)]),
  });
}

/**
 * Takes an item out of the trash. Like every mutation it invalidates its feature's queries, and
 * the summaries (the menu's unread and trash counts: a restored unread message counts again); the
 * item's own list is not on screen meanwhile, and refetches when it is shown (staleTime 0).
 */
export function useRestore(kind: TrashKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.trashRestore(kind, id)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trashQueries.all() }), invalidateSummaries(queryClient)]),
  });
}

/** What the bulk routes take: each item by its kind and id. */
function itemsOf(items: TrashItem[]) {
  return { items: items.map(({ kind, id }) => ({ kind, id })) };
}

/** Takes up to 100 items out of the trash at once, all or none; every query refills. */
export function useBulkRestore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: TrashItem[]) => api.post(apiPaths.trashBulkRestore, itemsOf(items)),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Deletes up to 100 items in the trash for good, all or none. */
export function useBulkPurge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: TrashItem[]) => api.post(apiPaths.trashBulkPurge, itemsOf(items)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: trashQueries.all() }), invalidateSummaries(queryClient)]),
  });
}
