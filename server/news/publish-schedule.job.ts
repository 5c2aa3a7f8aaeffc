import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { contentKind, publicPaths } from '../content/content-kinds';
import { ContentEvents } from '../content/events/content-events.service';

/** How often each replica looks for articles that have fallen due: within this (and a delivery) of its time. */
const EVERY_MS = 1000;
/** Items of a kind one round announces at most; more wait for the next round. */
const BATCH = 100;
/** The kinds with a `publishAt` whose table has `published_event_at` and its trigger (NewsPublishedEvents, PagePublishedEvents). */
const SCHEDULED = ['news', 'pages'] as const;
type ScheduledKind = (typeof SCHEDULED)[number];

/**
 * Raises `published` for an article (or a page, issue #37) whose `publishAt` has come, on one replica, within about a
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

  /** Announces what has fallen due; answers how many articles and pages. */
  async announceDue(): Promise<number> {
    let announced = 0;
    for (const kind of SCHEDULED) announced += await this.announceDueOf(kind);
    return announced;
  }

  /** The items of one kind (its table) that have fallen due, claimed and announced in one transaction. */
  private async announceDueOf(kind: ScheduledKind): Promise<number> {
    const { table } = contentKind(kind);
    const [{ due }] = await this.dataSource.query<{ due: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM ${table} WHERE published_event_at IS NULL AND publish_at <= now()) AS due`,
    );
    if (!due) return 0;
    return this.dataSource.transaction(async (manager) => {
      // For an UPDATE, TypeORM's query() answers [rows, affected count].
      const [rows]: [{ id: string; slug: string }[], number] = await manager.query(
        `UPDATE ${table} SET published_event_at = now()
          WHERE id IN (SELECT id FROM ${table} WHERE published_event_at IS NULL AND publish_at <= now()
                        ORDER BY publish_at LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING id, slug`,
        [BATCH],
      );
      // Only published items in no trash wait (the trigger's rule): each is visible now.
      await this.events.raise(
        manager,
        ...rows.map((row) => ({
          kind,
          id: row.id,
          oldPaths: [],
          newPaths: publicPaths(kind, { slug: row.slug, status: 'published', publishAt: null }),
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
