import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { toError } from '../common/to-error';

/** How long a cached session is trusted even while every notice arrives: a backstop, not the mechanism. */
const ENTRY_TTL_MS = 5000;
/** Sessions kept at most; the oldest read goes first. */
const MAX_ENTRIES = 10_000;
/** The wait before listening again after the listening connection failed. */
const RELISTEN_MS = 1000;
const CHANNEL = 'session_changes';
/** How long `settle` waits for its own notice before it gives up and forgets everything instead. */
const SETTLE_TIMEOUT_MS = 1000;

/**
 * Sessions this replica has read, with their admin, kept while, and only while, it hears about
 * every change: a connection of its own LISTENs on `session_changes`, where triggers on the
 * session and admins tables announce each update or delete as it commits (the SessionChangeNotices
 * migration). A logout, a removed admin or a changed password on any replica, or in psql, reaches
 * here in the time a notice takes on the network, so such a session stops working at once on
 * every replica, as it did when every request read the row.
 *
 * Until the connection listens, and from the moment it fails, nothing is served from memory: each
 * read goes to the database as before, and the cache starts empty once listening again (notices
 * sent meanwhile are lost). A read that was under way while any notice arrived is not kept (the
 * generation counter), so a row read just before a change commits never outlives the change.
 */
export class SessionCache<T> {
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries = new Map<string, { value: T; admin: string | null; at: number }>();
  private listening = false;
  private generation = 0;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly settling = new Map<string, () => void>();

  constructor(private readonly connection: pg.ClientConfig) {
    this.listen();
  }

  /** Marks the start of a database read, for `keep`. */
  begin(): number {
    return this.generation;
  }

  get(sid: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (Date.now() - entry.at > ENTRY_TTL_MS) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps what a read begun at `started` found, unless a notice arrived meanwhile. */
  keep(sid: string, started: number, value: T, admin: string | null): void {
    if (!this.listening || started !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(sid, { value, admin, at: Date.now() });
  }

  /** Forgets a session this replica is changing itself, before it changes (its notice comes later). */
  forget(sid: string): void {
    this.generation++;
    this.entries.delete(sid);
  }

  /**
   * Resolves once every change committed before the call has reached this replica: it sends a
   * notice of its own and waits for it, and PostgreSQL delivers a channel's notices in commit
   * order. A request that ended sessions by SQL (removing an admin, changing a password) waits
   * for this before it answers, so its own replica never serves those sessions again, not even
   * for the moment a notice takes. Gives up after SETTLE_TIMEOUT_MS by forgetting everything.
   */
  async settle(): Promise<void> {
    const client = this.client;
    if (!this.listening || !client) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.settling.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS);
    });
    try {
      await client.query(`SELECT pg_notify('${CHANNEL}', $1)`, [`sync:${token}`]);
      if (await heard) return;
    } catch {
      // Not heard: below.
    } finally {
      clearTimeout(timer);
      this.settling.delete(token);
    }
    this.generation++;
    this.entries.clear();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.stopListening();
    void this.client?.end().catch(() => undefined);
  }

  private onNotice(payload: string | undefined): void {
    if (payload?.startsWith('sync:')) return this.settling.get(payload.slice(5))?.();
    this.generation++;
    if (payload?.startsWith('s:')) {
      this.entries.delete(payload.slice(2));
    } else if (payload?.startsWith('a:')) {
      const admin = payload.slice(2);
      for (const [sid, entry] of this.entries) if (entry.admin === admin) this.entries.delete(sid);
    } else {
      this.entries.clear();
    }
  }

  private stopListening(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }

  private listen(): void {
    if (this.closed) return;
    const client = new pg.Client({ ...this.connection, keepAlive: true });
    this.client = client;
    const failed = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.stopListening();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      if (error)
        this.logger.warn(
          `Not listening for session changes (${toError(error).message}); sessions are read from the database until it is back.`,
        );
      this.retry = setTimeout(() => this.listen(), RELISTEN_MS);
    };
    client.on('error', failed);
    client.on('end', () => failed(new Error('connection ended')));
    client.on('notification', (notice) => {
      if (notice.channel === CHANNEL) this.onNotice(notice.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (this.client !== client) return;
        this.generation++;
        this.entries.clear();
        this.listening = true;
      }, failed);
  }
}
