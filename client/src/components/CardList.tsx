import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { itemId, type Identified, type Paged } from '../lib/api';
import { Alert } from './Alert';
import { SelectBox } from './BulkBar';
import type { Selection } from './useSelection';
import { PageSpinner } from './Spinner';
import './CardList.css';

/**
 * A page of a list as cards, with what every card list shows while it loads, when it fails
 * (with Retry) and when it is empty.
 */
export function CardList<T extends Identified>({
  query,
  label,
  loadingLabel,
  failure,
  cardClassName = '',
  children,
  select,
  empty,
}: {
  query: UseQueryResult<Paged<T>>;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  /** The start of the failure message, e.g. "Sorry, the news could not be loaded." */
  failure: string;
  cardClassName?: string;
  /** One card's content. */
  children: (item: T) => ReactNode;
  /** Tick boxes for bulk actions: the selection, and the name that completes each box's label. */
  select?: { selection: Selection; name: (item: T) => string };
  /** The next step beside "no data" (Create on an empty list, Clear search after a search that found nothing). */
  empty?: ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <Alert>
        {failure}{' '}
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          Retry
        </button>
      </Alert>
    );
  }
  if (query.data.data.length === 0) return <EmptyState text="no data">{empty}</EmptyState>;
  return (
    <>
      <LoadingBar active={query.isPlaceholderData} />
      <ul className="card-list" aria-label={label} aria-busy={query.isPlaceholderData}>
        {query.data.data.map((item) => (
          // With tick boxes, the card's own layout (cardClassName) goes to the content beside the box.
          <li key={itemId(item)} className={`card${select ? ' card--selectable' : cardClassName ? ` ${cardClassName}` : ''}`}>
            {select ? (
              <>
                <SelectBox selection={select.selection} id={itemId(item)} name={select.name(item)} />
                <div className={`card__body${cardClassName ? ` ${cardClassName}` : ''}`}>{children(item)}</div>
              </>
            ) : (
              children(item)
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a list shows when it has nothing: the spec's text, and beside it the next step, if any. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty__text">{text}</p>
      {children && <div className="empty__actions">{children}</div>}
    </div>
  );
}

/** A failed delete, kept in view at the bottom of the window wherever in the list it was asked, with Retry. */
export function ListNotice({ error, onDismiss, onRetry }: { error: string | null; onDismiss: () => void; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className="list-notice">
      <Alert onDismiss={onDismiss}>
        {error}{' '}
        {onRetry && (
          <button type="button" className="button button--small" onClick={onRetry}>
            Retry
          </button>
        )}
      </Alert>
    </div>
  );
}

/** A thin bar at the top of a list while its next page loads; the current page stays on screen. */
export function LoadingBar({ active }: { active: boolean }) {
  return active ? <div className="loading-bar" role="progressbar" aria-label="Loading the next page" /> : null;
}
