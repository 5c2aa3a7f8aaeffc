import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { aggregate, type Aggregates, type DimensionKind, type Hit, type VisitorState } from './aggregate';
import { ANALYTICS_CLOCK, type AnalyticsClock } from './analytics-clock';
import { CountryLookup } from './countries';
import { addDays, utcDay } from './date-range';
import { screenSize, softwareOf, visitorId, type BeaconFields, type Software } from './hit';

/** A flush at most this often (and at shutdown): the database sees a few statements per 10 s, whatever the traffic. */
export const FLUSH_EVERY_MS = 10_000;
/** Views held in memory at most: past this (the database away for long), new ones are dropped and counted as such. */
const MAX_BUFFERED = 200_000;
/** Loose per-address limit: a person does not view more pages than this in a minute; past it, views are dropped. */
const PER_ADDRESS_PER_MINUTE = 120;
/** Recent visitors this replica remembers for "visitors now", beyond what it has flushed. */
export const LIVE_WINDOW_MS = 5 * 60 * 1000;
/** Views per flush transaction: a burst is written in several, each well inside the statement timeout. */
const FLUSH_BATCH = 5000;
/** User-Agents whose browser, system and device are remembered (parsing one costs more than the rest of a view). */
const KNOWN_AGENTS = 1000;
/** Flushes of all replicas take turns (pg_advisory_xact_lock): each reads, then writes, its visitors' state. */
const FLUSH_LOCK = 727_274_040;
/** How often the prune runs (each replica tries; it is idempotent). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What a request tells about its visitor, read by the controller; the address and UA go no further than `record`. */
export interface ViewRequest {
  address: string;
  userAgent: string;
  fields: BeaconFields;
}

/**
 * Counts views: each one becomes a Hit in memory (a daily hash for its visitor, never the address
 * or the User-Agent) and the buffer is folded into the aggregate tables at most every 10 s and at
 * shutdown (onModuleDestroy, before the pool closes: a graceful stop loses none). A flush that
 * fails keeps its views for the next one.
 */
