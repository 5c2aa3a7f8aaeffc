import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useListDelete } from '../../../components/useListDelete';
import { itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageParam, useSearchParamText } from '../../../lib/search-params';
import { useLoggedError } from '../../../lib/use-logged-error';
import { contactExportUrl, contactQueries, deleteContactMessage, type ContactMessage, restoreContactMessage } from '../api/contact-us';
import { DeleteIcon, ViewIcon } from './icons';
import { MessageDialog } from './MessageDialog';
import './ContactUsScreen.css';

/** How much of a message the table shows; the view dialog has the rest. */
const EXCERPT_LENGTH = 80;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const chars = Array.from(flat);
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…` : flat;
}

/** The date over the time, each kept on one line. */
function DateTime({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(', ');
  return (
    <>
      <span>{day}</span>
      <span>{time}</span>
    </>
  );
}

export function ContactUsScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, name] = useSearchParamText('name');
  const listQuery = contactQueries.list({ page, name });
  const list = useQuery(listQuery);
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
  });

  useLoggedError('Could not load contact messages', list.error);

  const messages = list.data?.data ?? [];

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
        <Alert>Could not load the messages. Please try again.</Alert>
      ) : messages.length === 0 ? (
        <p className="empty">No records found</p>
      ) : (
        <div className="table-wrap" aria-busy={list.isPlaceholderData}>
          <table className="table contact-table">
            <caption className="visually-hidden">Contact messages</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Email</th>
                <th scope="col">Message</th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={itemId(message)}>
                  <td className="contact-table__name">{message.name}</td>
                  <td className="contact-table__phone">{message.phno}</td>
                  <td className="contact-table__email">{message.email}</td>
                  <td className="contact-table__message">{excerpt(message.msg)}</td>
                  <td className="contact-table__date">
                    <DateTime iso={message.createdAt} />
                  </td>
                  <td>
                    <div className="contact-table__actions">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`View message from ${message.name}`}
                        onClick={() => setViewing(message)}
                      >
                        <ViewIcon />
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={`Delete message from ${message.name}`}
                        onClick={() => del.request(message)}
                      >
                        <DeleteIcon />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Also under "No records found" on a page past the end, to lead back. */}
      {list.data && <Pagination links={list.data.links} />}

      <MessageDialog message={viewing} onClose={() => setViewing(null)} />
      {del.notice}
      {del.dialog}
    </section>
  );
}
