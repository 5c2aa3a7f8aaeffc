import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../app/paths';
import { api, type Paged } from '../../../lib/api';

/** What goes to the trash, named as the API names it. */
export type TrashKind = 'services' | 'news' | 'contactus';

export interface TrashItem {
  kind: TrashKind;
  id: string;
  label: string;
  deletedAt: string;
  deletedBy: { id: string; name: string } | null;
}

export const trashQueries = {
  all: () => ['trash'] as const,
  list: ({ page }: { page: number }) =>
    queryOptions({
      queryKey: [...trashQueries.all(), 'list', { page }] as const,
      queryFn: ({ signal }) => api.get<Paged<TrashItem>>(apiPaths.trash, { page }, signal),
      // The page on screen stays while the next one loads.
      placeholderData: (previous) => previous,
    }),
};

/** Deletes an item in the trash for good. */
export function usePurge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: TrashItem) => api.delete<{ id: string }>(apiPaths.trashItem(item.kind, item.id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashQueries.all() }),
  });
}

/** Takes an item out of the trash; every query refills (the item is back in its list). */
export function useRestore(kind: TrashKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>(apiPaths.trashRestore(kind, id)),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
