import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { scrapedGauge } from '../common/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentEvents } from '../content/events/content-events.service';
import { cdnPurger, PurgeError, type CdnPurger } from './cdn-providers';
import { mergePurges } from './cdn-purge';
import { CdnPurges } from './cdn-purges.service';

/** Jobs one claim takes and sends together (their tags and paths merged). */
const BATCH = 100;
/** How often each replica looks for purges another replica queued, or whose retry is due. */
const POLL_MS = 1000;
/** A claim lapses after this (a replica that died while sending): the jobs go again. */
const LEASE_SECONDS = 60;
/** The first retry comes after this; each further one waits twice as long, up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 5 * 60 * 1000;
/** How long a purge is retried before it is marked failed. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
const KEEP_FINISHED_DAYS = 30;
const PRUNE_EVERY_MS = 3600 * 1000;
const REASON_MAX = 500;

/** The wait before retry number `attempt` (1 for the first): 1 s, 2 s, 4 s … 5 min, ±10 %. */
export function purgeRetryDelayMs(attempt: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

interface ClaimedPurge {
  id: string;
  tags: string[];
  paths: string[];
  attempts: number;
  created_at: Date;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}

/**
 * Sends the purge queue to the CDN, on every replica, as MailSender sends mail: each round claims
 * due jobs with FOR UPDATE SKIP LOCKED in one short statement that also moves them out of reach
 * for a lease, so two replicas never send the same job and no transaction stays open while the
 * CDN answers (the embedded database runs one at a time). The claimed jobs go in one purge (each
 * CDN's batches), then are marked done, once. While the CDN cannot be reached (a network error,
 * 429, 5xx) they wait for their retry (purgeRetryDelayMs) and are given up after a day; a refusal
 * of the call itself fails them at once. Failures stay visible in Settings.
 *
 * Rounds run when this replica's change commits (a content event heard `here`), and every POLL_MS
 * for the other replicas' and the retries.
 */
@Injectable()
export class PurgeSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CDN');
  private readonly purger: CdnPurger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  /** Logged once while the CDN cannot be reached, once when it can again. */
  private unreachable = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly purges: CdnPurges,
    private readonly events: ContentEvents,
  ) {
    this.purger = config.cdn && cdnPurger(config.cdn, config.publicUrl);
  }

  onApplicationBootstrap(): void {
    scrapedGauge(
      'cdn_purges_waiting',
      'CDN purges waiting to be sent (retries included), all replicas',
      async () => (await this.purges.counts()).waiting,
    );
    scrapedGauge(
      'cdn_purges_failed',
      'CDN purges given up after a day of failures or refused (kept 30 days)',
      async () => (await this.purges.counts()).failed,
    );
    scrapedGauge('cdn_purge_last_done_timestamp_seconds', 'When the last CDN purge was done (Unix time; 0 before the first)', async () => {
      const { lastDoneAt } = await this.purges.counts();
      return lastDoneAt ? new Date(lastDoneAt).getTime() / 1000 : 0;
    });
    if (!this.purger) return;
    this.events.subscribe((_changes, origin) => {
      if (origin === 'here') this.kick();
    });
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** A round now, or right after the one under way. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: unknown) => this.logger.error(`The purge queue could not be read: ${reasonOf(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const wait = this.again ? 0 : POLL_MS;
        this.again = false;
        this.timer = setTimeout(() => this.kick(), wait).unref();
      });
  }

  private async round(): Promise<void> {
    await this.prune();
    while (!this.stopped) {
      const claimed = await this.claim();
      if (claimed.length > 0) await this.send(claimed);
      if (claimed.length < BATCH) return;
    }
  }

  private async claim(): Promise<ClaimedPurge[]> {
    const [rows] = await this.dataSource.query<[ClaimedPurge[], number]>(
      `UPDATE cdn_purges SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
        WHERE id IN (SELECT id FROM cdn_purges WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, tags, paths, attempts, created_at`,
      [LEASE_SECONDS, BATCH],
    );
    return rows;
  }

  private async send(claimed: ClaimedPurge[]): Promise<void> {
    const ids = claimed.map((job) => job.id);
    try {
      await this.purger!.purge(mergePurges(claimed), (paths) => this.purges.addresses(paths));
    } catch (error) {
      const reason = reasonOf(error);
      if (!(error instanceof PurgeError) || !error.retry) return this.fail(ids, reason);
      if (!this.unreachable) this.logger.warn(`The CDN cannot be reached (${reason}); purges wait and are retried`);
      this.unreachable = true;
      for (const job of claimed) {
        if (Date.now() - new Date(job.created_at).getTime() > GIVE_UP_AFTER_MS)
          await this.fail([job.id], `Not done within a day: ${reason}`);
        else
          await this.dataSource.query(
            `UPDATE cdn_purges SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1 AND status = 'pending'`,
            [job.id, purgeRetryDelayMs(job.attempts) / 1000, reason],
          );
      }
      return;
    }
    if (this.unreachable) this.logger.log('The CDN takes purges again');
    this.unreachable = false;
    await this.dataSource.query(
      `UPDATE cdn_purges SET status = 'done', finished_at = now(), last_error = NULL WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
      [ids],
    );
  }

  private async fail(ids: string[], reason: string): Promise<void> {
    this.logger.error(`A CDN purge was given up: ${reason}`);
    await this.dataSource.query(
      `UPDATE cdn_purges SET status = 'failed', finished_at = now(), last_error = $2 WHERE id = ANY($1::uuid[]) AND status = 'pending'`,
      [ids, reason],
    );
  }

  /** Hourly: finished purges older than KEEP_FINISHED_DAYS go. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.dataSource.query(`DELETE FROM cdn_purges WHERE status <> 'pending' AND finished_at < now() - make_interval(days => $1)`, [
      KEEP_FINISHED_DAYS,
    ]);
  }
}
