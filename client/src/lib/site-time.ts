/**
 * The site's time zone: the one a schedule is typed and shown in, named beside it. The site has no
 * time zone setting yet, so it is UTC, as the public pages' dates and the inbox export's are
 * (server/site/pages/parts.tsx, server/contact-us/contact-us.controller.ts).
 */
export const SITE_TIME_ZONE = 'UTC';

/** The wall-clock fields of `moment` in `timeZone`. */
function wallClock(moment: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far `timeZone`'s clock is ahead of UTC at `moment`, in ms. */
function offsetAt(moment: Date, timeZone: string): number {
  const c = wallClock(moment, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(moment.getTime() / 1000) * 1000;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A date-and-time field's value (`2026-11-27T09:00`) read on `timeZone`'s clock, as an ISO time;
 * null when it is not one.
 */
export function zonedInputToIso(input: string, timeZone = SITE_TIME_ZONE): string | null {
  const match = LOCAL_INPUT.exec(input);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess, then at the answer (they differ only across a clock change).
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone)).toISOString();
}

/** An ISO time as a date-and-time field's value on `timeZone`'s clock (to the minute). */
export function isoToZonedInput(iso: string, timeZone = SITE_TIME_ZONE): string {
  const c = wallClock(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}`;
}

/** A moment as the site's clock shows it, its zone named: "Nov 27, 2026, 09:00 UTC". */
export function formatSiteTime(iso: string, timeZone = SITE_TIME_ZONE): string {
  return `${new Date(iso).toLocaleString('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })} ${timeZone}`;
}
