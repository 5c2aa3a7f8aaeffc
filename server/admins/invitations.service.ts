import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { hashPassword } from './password';
import { guessablePassword } from '../common/validation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { invitationMail } from './admin-mails';
import { MAIL_OFF, OutboxService } from '../mail/outbox.service';
import { Admin } from './admin.entity';
import type { Role } from '../roles/permissions';
import { AdminToken } from './admin-token.entity';
import { hashToken, newToken } from './admin-tokens';
import { REGISTRATION_CLOSED } from './admins.service';
import { INVALID_LINK } from './dto/mail-links.dto';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const ALREADY_ADMIN = 'This address already belongs to an administrator';
/** How long an invitation's link works. */
const INVITATION_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: { id: string | null; name: string | null };
  createdAt: Date;
  expiresAt: Date;
}

function toInvitation(row: AdminToken): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? 'administrator',
    invitedBy: { id: row.invitedBy, name: row.invitedByName },
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/**
 * Invitations: an admin names an address, the person gets a one-time link (7 days, stored as a
 * hash) and chooses their name and password; then they are an admin and signed in.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @InjectRepository(AdminToken) private readonly tokens: Repository<AdminToken>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Pending invitations (not used, not expired), newest first; and whether mail is on (inviting needs it). */
  async list(): Promise<{ data: Invitation[]; mailEnabled: boolean }> {
    const rows = await this.tokens.find({
      where: { purpose: 'invitation', usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 200,
    });
    return { data: rows.map(toInvitation), mailEnabled: this.outbox.enabled };
  }

  /**
   * Invites `email`: refused for an admin's address (409); an earlier pending invitation of the
   * same address is replaced, so only the newest link works. The mail is queued in the same
   * transaction.
   */
  async create(email: string, role: Role, by: Actor & { admin: { email?: string } }): Promise<Invitation> {
    if (this.config.registration === 'closed') throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
    if (!this.outbox.enabled) throw ApiError.field('email', MAIL_OFF, HttpStatus.CONFLICT);
    const { token, hash } = newToken();
    const content = invitationMail(
      await this.outbox.siteName(),
      by.admin.name,
      // In the fragment, which browsers never send: no proxy or server log keeps the token.
      `${this.config.publicUrl}/admin/accept-invitation#token=${token}`,
      role,
    );
    const invitation = await this.dataSource.transaction(async (manager) => {
      if (await manager.existsBy(Admin, { email })) throw ApiError.field('email', ALREADY_ADMIN, HttpStatus.CONFLICT);
      await manager.delete(AdminToken, { purpose: 'invitation', email, usedAt: IsNull() });
      const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_SECONDS * 1000);
      const saved = await manager.save(
        manager.create(AdminToken, {
          purpose: 'invitation',
          tokenHash: hash,
          email,
          role,
          invitedBy: by.admin.id,
          invitedByName: by.admin.name,
          expiresAt,
        }),
      );
      await this.outbox.add(manager, [{ kind: 'invitation', to: email, ...content, expiresAt }]);
      await this.activity.record(manager, { by, action: 'invite', kind: 'admins', itemId: saved.id, label: email });
      return toInvitation(await manager.findOneByOrFail(AdminToken, { id: saved.id }));
    });
    this.outbox.wake();
    return invitation;
  }

  /** Revokes a pending invitation: its link stops working. */
  async revoke(id: string, by: Actor): Promise<{ id: string }> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, INVITATION_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ email: string }[], number]>(
        `DELETE FROM admin_tokens WHERE id = $1 AND purpose = 'invitation' AND used_at IS NULL RETURNING email`,
        [id],
      );
      if (rows.length === 0) throw new ApiError(HttpStatus.NOT_FOUND, INVITATION_NOT_FOUND);
      await this.activity.record(manager, { by, action: 'revoke-invitation', kind: 'admins', itemId: id, label: rows[0].email });
      return { id };
    });
  }

  /**
   * Accepts an invitation: the token is spent in the statement that checks it, and the admin is
   * created in the same transaction (an address registered meanwhile is a 409 on `email`, and the
   * invitation stays unspent). Under REGISTRATION=closed no invitation works (403), and one whose
   * sender is no longer an administrator is a link that does not work, whenever they were removed.
   */
  async accept(input: { token: string; name: string; password: string }, address: string | null): Promise<Admin> {
    if (this.config.registration === 'closed') throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
    const passwordHash = await hashPassword(input.password);
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ email: string; role: Role | null }[], number]>(
        `UPDATE admin_tokens SET used_at = now()
          WHERE token_hash = $1 AND purpose = 'invitation' AND used_at IS NULL AND expires_at > now()
            AND EXISTS (SELECT 1 FROM admins WHERE admins.id = admin_tokens.invited_by)
          RETURNING email, role`,
        [hashToken(input.token)],
      );
      if (rows.length === 0) throw ApiError.field('token', INVALID_LINK);
      // The address is known only now; refusing here rolls the token's use back (#28 item 6).
      const guessable = guessablePassword(input.password, rows[0].email);
      if (guessable) throw ApiError.field('password', guessable);
      // A taken address breaks admins_email_key, whose 409 on `email` the entity declares.
      const saved = await manager.save(
        manager.create(Admin, { name: input.name, email: rows[0].email, passwordHash, role: rows[0].role ?? 'administrator' }),
      );
      await this.activity.record(manager, {
        by: { admin: { id: saved.id, name: saved.name }, address },
        action: 'accept-invitation',
        kind: 'admins',
        itemId: saved.id,
        label: saved.name,
      });
      return manager.findOneByOrFail(Admin, { id: saved.id });
    });
  }
}
