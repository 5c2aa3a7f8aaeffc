import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from 'pg';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import type { Role } from '../roles/permissions';

declare module 'express-session' {
  interface SessionData {
    /** When the admin logged in (ms since the epoch), for the absolute session lifetime. */
    startedAt: number;
  }
}

/** A renewed expiry is written only when it moves the stored one by more than this. */
export const TOUCH_AFTER_SECONDS = 60;

/** What the store read with the session row, kept beside the session (never stored: a symbol key). */
interface Loaded {
  /** The admin the session names, read in the same query; null when that admin no longer exists. */
  admin: SignedInAdmin | null;
  /** The row's expiry when read, in seconds since the epoch. */
  expire: number;
}

const LOADED = Symbol('loaded with the session');
type WithLoaded = session.SessionData & { passport?: { user?: unknown; [LOADED]?: Loaded } };

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * The session row and the admin it names, in one query; no admin when the session's credential
 * version (none: 0) is older than the admin's. `expire` is a local timestamp, as connect-pg-simple writes it.
 */
const GET_SQL = `
  SELECT s.sess, extract(epoch FROM s.expire::timestamptz)::float8 AS expire,
         a.id AS admin_id, a.name AS admin_name, a.email AS admin_email, a.role AS admin_role, a.created_at AS admin_created_at
    FROM session AS s
    LEFT JOIN admins AS a
      ON a.id = CASE WHEN s.sess #>> '{passport,user}' ~ '${UUID_PATTERN}' THEN (s.sess #>> '{passport,user}')::uuid END
     AND a.credential_version <= CASE WHEN s.sess ->> 'credentialVersion' ~ '^[0-9]{1,9}$' THEN (s.sess ->> 'credentialVersion')::int ELSE 0 END
   WHERE s.sid = $1 AND s.expire >= now()`;

interface Row {
  sess: WithLoaded;
  expire: number;
  admin_id: string | null;
  admin_name: string;
  admin_email: string;
  admin_role: Role;
  admin_created_at: Date;
}

/** The admin the store read with this request's session, or null (none logged in, or removed since). */
export function adminLoadedWithSession(sess: unknown): SignedInAdmin | null {
  return (sess as WithLoaded | undefined)?.passport?.[LOADED]?.admin ?? null;
}

/**
 * connect-pg-simple with two reads made cheaper: `get` brings the admin along (one query per
 * logged-in request); `touch` (every reply: the cookie is rolling) writes only when the expiry
 * moves by more than TOUCH_AFTER_SECONDS. Every request reads its row, so a session ended anywhere
 * (another replica, a removed admin, a changed password, psql) is refused at once everywhere.
 */
export function createSessionStore(pool: Pool, { prepared }: { prepared: boolean }): session.Store & { close(): void } {
  const PgStore = connectPgSimple(session);
  // Named, PostgreSQL parses and plans the query once per connection. Not on the embedded database,
  // which serves every connection from one backend, where a second connection preparing the same
  // name fails ("already exists").
  const name = prepared ? 'session-with-admin' : undefined;

  class Store extends PgStore {
    override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
      pool.query<Row>({ name, text: GET_SQL, values: [sid] }).then(({ rows: [row] }) => {
        if (!row) return callback(null, null);
        const { sess } = row;
        const admin =
          row.admin_id === null
            ? null
            : { id: row.admin_id, name: row.admin_name, email: row.admin_email, role: row.admin_role, createdAt: row.admin_created_at };
        if (sess.passport && typeof sess.passport === 'object') sess.passport[LOADED] = { admin, expire: row.expire };
        callback(null, sess);
      }, callback);
    }

    override touch(sid: string, sess: session.SessionData, callback?: (error?: unknown) => void): void {
      const loaded = (sess as WithLoaded).passport?.[LOADED];
      const expires = sess.cookie?.expires;
      if (loaded && expires && Math.abs(Math.ceil(new Date(expires).getTime() / 1000) - loaded.expire) <= TOUCH_AFTER_SECONDS) {
        return callback?.();
      }
      super.touch(sid, sess, callback);
    }
  }

  return new Store({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60, errorLog: () => undefined });
}
