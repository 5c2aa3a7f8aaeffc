import { useQuery } from '@tanstack/react-query';
import { useOutletContext } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { BulkBar } from '../../../components/BulkBar';
import { EmptyState, ListNotice } from '../../../components/CardList';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { Pagination } from '../../../components/Pagination';
import { PageSpinner } from '../../../components/Spinner';
import { useNotify } from '../../../components/Toaster';
import { useBulkDelete } from '../../../components/useBulkDelete';
import { useListDelete } from '../../../components/useListDelete';
import { useSelection } from '../../../components/useSelection';
import { errorMessage, itemId } from '../../../lib/api';
import { usePageParam, useSearchParamText } from '../../../lib/search-params';
import { PHONE, useMediaQuery } from '../../../lib/use-media-query';
import { useLoggedError } from '../../../lib/use-logged-error';
import {
  contactExportUrl,
  contactQueries,
  deleteContactMessage,
  deleteContactMessages,
  restoreContactMessage,
  restoreContactMessages,
  useBulkReadState,
  useMarkUnread,
  type ContactMessage,
} from '../api/contact-us';
import { MessageCards, MessageTable, type MessagesProps } from './ContactMessages';
import { MessageDialog } from './MessageDialog';
import { useContactParams } from './use-contact-params';
import './ContactUsScreen.css';

/** What the admin layout hands its screens that this one reads: the company's name, for replies. */
interface LayoutContext {
  companyName?: string;
}

export function ContactUsScreen() {
  const [page, setPage] = usePageParam();
  const [searchText, setSearchText, name] = useSearchParamText('name');
  const { unreadOnly, setUnreadOnly, viewing, setViewing } = useContactParams();
  const listQuery = contactQueries.list({ page, name, unread: unreadOnly });
  const list = useQuery(listQuery);
  // The languages name a message's language on a site of several (issue #41); without them (still
  // loading, or failed) the inbox shows none, as on a site of one.
  const languages = useQuery(contactQueries.languages()).data;
  const onPhone = useMediaQuery(PHONE);
  const notify = useNotify();
  const markUnread = useMarkUnread();
  const bulkRead = useBulkReadState();
  const { companyName } = useOutletContext<LayoutContext | undefined>() ?? {};
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

  const markSelected = (read: boolean) =>
    bulkRead.mutate(
      { ids: selection.ids, read },
      {
        onSuccess: ({ ids }) => {
          selection.clear();
          const what = ids.length === 1 ? 'Message' : `${ids.length} messages`;
          notify({ message: `${what} marked as ${read ? 'read' : 'unread'}` });
        },
        onError: (failure) => {
          console.error('Bulk mark as read failed', failure);
          notify({
            message: `Could not mark as ${read ? 'read' : 'unread'}: ${errorMessage(failure, 'please try again.')} Nothing changed.`,
          });
        },
      },
    );

  // The open message's neighbours on this page, in its order (none when it is not on the page).
  const viewingIndex = messages.findIndex((message) => itemId(message) === viewing);
  const neighbour = (offset: number): string | undefined => {
    const message = viewingIndex < 0 ? undefined : messages[viewingIndex + offset];
    return message && itemId(message);
  };

  const shown: MessagesProps = {
    messages,
    selection,
    loading: list.isPlaceholderData,
    languages,
    onView: (message) => setViewing(itemId(message)),
    onDelete: (message) => del.request(message),
  };

  return (
    <section className="screen">
      <PageHeader title="Contact Us">
        <a className="button" href={contactExportUrl(name)} download="contact-messages.csv">
          Export CSV
        </a>
      </PageHeader>

      <div className="contact-toolbar">
        <SearchBox
          aria-label="Search messages"
          placeholder="Search name, email or message"
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
          <button type="button" className="button button--small" onClick={() => markSelected(true)} disabled={bulkRead.isPending}>
            Mark as read
          </button>
          <button type="button" className="button button--small" onClick={() => markSelected(false)} disabled={bulkRead.isPending}>
            Mark as unread
          </button>
          <button type="button" className="button button--small button--danger-outline" onClick={bulk.run} disabled={bulk.busy}>
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
        <EmptyState text={unreadOnly && !name && page === 1 ? 'No unread messages' : 'No records found'}>
          {name ? (
            <button type="button" className="button" onClick={() => setSearchText('')}>
              Clear search
            </button>
          ) : (
            unreadOnly && (
              <button type="button" className="button" onClick={() => setUnreadOnly(false)}>
                Show all messages
              </button>
            )
          )}
        </EmptyState>
      ) : onPhone ? (
        <MessageCards {...shown} />
      ) : (
        <MessageTable {...shown} />
      )}
      {/* Also under "No records found" on a page past the end, to lead back. */}
      {list.data && <Pagination links={list.data.links} />}

      <MessageDialog
        id={viewing}
        row={messages.find((message) => itemId(message) === viewing)}
        onClose={() => setViewing(null)}
        company={companyName}
        languages={languages}
        previous={neighbour(-1)}
        next={neighbour(1)}
        onMove={setViewing}
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
