import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import Bowser from 'bowser';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { SessionsService } from './sessions.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AccountSessionDto } from './dto/account-session.dto';

export const SESSION_NOT_FOUND = 'Session not found';

/**
 * A session's public id: the first 128 bits of the SHA-256 of its id, in hex. The session id
 * itself is a bearer secret (whoever has it is signed in), so it never leaves the cookie.
 */
const PUBLIC_ID = `left(encode(sha256(convert_to(s.sid, 'UTF8')), 'hex'), 32)`;

/** The admin's live sessions: not expired, and not older than the admin's credential version (as session-store.ts judges). */
const OWN_SESSIONS = `
  FROM session AS s JOIN admins AS a ON a.id = $1::uuid
 WHERE s.sess -> 'passport' ->> 'user' = $1::text AND s.expire >= now()
   AND a.credential_version <= CASE WHEN s.sess ->> 'credentialVersion' ~ '^[0-9]{1,9}$' THEN (s.sess ->> 'credentialVersion')::int ELSE 0 END`;

interface Row {
  id: string;
  sid: string;
  user_agent: string | null;
  address: string | null;
  started_at: number | null;
  expire_ms: number;
}

/**
 * Your sessions (issue #22): the signed-in admin's sessions, each described by what the login
 * stamped on it (SessionsService.begin), and ending one or all the others. Sessions are rows of
 * the `session` table, which every request reads, so an ended one is refused at once on every
 * replica. Each end is in the activity log, in the same transaction as the delete.
 */
@Injectable()
export class AccountSessionsService {
  private readonly idleMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleMs = config.sessionIdleHours * 3600 * 1000;
  }

  /** This session first, then the others, most recently seen first. */
  async list(adminId: string, currentSid: string): Promise<AccountSessionDto[]> {
    const rows = await this.dataSource.query<Row[]>(
      `SELECT ${PUBLIC_ID} AS id, s.sid, s.sess ->> 'userAgent' AS user_agent, s.sess ->> 'address' AS address,
              CASE WHEN json_typeof(s.sess -> 'startedAt') = 'number' THEN (s.sess ->> 'startedAt')::float8 END AS started_at,
              extract(epoch FROM s.expire::timestamptz)::float8 * 1000 AS expire_ms
       ${OWN_SESSIONS}`,
      [adminId],
    );
    return rows
      .map((row) => this.describe(row, row.sid === currentSid))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Ends one of the admin's sessions by its public id; their own current one ends like a sign-out. */
  async end(id: string, req: Request, res: Response, by: Actor): Promise<void> {
    if (!/^[0-9a-f]{32}$/.test(id)) throw new ApiError(HttpStatus.NOT_FOUND, SESSION_NOT_FOUND);
    const ended = await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[Row[], number]>(
        `DELETE FROM session AS s WHERE s.sess -> 'passport' ->> 'user' = $1 AND ${PUBLIC_ID} = $2
         RETURNING s.sid, s.sess ->> 'userAgent' AS user_agent`,
        [by.admin.id, id],
      );
      if (rows.length === 0) throw new ApiError(HttpStatus.NOT_FOUND, SESSION_NOT_FOUND);
      const { browser, os } = parseUserAgent(rows[0].user_agent);
      const label = `${browser ?? 'Unknown browser'} on ${os ?? 'unknown system'}`;
      await this.activity.record(manager, { by, action: 'end-session', kind: 'session', itemId: by.admin.id, label });
      return rows[0];
    });
    // The row is gone; destroying the request's session as well keeps express-session from writing it back.
    if (ended.sid === req.sessionID) await this.sessions.endCurrent(req, res);
  }

  /** "Sign out everywhere else": every session of the admin but this one ends. */
  async endOthers(req: Request, by: Actor): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const ended = await this.sessions.endAllOf(by.admin.id, { except: req.sessionID, manager });
      const label = `${ended} ${ended === 1 ? 'session' : 'sessions'}`;
      await this.activity.record(manager, { by, action: 'end-other-sessions', kind: 'session', itemId: by.admin.id, label });
      return ended;
    });
  }

  private describe(row: Row, current: boolean): AccountSessionDto {
    // The store renews the expiry at most once a minute, always to the last request plus the idle lifetime.
    const lastSeen = current ? Date.now() : row.expire_ms - this.idleMs;
    return {
      id: row.id,
      ...parseUserAgent(row.user_agent),
      // An IPv4 client of a dual-stack socket reads as itself, not as `::ffff:203.0.113.7`.
      address: row.address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1') ?? null,
      createdAt: new Date(row.started_at ?? lastSeen),
      lastSeenAt: new Date(lastSeen),
      current,
    };
  }
}

/** "Chrome 140" and "macOS" from a User-Agent, by bowser; null for what it does not name. */
export function parseUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : null;
  // The system's name alone: browsers freeze its version in the User-Agent (macOS reads 10.15.7 whatever it is).
  return { browser, os: parsed.os.name || null };
}
