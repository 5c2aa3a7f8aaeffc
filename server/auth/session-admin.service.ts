import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PublicAdmin } from '../admins/admins.service';
import { toError } from '../common/to-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { adminLoadedWithSession, TOUCH_AFTER_SECONDS } from './admin-session-store';
import { SESSION_COOKIE, SessionStore } from './session-store.service';

/** The raw value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The session id in a cookie express-session signed: `s:<id>.<signature>`, URL-encoded, where the
 * signature is cookie-signature's (https://github.com/tj/node-cookie-signature): HMAC-SHA256 of the
 * id with the secret, in base64 without padding. Undefined when the cookie is missing, malformed
 * or not signed with `secret`.
 */
export function signedSessionId(cookieHeader: string | undefined, secret: string): string | undefined {
  const raw = cookieValue(cookieHeader, SESSION_COOKIE);
  if (raw === undefined) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!value.startsWith('s:')) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 3) return undefined;
  const id = value.slice(2, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, ''));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/**
 * Who is logged in, for the API's reads held in memory and for code outside the API's session
 * middleware (the public site's preview):
 * the session cookie is checked and its row read with the admin in one query, the same rules as
 * the API's session (expiry, the absolute lifetime, a removed admin) without writing anything.
 */
@Injectable()
export class SessionAdminService {
  private readonly maxSessionMs: number;
  private readonly idleMs: number;

  constructor(
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.maxSessionMs = config.sessionMaxDays * 24 * 3600 * 1000;
    this.idleMs = config.sessionIdleHours * 3600 * 1000;
  }

  /** Whether a session begun at `startedAt` has outlived SESSION_MAX_DAYS, however active it was. */
  outlived(startedAt: number | undefined, now = Date.now()): boolean {
    return startedAt !== undefined && now - startedAt > this.maxSessionMs;
  }

  /**
   * The API's reads, the short way: a GET or HEAD whose session this replica holds in memory (see
   * session-cache.ts) and that needs nothing written (its expiry would move by at most
   * TOUCH_AFTER_SECONDS, its absolute lifetime has not run out) is the admin's at once, and
   * configureApp skips express-session and Passport for it. Anything else (a write, a session
   * not held, one due for renewal or ended) goes the whole way. The rolling cookie is then sent
   * again on the next request that renews the session, at most a minute later than it would be.
   */
  readFromMemory(req: Request): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const sid = signedSessionId(req.headers.cookie, this.config.sessionSecret);
    if (sid === undefined) return false;
    const held = this.sessions.store.peek(sid);
    if (!held?.loggedIn || !held.admin) return false;
    const now = Date.now();
    if (this.outlived(held.startedAt, now)) return false;
    if (Math.abs(Math.ceil((now + this.idleMs) / 1000) - held.expire) > TOUCH_AFTER_SECONDS) return false;
    req.sessionID = sid;
    req.user = { ...held.admin };
    Object.assign(req, { isAuthenticated: () => true, isUnauthenticated: () => false });
    return true;
  }

  /** Whether the request carries a session cookie at all: no database involved, the visitors' fast path. */
  carriesSessionCookie(req: Request): boolean {
    return cookieValue(req.headers.cookie, SESSION_COOKIE) !== undefined;
  }

  /** The logged-in admin whose session cookie the request carries, or null. */
  async adminOf(req: Request): Promise<PublicAdmin | null> {
    const sid = signedSessionId(req.headers.cookie, this.config.sessionSecret);
    if (sid === undefined) return null;
    const session = await new Promise<SessionData | null>((resolve, reject) =>
      this.sessions.store.get(sid, (error: unknown, found?: SessionData | null) =>
        error ? reject(toError(error)) : resolve(found ?? null),
      ),
    );
    if (!session) return null;
    if (this.outlived(session.startedAt)) return null;
    return adminLoadedWithSession(session) ?? null;
  }
}
