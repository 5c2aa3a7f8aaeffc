import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ApiError } from '../common/api-error';
import type { Actor } from '../common/actor.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboxService } from '../mail/outbox.service';
import { emailChangedMail, emailChangeMail } from './admin-mails';
import { Admin } from './admin.entity';
import { hashToken, newToken } from './admin-tokens';
import { INVALID_LINK } from './dto/mail-links.dto';

export const EMAIL_CHANGE_NEEDS_MAIL =
  'Mail is off on this site: a new email is confirmed by a link sent to it. Set up mail in Settings first.';
export const EMAIL_UNCHANGED = 'This is already your email';
export const EMAIL_TAKEN = 'Email is already registered';

/** How long the link to a new address works, as a reset link does. */
const EMAIL_CHANGE_LIFETIME_SECONDS = 3600;

/**
 * An admin's own new email: a one-time link mailed to the new address (stored as a hash, an hour,
 * as a reset link is); the account's email changes only when the link is opened, and the old
 * address gets a notice. Asking again replaces the earlier link.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async request(email: string, by: Actor): Promise<{ pendingEmail: string; expiresAt: string }> {
    if (!this.outbox.enabled) throw ApiError.field('email', EMAIL_CHANGE_NEEDS_MAIL, HttpStatus.CONFLICT);
    const { token, hash } = newToken();
    // In the fragment, which browsers never send: no proxy or server log keeps the token.
    const link = `${this.config.publicUrl}/admin/confirm-email#token=${token}`;
    const site = await this.outbox.siteName();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LIFETIME_SECONDS * 1000);
    await this.dataSource.transaction(async (manager) => {
      const admin = await manager.findOneByOrFail(Admin, { id: by.admin.id });
      if (admin.email === email) throw ApiError.field('email', EMAIL_UNCHANGED, HttpStatus.BAD_REQUEST);
      if (await manager.existsBy(Admin, { email })) throw ApiError.field('email', EMAIL_TAKEN, HttpStatus.CONFLICT);
      // One pending address at a time: an earlier link dies.
      await manager.query(`UPDATE admin_tokens SET used_at = now() WHERE admin_id = $1 AND purpose = 'email-change' AND used_at IS NULL`, [
        admin.id,
      ]);
      await manager.query(
        `INSERT INTO admin_tokens (purpose, token_hash, admin_id, email, expires_at) VALUES ('email-change', $1, $2, $3, $4)`,
        [hash, admin.id, email, expiresAt],
      );
      await this.outbox.add(manager, [{ kind: 'email-change', to: email, ...emailChangeMail(site, admin.name, link), expiresAt }]);
    });
    this.outbox.wake();
    return { pendingEmail: email, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Opens the link: the token is spent in the statement that checks it, the email changes (a 409
   * if another admin took the address meanwhile, which rolls the token's use back), Activity logs
   * it, and the old address gets a notice, all in one transaction.
   */
  async confirm(token: string, client: string | null): Promise<Admin> {
    const site = await this.outbox.siteName();
    const updated = await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ admin_id: string; email: string }[], number]>(
        `UPDATE admin_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'email-change' AND used_at IS NULL AND expires_at > now() AND admin_id IS NOT NULL
          RETURNING admin_id, email`,
        [hashToken(token)],
      );
      if (rows.length === 0) throw ApiError.field('token', INVALID_LINK);
      const { admin_id: adminId, email } = rows[0];
      const admin = await manager.findOneBy(Admin, { id: adminId });
      if (!admin) throw ApiError.field('token', INVALID_LINK);
      if (await manager.existsBy(Admin, { email })) throw ApiError.field('email', EMAIL_TAKEN, HttpStatus.CONFLICT);
      const oldEmail = admin.email;
      await manager.update(Admin, { id: adminId }, { email });
      await this.activity.record(manager, {
        by: { admin: { id: admin.id, name: admin.name }, address: client },
        action: 'edit',
        kind: 'admins',
        itemId: admin.id,
        label: admin.name,
      });
      await this.outbox.add(manager, [{ kind: 'email-change', to: oldEmail, ...emailChangedMail(site, email, new Date(), client) }]);
      return manager.findOneByOrFail(Admin, { id: adminId });
    });
    this.outbox.wake();
    return updated;
  }
}
