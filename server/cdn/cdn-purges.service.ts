import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentEvents } from '../content/events/content-events.service';
import { contentKind } from '../content/content-kinds';
import { NewsService } from '../news/news.service';
import { SITE_PATHS } from '../site/site-paths';
import { expandPaths, needsSite, purgeOf, type Purge } from './cdn-purge';

/** How many of the latest failures the Settings screen lists. */
const FAILURES_SHOWN = 20;
/** The articles a purge of every page names, as many as the sitemap lists. */
const ARTICLES_PURGED = 40_000;

export interface CdnStatus {
  /** CDN: none, cloudflare, fastly, varnish or nginx. */
  provider: string;
  /** Purges waiting to be sent (retries included). */
  waiting: number;
  /** Purges given up, kept 30 days. */
  failedCount: number;
  /** When the last purge was done, null before the first. */
  lastDoneAt: Date | null;
  failed: {
    id: string;
    tags: string[];
    paths: string[];
    reason: string | null;
    attempts: number;
    createdAt: Date;
    failedAt: Date | null;
  }[];
}

/** Adds a purge job (also `npm run cdn:purge-all`'s, which runs without the app); its id. */
export async function queuePurge(manager: EntityManager, purge: Purge): Promise<string> {
  const [{ id }] = await manager.query<{ id: string }[]>(
    `INSERT INTO cdn_purges (tags, paths) VALUES ($1::text[], $2::text[]) RETURNING id`,
    [purge.tags, purge.paths],
  );
  return id;
}

/**
 * The CDN's purge queue: each content change that may change a visitor's page becomes a row of
 * `cdn_purges`, written by ContentEvents' in-transaction hook through the change's own
 * transaction, so a purge exists exactly when its change does (a rollback takes it back, a crash
 * after the commit loses none). PurgeSender sends them. With CDN=none nothing is written.
 */
@Injectable()
export class CdnPurges {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly news: NewsService,
    events: ContentEvents,
  ) {
    if (config.cdn) events.onRaise((manager, changes) => this.add(manager, purgeOf(changes)));
  }

  /** Queues `purge` through `manager` (the caller's transaction, or none); nothing without a CDN. */
  async add(manager: EntityManager, purge: Purge | null): Promise<void> {
    if (this.config.cdn && purge) await queuePurge(manager, purge);
  }

  /** The addresses of `paths` for a CDN that purges by address (expandPaths), read from the site as it is now. */
  async addresses(paths: readonly string[]): Promise<string[]> {
    if (!needsSite(paths)) return [...paths];
    const articles = await this.news.listForSitemap(ARTICLES_PURGED);
    const [{ services }] = await this.dataSource.query<{ services: number }[]>(
      `SELECT count(*)::int AS services FROM ${contentKind('services').table} WHERE deleted_at IS NULL`,
    );
    // The company's pages a visitor sees (issue #37), each at /<slug>.
    const ownPages = await this.dataSource.query<{ slug: string }[]>(
      `SELECT slug FROM ${contentKind('pages').table}
        WHERE deleted_at IS NULL AND status = 'published' AND (publish_at IS NULL OR publish_at <= now())`,
    );
    const pages = (count: number) => Math.max(1, Math.ceil(count / this.config.pageSize));
    return expandPaths(paths, {
      slugs: articles.map((article) => article.slug),
      pageSlugs: ownPages.map((page) => page.slug),
      pages: { [SITE_PATHS.news]: pages(articles.length), [SITE_PATHS.services]: pages(services) },
    });
  }

  /** Purges waiting and given up, and the time of the last one done: the metrics' gauges. */
  async counts(): Promise<{ waiting: number; failed: number; lastDoneAt: Date | null }> {
    const [row] = await this.dataSource.query<{ waiting: number; failed: number; last_done_at: Date | null }[]>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS waiting, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              max(finished_at) FILTER (WHERE status = 'done') AS last_done_at
         FROM cdn_purges`,
    );
    return { waiting: row.waiting, failed: row.failed, lastDoneAt: row.last_done_at };
  }

  /** What the Settings screen shows. */
  async status(): Promise<CdnStatus> {
    const { waiting, failed, lastDoneAt } = await this.counts();
    const rows = await this.dataSource.query<
      {
        id: string;
        tags: string[];
        paths: string[];
        last_error: string | null;
        attempts: number;
        created_at: Date;
        finished_at: Date | null;
      }[]
    >(
      `SELECT id, tags, paths, last_error, attempts, created_at, finished_at FROM cdn_purges
        WHERE status = 'failed' ORDER BY finished_at DESC LIMIT $1`,
      [FAILURES_SHOWN],
    );
    return {
      provider: this.config.cdn?.provider ?? 'none',
      waiting,
      failedCount: failed,
      lastDoneAt: lastDoneAt && new Date(lastDoneAt),
      failed: rows.map((row) => ({
        id: row.id,
        tags: row.tags,
        paths: row.paths,
        reason: row.last_error,
        attempts: row.attempts,
        createdAt: row.created_at,
        failedAt: row.finished_at,
      })),
    };
  }
}
