import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './Toaster.css';

/** A short message after an action; `action` adds one button (e.g. Undo) beside it. */
export interface Toast {
  message: string;
  action?: { label: string; onClick: () => void };
}

type Notify = (toast: Toast) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/** How long a message stays, unless the pointer or focus is on it. */
const SHOWN_MS = 5000;

/** `notify({ message, action? })`: shows a message in the page's polite live region. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}

/**
 * Holds the app's messages and the live region that shows them. The region is always in the page
 * (a live region must exist before its text changes to be announced) and is polite: it never takes
 * focus and never interrupts a screen reader.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(Toast & { id: number })[]>([]);
  const nextId = useRef(0);

  const notify = useCallback<Notify>((toast) => {
    const id = ++nextId.current;
    // The newest three at most: a burst of actions does not bury the page.
    setToasts((current) => [...current.slice(-2), { ...toast, id }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <div className="toaster" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  const pause = useMemo(
    () => ({
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: () => setPaused(false),
    }),
    [],
  );

  return (
    <div className="toast" {...pause}>
      <span className="toast__message">{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="button button--small toast__action"
          onClick={() => {
            toast.action?.onClick();
            onDismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast__close" onClick={onDismiss} aria-label="Close notification">
        ×
      </button>
    </div>
  );
}
