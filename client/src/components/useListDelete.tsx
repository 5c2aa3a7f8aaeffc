import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, itemId, type Identified, type Paged } from '../lib/api';
import { Alert } from './Alert';
import { ListNotice } from './CardList';
import { ConfirmDialog } from './Dialog';

interface Options<T> {
  /** The query key of the page on screen, updated in place after a delete. */
  pageKey: QueryKey;
  /** Invalidated after a delete so every page refills from the server. */
  allKey: QueryKey;
  page: number;
  setPage: (page: number) => void;
  remove: (id: string) => Promise<unknown>;
  /** What the confirmation names, e.g. the title. */
  describe: (item: T) => string;
  /** The confirmation's title, e.g. "Delete service". */
  title: string;
  /** Takes a deleted item out of the trash again (Undo). */
  restore: (id: string) => Promise<unknown>;
}

/**
 * Delete with confirmation, as every list does it: deleting the last item of a page above 1 goes
 * to the previous page; otherwise the item leaves the list in place. The item goes to the trash,
 * and the notice under the list offers Undo; a failure is shown there too, not only logged.
 */
export function useListDelete<T extends Identified>({
  pageKey,
  allKey,
  page,
  setPage,
  remove,
  describe,
  title,
  restore: restoreItem,
}: Options<T>) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<{ id: string; name: string } | null>(null);
  const restore = useMutation({
    mutationFn: (id: string) => restoreItem(id),
    // The item is back in its list (and gone from the trash).
    onSettled: () => queryClient.invalidateQueries(),
  });

  const mutation = useMutation({
    mutationFn: (item: T) => remove(itemId(item)),
    onSuccess: async (_result, item) => {
      const id = itemId(item);
      const current = queryClient.getQueryData<Paged<T>>(pageKey);
      setPending(null);
      restore.reset();
      setDeleted({ id, name: describe(item) });
      if (page > 1 && current && current.data.length === 1) {
        setPage(page - 1);
      } else if (current) {
        queryClient.setQueryData<Paged<T>>(pageKey, { ...current, data: current.data.filter((row) => itemId(row) !== id) });
      }
      await queryClient.invalidateQueries({ queryKey: allKey });
    },
    onError: (failure) => {
      console.error('Delete failed', failure);
      setPending(null);
      setDeleted(null);
      setError(`Could not delete: ${errorMessage(failure, 'please try again.')}`);
      // The item may be gone already (deleted in another tab: 404); show the list as it now is.
      void queryClient.invalidateQueries({ queryKey: allKey });
    },
  });

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={title}
      message={pending ? `Delete “${describe(pending)}”? It moves to the trash.` : ''}
      busy={mutation.isPending}
      onConfirm={() => pending && mutation.mutate(pending)}
      onCancel={() => setPending(null)}
    />
  );

  const undo = () =>
    deleted &&
    restore.mutate(deleted.id, {
      onSuccess: () => setDeleted(null),
      onError: (failure) => console.error('Undo failed', failure),
    });

  const notice = error ? (
    <ListNotice error={error} onDismiss={() => setError(null)} />
  ) : deleted ? (
    <div className="list-notice">
      <Alert kind={restore.isError ? 'error' : 'info'} onDismiss={() => setDeleted(null)}>
        {restore.isError ? `Could not undo: ${errorMessage(restore.error, 'please try again.')} ` : `Deleted “${deleted.name}”. `}
        <button type="button" className="button button--small" onClick={undo} disabled={restore.isPending}>
          Undo
        </button>
      </Alert>
    </div>
  ) : null;

  return {
    /** Opens the confirmation for this item. */
    request: (item: T) => {
      setError(null);
      setPending(item);
    },
    dialog,
    /** Under the list: a failed delete, or the last delete with Undo. */
    notice,
  };
}
