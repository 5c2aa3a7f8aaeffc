import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService, type ActivityAction } from '../activity/activity.service';
import { toError } from '../common/api-error';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';

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
    /**
     * When the admin last proved who they are on this session (ms since the epoch): the sign-in,
     * or a confirmation (POST /api/admins/me/confirm). Lasting changes ask for a recent one
     * (server/auth/recent-confirmation.guard.ts).
     */
    confirmedAt: number;
  }
}

/** How the admin proved who they are: what the activity log says of the sign-in. */
export type SignInHow = 'password' | 'code' | 'recovery-code' | 'passkey' | 'invitation';

/**
 * The activity entry of each way in. An accepted invitation has none of its own: the acceptance,
 * recorded in the transaction that made the admin ('accept-invitation'), says it already.
 */
const SIGN_IN_ACTIONS: Record<SignInHow, ActivityAction | null> = {
  password: 'sign-in',
  code: 'sign-in-code',
  'recovery-code': 'sign-in-recovery-code',
  passkey: 'sign-in-passkey',
  invitation: null,
};

/**
 * Ending a sign-in, the one way for every way in (a password alone, a password and a second
 * factor, a passkey, an accepted invitation): once the caller has proved who the admin is, this
 * gives them their session and everything that goes with it.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly lockout: LoginLockoutService,
  ) {}

  /**
   * Signs the admin in on a new session (Passport regenerates it: the id the client had is
   * discarded), stamped with the credential version read when their proof was checked, so a
   * session made from a password changed meanwhile is dead; when and from where, for Your
   * sessions; and as confirmed now. Then the browser's device cookie, the last login and the
   * activity entry (after the session is stored: a separate write, so not one transaction with it).
   */
  async completeSignIn(
    req: Request,
    res: Response,
    admin: SignedInAdmin,
    { credentialVersion, how }: { credentialVersion: number; how: SignInHow },
  ): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn(admin, (error) => (error ? reject(toError(error)) : resolve())));
    const now = Date.now();
    // What the session carries besides the admin's id; what a later issue adds to every sign-in (a role) goes here too.
    Object.assign(req.session, {
      startedAt: now,
      confirmedAt: now,
      credentialVersion,
      userAgent: req.get('user-agent')?.slice(0, 400) ?? null,
      address: req.ip ?? null,
    });
    this.lockout.trustDevice(req, res, admin.id, credentialVersion);
    await this.dataSource.query(`UPDATE admins SET last_login_at = now() WHERE id = $1`, [admin.id]);
    const action = SIGN_IN_ACTIONS[how];
    if (action) await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action, kind: 'session', itemId: admin.id });
  }
}

/** The session's admin proved who they are just now (a password or a passkey): lasting changes are open for a while. */
export function markConfirmed(req: Request): void {
  req.session.confirmedAt = Date.now();
}

/**
 * Stamps the request's own session with the admin's new credential version, in its row (inside
 * the password change's transaction) and in the request (which express-session saves after the
 * reply), so it outlives the change that ends every other one.
 */
export async function restampSession(req: Request, credentialVersion: number, manager: EntityManager): Promise<void> {
  await manager.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{credentialVersion}', to_jsonb($2::int))::json WHERE sid = $1`, [
    req.sessionID,
    credentialVersion,
  ]);
  req.session.credentialVersion = credentialVersion;
}
