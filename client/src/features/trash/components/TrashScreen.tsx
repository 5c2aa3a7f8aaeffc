import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkBar } from '../../../components/BulkBar';
import { CardList } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/Dialog';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { Alert } from '../../../components/Alert';
import { useNotify } from '../../../components/Toaster';
import { useSelection } from '../../../components/useSelection';
import { errorMessage } from '../../../lib/api';
import { KIND_NAMES } from '../../../lib/content-kinds';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/search-params';
import { useCan } from '../../../lib/can';
import { useLoggedError } from '../../../lib/use-logged-error';
import { trashQueries, useBulkPurge, useBulkRestore, usePurge, useRestore, type TrashItem } from '../api/trash';
import './TrashScreen.css';

/** When an item deleted at `deletedAt` leaves the trash for good (the hourly purge takes it then or soon after). */
function purgeDate(deletedAt: string, days: number): string {
  return new Date(new Date(deletedAt).getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

function TrashCard({
  item,
  days,
  onPurge,
  onFailure,
}: {
  item: TrashItem;
  /** TRASH_DAYS, once the list has said it. */
  days: number | undefined;
  /** Delete forever, for a role that may empty the trash. */
  onPurge?: () => void;
  onFailure: (message: string) => void;
}) {
  const restore = useRestore(item.kind, item.id);
  const notify = useNotify();
  return (
    <>
      <p className="trash__kind">{KIND_NAMES[item.kind].one}</p>
      <h2 className="card__title">{item.label}</h2>
      <p className="card__meta">
        Deleted by {item.deletedBy?.name ?? 'a removed administrator'} on{' '}
        <time dateTime={item.deletedAt}>{formatDateTime(item.deletedAt)}</time>
      </p>
      {days !== undefined && (
        <p className="card__meta">
          Deleted for good after <time dateTime={purgeDate(item.deletedAt, days)}>{formatDateTime(purgeDate(item.deletedAt, days))}</time>
        </p>
      )}
      <div className="card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={restore.isPending}
          onClick={() =>
            // Awaited here, not in mutate's own callbacks: those never run once the card has left
            // the refreshed list (React Query drops an unmounted caller's callbacks), and the toast
            // is what says where the item went.
            void restore.mutateAsync().then(
              () => notify({ message: `${KIND_NAMES[item.kind].one} “${item.label}” restored` }),
              (failure: unknown) => {
                console.error('Restore failed', failure);
                onFailure(`Could not restore: ${errorMessage(failure, 'please try again.')}`);
              },
            )
          }
        >
          Restore<span className="visually-hidden"> {item.label}</span>
        </button>
        {onPurge && (
          <button type="button" className="button button--small button--danger-outline" onClick={onPurge}>
            Delete forever<span className="visually-hidden"> {item.label}</span>
          </button>
        )}
      </div>
    </>
  );
}

/** "1 item", "3 items". */
const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * Deleted services, news and messages of every kind, newest deleted first, with Restore and Delete
 * forever, one by one or for the ticked items at once.
 */
export function TrashScreen() {
  const [page, setPage] = usePageParam();
  const query = useQuery(trashQueries.list({ page }));
  // Emptying the trash (Delete forever) is an administrator's; an editor restores.
  const canPurge = useCan('trash.purge');
  const purge = usePurge();
  const [pending, setPending] = useState<TrashItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const rows = query.data?.data ?? [];
  const days = query.data?.trashDays;
  const selection = useSelection(rows.map((item) => item.id));
  const selected = rows.filter((item) => selection.isSelected(item.id));
  const bulkRestore = useBulkRestore();
  const bulkPurge = useBulkPurge();
  const [confirmingBulk, setConfirmingBulk] = useState(false);
  useLoggedError('Loading the trash failed', query.error);

  /** After a batch leaves the trash: the selection empties, and a page left empty steps back. */
  const afterBatch = (count: number) => {
    selection.clear();
    if (page > 1 && count >= rows.length) setPage(page - 1);
  };

  const restoreSelected = () => {
    setError(null);
    bulkRestore.mutate(selected, {
      onSuccess: ({ ids }) => {
        afterBatch(ids.length);
        notify({ message: `${items(ids.length)} restored` });
      },
      onError: (failure) => {
        console.error('Bulk restore failed', failure);
        setError(`Could not restore: ${errorMessage(failure, 'please try again.')} Nothing was restored.`);
      },
    });
  };

  const purgeSelected = () => {
    bulkPurge.mutate(selected, {
      onSuccess: ({ ids }) => {
        setConfirmingBulk(false);
        afterBatch(ids.length);
        notify({ message: `${items(ids.length)} deleted forever` });
      },
      onError: (failure) => {
        console.error('Bulk delete forever failed', failure);
        setConfirmingBulk(false);
        setError(`Could not delete: ${errorMessage(failure, 'please try again.')} Nothing was deleted.`);
      },
    });
  };

  const confirmPurge = () => {
    if (!pending) return;
    purge.mutate(pending, {
      onSuccess: (_reply, item) => {
        setPending(null);
        // The screen stays mounted (the card is gone): its own callbacks run, and say where the item went.
        notify({ message: `${KIND_NAMES[item.kind].one} “${item.label}” deleted forever` });
      },
      onError: (failure) => {
        console.error('Delete forever failed', failure);
        setPending(null);
        setError(`Could not delete: ${errorMessage(failure, 'please try again.')}`);
      },
    });
  };

  return (
    <section className="screen">
      <PageHeader title="Trash" />
      {/* TRASH_DAYS, as the list says it. */}
      {days !== undefined && <p className="trash__intro">Kept for {days === 1 ? '1 day' : `${days} days`}, then deleted for good.</p>}
      {rows.length > 0 && (
        <BulkBar selection={selection} label="Trash selection">
          <button type="button" className="button button--small" onClick={restoreSelected} disabled={bulkRestore.isPending}>
            {bulkRestore.isPending ? 'Restoring…' : 'Restore selected'}
          </button>
          {canPurge && (
            <button
              type="button"
              className="button button--small button--danger-outline"
              onClick={() => {
                setError(null);
                setConfirmingBulk(true);
              }}
            >
              Delete forever
            </button>
          )}
        </BulkBar>
      )}
      <CardList
        query={query}
        label="Deleted items"
        loadingLabel="Loading the trash"
        failure="Sorry, the trash could not be loaded."
        select={{ selection, name: (item) => item.label }}
      >
        {(item) => (
          <TrashCard
            item={item}
            days={days}
            onPurge={
              canPurge
                ? () => {
                    setError(null);
                    setPending(item);
                  }
                : undefined
            }
            onFailure={setError}
          />
        )}
      </CardList>
      {query.isSuccess && <Pagination links={query.data.links} label="Trash pages" />}
      {error && (
        <div className="list-notice">
          <Alert onDismiss={() => setError(null)}>{error}</Alert>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Delete forever"
        message={pending ? `Delete “${pending.label}” forever? This cannot be undone.` : ''}
        confirmLabel="Delete forever"
        busy={purge.isPending}
        onConfirm={confirmPurge}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={confirmingBulk}
        title="Delete forever"
        message={`Delete ${items(selected.length)} forever? This cannot be undone.`}
        confirmLabel={`Delete ${items(selected.length)} forever`}
        busy={bulkPurge.isPending}
        onConfirm={purgeSelected}
        onCancel={() => setConfirmingBulk(false)}
      />
    </section>
  );
}
