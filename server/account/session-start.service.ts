import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import type { PublicAdmin } from '../admins/admins.service';
import { toError } from '../common/api-error';

declare module 'express-session' {
  interface SessionData {
    /**
     * The admin's credential version when the login checked the password (none: 0). Older than
     * the admin's, the session is dead (server/auth/session-store.ts reads it with the row).
     */
    credentialVersion: number;
    /** For Your sessions: the browser's User-Agent (at most 400 characters) and the address it signed in from. */
    userAgent: string | null;
    address: string | null;
  }
}

/**
 * Starting a session, the one way for every sign-in (a password, an accepted invitation; a
 * second factor or a passkey likewise): what the session carries besides the admin's id.
 */
@Injectable()
export class SessionStartService {
  /**
   * Signs the admin in on a new session (Passport regenerates it: the id the client had is
   * discarded), stamped with the credential version read with the password hash, so a session
   * made from a password changed meanwhile is dead; and when and from where, for Your sessions.
   */
  async begin(req: Request, admin: PublicAdmin, credentialVersion: number): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn(admin, (error) => (error ? reject(toError(error)) : resolve())));
    Object.assign(req.session, {
      startedAt: Date.now(),
      credentialVersion,
      userAgent: req.get('user-agent')?.slice(0, 400) ?? null,
      address: req.ip ?? null,
    });
  }

  /**
   * Stamps the request's own session with the admin's new credential version, in its row (inside
   * the password change's transaction) and in the request (which express-session saves after the
   * reply), so it outlives the change that ends every other one.
   */
  async restamp(req: Request, credentialVersion: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{credentialVersion}', to_jsonb($2::int))::json WHERE sid = $1`, [
      req.sessionID,
      credentialVersion,
    ]);
    req.session.credentialVersion = credentialVersion;
  }
}
