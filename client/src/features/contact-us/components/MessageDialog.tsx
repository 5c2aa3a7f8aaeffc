import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { ApiError, itemId } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { contactQueries, type ContactMessage } from '../api/contact-us';
import './MessageDialog.css';

/**
 * The whole of one message. It opens at once with the row the table already has, and refreshes
 * from the server (which says so if the message was deleted meanwhile).
 */
export function MessageDialog({
  message,
  onClose,
  onDelete,
}: {
  message: ContactMessage | null;
  onClose: () => void;
  /** Asks to delete the message shown (the list's confirmation follows). */
  onDelete: (message: ContactMessage) => void;
}) {
  const detail = useQuery({
    ...contactQueries.detail(message ? itemId(message) : ''),
    enabled: message !== null,
    placeholderData: message ?? undefined,
  });
  const shown = detail.data ?? message;
  const gone = detail.error instanceof ApiError && detail.error.status === 404;

  return (
    <Dialog
      open={message !== null}
      title={shown ? `Message from ${shown.name}` : 'Message'}
      onClose={onClose}
      actions={
        <>
          {shown && !gone && (
            <button type="button" className="button button--danger" onClick={() => onDelete(shown)}>
              Delete
            </button>
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
