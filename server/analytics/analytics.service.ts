import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DIMENSION_KINDS, PAGE_KIND, WHOLE_SITE, type DimensionKind } from './aggregate';
import { CollectorService, LIVE_WINDOW_MS } from './collector.service';
import { ANALYTICS_CLOCK, type AnalyticsClock } from './analytics-clock';
import { addDays, previousRange, rangeDays, utcDay, type DateRange } from './date-range';

/** How many rows a top list holds. */
export const TOP_LIMIT = 50;

/** The reports, by their address: `pages` and the dimensions (analytics.controller.ts). */
export const REPORTS = {
  pages: PAGE_KIND,
  referrers: DIMENSION_KINDS.referrer,
  countries: DIMENSION_KINDS.country,
  browsers: DIMENSION_KINDS.browser,
  systems: DIMENSION_KINDS.system,
  devices: DIMENSION_KINDS.device,
  screens: DIMENSION_KINDS.screen,
  campaigns: DIMENSION_KINDS.campaign,
} satisfies Record<string, number>;
export type Report = keyof typeof REPORTS;
export type { DimensionKind };

export interface Figures {
  visitors: number;
  pageviews: number;
  visits: number;
  /** Visits of one page view, as a share of visits (0 to 1). */
  bounceRate: number;
  dropped: number;
}

export interface SeriesPoint {
  /** `YYYY-MM-DD`, or the hour's start (`YYYY-MM-DDTHH:00:00Z`) for a single day. */
  date: string;
  visitors: number;
  pageviews: number;
  /** Requests not counted that day; `null` for an hour (dropped requests are kept per day only). */
  dropped: number | null;
}

export interface Summary extends Figures {
  from: string;
  to: string;
  /** More than one day: `visitors` is the sum of each day's visitors (someone who came on two days counts twice). */
  visitorsSummed: boolean;
  previous: Figures;
  series: SeriesPoint[];
}

export interface TopRow {
  value: string;
  visitors: number;
  pageviews: number;
}

export interface DayRow {
  date: string;
  visitors: number;
  pageviews: number;
  visits: number;
  bounces: number;
  dropped: number;
}

