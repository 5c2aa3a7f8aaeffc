import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visitor counts (issue #40): sums, never a view. Storage grows with distinct pages, referrers and
 * the like, and with days, not with page views; no table holds an address or a User-Agent.
 *
 * - analytics_salts: each UTC day's random salt for the visitor hash, shared by the replicas
 *   (the first to need it inserts it), deleted once the next day is over (48 hours).
 * - analytics_names: every counted string (paths, referrer hosts, countries, browsers…) once;
 *   the sums refer to them by id, which keeps their rows and indexes narrow.
 * - analytics_days: the site's visitors, page views, visits, bounces and dropped requests per day.
 * - analytics_hours: visitors and page views per hour, per path and (path 0) for the site.
 * - analytics_daily: per kind (0 pages, 1 referrers, 2 countries, 3 browsers, 4 systems,
 *   5 devices, 6 screen sizes, 7 campaigns), path (0: the whole site) and day, each value's
 *   visitors and page views. The key starts with kind and path, so a report of the whole site
 *   reads one narrow range of it (30 rows for 30 days).
 * - analytics_visitors, analytics_visitor_paths: today's and yesterday's visitor hashes (their last
 *   view, their current visit's views), to count each visitor once a day, per path and per hour,
 *   to tell visits apart, and for "visitors now". Pruned after two days, with the salts.
 */
export class Analytics1764150000000 implements MigrationInterface {
  name = 'Analytics1764150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE analytics_salts (day date PRIMARY KEY, salt bytea NOT NULL)`);
    await queryRunner.query(`CREATE TABLE analytics_names (id serial PRIMARY KEY, name text NOT NULL UNIQUE)`);
    await queryRunner.query(`
      CREATE TABLE analytics_days (
        day date PRIMARY KEY,
        visitors integer NOT NULL DEFAULT 0,
        pageviews integer NOT NULL DEFAULT 0,
        visits integer NOT NULL DEFAULT 0,
        bounces integer NOT NULL DEFAULT 0,
        dropped integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_hours (
        hour timestamptz NOT NULL,
        path integer NOT NULL,
        visitors integer NOT NULL,
        pageviews integer NOT NULL,
        PRIMARY KEY (path, hour)
      )`);
    // One row per kind, path and day, its values' ids and sums in three parallel arrays: a row per
    // value (a referrer on a path on a day) costs 28 bytes of row header and ~30 of index for 12
    // bytes of data, which at a million views a month (~640,000 such values) is 60 MB alone; the
    // arrays hold the same in ~15 MB. Flushes rewrite a row whole, under their lock.
    await queryRunner.query(`
      CREATE TABLE analytics_daily (
        kind smallint NOT NULL,
        path integer NOT NULL,
        day date NOT NULL,
        ids integer[] NOT NULL,
        visitors integer[] NOT NULL,
        pageviews integer[] NOT NULL,
        PRIMARY KEY (kind, path, day)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_visitors (
        day date NOT NULL,
        visitor bigint NOT NULL,
        last_seen timestamptz NOT NULL,
        visit_pageviews integer NOT NULL,
        PRIMARY KEY (day, visitor)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_visitor_paths (
        day date NOT NULL,
        visitor bigint NOT NULL,
        path integer NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (day, visitor, path)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'analytics_visitor_paths',
      'analytics_visitors',
      'analytics_daily',
      'analytics_hours',
      'analytics_days',
      'analytics_names',
      'analytics_salts',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
