import { useState } from 'react';
import { errorMessage } from '../lib/api';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import { TextAreaField } from './Field';
import './ReviewParts.css';

/** What a reviewed item (an article, a page) says of its review: `review` and `reviewNote` as the API has them. */
export interface ReviewState {
  review: 'submitted' | 'returned' | null;
  reviewNote: string | null;
}

/** On a list's card: "Submitted for review" or "Sent back", nothing otherwise. */
export function ReviewMark({ item }: { item: ReviewState }) {
  if (item.review === 'submitted') return <p className="review__mark">Submitted for review</p>;
  if (item.review === 'returned') return <p className="review__mark review__mark--returned">Sent back</p>;
  return null;
}

/** Above the form: where the item is in its review, and the note an editor sent back with it. */
export function ReviewBanner({ item, reviewer }: { item: ReviewState; reviewer: boolean }) {
  if (item.review === 'submitted')
    return (
      <div className="review__banner" role="note">
        <strong>Submitted for review.</strong>{' '}
        {reviewer ? 'Publish it, or send it back with a note.' : 'An editor publishes it or sends it back with a note.'}
      </div>
    );
  if (item.review === 'returned')
    return (
      <div className="review__banner review__banner--returned" role="note">
        <strong>Sent back with a note:</strong>
        <p className="review__note">{item.reviewNote}</p>
        {!reviewer && <p className="review__hint">Change it, then submit it for review again.</p>}
      </div>
    );
  return null;
}

/** "Send back" beside Publish: asks for the note the author reads, then sends it (a refusal stays in the dialog). */
export function SendBack({ onSend }: { onSend: (note: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | undefined>();
  const close = () => {
    setOpen(false);
    setError(null);
    setNoteError(undefined);
  };
  const send = async () => {
    if (!note.trim()) {
      setNoteError('Write what the author should change.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSend(note.trim());
      setNote('');
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'Could not send it back. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Send back
      </button>
      <Dialog
        open={open}
        title="Send back to the author"
        onClose={close}
        actions={
          <>
            <button type="button" className="button" onClick={close} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={() => void send()} disabled={busy}>
              {busy ? 'Sending…' : 'Send back'}
            </button>
          </>
        }
      >
        {error && <Alert>{error}</Alert>}
        <TextAreaField
          label="Note for the author"
          hint="What to change before it is published. The author reads it on the item and gets it by mail."
          rows={4}
          maxLength={2000}
          value={note}
          error={noteError}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
      </Dialog>
    </>
  );
}
