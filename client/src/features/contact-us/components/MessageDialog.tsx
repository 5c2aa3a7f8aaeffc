import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { contactQueries, useMarkRead, type ContactMessage, type SiteLanguage } from '../api/contact-us';
import { messageLanguage } from '../language';
import { replyHref } from '../reply';
import './MessageDialog.css';

/** Whether a key press belongs to a field being typed in (J and K are then letters, not moves). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

/**
 * The whole of one message (`id`; null: closed). It opens at once with the row the table already
 * has (`row`), if any, and refreshes from the server (which says so if the message was deleted
 * meanwhile). Opening it marks it read, for every administrator. Previous and Next (K and J, as in
 * mail programs) go through the list page's messages in its order; at either end the button is
 * disabled.
 */
export function MessageDialog({
  id,
  row,
  onClose,
  onDelete,
  onMarkUnread,
  markingUnread,
  company,
  languages,
  previous,
  next,
  onMove,
}: {
  id: string | null;
  row?: ContactMessage;
  /** The company's name, for the reply's subject. */
  company?: string;
  /** The site's languages: with more than one, the message says which it was written from (issue #41). */
  languages?: readonly SiteLanguage[];
  /** The ids of the messages before and after this one on the list page (none at its ends). */
  previous?: string;
  next?: string;
  /** Shows another message of the page in the dialog. */
  onMove: (id: string) => void;
  onClose: () => void;
  /** Asks to delete the message shown (the list's confirmation follows). */
  onDelete: (message: ContactMessage) => void;
  /** "Mark as unread" (the list closes the dialog once it is done). */
  onMarkUnread: (message: ContactMessage) => void;
  markingUnread: boolean;
}) {
  const detail = useQuery({
    ...contactQueries.detail(id ?? ''),
    enabled: id !== null,
    placeholderData: row,
  });
  const shown = detail.data ?? row ?? null;
  const gone = detail.error instanceof ApiError && detail.error.status === 404;
  const markRead = useMarkRead();
  const { mutate: read } = markRead;
  // Once per opening (not again when "Mark as unread" changes the row under the open dialog); a
  // message the row shows as read already needs no request.
  const alreadyRead = Boolean(row?.readAt);
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    if (markedFor.current === id) return;
    markedFor.current = id;
    if (id !== null && !alreadyRead) read(id);
  }, [id, alreadyRead, read]);

  const open = id !== null;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const to = event.key === 'j' || event.key === 'J' ? next : event.key === 'k' || event.key === 'K' ? previous : undefined;
      if (!to) return;
      event.preventDefault();
      onMove(to);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, next, previous, onMove]);

  return (
    <Dialog
      open={id !== null}
      title={shown ? `Message from ${shown.name}` : 'Message'}
      onClose={onClose}
      actions={
        <>
          <div className="message-nav">
            <button
              type="button"
              className="button"
              onClick={() => previous && onMove(previous)}
              disabled={!previous}
              aria-keyshortcuts="K"
              title="Previous message (K)"
            >
              Previous
            </button>
            <button
              type="button"
              className="button"
              onClick={() => next && onMove(next)}
              disabled={!next}
              aria-keyshortcuts="J"
              title="Next message (J)"
            >
              Next
            </button>
          </div>
          {shown && !gone && (
            <>
              <a className="button button--primary" href={replyHref(shown, company)}>
                Reply
              </a>
              <button type="button" className="button" onClick={() => onMarkUnread(shown)} disabled={markingUnread}>
                Mark as unread
              </button>
              <button type="button" className="button button--danger-outline" onClick={() => onDelete(shown)}>
                Delete
              </button>
            </>
          )}
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {gone && <Alert>This message has been deleted.</Alert>}
      {detail.isError && !gone && <Alert>Could not refresh this message. Showing what the list had.</Alert>}
      {shown && (
        <>
          <dl className="message-details">
            <dt>Name</dt>
            <dd>{shown.name}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${shown.email}`}>{shown.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{shown.phno ? <a href={`tel:${shown.phno.replace(/[^\d+]/g, '')}`}>{shown.phno}</a> : 'Not given'}</dd>
            <dt>Date</dt>
            <dd>{formatDateTime(shown.createdAt)}</dd>
            {languages && languages.length > 1 && (
              <>
                <dt>Language</dt>
                <dd>{messageLanguage(shown, languages) ?? 'Not known'}</dd>
              </>
            )}
          </dl>
          <p className="message-details__text">{shown.msg}</p>
        </>
      )}
    </Dialog>
  );
}
