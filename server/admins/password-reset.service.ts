import { guessablePassword } from '../common/validation';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ApiError } from '../common/api-error';
import { hashPassword } from './password';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { passwordChangedMail, passwordResetMail } from './admin-mails';
import { OutboxService } from '../mail/outbox.service';
import { Admin } from './admin.entity';
import { hashToken, newToken } from './admin-tokens';
import { SessionsService } from '../account/sessions.service';
import { bumpCredentials } from './admins.service';
import { limitKey } from '../http/client-address';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { INVALID_LINK, type Delivery } from './dto/mail-links.dto';
import type { Actor } from '../common/actor.decorator';
import { isUuid } from '../common/by-id-or-404';

export const RESET_UNAVAILABLE_FOR_ADMIN = 'Mail is off on this site: make a reset link to hand over instead.';
export const ADMIN_NOT_FOUND = 'Admin not found';
export const RESET_UNAVAILABLE = 'Password reset by email is not available on this site (mail is off). Ask another administrator.';

/** How long a reset link works. */
const RESET_LIFETIME_SECONDS = 3600;
/** Requests for one address: a few mails an hour at most, so nobody can flood an inbox from the form. */
export const RESET_ADDRESS_RULE: RateLimitRule = { limit: 3, windowSeconds: 3600 };
/** Requests from one client address, whatever addresses they name. */
export const RESET_CLIENT_RULE: RateLimitRule = { limit: 10, windowSeconds: 3600 };

