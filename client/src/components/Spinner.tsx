import './Spinner.css';

/** A spinner with a text for screen readers. */
export function Spinner({ label = 'Loading', size = 'medium' }: { label?: string; size?: 'small' | 'medium' }) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the content area, for a list or a form that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} />
    </div>
  );
}
