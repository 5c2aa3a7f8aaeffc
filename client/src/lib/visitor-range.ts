// The periods the visitor counts are asked for, and how a figure compares with the period before.
// Plain functions, free of React and the router, so the Visitors screen, the dashboard's tile and an
// article's counts agree on them, and they can be tested on their own (visitor-range.test.ts).

/**
 * The counts are kept per day of UTC (the server's day starts at midnight UTC, when its salt
 * rotates), so a period is a run of UTC dates, and "today" is today's UTC date.
 */
export type Day = string;

/** The ranges the Visitors screen offers; `custom` takes its dates from the URL. */
export type RangeKey = 'today' | '7d' | '30d' | '12m' | 'custom';

export const RANGES: readonly { key: RangeKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: '7d', label: '7 days' },
  { key: '30d', label: '30 days' },
  { key: '12m', label: '12 months' },
  { key: 'custom', label: 'Custom' },
];

/** What the screen shows when the URL names no range. */
export const DEFAULT_RANGE: RangeKey = '7d';

/** A run of whole days, both ends included (the API's `from` and `to`). */
export interface DateRange {
  from: Day;
  to: Day;
  /** How many days it spans, at least 1. */
  days: number;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC date of a moment, as YYYY-MM-DD. */
export function utcDay(at: Date = new Date()): Day {
  return at.toISOString().slice(0, 10);
}

/** Whether a text is a real calendar date in YYYY-MM-DD (2026-02-30 is not). */
export function isDay(text: string | null | undefined): text is Day {
  if (!text || !DAY_PATTERN.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && utcDay(at) === text;
}

function dayMs(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: Day, count: number): Day {
  return utcDay(new Date(dayMs(day) + count * DAY_MS));
}

/** How many days from `from` to `to`, both included. */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/** The last `days` days up to and including `today`. */
export function lastDays(days: number, today: Day = utcDay()): DateRange {
  return { from: addDays(today, 1 - days), to: today, days };
}

/** A preset range ending today. 12 months: from the day after the same date a year ago (29 February: 1 March). */
export function presetRange(key: Exclude<RangeKey, 'custom'>, today: Day = utcDay()): DateRange {
  switch (key) {
    case 'today':
      return lastDays(1, today);
    case '7d':
      return lastDays(7, today);
    case '30d':
      return lastDays(30, today);
    case '12m': {
      const yearAgo = new Date(dayMs(today));
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      const from = addDays(utcDay(yearAgo), 1);
      return { from, to: today, days: daysBetween(from, today) };
    }
  }
}

/** The range the URL asks for, or for a custom range that cannot be used yet, why. */
export type RangeChoice = { key: RangeKey; range: DateRange; problem?: undefined } | { key: 'custom'; range?: undefined; problem: string };

/**
 * Reads `?range=` (and for `custom`, `?from=` and `?to=`). An unknown range is the default one;
 * a custom range needs both dates, real ones, the start not after the end, neither after today.
 */
export function rangeFromParams(params: URLSearchParams, today: Day = utcDay()): RangeChoice {
  const raw = params.get('range');
  const key = RANGES.some((range) => range.key === raw) ? (raw as RangeKey) : DEFAULT_RANGE;
  if (key !== 'custom') return { key, range: presetRange(key, today) };
  const from = params.get('from');
  const to = params.get('to');
  if (!isDay(from) || !isDay(to)) return { key, problem: 'Choose a start and an end date.' };
  if (from > to) return { key, problem: 'The start date must not be after the end date.' };
  if (to > today) return { key, problem: 'The end date must not be after today.' };
  return { key, range: { from, to, days: daysBetween(from, to) } };
}

/**
 * The query with the range set: a preset by its key alone (the default by leaving it out), a
 * custom range with its dates, which a preset drops.
 */
export function withRange(params: URLSearchParams, key: RangeKey, dates?: { from: string; to: string }): URLSearchParams {
  const next = new URLSearchParams(params);
  if (key === DEFAULT_RANGE) next.delete('range');
  else next.set('range', key);
  if (key === 'custom' && dates) {
    next.set('from', dates.from);
    next.set('to', dates.to);
  } else if (key !== 'custom') {
    next.delete('from');
    next.delete('to');
  }
  return next;
}

/** A figure against the same figure in the period before: which way it went, in words. */
export interface Comparison {
  direction: 'up' | 'down' | 'same';
  /** ↑, ↓ or =: beside the words, never instead of them. */
  arrow: string;
  text: string;
}

const PREVIOUS = 'the previous period';

/**
 * Counts compare by percentage ("Up 25% on the previous period"); a rate (the bounce rate, a
 * fraction from 0 to 1) by percentage points, since a percentage of a percentage misleads.
 */
export function compare(current: number, previous: number, kind: 'count' | 'rate' = 'count'): Comparison {
  const same: Comparison = { direction: 'same', arrow: '=', text: `Same as ${PREVIOUS}` };
  if (current === previous) return same;
  const direction = current > previous ? 'up' : 'down';
  const arrow = direction === 'up' ? '↑' : '↓';
  const word = direction === 'up' ? 'Up' : 'Down';
  if (kind === 'rate') {
    const points = Math.round(Math.abs(current - previous) * 100);
    if (points === 0) return { ...same, text: `About the same as ${PREVIOUS}` };
    return { direction, arrow, text: `${word} ${points} ${points === 1 ? 'point' : 'points'} on ${PREVIOUS}` };
  }
  if (previous === 0) return { direction, arrow, text: `Up from none in ${PREVIOUS}` };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  if (percent === 0) return { ...same, text: `About the same as ${PREVIOUS}` };
  return { direction, arrow, text: `${word} ${percent.toLocaleString('en-US')}% on ${PREVIOUS}` };
}

/** A rate from 0 to 1 as a whole percentage: 0.4267 → "43%". */
export function formatRate(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
