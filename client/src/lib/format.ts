/**
 * The app's date format: the date and the time to the minute, in the browser's own locale
 * ("11/22/2026, 04:50 PM" in en-US, "22/11/2026, 16:50" in en-GB). Seconds are noise to an office
 * manager (issue 38). Every screen shows dates through this, but the news list (formatNewsDateTime).
 */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The news list's creation date and time, as the source document fixes it: en-US with 2-digit
 * hour, minute and second ("11/22/2026, 04:50:38 PM"), whatever the browser's locale.
 */
export function formatNewsDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** A count the server stops at a cap (`{ count, orMore }`): "12", "1,000+". */
export function formatCount({ count, orMore }: { count: number; orMore: boolean }): string {
  return `${count.toLocaleString('en-US')}${orMore ? '+' : ''}`;
}

/** The time of day of a recent save, 24-hour ("14:02"): the draft's and the conflict's sentences. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** An ISO time as a datetime-local field's value (the browser's local time, to the minute); null: empty. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local field's value as an ISO time; empty: null. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
