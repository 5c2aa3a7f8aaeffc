import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from 'pg';
import type { PublicAdmin } from '../admins/admins.service';
import type { SessionCache } from './session-cache';

/** A renewed expiry is written only when it moves the stored one by more than this. */
export const TOUCH_AFTER_SECONDS = 60;

/** What the store read with the session row, kept beside the session (never stored: a symbol key). */
interface Loaded {
  /** The admin the session names, read in the same query; null when that admin no longer exists. */
  admin: PublicAdmin | null;
  /** The row's expiry when read, in seconds since the epoch (the column is a local timestamp, as connect-pg-simple writes it). */
  expire: number;
}

const LOADED = Symbol('loaded with the session');
type PassportData = { user?: unknown; [LOADED]?: Loaded };
type SessionWithPassport = { passport?: PassportData };

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The session row and the admin it names, in one query. The row stays the source of truth: a
 * replica keeps what it read only while it hears of every change to it (session-cache.ts), so a
 * logout or a removed admin counts at once on every replica.
 */
const GET_SQL = `
  SELECT s.sess, extract(epoch FROM s.expire::timestamptz)::float8 AS expire,
         a.id AS admin_id, a.name AS admin_name, a.email AS admin_email, a.created_at AS admin_created_at
    FROM session AS s
    LEFT JOIN admins AS a
      ON a.id = CASE WHEN s.sess #>> '{passport,user}' ~ '${UUID_PATTERN}' THEN (s.sess #>> '{passport,user}')::uuid END
   WHERE s.sid = $1 AND s.expire >= now()`;

interface Row {
  sess: session.SessionData | string;
  expire: number;
  admin_id: string | null;
  admin_name: string;
  admin_email: string;
  admin_created_at: Date;
}

/**
 * The admin read with this request's session by the store, if it was: `undefined` when the
 * session was not loaded by this store (then the caller reads the admin itself).
 */
export function adminLoadedWithSession(sess: unknown): Loaded['admin'] | undefined {
  return (sess as SessionWithPassport | undefined)?.passport?.[LOADED]?.admin;
}

/**
 * connect-pg-simple (its set, destroy and pruning) with two reads made cheaper: `get` brings the
 * admin along, and `touch` (express-session calls it on every reply, because the cookie is
 * rolling) writes only when the expiry would move by more than TOUCH_AFTER_SECONDS, so a read
 * does not write to the database.
 */
export function createAdminSessionStore(
  pool: Pool,
  options: { pruneSessionInterval: number; cache?: SessionCache<Cached> },
): AdminSessionStore {
  const PgStore = connectPgSimple(session);
  const cache = options.cache;

  class Store extends PgStore {
    /** The session as this replica holds it in memory (see session-cache.ts), never read from the database. */
    peek(sid: string): Cached | undefined {
      const cached = cache?.get(sid);
      return cached && cached.expire * 1000 >= Date.now() ? cached : undefined;
    }

    override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
      const cached = cache?.get(sid);
      if (cached && cached.expire * 1000 >= Date.now()) return callback(null, restore(cached));
      const started = cache?.begin() ?? 0;
      // Not a named (prepared) statement: the embedded database serves every connection from one
      // backend, where a second connection preparing the same name fails ("already exists").
      pool.query<Row>(GET_SQL, [sid]).then(({ rows }) => {
        const row = rows[0];
        if (!row) return callback(null, null);
        let text: string;
        let data: session.SessionData & SessionWithPassport;
        try {
          text = typeof row.sess === 'string' ? row.sess : JSON.stringify(row.sess);
          data = JSON.parse(text) as session.SessionData & SessionWithPassport;
        } catch {
          return this.destroy(sid, (error?: unknown) => callback(error, null));
        }
        const admin =
          row.admin_id === null
            ? null
            : { id: row.admin_id, name: row.admin_name, email: row.admin_email, createdAt: row.admin_created_at };
        const loaded: Cached = {
          text,
          admin,
          expire: row.expire,
          startedAt: data.startedAt,
          loggedIn: typeof data.passport?.user === 'string' && data.passport.user === admin?.id,
        };
        cache?.keep(sid, started, loaded, row.admin_id);
        callback(null, restore(loaded));
      }, callback);
    }

    /** Resolves once every session change committed so far is known here (SessionCache.settle). */
    settle(): Promise<void> {
      return cache?.settle() ?? Promise.resolve();
    }

    override set(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      cache?.forget(sid);
      super.set(sid, sess, callback);
    }

    override destroy(sid: string, callback?: (error?: unknown) => void): void {
      cache?.forget(sid);
      super.destroy(sid, callback);
    }

    override touch(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      const loaded = (sess as SessionWithPassport).passport?.[LOADED];
      const expires = sess.cookie?.expires;
      if (loaded && expires) {
        const next = Math.ceil(new Date(expires).getTime() / 1000);
        if (Math.abs(next - loaded.expire) <= TOUCH_AFTER_SECONDS) return callback?.();
      }
      cache?.forget(sid);
      super.touch(sid, sess, callback);
    }
  }

  const store = new Store({
    pool,
    tableName: 'session',
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneSessionInterval,
    errorLog: () => undefined,
  });
  const close = store.close.bind(store);
  store.close = () => {
    cache?.close();
    close();
  };
  return store;
}

/** A session row as read (its data as JSON text, so each request gets its own copy) with its admin. */
export interface Cached extends Loaded {
  /** The session's data as stored (JSON), for a fresh copy per request. */
  text: string;
  /** When the admin logged in (ms), for the absolute lifetime. */
  startedAt: number | undefined;
  /** Whether the session names the admin that was found with it. */
  loggedIn: boolean;
}

/** The session store the app uses: connect-pg-simple's, with `peek` for sessions held in memory. */
export type AdminSessionStore = session.Store & { close(): void; peek(sid: string): Cached | undefined; settle(): Promise<void> };

/** A fresh session object from a read row: express-session and Passport change what they are given. */
function restore(cached: Cached): session.SessionData {
  const sess = JSON.parse(cached.text) as session.SessionData & SessionWithPassport;
  if (sess.passport && typeof sess.passport === 'object') sess.passport[LOADED] = { admin: cached.admin, expire: cached.expire };
  return sess;
}
