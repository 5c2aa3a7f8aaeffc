import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { contactQueries, useMarkRead, type ContactMessage } from '../api/contact-us';
import './MessageDialog.css';

/**
 * The whole of one message (`id`; null: closed). It opens at once with the row the table already
 * has (`row`), if any, and refreshes from the server (which says so if the message was deleted
 * meanwhile). Opening it marks it read, for every administrator.
 */
export function MessageDialog({
  id,
  row,
  onClose,
  onDelete,
  onMarkUnread,
  markingUnread,
}: {
  id: string | null;
  row?: ContactMessage;
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

  return (
    <Dialog
      open={id !== null}
      title={shown ? `Message from ${shown.name}` : 'Message'}
      onClose={onClose}
      actions={
        <>
          {shown && !gone && (
            <>
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
          </dl>
          <p className="message-details__text">{shown.msg}</p>
        </>
      )}
    </Dialog>
  );
}
