import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { BulkBar, SelectBox } from '../../../components/BulkBar';
import { LoadingBar, ListNotice } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useBulkDelete } from '../../../components/useBulkDelete';
import { useListDelete } from '../../../components/useListDelete';
import { useSelection } from '../../../components/useSelection';
import { errorMessage, itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageParam, useSearchParamText, withPage } from '../../../lib/search-params';
import { PHONE, useMediaQuery } from '../../../lib/use-media-query';
import { useLoggedError } from '../../../lib/use-logged-error';
import {
  contactExportUrl,
  contactQueries,
  deleteContactMessage,
  deleteContactMessages,
  restoreContactMessage,
  restoreContactMessages,
  useMarkUnread,
  type ContactMessage,
} from '../api/contact-us';
import { DeleteIcon, ViewIcon } from './icons';
import { MessageDialog } from './MessageDialog';
import './ContactUsScreen.css';

/** How much of a message the list shows; the view dialog has the rest. */
const EXCERPT_LENGTH = 80;

/** What an empty phone number reads as in the list. */
const NO_PHONE = '—';

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const chars = Array.from(flat);
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : flat;
}

/** View and Delete of one message; the sender's name completes their accessible names. */
function MessageActions({ message, onView, onDelete }: { message: ContactMessage; onView: () => void; onDelete: () => void }) {
  return (
    <div className="contact-actions">
      <button type="button" className="icon-button" aria-label={`View message from ${message.name}`} onClick={onView}>
        <ViewIcon />
      </button>
      <button
        type="button"
        className="icon-button icon-button--danger"
        aria-label={`Delete message from ${message.name}`}
        onClick={onDelete}
      >
        <DeleteIcon />
      </button>
    </div>
  );
}

/**
 * Unread rows are bold with a dot; the dot is an image named "Unread", so screen readers say it
 * before the sender's name (and the cell's text stays the name).
 */
function UnreadMark({ message }: { message: ContactMessage }) {
  if (message.readAt) return null;
  return <span className="unread-dot" role="img" aria-label="Unread" />;
}

/**
 * `?unread=true` (only unread messages) and `?view=<id>` (the message open in its dialog; the
 * dashboard links here with it), both kept in the URL so they survive a reload and Back.
 */
function useContactParams() {
  const [params, setParams] = useSearchParams();
  return {
    unreadOnly: params.get('unread') === 'true',
    // flushSync: at once, not in a transition, so the checkbox shows its new state as it is clicked.
    setUnreadOnly: (on: boolean) =>
      setParams(
        (current) => {
          const next = withPage(current, 1);
          if (on) next.set('unread', 'true');
          else next.delete('unread');
          return next;
        },
        { flushSync: true },
      ),
    viewing: params.get('view'),
    setViewing: (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('view', id);
          else next.delete('view');
          return next;
        },
        { replace: true },
      ),
  };
}