/**
 * The reports, read from the aggregate tables (collector.service.ts writes them). Each first
 * flushes this replica's buffer, so a view counted here shows at once; other replicas' views show
 * within their next flush (10 s). Every query reads a narrow range of a primary key: the whole
 * site's rows of one kind and period (a few thousand for 30 days), never the per-path rows unless
 * one path is asked for.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly collector: CollectorService,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {}

  async summary(range: DateRange): Promise<Summary> {
    await this.collector.flush();
    const previous = previousRange(range);
    const [figures, series] = await Promise.all([this.figures(range, previous), this.series(range)]);
    return {
      ...figures.current,
      from: range.from,
      to: range.to,
      visitorsSummed: range.from !== range.to,
      previous: figures.previous,
      series,
    };
  }

  /** The period's figures and the previous period's, in one read of the daily rows. */
  private async figures(range: DateRange, previous: DateRange): Promise<{ current: Figures; previous: Figures }> {
    const rows = await this.dataSource.query<
      { current: boolean; visitors: number; pageviews: number; visits: number; bounces: number; dropped: number }[]
    >(
      `SELECT day >= $3 AS current, sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews,
              sum(visits)::int AS visits, sum(bounces)::int AS bounces, sum(dropped)::int AS dropped
         FROM analytics_days WHERE day BETWEEN $1 AND $2 GROUP BY 1`,
      [previous.from, range.to, range.from],
    );
    const of = (current: boolean): Figures => {
      const row = rows.find((r) => r.current === current);
      if (!row) return { visitors: 0, pageviews: 0, visits: 0, bounceRate: 0, dropped: 0 };
      return {
        visitors: row.visitors,
        pageviews: row.pageviews,
        visits: row.visits,
        bounceRate: row.visits > 0 ? Math.round((row.bounces / row.visits) * 1000) / 1000 : 0,
        dropped: row.dropped,
      };
    };
    return { current: of(true), previous: of(false) };
  }

  /** Hour by hour for one day, else day by day; every hour or day present, empty ones at 0. */
  private async series(range: DateRange): Promise<SeriesPoint[]> {
    if (range.from === range.to) {
      const rows = await this.dataSource.query<{ hour: Date; visitors: number; pageviews: number }[]>(
        `SELECT hour, visitors, pageviews FROM analytics_hours
          WHERE path = $1 AND hour >= $2::date AND hour < $2::date + 1`,
        [WHOLE_SITE, range.from],
      );
      const byHour = new Map(rows.map((row) => [row.hour.getTime(), row]));
      const start = Date.parse(`${range.from}T00:00:00Z`);
      return Array.from({ length: 24 }, (_, hour) => {
        const at = start + hour * 3_600_000;
        const row = byHour.get(at);
        return {
          date: new Date(at).toISOString().replace('.000', ''),
          visitors: row?.visitors ?? 0,
          pageviews: row?.pageviews ?? 0,
          dropped: null,
        };
      });
    }
    const rows = await this.days(range);
    const byDay = new Map(rows.map((row) => [row.date, row]));
    return Array.from({ length: rangeDays(range) }, (_, index) => {
      const date = addDays(range.from, index);
      const row = byDay.get(date);
      return { date, visitors: row?.visitors ?? 0, pageviews: row?.pageviews ?? 0, dropped: row?.dropped ?? 0 };
    });
  }

  /** The days of the period that have counts, oldest first. */
  async days(range: DateRange): Promise<DayRow[]> {
    return this.dataSource.query<DayRow[]>(
      `SELECT day::text AS date, visitors, pageviews, visits, bounces, dropped
         FROM analytics_days WHERE day BETWEEN $1 AND $2 ORDER BY day`,
      [range.from, range.to],
    );
  }

  /**
   * The top 50 of a report for the period, by visitors then page views; for the whole site, or
   * for one page's `path` (the pages report then has that page alone). Visitors over several days
   * are summed day by day.
   */
  async top(report: Report, range: DateRange, path?: string): Promise<TopRow[]> {
    await this.collector.flush();
    const kind = REPORTS[report];
    const onePath = path !== undefined;
    // Pages: the whole site's rows of the pages' kind, whose value is the path. Other reports of
    // one path: that path's own rows.
    const pathFilter = onePath && report !== 'pages' ? `(SELECT id FROM analytics_names WHERE name = $5)` : `${WHOLE_SITE}`;
    const valueFilter = onePath && report === 'pages' ? `AND u.id = (SELECT id FROM analytics_names WHERE name = $5)` : '';
    return this.dataSource.query<TopRow[]>(
      `SELECT n.name AS value, t.visitors, t.pageviews FROM (
         SELECT u.id, sum(u.visitors)::int AS visitors, sum(u.pageviews)::int AS pageviews
           FROM analytics_daily a, unnest(a.ids, a.visitors, a.pageviews) AS u (id, visitors, pageviews)
          WHERE a.kind = $1 AND a.path = ${pathFilter} AND a.day BETWEEN $2 AND $3 ${valueFilter}
          GROUP BY u.id ORDER BY visitors DESC, pageviews DESC LIMIT $4
       ) t JOIN analytics_names n ON n.id = t.id
       ORDER BY t.visitors DESC, t.pageviews DESC, n.name`,
      [kind, range.from, range.to, TOP_LIMIT, ...(onePath ? [path] : [])],
    );
  }

  /**
   * Visitors of the last five minutes: those the database has (every replica's flushed views) and
   * those in this replica's buffer not yet flushed. Another replica's unflushed views show within
   * its next flush (10 s).
   */
  async live(): Promise<number> {
    const since = this.clock.now() - LIVE_WINDOW_MS;
    const buffered = [...this.collector.bufferedSince(since)];
    const [{ visitors }] = await this.dataSource.query<{ visitors: number }[]>(
      `SELECT count(*)::int AS visitors FROM analytics_visitors
        WHERE day >= $1 AND last_seen >= $2 AND visitor <> ALL($3::bigint[])`,
      [utcDay(since), new Date(since), buffered],
    );
    return visitors + buffered.length;
  }
}
