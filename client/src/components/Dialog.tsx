import { useEffect, useRef, type ReactNode } from 'react';
import './Dialog.css';

/**
 * A modal built on <dialog>: showModal() makes the rest of the page inert (focus stays inside)
 * and Escape closes it. Focus returns to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Room for two columns side by side (the compare view). */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby="dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="dialog__box">
          <h2 id="dialog-title" className="dialog__title">
            {title}
          </h2>
          <div className="dialog__body">{children}</div>
          <div className="dialog__actions">
            {actions ?? (
              <button type="button" className="button" onClick={onClose}>
                Close
              </button>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * A dialog around a form (`formId` names it): Cancel, and a submit button that reads `busyLabel`
 * while the form is being sent. Escape and Cancel close it, unless it is busy.
 */
export function FormDialog({
  open,
  title,
  formId,
  submitLabel,
  busyLabel,
  busy,
  canSubmit = true,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  formId: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  canSubmit?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={busy || !canSubmit}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting…',
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy} autoFocus>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
