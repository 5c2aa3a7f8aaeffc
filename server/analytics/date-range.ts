/*
 * The reports' periods: `from` and `to` are UTC dates (YYYY-MM-DD), both included. Pure, so the
 * rules are tested without the app.
 */

/** The longest period a report reads: a little over two years, the default retention and more. */
export const MAX_RANGE_DAYS = 800;
/** The period when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DateRange {
  from: string;
  to: string;
}

/** The UTC date of a moment, `YYYY-MM-DD`. */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Days from `from` to `to`, both included. */
export function rangeDays({ from, to }: DateRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A real calendar date in `YYYY-MM-DD` (2026-02-30 is not one). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && utcDay(time) === value;
}

/** What is wrong with a period, by field (the API's field errors), or null when it is a period. */
export type RangeProblem = { field: 'from' | 'to'; msg: string };

/**
 * The period asked for, with its defaults: no `to` is today, no `from` is 30 days up to `to`.
 * A date that is none, `from` after `to`, or more than MAX_RANGE_DAYS days is a problem.
 */
export function resolveRange(from: unknown, to: unknown, now: Date): DateRange | RangeProblem {
  if (from !== undefined && from !== '' && !isDate(from)) return { field: 'from', msg: 'From must be a date (YYYY-MM-DD)' };
  if (to !== undefined && to !== '' && !isDate(to)) return { field: 'to', msg: 'To must be a date (YYYY-MM-DD)' };
  const end = isDate(to) ? to : utcDay(now);
  const start = isDate(from) ? from : addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  if (start > end) return { field: 'from', msg: 'From must not be after To' };
  if (rangeDays({ from: start, to: end }) > MAX_RANGE_DAYS)
    return { field: 'from', msg: `The period must be at most ${MAX_RANGE_DAYS} days` };
  return { from: start, to: end };
}

/** The period of the same length just before `range`, which the summary compares with. */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}
