/*
 * A flush's arithmetic, pure: the buffered views, and what the database knows of their visitors
 * today, in; the additions to the aggregate tables and the visitors' new state out. The tables
 * (migration 1764150000000-Analytics) keep no view, only these sums.
 */

/** A counted view as the buffer holds it: who (a daily hash), when, where, and what it carried. */
export interface Hit {
  /** Milliseconds since the epoch. */
  at: number;
  /** The UTC date of `at`, whose salt made `visitor`. */
  day: string;
  /** The visitor's hash for `day`, as PostgreSQL's bigint in decimal. */
  visitor: string;
  path: string;
  /** The dimensions the view carries, by kind; '' for none (not counted under that kind). */
  dimensions: Record<DimensionKind, string>;
}

/**
 * What the daily table counts besides pages, each per path and for the whole site: where visitors
 * came from (referrer host, UTM campaign) and what they used. The numbers are stored (`kind`
 * smallint): never reorder, only add.
 */
export const DIMENSION_KINDS = {
  referrer: 1,
  country: 2,
  browser: 3,
  system: 4,
  device: 5,
  screen: 6,
  campaign: 7,
} as const;
export type DimensionKind = keyof typeof DIMENSION_KINDS;
/** The daily table's rows for pages: the whole site's (`path` 0), whose `value` is the page's path. */
export const PAGE_KIND = 0;
/** `path` 0 in the aggregate tables: the whole site (name ids start at 1). */
export const WHOLE_SITE = 0;

/** A visit ends after this long without a view: the next one starts another. */
export const VISIT_IDLE_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A visitor's state today (analytics_visitors): their last view and how many views the current visit has. */
export interface VisitorState {
  lastSeen: number;
  visitPageviews: number;
}

/** Sums to add, keyed as the tables are. */
export interface Counts {
  visitors: number;
  pageviews: number;
}
export interface DayCounts extends Counts {
  visits: number;
  bounces: number;
}

export interface Aggregates {
  /** analytics_days, by day. */
  days: Map<string, DayCounts>;
  /** analytics_hours, by `path|hour` (hour in ms; path a name id, or WHOLE_SITE). */
  hours: Map<string, Counts>;
  /** analytics_daily, by `kind|path|day|value`. */
  daily: Map<string, Counts>;
  /** analytics_visitors to write, by `day|visitor`. */
  visitors: Map<string, VisitorState>;
  /** analytics_visitor_paths to write (last view of the path), by `day|visitor|path`. */
  visitorPaths: Map<string, number>;
}

function add<T extends Counts>(map: Map<string, T>, key: string, empty: () => T, change: (counts: T) => void): void {
  let counts = map.get(key);
  if (!counts) map.set(key, (counts = empty()));
  change(counts);
}

const counts = (): Counts => ({ visitors: 0, pageviews: 0 });
const dayCounts = (): DayCounts => ({ visitors: 0, pageviews: 0, visits: 0, bounces: 0 });

/**
 * Folds `hits` (in any order: taken in time order) into sums, given what the database knows of
 * their visitors (`visitors` by `day|visitor`, `visitorPaths`: last view by `day|visitor|path`;
 * both changed in place into the state to write back) and the name ids of every string.
 *
 * - visitors: a visitor counts once per day for the site (its first view that day), once per day
 *   for each path, once per hour for the site and for each path;
 * - a visit is a visitor's first view of the day or the first after 30 minutes without one; a
 *   bounce is a visit of one view (counted when the visit starts, taken back at its second view);
 * - a dimension's visitors on a path are the visitors whose first view of the path that day
 *   carried it, for the site those whose first view of the day did (a referrer: the visitors it
 *   brought); its page views are the views that carried it.
 */
export function aggregate(
  hits: Hit[],
  visitors: Map<string, VisitorState>,
  visitorPaths: Map<string, number>,
  nameId: (name: string) => number,
): Aggregates {
  const result: Aggregates = { days: new Map(), hours: new Map(), daily: new Map(), visitors, visitorPaths };
  const ordered = [...hits].sort((a, b) => a.at - b.at);
  for (const hit of ordered) {
    const hour = hit.at - (hit.at % HOUR_MS);
    const path = nameId(hit.path);
    const visitorKey = `${hit.day}|${hit.visitor}`;
    const pathKey = `${visitorKey}|${path}`;
    const seen = visitors.get(visitorKey);
    const pathSeen = visitorPaths.get(pathKey);
    const newToday = seen === undefined;
    const newVisit = seen === undefined || hit.at - seen.lastSeen > VISIT_IDLE_MS;
    const newThisHour = seen === undefined || seen.lastSeen < hour;
    const newOnPath = pathSeen === undefined;
    const newOnPathThisHour = pathSeen === undefined || pathSeen < hour;

    add(result.days, hit.day, dayCounts, (day) => {
      day.pageviews += 1;
      if (newToday) day.visitors += 1;
      if (newVisit) {
        day.visits += 1;
        day.bounces += 1;
      } else if (seen.visitPageviews === 1) {
        day.bounces -= 1;
      }
    });
    add(result.hours, `${WHOLE_SITE}|${hour}`, counts, (c) => {
      c.pageviews += 1;
      if (newThisHour) c.visitors += 1;
    });
    add(result.hours, `${path}|${hour}`, counts, (c) => {
      c.pageviews += 1;
      if (newOnPathThisHour) c.visitors += 1;
    });
    add(result.daily, `${PAGE_KIND}|${WHOLE_SITE}|${hit.day}|${path}`, counts, (c) => {
      c.pageviews += 1;
      if (newOnPath) c.visitors += 1;
    });
    for (const [kind, value] of Object.entries(hit.dimensions) as [DimensionKind, string][]) {
      if (value === '') continue;
      const id = nameId(value);
      add(result.daily, `${DIMENSION_KINDS[kind]}|${path}|${hit.day}|${id}`, counts, (c) => {
        c.pageviews += 1;
        if (newOnPath) c.visitors += 1;
      });
      add(result.daily, `${DIMENSION_KINDS[kind]}|${WHOLE_SITE}|${hit.day}|${id}`, counts, (c) => {
        c.pageviews += 1;
        if (newToday) c.visitors += 1;
      });
    }

    visitors.set(visitorKey, {
      // Two replicas' views may arrive out of order: the state keeps the latest.
      lastSeen: Math.max(hit.at, seen?.lastSeen ?? 0),
      visitPageviews: newVisit ? 1 : seen.visitPageviews + 1,
    });
    visitorPaths.set(pathKey, Math.max(hit.at, pathSeen ?? 0));
  }
  return result;
}