export function ContactUsScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, name] = useSearchParamText('name');
  const { unreadOnly, setUnreadOnly, viewing, setViewing } = useContactParams();
  const listQuery = contactQueries.list({ page, name, unread: unreadOnly });
  const list = useQuery(listQuery);
  const onPhone = useMediaQuery(PHONE);
  const notify = useNotify();
  const markUnread = useMarkUnread();
  const del = useListDelete<ContactMessage>({
    pageKey: listQuery.queryKey,
    allKey: contactQueries.all(),
    page,
    setPage,
    remove: deleteContactMessage,
    describe: (message) => `the message from ${message.name}`,
    title: 'Delete message',
    restore: restoreContactMessage,
    deleted: 'Message deleted',
    restored: 'Message restored',
  });

  const messages = list.data?.data ?? [];
  const selection = useSelection(messages.map(itemId));
  const bulk = useBulkDelete(selection, {
    allKey: contactQueries.all(),
    page,
    setPage,
    pageLength: messages.length,
    remove: deleteContactMessages,
    restore: restoreContactMessages,
    deleted: (count) => (count === 1 ? 'Message deleted' : `${count} messages deleted`),
    restored: (count) => (count === 1 ? 'Message restored' : `${count} messages restored`),
  });

  useLoggedError('Could not load contact messages', list.error);

  const actions = (message: ContactMessage) => (
    <MessageActions message={message} onView={() => setViewing(itemId(message))} onDelete={() => del.request(message)} />
  );
  const rowClass = (message: ContactMessage) => (message.readAt ? undefined : 'contact--unread');

  return (
    <section className="screen">
      <PageHeader title="Contact Us">
        <a className="button" href={contactExportUrl(name)} download="contact-messages.csv">
          Export CSV
        </a>
      </PageHeader>

      <div className="contact-toolbar">
        <SearchBox
          aria-label="Search by name"
          placeholder="Search by name"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          maxLength={100}
        />
        <label className="contact-toolbar__unread">
          <input type="checkbox" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
          Unread only
        </label>
      </div>

      {messages.length > 0 && (
        <BulkBar selection={selection} label="Messages selection">
          <button type="button" className="button button--small button--danger" onClick={bulk.run} disabled={bulk.busy}>
            {bulk.busy ? 'Deleting…' : 'Delete selected'}
          </button>
        </BulkBar>
      )}

      {list.isPending ? (
        <PageSpinner label="Loading messages" />
      ) : list.isError && !list.data ? (
        <Alert>
          Could not load the messages.{' '}
          <button type="button" className="button button--small" onClick={() => void list.refetch()}>
            Retry
          </button>
        </Alert>
      ) : messages.length === 0 ? (
        <p className="empty">{unreadOnly && !name && page === 1 ? 'No unread messages' : 'No records found'}</p>
      ) : onPhone ? (
        <>
          <LoadingBar active={list.isPlaceholderData} />
          <ul className="contact-cards" aria-label="Contact messages" aria-busy={list.isPlaceholderData}>
            {messages.map((message) => (
              <li key={itemId(message)} className={`contact-card${message.readAt ? '' : ' contact--unread'}`}>
                <div className="contact-card__head">
                  <SelectBox selection={selection} id={itemId(message)} name={`message from ${message.name}`} />
                  <h2 className="contact-card__name">
                    <UnreadMark message={message} />
                    {message.name}
                  </h2>
                  <time className="contact-card__date" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt)}
                  </time>
                </div>
                <p className="contact-card__line" title={message.email}>
                  {message.email}
                </p>
                <p className="contact-card__line">{message.phno || NO_PHONE}</p>
                <p className="contact-card__text">{excerpt(message.msg)}</p>
                {actions(message)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <LoadingBar active={list.isPlaceholderData} />
          <div className="table-wrap" aria-busy={list.isPlaceholderData}>
            <table className="table contact-table">
              <caption className="visually-hidden">Contact messages</caption>
              <thead>
                <tr>
                  <th scope="col" className="contact-table__select">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col" className="contact-table__name">
                    Name
                  </th>
                  <th scope="col" className="contact-table__phone">
                    Phone
                  </th>
                  <th scope="col" className="contact-table__email">
                    Email
                  </th>
                  <th scope="col">Message</th>
                  <th scope="col" className="contact-table__date">
                    Date
                  </th>
                  <th scope="col" className="contact-table__actions">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {messages.map((message) => (
                  <tr key={itemId(message)} className={rowClass(message)}>
                    <td>
                      <SelectBox selection={selection} id={itemId(message)} name={`message from ${message.name}`} />
                    </td>
                    <td title={message.name}>
                      <UnreadMark message={message} />
                      {message.name}
                    </td>
                    <td title={message.phno || undefined}>{message.phno || NO_PHONE}</td>
                    <td title={message.email}>{message.email}</td>
                    <td title={message.msg}>{excerpt(message.msg)}</td>
                    <td>{formatDateTime(message.createdAt)}</td>
                    <td>{actions(message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {/* Also under "No records found" on a page past the end, to lead back. */}
      {list.data && <Pagination links={list.data.links} />}

      <MessageDialog
        id={viewing}
        row={messages.find((message) => itemId(message) === viewing)}
        onClose={() => setViewing(null)}
        onDelete={(message) => {
          setViewing(null);
          del.request(message);
        }}
        markingUnread={markUnread.isPending}
        onMarkUnread={(message) =>
          markUnread.mutate(itemId(message), {
            onSuccess: () => {
              setViewing(null);
              notify({ message: 'Marked as unread' });
            },
            onError: (failure) => {
              console.error('Mark as unread failed', failure);
              notify({ message: `Could not mark as unread: ${errorMessage(failure, 'please try again.')}` });
            },
          })
        }
      />
      <ListNotice error={del.error} onDismiss={del.clearError} onRetry={del.retry} />
      <ListNotice error={bulk.error} onDismiss={bulk.clearError} onRetry={bulk.retry} />
      {del.dialog}
    </section>
  );
}
