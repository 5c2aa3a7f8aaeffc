import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { publicPaths } from '../content/content-kinds';
import { ContentEvents } from '../content/events/content-events.service';

/** How often each replica looks for articles that have fallen due: within this (and a delivery) of its time. */
const EVERY_MS = 1000;
/** Articles one round announces at most; more wait for the next round. */
const BATCH = 100;

/**
 * Raises `published` for an article whose `publishAt` has come, on one replica, within about a
 * second of its time. Every replica looks every EVERY_MS, and the one whose UPDATE claims the
 * row (published_event_at, kept by a trigger: see the NewsPublishedEvents migration) raises the
 * event in the same transaction; FOR UPDATE SKIP LOCKED lets the others pass over a row being
 * claimed, and the claim's WHERE lets them find nothing once it has committed. Nothing has to be
 * set up when the article is saved, so an article saved on a replica that has gone since is
 * announced all the same. A round that finds nothing due is one indexed read (only articles
 * waiting for their time are in news_publish_due_idx); a transaction is opened only to claim.
 */
@Injectable()
export class PublishSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PublishSchedule');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Set by a failed round and logged once, not every second of a database outage. */
  private failing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: ContentEvents,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Announces what has fallen due; answers how many articles. */
  async announceDue(): Promise<number> {
    const [{ due }] = await this.dataSource.query<{ due: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM news WHERE published_event_at IS NULL AND publish_at <= now()) AS due`,
    );
    if (!due) return 0;
    return this.dataSource.transaction(async (manager) => {
      // For an UPDATE, TypeORM's query() answers [rows, affected count].
      const [rows]: [{ id: string; slug: string }[], number] = await manager.query(
        `UPDATE news SET published_event_at = now()
          WHERE id IN (SELECT id FROM news WHERE published_event_at IS NULL AND publish_at <= now()
                        ORDER BY publish_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, slug`,
        [BATCH],
      );
      // Only published articles in no trash wait (the trigger's rule): each is visible now.
      await this.events.raise(
        manager,
        ...rows.map((row) => ({
          kind: 'news' as const,
          id: row.id,
          oldPaths: [],
          newPaths: publicPaths('news', { slug: row.slug, status: 'published', publishAt: null }),
          change: 'published' as const,
        })),
      );
      return rows.length;
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.announceDue()
        .then(
          () => {
            if (this.failing) this.logger.log('articles that fall due are announced again');
            this.failing = false;
          },
          (error: Error) => {
            if (!this.failing) this.logger.error(`could not announce the articles that fell due (trying every second): ${error.message}`);
            this.failing = true;
          },
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, EVERY_MS).unref();
  }
}
