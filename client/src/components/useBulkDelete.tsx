import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { invalidateSummaries } from '../lib/query-client';
import { useNotify } from './Toaster';
import type { Selection } from './useSelection';

interface Options {
  /** Invalidated after the delete so every page refills from the server. */
  allKey: QueryKey;
  page: number;
  setPage: (page: number) => void;
  /** How many rows the page on screen holds (a page emptied above page 1 goes back one). */
  pageLength: number;
  /** The bulk route: moves the ids to the trash, all or none, answering what it moved. */
  remove: (ids: string[]) => Promise<{ ids: string[] }>;
  /** The trash's bulk restore of those ids: the message's one Undo for the whole batch. */
  restore: (ids: string[]) => Promise<unknown>;
  /** "3 services deleted" */
  deleted: (count: number) => string;
  /** "3 services restored" */
  restored: (count: number) => string;
}

/**
 * Delete of the ticked rows, as every list does it: no question first (everything goes to the
 * trash, and the message offers one Undo for the batch, as a single delete's does); a failure is
 * shown with Retry, and nothing was deleted (the server takes all or none).
 */
export function useBulkDelete(selection: Selection, { allKey, page, setPage, pageLength, remove, restore, deleted, restored }: Options) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const undo = useMutation({
    mutationFn: (ids: string[]) => restore(ids),
    onSuccess: (_result, ids) => notify({ message: restored(ids.length) }),
    onError: (failure) => {
      console.error('Undo failed', failure);
      setError(`Could not undo: ${errorMessage(failure, 'please try again.')}`);
    },
    // The items are back in their list and gone from the trash.
    onSettled: () => queryClient.invalidateQueries(),
  });

  const mutation = useMutation({
    mutationFn: (ids: string[]) => remove(ids),
    onSuccess: async ({ ids }) => {
      setFailed(false);
      selection.clear();
      notify({ message: deleted(ids.length), action: { label: 'Undo', onClick: () => undo.mutate(ids) } });
      if (page > 1 && ids.length >= pageLength) setPage(page - 1);
      await Promise.all([queryClient.invalidateQueries({ queryKey: allKey }), invalidateSummaries(queryClient)]);
    },
    onError: (failure) => {
      console.error('Bulk delete failed', failure);
      setFailed(true);
      setError(`Could not delete: ${errorMessage(failure, 'please try again.')} Nothing was deleted.`);
      // Some may be gone already (deleted in another tab: 404); show the list as it now is.
      void queryClient.invalidateQueries({ queryKey: allKey });
    },
  });

  const run = () => {
    setError(null);
    mutation.mutate(selection.ids);
  };

  return {
    /** Deletes the ticked rows. */
    run,
    busy: mutation.isPending,
    error,
    clearError: () => {
      setError(null);
      setFailed(false);
    },
    /** Tries again with the rows still ticked (the list refilled: rows deleted meanwhile have dropped out). */
    retry: failed && selection.count > 0 ? run : undefined,
  };
}
