/**
 * The app's one date format: en-US date and time with 2-digit hour, minute and second, as the spec
 * shows news dates ("11/22/2026, 04:50:38 PM"). Every screen shows dates through this.
 */
export function formatDateTime(iso: string): string {
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
