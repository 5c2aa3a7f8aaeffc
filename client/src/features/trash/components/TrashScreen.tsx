import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CardList } from '../../../components/CardList';
import { ConfirmDialog } from '../../../components/Dialog';
import { PageHeader } from '../../../components/PageHeader';
import { Pagination } from '../../../components/Pagination';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageParam } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import { trashQueries, usePurge, useRestore, type TrashItem } from '../api/trash';
import './TrashScreen.css';

const KIND_NAMES: Record<TrashItem['kind'], string> = { services: 'Service', news: 'News', contactus: 'Contact message' };

function TrashCard({ item, onPurge, onFailure }: { item: TrashItem; onPurge: () => void; onFailure: (message: string) => void }) {
  const restore = useRestore(item.kind, item.id);
  return (
    <>
      <p className="trash__kind">{KIND_NAMES[item.kind]}</p>
      <h2 className="card__title">{item.label}</h2>
      <p className="card__meta">
        Deleted by {item.deletedBy?.name ?? 'a removed administrator'} on{' '}
        <time dateTime={item.deletedAt}>{formatDateTime(item.deletedAt)}</time>
      </p>
      <div className="card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={restore.isPending}
          onClick={() =>
            restore.mutate(undefined, {
              onError: (failure) => {
                console.error('Restore failed', failure);
                onFailure(`Could not restore: ${errorMessage(failure, 'please try again.')}`);
              },
            })
          }
        >
          Restore<span className="visually-hidden"> {item.label}</span>
        </button>
        <button type="button" className="button button--small button--danger" onClick={onPurge}>
          Delete forever<span className="visually-hidden"> {item.label}</span>
        </button>
      </div>
    </>
  );
}

/** Deleted services, news and messages of every kind, newest deleted first, with Restore and Delete forever. */
export function TrashScreen() {
  const [page] = usePageParam();
  const query = useQuery(trashQueries.list({ page }));
  const purge = usePurge();
  const [pending, setPending] = useState<TrashItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLoggedError('Loading the trash failed', query.error);

  const confirmPurge = () => {
    if (!pending) return;
    purge.mutate(pending, {
      onSuccess: () => setPending(null),
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
      <p className="trash__intro">Deleted items stay here for a while, then they are deleted for good.</p>
      <CardList query={query} label="Deleted items" loadingLabel="Loading the trash" failure="Sorry, the trash could not be loaded.">
        {(item) => (
          <TrashCard
            item={item}
            onPurge={() => {
              setError(null);
              setPending(item);
            }}
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
    </section>
  );
}