@Injectable()
export class CollectorService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Analytics');
  private readonly countries = new CountryLookup();
  private buffer: Hit[] = [];
  private dropped = new Map<string, number>();
  private readonly salts = new Map<string, Promise<Buffer>>();
  /** Name ids already known: most flushes then ask the database for none. */
  private readonly names = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private readonly agents = new Map<string, Software>();
  private readonly ownHost: string;
  private perAddressMinute = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastPrune = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock,
  ) {
    this.ownHost = new URL(config.publicUrl).host;
  }

  get enabled(): boolean {
    return this.config.analytics;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** A person's view: kept in the buffer as a Hit. Async only while today's salt is first read. */
  async record({ address, userAgent, fields }: ViewRequest): Promise<void> {
    const at = this.clock.now();
    const day = utcDay(at);
    if (this.overLimit(address, at) || this.buffer.length >= MAX_BUFFERED) return this.drop(day);
    const salt = await this.salt(day);
    const software = this.software(userAgent);
    const dimensions: Record<DimensionKind, string> = {
      referrer: this.external(fields.referrer),
      country: this.countries.country(address),
      browser: software.browser,
      system: software.system,
      device: software.device,
      screen: screenSize(fields.width),
      campaign: fields.campaign,
    };
    const visitor = visitorId(salt, this.config.publicUrl, address, userAgent).toString();
    this.buffer.push({ at, day, visitor, path: fields.path, dimensions });
  }

  /** A request that is no person's view (a bot, a HEAD, a prefetch…): only its number is kept, per day. */
  drop(day = utcDay(this.clock.now())): void {
    this.dropped.set(day, (this.dropped.get(day) ?? 0) + 1);
  }

  /** This replica's visitors of the last five minutes not yet flushed (the database has the rest). */
  bufferedSince(since: number): Set<string> {
    return new Set(this.buffer.filter((hit) => hit.at >= since).map((hit) => hit.visitor));
  }

  /** A referrer on this very site is a visitor moving between pages: not a referrer. */
  private external(host: string): string {
    return host === this.ownHost ? '' : host;
  }

  /** softwareOf, remembered for the most recent User-Agents (a few browsers' versions make most views). */
  private software(userAgent: string): Software {
    let software = this.agents.get(userAgent);
    if (!software) {
      software = softwareOf(userAgent);
      if (this.agents.size >= KNOWN_AGENTS) this.agents.clear();
      this.agents.set(userAgent, software);
    }
    return software;
  }

  /** Counts `address`'s views in the current minute; true once past the limit. */
  private overLimit(address: string, at: number): boolean {
    const minute = Math.floor(at / 60_000);
    if (minute !== this.perAddressMinute) {
      this.perAddress.clear();
      this.perAddressMinute = minute;
    }
    const count = (this.perAddress.get(address) ?? 0) + 1;
    this.perAddress.set(address, count);
    return count > PER_ADDRESS_PER_MINUTE;
  }

  /**
   * The day's salt, the same for every replica: the first to need it inserts a random one, the
   * others find it (insert if absent, then read back). Kept in memory for the day.
   */
  private salt(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.dataSource
        .query<{ salt: Buffer }[]>(
          `WITH made AS (INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt)
           SELECT salt FROM made UNION ALL SELECT salt FROM analytics_salts WHERE day = $1`,
          [day, randomBytes(32)],
        )
        .then((rows) => rows[0].salt);
      // A failed read is asked again by the next view, not remembered.
      salt.catch(() => this.salts.delete(day));
      for (const known of this.salts.keys()) if (known < addDays(day, -1)) this.salts.delete(known);
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** Folds the buffer into the tables; one at a time, and a failed one keeps its views for the next. */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.flushOnce()
        .catch((error: Error) => this.logger.warn(`Flushing visitor counts failed (kept for the next try): ${error.message}`))
        .finally(() => (this.flushing = undefined));
    }
    return this.flushing;
  }

  /** The buffer in batches of FLUSH_BATCH views, oldest first, each batch in a transaction of its own. */
  private async flushOnce(): Promise<void> {
    await this.pruneDaily();
    // A batch that fails throws, and leaves the rest for the next flush.
    do {
      await this.flushBatch();
    } while (this.buffer.length > 0);
  }

  private async flushBatch(): Promise<void> {
    if (this.buffer.length === 0 && this.dropped.size === 0) return;
    const hits = this.buffer.slice(0, FLUSH_BATCH);
    const dropped = this.dropped;
    this.buffer = this.buffer.slice(hits.length);
    this.dropped = new Map();
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock($1)', [FLUSH_LOCK]);
        await this.write(manager, hits, dropped);
      });
    } catch (error) {
      // Back in front of what came meanwhile, for the next flush.
      this.buffer = [...hits, ...this.buffer].slice(0, MAX_BUFFERED);
      for (const [day, count] of dropped) this.dropped.set(day, (this.dropped.get(day) ?? 0) + count);
      throw error;
    }
  }

  private async write(manager: EntityManager, hits: Hit[], dropped: Map<string, number>): Promise<void> {
    const nameIds = await this.nameIds(manager, hits);
    const { visitors, visitorPaths } = await this.visitorState(manager, hits);
    const sums = aggregate(hits, visitors, visitorPaths, (name) => nameIds.get(name)!);
    await this.writeVisitorState(manager, sums);
    await this.addSums(manager, sums, dropped);
  }

  /** Ids for every string the hits carry: new ones inserted (once, whichever replica is first). */
  private async nameIds(manager: EntityManager, hits: Hit[]): Promise<Map<string, number>> {
    const wanted = new Set<string>();
    for (const hit of hits) {
      wanted.add(hit.path);
      for (const value of Object.values(hit.dimensions)) if (value !== '') wanted.add(value);
    }
    const missing = [...wanted].filter((name) => !this.names.has(name));
    if (missing.length > 0) {
      await manager.query(`INSERT INTO analytics_names (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [missing]);
      const rows = await manager.query<{ id: number; name: string }[]>(`SELECT id, name FROM analytics_names WHERE name = ANY($1)`, [
        missing,
      ]);
      // A bounded memory: past 50,000 names (paths of junk), start again.
      if (this.names.size + rows.length > 50_000) this.names.clear();
      for (const { id, name } of rows) this.names.set(name, id);
    }
    return new Map([...wanted].map((name) => [name, this.names.get(name)!]));
  }

  /** What the database knows of today's (and yesterday's) visitors among the hits'. */
  private async visitorState(manager: EntityManager, hits: Hit[]) {
    const keys = [...new Set(hits.map((hit) => `${hit.day}|${hit.visitor}`))].map((key) => key.split('|'));
    const days = keys.map(([day]) => day);
    const ids = keys.map(([, visitor]) => visitor);
    const [seen, seenPaths] = await Promise.all([
      manager.query<{ day: string; visitor: string; last_seen: Date; visit_pageviews: number }[]>(
        `SELECT v.day::text AS day, v.visitor::text AS visitor, v.last_seen, v.visit_pageviews
           FROM analytics_visitors v JOIN unnest($1::date[], $2::bigint[]) AS k (day, visitor) USING (day, visitor)`,
        [days, ids],
      ),
      manager.query<{ day: string; visitor: string; path: number; last_seen: Date }[]>(
        `SELECT p.day::text AS day, p.visitor::text AS visitor, p.path, p.last_seen
           FROM analytics_visitor_paths p JOIN unnest($1::date[], $2::bigint[]) AS k (day, visitor) USING (day, visitor)`,
        [days, ids],
      ),
    ]);
    const visitors = new Map<string, VisitorState>(
      seen.map((row) => [`${row.day}|${row.visitor}`, { lastSeen: row.last_seen.getTime(), visitPageviews: row.visit_pageviews }]),
    );
    const visitorPaths = new Map<string, number>(
      seenPaths.map((row) => [`${row.day}|${row.visitor}|${row.path}`, row.last_seen.getTime()]),
    );
    return { visitors, visitorPaths };
  }

  private async writeVisitorState(manager: EntityManager, sums: Aggregates): Promise<void> {
    const visitors = [...sums.visitors].map(([key, state]) => [...key.split('|'), new Date(state.lastSeen), state.visitPageviews] as const);
    await manager.query(
      `INSERT INTO analytics_visitors (day, visitor, last_seen, visit_pageviews)
       SELECT * FROM unnest($1::date[], $2::bigint[], $3::timestamptz[], $4::integer[])
       ON CONFLICT (day, visitor) DO UPDATE SET last_seen = excluded.last_seen, visit_pageviews = excluded.visit_pageviews`,
      columns(visitors, 4),
    );
    const paths = [...sums.visitorPaths].map(([key, lastSeen]) => [...key.split('|'), new Date(lastSeen)] as const);
    await manager.query(
      `INSERT INTO analytics_visitor_paths (day, visitor, path, last_seen)
       SELECT * FROM unnest($1::date[], $2::bigint[], $3::integer[], $4::timestamptz[])
       ON CONFLICT (day, visitor, path) DO UPDATE SET last_seen = excluded.last_seen`,
      columns(paths, 4),
    );
  }

  /** Adds the sums to the tables: one statement per table, each an upsert that adds. */
  private async addSums(manager: EntityManager, sums: Aggregates, dropped: Map<string, number>): Promise<void> {
    const days = new Set([...sums.days.keys(), ...dropped.keys()]);
    const dayRows = [...days].map((day) => {
      const c = sums.days.get(day) ?? { visitors: 0, pageviews: 0, visits: 0, bounces: 0 };
      return [day, c.visitors, c.pageviews, c.visits, c.bounces, dropped.get(day) ?? 0] as const;
    });
    await manager.query(
      `INSERT INTO analytics_days AS d (day, visitors, pageviews, visits, bounces, dropped)
       SELECT * FROM unnest($1::date[], $2::integer[], $3::integer[], $4::integer[], $5::integer[], $6::integer[])
       ON CONFLICT (day) DO UPDATE SET visitors = d.visitors + excluded.visitors, pageviews = d.pageviews + excluded.pageviews,
         visits = d.visits + excluded.visits, bounces = d.bounces + excluded.bounces, dropped = d.dropped + excluded.dropped`,
      columns(dayRows, 6),
    );
    const hourRows = [...sums.hours].map(([key, c]) => {
      const [path, hour] = key.split('|');
      return [Number(path), new Date(Number(hour)), c.visitors, c.pageviews] as const;
    });
    await manager.query(
      `INSERT INTO analytics_hours AS h (path, hour, visitors, pageviews)
       SELECT * FROM unnest($1::integer[], $2::timestamptz[], $3::integer[], $4::integer[])
       ON CONFLICT (path, hour) DO UPDATE SET visitors = h.visitors + excluded.visitors, pageviews = h.pageviews + excluded.pageviews`,
      columns(hourRows, 4),
    );
    await this.addDaily(manager, sums.daily);
  }

  /**
   * analytics_daily keeps each kind, path and day in one row of arrays (see the migration): the
   * rows the sums touch are read, added to in memory and written back whole. Safe because flushes
   * hold FLUSH_LOCK: no other flush writes these rows meanwhile.
   */
  private async addDaily(manager: EntityManager, daily: Aggregates['daily']): Promise<void> {
    const rows = new Map<string, Map<number, { visitors: number; pageviews: number }>>();
    for (const [key, c] of daily) {
      const cut = key.lastIndexOf('|');
      const row = key.slice(0, cut);
      let values = rows.get(row);
      if (!values) rows.set(row, (values = new Map<number, { visitors: number; pageviews: number }>()));
      values.set(Number(key.slice(cut + 1)), { visitors: c.visitors, pageviews: c.pageviews });
    }
    if (rows.size === 0) return;
    const keys = [...rows.keys()].map((row) => row.split('|'));
    const stored = await manager.query<
      { kind: number; path: number; day: string; ids: number[]; visitors: number[]; pageviews: number[] }[]
    >(
      `SELECT a.kind, a.path, a.day::text AS day, a.ids, a.visitors, a.pageviews
         FROM analytics_daily a JOIN unnest($1::smallint[], $2::integer[], $3::date[]) AS k (kind, path, day) USING (kind, path, day)`,
      columns(keys, 3),
    );
    for (const row of stored) {
      const values = rows.get(`${row.kind}|${row.path}|${row.day}`)!;
      row.ids.forEach((id, index) => {
        const added = values.get(id);
        values.set(id, {
          visitors: row.visitors[index] + (added?.visitors ?? 0),
          pageviews: row.pageviews[index] + (added?.pageviews ?? 0),
        });
      });
    }
    const records = [...rows].map(([row, values]) => {
      const [kind, path, day] = row.split('|');
      const entries = [...values];
      return {
        kind: Number(kind),
        path: Number(path),
        day,
        ids: entries.map(([id]) => id),
        visitors: entries.map(([, c]) => c.visitors),
        pageviews: entries.map(([, c]) => c.pageviews),
      };
    });
    await manager.query(
      `INSERT INTO analytics_daily (kind, path, day, ids, visitors, pageviews)
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS r (kind smallint, path integer, day date, ids integer[], visitors integer[], pageviews integer[])
       ON CONFLICT (kind, path, day) DO UPDATE SET ids = excluded.ids, visitors = excluded.visitors, pageviews = excluded.pageviews`,
      [JSON.stringify(records)],
    );
  }

  /**
   * Once an hour per replica: drops the salts and visitor hashes of days before yesterday (the
   * salt lives 48 hours at most) and the sums older than ANALYTICS_DAYS.
   */
  private async pruneDaily(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const yesterday = addDays(utcDay(now), -1);
    const oldest = addDays(utcDay(now), -(this.config.analyticsDays - 1));
    await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM analytics_salts WHERE day < $1', [yesterday]);
      await manager.query('DELETE FROM analytics_visitors WHERE day < $1', [yesterday]);
      await manager.query('DELETE FROM analytics_visitor_paths WHERE day < $1', [yesterday]);
      await manager.query('DELETE FROM analytics_days WHERE day < $1', [oldest]);
      await manager.query('DELETE FROM analytics_daily WHERE day < $1', [oldest]);
      await manager.query('DELETE FROM analytics_hours WHERE hour < $1', [`${oldest}T00:00:00Z`]);
    });
  }
}

/** Rows to the column arrays that unnest() takes back apart: one statement for any number of rows. */
function columns(rows: readonly (readonly unknown[])[], width: number): unknown[][] {
  return Array.from({ length: width }, (_, index) => rows.map((row) => row[index]));
}
