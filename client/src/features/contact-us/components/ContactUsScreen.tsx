import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { LoadingBar, ListNotice } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useListDelete } from '../../../components/useListDelete';
import { itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageParam, useSearchParamText } from '../../../lib/search-params';
import { PHONE, useMediaQuery } from '../../../lib/use-media-query';
import { useLoggedError } from '../../../lib/use-logged-error';
import { contactExportUrl, contactQueries, deleteContactMessage, type ContactMessage, restoreContactMessage } from '../api/contact-us';
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

export function ContactUsScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, name] = useSearchParamText('name');
  const listQuery = contactQueries.list({ page, name });
  const list = useQuery(listQuery);
  const onPhone = useMediaQuery(PHONE);
  const [viewing, setViewing] = useState<ContactMessage | null>(null);
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

  useLoggedError('Could not load contact messages', list.error);

  const messages = list.data?.data ?? [];
  const actions = (message: ContactMessage) => (
    <MessageActions message={message} onView={() => setViewing(message)} onDelete={() => del.request(message)} />
  );

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
      </div>

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
        <p className="empty">No records found</p>
      ) : onPhone ? (
        <>
          <LoadingBar active={list.isPlaceholderData} />
          <ul className="contact-cards" aria-label="Contact messages" aria-busy={list.isPlaceholderData}>
            {messages.map((message) => (
              <li key={itemId(message)} className="contact-card">
                <div className="contact-card__head">
                  <h2 className="contact-card__name">{message.name}</h2>
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
                  <tr key={itemId(message)}>
                    <td title={message.name}>{message.name}</td>
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
        message={viewing}
        onClose={() => setViewing(null)}
        onDelete={(message) => {
          setViewing(null);
          del.request(message);
        }}
      />
      <ListNotice error={del.error} onDismiss={del.clearError} onRetry={del.retry} />
      {del.dialog}
    </section>
  );
}