/**
 * Forgotten passwords: a one-time link by mail (on PUBLIC_URL), valid an
 * hour, stored as a hash; using it sets the password and ends every session of the admin.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
    private readonly rateLimits: RateLimitService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records a request and, for an admin's address, queues the mail. The caller cannot tell which:
   * the same statements run either way in one transaction (a token row that no admin owns can
   * never be used), and the reply is the same.
   */
  async request(email: string, client: string): Promise<void> {
    if (!this.outbox.enabled) throw new ApiError(HttpStatus.CONFLICT, RESET_UNAVAILABLE);
    for (const [key, rule] of [
      [`reset:email:${email}`, RESET_ADDRESS_RULE],
      [`reset:client:${limitKey(client)}`, RESET_CLIENT_RULE],
    ] as const) {
      const { hits, retryAfterSeconds } = await this.rateLimits.hit(key, rule);
      if (hits > rule.limit) throw ApiError.tooManyAttempts(retryAfterSeconds);
    }
    const { token, hash } = newToken();
    // In the fragment, which browsers never send: no proxy or server log keeps the token.
    const content = passwordResetMail(await this.outbox.siteName(), `${this.config.publicUrl}/admin/reset-password#token=${token}`);
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ admin_id: string | null }[]>(
        `INSERT INTO admin_tokens (purpose, token_hash, admin_id, email, expires_at)
         SELECT 'password-reset', $1, a.id, $2, now() + make_interval(secs => $3)
           FROM (SELECT 1) one LEFT JOIN admins a ON a.email = $2
         RETURNING admin_id`,
        [hash, email, RESET_LIFETIME_SECONDS],
      );
      const known = row.admin_id !== null;
      await this.outbox.add(
        manager,
        [{ kind: 'password-reset', to: email, ...content, expiresAt: new Date(Date.now() + RESET_LIFETIME_SECONDS * 1000) }],
        { when: known },
      );
      // Nobody signed in asked, so the entry has no actor (whoever typed the address need not be its
      // admin); the account is the entry's item, and, as for a failed sign-in, the address is
      // recorded only when it is an admin's.
      await this.activity.record(manager, {
        by: { admin: null, address: client },
        action: 'password-reset-request',
        kind: 'admins',
        itemId: row.admin_id,
        label: known ? email : null,
      });
    });
    this.outbox.wake();
  }

  /**
   * An administrator resets a colleague's password without knowing it: a one-time link like the
   * mailed one (an hour, stored as a hash), mailed to the colleague or returned to hand over by
   * chat (when mail is off, the only way). Nobody types a colleague's password. Logged in Activity
   * as a reset request by the administrator, for that account.
   */
  async issueFor(adminId: string, delivery: Delivery, by: Actor): Promise<{ link?: string; expiresAt: string }> {
    if (!isUuid(adminId)) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
    const { token, hash } = newToken();
    // In the fragment, which browsers never send: no proxy or server log keeps the token.
    const link = `${this.config.publicUrl}/admin/reset-password#token=${token}`;
    const content = passwordResetMail(await this.outbox.siteName(), link);
    const expiresAt = new Date(Date.now() + RESET_LIFETIME_SECONDS * 1000);
    await this.dataSource.transaction(async (manager) => {
      const admin = await manager.findOneBy(Admin, { id: adminId });
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
      // An unknown account is a 404 whether or not mail is on; a known one needs mail to be mailed.
      if (delivery === 'mail' && !this.outbox.enabled) throw new ApiError(HttpStatus.CONFLICT, RESET_UNAVAILABLE_FOR_ADMIN);
      await manager.query(
        `INSERT INTO admin_tokens (purpose, token_hash, admin_id, email, expires_at) VALUES ('password-reset', $1, $2, $3, $4)`,
        [hash, admin.id, admin.email, expiresAt],
      );
      if (delivery === 'mail') await this.outbox.add(manager, [{ kind: 'password-reset', to: admin.email, ...content, expiresAt }]);
      await this.activity.record(manager, { by, action: 'password-reset-request', kind: 'admins', itemId: admin.id, label: admin.name });
    });
    this.outbox.wake();
    return delivery === 'link' ? { link, expiresAt: expiresAt.toISOString() } : { expiresAt: expiresAt.toISOString() };
  }

  /**
   * Uses a reset link: the token is spent in the same statement that checks it (a second use, even
   * a simultaneous one, finds it spent), the password is set, every session of the admin ends, their
   * passkeys and trusted devices are removed and their other reset links die, all in one transaction;
   * the security notice goes with it.
   */
  async confirm(token: string, newPassword: string, client: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const site = await this.outbox.siteName();
    await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ admin_id: string }[], number]>(
        `UPDATE admin_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'password-reset' AND used_at IS NULL AND expires_at > now() AND admin_id IS NOT NULL
          RETURNING admin_id`,
        [hashToken(token)],
      );
      if (rows.length === 0) throw ApiError.field('token', INVALID_LINK);
      const adminId = rows[0].admin_id;
      const admin = await manager.findOneByOrFail(Admin, { id: adminId });
      // The email is known only now; refusing here rolls the token's use back (#28 item 6).
      const guessable = guessablePassword(newPassword, admin.email);
      if (guessable) throw ApiError.field('newPassword', guessable);
      // A new credential version: sessions of logins still in flight die with the others, and every
      // device cookie given out before is untrusted (LoginLockoutService signs the version in).
      await bumpCredentials(manager, adminId, passwordHash);
      await this.sessions.endAllOf(adminId, { manager });
      // Whoever held the account may have added a passkey: none outlives the recovery (ASVS 7.5).
      await manager.query(`DELETE FROM passkeys WHERE admin_id = $1`, [adminId]);
      await manager.query(
        `UPDATE admin_tokens SET used_at = now() WHERE admin_id = $1 AND purpose = 'password-reset' AND used_at IS NULL`,
        [adminId],
      );
      await this.activity.record(manager, {
        by: { admin: { id: admin.id, name: admin.name }, address: client },
        action: 'password-reset',
        kind: 'admins',
        itemId: admin.id,
        label: admin.name,
      });
      await this.outbox.add(manager, [
        { kind: 'password-changed', to: admin.email, ...passwordChangedMail(site, 'reset', new Date(), client, { passkeysRemoved: true }) },
      ]);
    });
    this.outbox.wake();
  }
}
