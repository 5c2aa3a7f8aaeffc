/**
 * What the counts take the time from: the system clock, replaced in the tests to move a day on
 * (test/api/analytics.e2e-spec.ts), so that the day's salt, the visit rules and the prune are
 * tested without waiting for midnight.
 */
export const ANALYTICS_CLOCK = Symbol('ANALYTICS_CLOCK');

export interface AnalyticsClock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** A clock of the app's own (a test may move one app's clock without moving another's). */
export const systemClock = (): AnalyticsClock => ({ now: () => Date.now() });
