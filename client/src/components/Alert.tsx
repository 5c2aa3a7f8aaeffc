import type { ReactNode } from 'react';
import './Alert.css';

/** A short message where the user is looking: `error` is announced at once, `info` politely. */
export function Alert({
  kind = 'error',
  children,
  onDismiss,
}: {
  kind?: 'error' | 'info' | 'success';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onDismiss && (
        <button type="button" className="alert__dismiss" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}
