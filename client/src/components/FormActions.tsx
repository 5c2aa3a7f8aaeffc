import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { Spinner } from './Spinner';

/**
 * A form's submit button (a spinner while it saves) and Cancel, which leaves for `cancelTo`
 * without asking: `onCancel` releases the unsaved-changes guard (see useUnsavedChanges). A form
 * with nowhere to go back to (Settings) gives no `cancelTo` and gets no Cancel. `children` go
 * between them (Save draft, Publish changes, Discard).
 */
export function FormActions({
  submit,
  busy,
  busyLabel = 'Saving',
  cancelTo,
  onCancel,
  children,
}: {
  submit: string;
  busy: boolean;
  busyLabel?: string;
  cancelTo?: To;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="form__actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Spinner size="small" label={busyLabel} /> : submit}
      </button>
      {children}
      {cancelTo !== undefined && (
        <Link className="button" to={cancelTo} onClick={onCancel}>
          Cancel
        </Link>
      )}
    </div>
  );
}
