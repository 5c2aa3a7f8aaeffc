import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, itemId, type Identified, type Paged } from '../lib/api';
import { invalidateSummaries } from '../lib/query-client';
import { ConfirmDialog } from './Dialog';
import { useNotify } from './Toaster';

interface Options<T> {
  /** The query key of the page on screen, updated in place after a delete. */
  pageKey: QueryKey;
  /** The feature's `<feature>Queries.all()`: invalidated after a delete or an Undo, so every page refills. */
  allKey: QueryKey;
  page: number;
  setPage: (page: number) => void;
  remove: (id: string) => Promise<unknown>;
  /** What the confirmation names, e.g. the title. */
  describe: (item: T) => string;
  /** The confirmation's title, e.g. "Delete service". */
  title: string;
  /** The message after a delete, e.g. "Service deleted". */
  deleted: string;
  /** Takes a deleted item out of the trash again: the message then offers Undo. */
  restore?: (id: string) => Promise<unknown>;
  /** The message after an Undo, e.g. "Service restored". */
  restored?: string;
  /** Runs after a successful delete (the Admins list ends the session of an admin who removed themselves). */
  onDeleted?: (item: T) => void;
  /** The confirmation's button, "Delete" unless given. */
  confirmLabel?: string;
}

/**
 * Delete with confirmation, as every list does it: deleting the last item of a page above 1 goes
 * to the previous page; otherwise the item leaves the list in place. The message that confirms it
 * offers Undo when the item went to the trash. A failure is shown, not only logged.
 */
export function useListDelete<T extends Identified>({
  pageKey,
  allKey,
  page,
  setPage,
  remove,
  describe,
  title,
  deleted,
  restore,
  restored = 'Restored',
  onDeleted,
  confirmLabel,
}: Options<T>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The item whose delete failed, for Retry.
  const [failed, setFailed] = useState<T | null>(null);
  const undo = useMutation({
    mutationFn: (id: string) => restore!(id),
    onSuccess: () => notify({ message: restored }),
    onError: (failure) => {
      console.error('Undo failed', failure);
      setError(`Could not undo: ${errorMessage(failure, 'please try again.')}`);
    },
    // The item is back in its list; the trash, not on screen, refetches when it is shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: allKey }),
  });

  const mutation = useMutation({
    mutationFn: (item: T) => remove(itemId(item)),
    onSuccess: async (_result, item) => {
      const id = itemId(item);
      const current = queryClient.getQueryData<Paged<T>>(pageKey);
      setPending(null);
      setFailed(null);
      notify({ message: deleted, action: restore ? { label: 'Undo', onClick: () => undo.mutate(id) } : undefined });
      onDeleted?.(item);
      if (page > 1 && current && current.data.length === 1) {
        setPage(page - 1);
      } else if (current) {
        queryClient.setQueryData<Paged<T>>(pageKey, { ...current, data: current.data.filter((row) => itemId(row) !== id) });
      }
      // The counts (the menu's unread messages, the dashboard) change too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: allKey }), invalidateSummaries(queryClient)]);
    },
    onError: (failure, item) => {
      console.error('Delete failed', failure);
      setPending(null);
      setFailed(item);
      setError(`Could not delete: ${errorMessage(failure, 'please try again.')}`);
      // The item may be gone already (deleted in another tab: 404); show the list as it now is.
      void queryClient.invalidateQueries({ queryKey: allKey });
    },
  });

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={title}
      message={
        pending
          ? `${confirmLabel ?? 'Delete'} “${describe(pending)}”? ${restore ? 'It moves to the trash.' : 'This cannot be undone.'}`
          : ''
      }
      busy={mutation.isPending}
      confirmLabel={confirmLabel}
      onConfirm={() => pending && mutation.mutate(pending)}
      onCancel={() => setPending(null)}
    />
  );

  return {
    /** Opens the confirmation for this item. */
    request: (item: T) => {
      setError(null);
      setPending(item);
    },
    dialog,
    error,
    clearError: () => {
      setError(null);
      setFailed(null);
    },
    /** Tries the failed delete again, without asking twice. */
    retry: failed
      ? () => {
          setError(null);
          mutation.mutate(failed);
        }
      : undefined,
    busy: mutation.isPending,
  };
}
