import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import { contentEvents } from '../../common/metrics';
import { affectsPublicPages, editChange, notifyPayloads, parsePayload, type ContentChange } from './content-change';

// What the services that raise and hear events need, reached through this service (the boundaries' rule).
export { affectsPublicPages, editChange, type ContentChange };

/** The PostgreSQL channel the replicas tell each other on. */
const CHANNEL = 'content_changes';
/** The wait before the listening connection tries again after losing the database. */
const RECONNECT_MS = 1000;

/** Where a change was made: in this process (`here`, once), or on another replica (`elsewhere`, told by PostgreSQL). */
export type ChangeOrigin = 'here' | 'elsewhere';
export type ContentListener = (changes: readonly ContentChange[], origin: ChangeOrigin) => void;
/** Told of changes inside the transaction that raises them, through its manager: what it writes commits or rolls back with them. */
export type RaiseListener = (manager: EntityManager, changes: readonly ContentChange[]) => Promise<void>;

/**
 * Content events: services raise them with `raise(manager, …)` from the transaction that makes
 * the change, and listeners hear them once it has committed (never if it rolls back), before the
 * request's reply: the admin's next request already sees the result. TypeORM tells this service of
 * every commit and rollback (it is one of the data source's subscribers).
 *
 * Other replicas hear them through PostgreSQL: `raise` also issues NOTIFY in the transaction,
 * which PostgreSQL delivers on commit to every replica's LISTEN connection; a replica ignores its
 * own. NOTIFY rather than a table of events: what listens today (the page cache) is per process
 * and lost with it, so nothing has to survive a crash, and NOTIFY needs no poll or cleanup. A
 * replica that loses its LISTEN connection misses what is said meanwhile; the page cache's TTL
 * bounds that. A listener that must not miss an event (a CDN purge) should act on `here` events,
 * which the raising replica always hears, or get an outbox table of its own.
 *
 * The embedded database has no LISTEN: PGlite serves every connection from one PostgreSQL session
 * and forwards no notification. It needs none either: it has one process (lockDataDir), hence
 * one replica, so neither NOTIFY nor LISTEN is used there.
 */
@Injectable()
export class ContentEvents implements EntitySubscriberInterface, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ContentEvents');
  /** This process's name in its notices, so it skips its own (heard already, after its commit). */
  private readonly self = randomUUID();
  private readonly listeners: ContentListener[] = [];
  private readonly raiseListeners: RaiseListener[] = [];
  /** Changes raised in each open transaction. */
  private readonly pending = new WeakMap<QueryRunner, ContentChange[]>();
  /** PostgreSQL's URL; undefined on the embedded database. */
  private readonly url: string | undefined;
  private client: Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Lost the LISTEN connection: logged once when lost, once when back. */
  private deaf = false;

  constructor(dataSource: DataSource) {
    // The embedded database is reached through a socket folder (`host`), PostgreSQL by URL (data-source-options.ts).
    this.url = (dataSource.options as { url?: string }).url;
    dataSource.subscribers.push(this);
  }

  /** Hears every change, this replica's and (on PostgreSQL) the others'. */
  subscribe(listener: ContentListener): void {
    this.listeners.push(listener);
  }

  /**
   * Hears every change this replica raises, inside the transaction that raises it (before the
   * commit): for what must exist exactly when the change does, such as the CDN's purge jobs. Its
   * failure fails the change.
   */
  onRaise(listener: RaiseListener): void {
    this.raiseListeners.push(listener);
  }

  /**
   * Raises changes made through `manager`: call it after the change, in its transaction. Heard
   * after the commit; at once when `manager` is in no transaction (its statements have committed).
   */
  async raise(manager: EntityManager, ...changes: ContentChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const listener of this.raiseListeners) await listener(manager, changes);
    if (this.url) {
      await manager.query(`SELECT pg_notify('${CHANNEL}', payload) FROM unnest($1::text[]) AS payload`, [
        notifyPayloads(this.self, changes),
      ]);
    }
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      this.deliver(changes, 'here');
      return;
    }
    const raised = this.pending.get(runner);
    if (raised) raised.push(...changes);
    else this.pending.set(runner, [...changes]);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    // Still active: a savepoint was released, and the transaction around it may yet roll back.
    if (queryRunner.isTransactionActive) return;
    const raised = this.pending.get(queryRunner);
    if (!raised) return;
    this.pending.delete(queryRunner);
    this.deliver(raised, 'here');
  }

  /**
   * The transaction's changes are forgotten. A savepoint rolled back inside it (none of the
   * services nests transactions) forgets nothing: its changes are heard with the rest, a page
   * cleared for nothing at worst.
   */
  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.url) await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Counted where raised (`here`), so a change counts once whatever the number of replicas. */
  private deliver(changes: readonly ContentChange[], origin: ChangeOrigin): void {
    if (origin === 'here') for (const change of changes) contentEvents.inc({ kind: change.kind, change: change.change });
    for (const listener of this.listeners) {
      try {
        listener(changes, origin);
      } catch (error) {
        // The change has committed: a listener's failure is logged, never the request's.
        this.logger.error(`a content event listener failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * A connection of its own, outside the pool (whose connections are closed when idle and carry
   * the app's query time limits), that LISTENs until shutdown. Lost (an error, or the server
   * ending it), it is replaced after RECONNECT_MS; only the current one may start a replacement.
   */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 2000, keepAlive: true });
    this.client = client;
    client.on('notification', ({ channel, payload }) => {
      if (channel !== CHANNEL || payload === undefined) return;
      const notice = parsePayload(payload);
      if (notice && notice.from !== this.self && notice.changes.length > 0) this.deliver(notice.changes, 'elsewhere');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.deaf && this.client === client) {
      this.logger.log("hearing other replicas' content changes again");
      this.deaf = false;
    }
  }

  private lost(client: Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    if (!this.deaf)
      this.logger.warn(`not hearing other replicas' content changes (${error.message}); trying again every ${RECONNECT_MS} ms`);
    this.deaf = true;
    void client.end().catch(() => undefined);
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      void this.listen();
    }, RECONNECT_MS).unref();
  }
}
