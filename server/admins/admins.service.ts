import { guessablePassword } from '../common/validation';
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource, In, Repository, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { SessionsService } from '../account/sessions.service';
import { markConfirmed, restampSession } from '../account/sign-in.service';
import type { Actor } from '../common/actor.decorator';
import type { SignedInAdmin } from '../common/current-admin.decorator';
import { ApiError } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { paginate, type Paged } from '../common/pagination';
import { Admin } from './admin.entity';
import type { RegisterAdminDto } from './dto/register-admin.dto';
import { hashPassword, verifyPassword } from './password';
import type { ChangePasswordDto } from './dto/change-password.dto';
import { passwordChangedMail, roleChangedMail } from './admin-mails';
import type { Role } from '../roles/permissions';
import { OutboxService } from '../mail/outbox.service';

export const ADMIN_NOT_FOUND = 'Admin not found';
export const REGISTRATION_CLOSED = 'Registration is closed. Ask an administrator to add you.';

export const LAST_ADMIN = 'The last administrator cannot be removed. Add another administrator first.';
export const LAST_ADMIN_ROLE = 'The last administrator cannot be given another role. Make someone else an administrator first.';
/** Every change that could leave no administrator (a removal, a role change) takes this lock before counting them. */
const ADMINISTRATORS_LOCK = `SELECT pg_advisory_xact_lock(hashtext('admins:remove'))`;
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** A row of the Admins list. */
export type AdminListItem = SignedInAdmin & Pick<Admin, 'lastLoginAt'>;

/** What replies carry of an admin, the signed-in one's shape: never the password hash. */
export function toPublicAdmin(admin: Admin): SignedInAdmin {
  return { id: admin.id, name: admin.name, email: admin.email, role: admin.role, createdAt: admin.createdAt };
}

/** Sets a new password hash and raises the credential version in one statement; answers the new version. */
export async function bumpCredentials(manager: EntityManager, id: string, passwordHash: string): Promise<number> {
  const [rows] = await manager.query<[{ credential_version: number }[], number]>(
    `UPDATE admins SET password_hash = $2, credential_version = credential_version + 1, updated_at = now() WHERE id = $1 RETURNING credential_version`,
    [id, passwordHash],
  );
  return rows[0].credential_version;
}

@Injectable()
export class AdminsService {
  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxService,
  ) {}

  /** Newest first; the order is backed by admins_created_at_id_idx. */
  async list(page: number, pageSize: number): Promise<Paged<AdminListItem>> {
    const qb = this.admins.createQueryBuilder('admin').orderBy('admin.createdAt', 'DESC').addOrderBy('admin.id', 'DESC');
    const paged = await paginate(qb, page, pageSize);
    return { ...paged, data: paged.data.map((admin) => ({ ...toPublicAdmin(admin), lastLoginAt: admin.lastLoginAt })) };
  }

  /**
   * Removes an admin, ends their sessions and revokes the invitations they sent that nobody has
   * accepted yet, in one transaction: a dismissed admin cannot come back through a link they sent
   * (each revocation is logged, by the admin who removed them). Never the last one: every removal
   * takes the same advisory lock before counting, so two simultaneous removals of the last two
   * admins run one after the other and the second sees one admin left and is refused.
   */
  async remove(id: string, by: Actor): Promise<{ id: string }> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(ADMINISTRATORS_LOCK);
      const admin = await manager.findOneBy(Admin, { id });
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
      // Always one administrator left (issue #39): editors and authors may go.
      if (admin.role === 'administrator' && (await manager.countBy(Admin, { role: 'administrator' })) <= 1)
        throw new ApiError(HttpStatus.CONFLICT, LAST_ADMIN);
      // Before the admin's row goes: its foreign key then clears invited_by on what is left.
      const [revoked] = await manager.query<[{ id: string; email: string }[], number]>(
        `DELETE FROM admin_tokens WHERE invited_by = $1 AND purpose = 'invitation' AND used_at IS NULL RETURNING id, email`,
        [id],
      );
      await manager.delete(Admin, { id });
      await this.sessions.endAllOf(id, { manager });
      await this.activity.record(manager, { by, action: 'remove', kind: 'admins', itemId: id, label: admin.name });
      for (const invitation of revoked) {
        await this.activity.record(manager, {
          by,
          action: 'revoke-invitation',
          kind: 'admins',
          itemId: invitation.id,
          label: invitation.email,
        });
      }
      return { id };
    });
  }

  /**
   * Gives an admin another role. Never the last administrator's away (409 on `role`): the same lock
   * as a removal, so two administrators demoting each other at once leave one. The role holds from
   * their next request on every replica (the session query reads it with each request) without
   * signing them out; logged in Activity and mailed to them, in the change's transaction.
   */
  async changeRole(id: string, role: Role, by: Actor): Promise<AdminListItem> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
    const site = await this.outbox.siteName();
    const changed = await this.dataSource.transaction(async (manager) => {
      await manager.query(ADMINISTRATORS_LOCK);
      const admin = await manager.findOneBy(Admin, { id });
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
      if (admin.role === role) return admin;
      if (admin.role === 'administrator' && (await manager.countBy(Admin, { role: 'administrator' })) <= 1)
        throw ApiError.field('role', LAST_ADMIN_ROLE, HttpStatus.CONFLICT);
      await manager.update(Admin, { id }, { role });
      await this.activity.record(manager, { by, action: `role-${role}` as const, kind: 'admins', itemId: id, label: admin.name });
      await this.outbox.add(manager, [{ kind: 'role-changed', to: admin.email, ...roleChangedMail(site, by.admin.name, role) }]);
      return manager.findOneByOrFail(Admin, { id });
    });
    this.outbox.wake();
    return { ...toPublicAdmin(changed), lastLoginAt: changed.lastLoginAt };
  }

  /** The addresses of the admins whose role holds `permission` (who hears of an article waiting for review). */
  async emailsOf(roles: Role[]): Promise<string[]> {
    const rows = await this.admins.find({ select: { email: true }, where: { role: In(roles) } });
    return rows.map((row) => row.email);
  }

  /**
   * "End all sessions" on the Admins screen: every session of the admin ends at once, on every
   * replica, in one transaction with its activity entry; for the caller themselves, every one but
   * `exceptSid` (theirs, which a sign-out ends). Answers how many ended.
   */
  async endSessionsOf(id: string, by: Actor, exceptSid: string): Promise<{ id: string; ended: number }> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const admin = await manager.findOneBy(Admin, { id });
      if (!admin) throw new ApiError(HttpStatus.NOT_FOUND, ADMIN_NOT_FOUND);
      const ended = await this.sessions.endAllOf(id, { except: exceptSid, manager });
      await this.activity.record(manager, { by, action: 'end-admin-sessions', kind: 'admins', itemId: id, label: admin.name });
      return { id, ended };
    });
  }

  /**
   * Changes an admin's own password after checking the current one. The credential version rises
   * with it, so every other session ends, logins still in flight included, and every trusted device
   * is untrusted; `req`'s own session is re-stamped and stays. With `removePasskeys`, their passkeys
   * go too. Answers the new credential version (to trust this browser again).
   */
  async changePassword(id: string, dto: ChangePasswordDto, req: Request, by: Actor): Promise<number> {
    const admin = await this.admins.createQueryBuilder('admin').addSelect('admin.passwordHash').where('admin.id = :id', { id }).getOne();
    if (!admin || !(await verifyPassword(admin.passwordHash, dto.currentPassword))) {
      throw ApiError.field('currentPassword', WRONG_CURRENT_PASSWORD);
    }
    // The DTO refused common passwords; the email is known only here.
    const guessable = guessablePassword(dto.newPassword, admin.email);
    if (guessable) throw ApiError.field('newPassword', guessable);
    const passwordHash = await hashPassword(dto.newPassword);
    const passkeysRemoved = dto.removePasskeys === true;
    const notice = passwordChangedMail(await this.outbox.siteName(), 'changed', new Date(), by.address, { passkeysRemoved });
    const version = await this.dataSource.transaction(async (manager) => {
      const raised = await bumpCredentials(manager, id, passwordHash);
      await this.sessions.endAllOf(id, { except: req.sessionID, manager });
      await restampSession(req, raised, manager);
      // As a reset does, when asked: a passkey someone else added does not outlive the change.
      if (passkeysRemoved) await manager.query(`DELETE FROM passkeys WHERE admin_id = $1`, [id]);
      await this.activity.record(manager, { by, action: 'password', kind: 'admins', itemId: id, label: admin.name });
      // The security notice: if it was not them, they hear of it.
      await this.outbox.add(manager, [{ kind: 'password-changed', to: admin.email, ...notice }]);
      return raised;
    });
    this.outbox.wake();
    // The password was just typed: a confirmation as fresh as the sign-in's.
    markConfirmed(req);
    return version;
  }

  /** "Email me new contact messages", and whether mail is on at all (the switch does nothing otherwise). */
  async preferences(id: string): Promise<{ notifyContactMessages: boolean; mailEnabled: boolean }> {
    const admin = await this.admins.findOneByOrFail({ id });
    return { notifyContactMessages: admin.notifyContactMessages, mailEnabled: this.outbox.enabled };
  }

  async updatePreferences(id: string, changes: { notifyContactMessages: boolean }) {
    await this.admins.update({ id }, { notifyContactMessages: changes.notifyContactMessages });
    return this.preferences(id);
  }

  findById(id: string): Promise<Admin | null> {
    return isUuid(id) ? this.admins.findOneBy({ id }) : Promise.resolve(null);
  }

  /** Argon2id, for AuthService's login check: the hashing lives with the admins whose passwords it keeps. */
  verifyPassword(passwordHash: string, password: string): Promise<boolean> {
    return verifyPassword(passwordHash, password);
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password);
  }

  findByEmailWithHash(email: string): Promise<Admin | null> {
    return this.admins
      .createQueryBuilder('admin')
      .addSelect('admin.passwordHash')
      .where('admin.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
  }

  count(): Promise<number> {
    return this.admins.count();
  }

  /**
   * Creates an admin. With `onlyIfFirst` it succeeds only while no admin exists; an advisory lock
   * makes two simultaneous first registrations yield one admin, not two. The activity log records
   * the addition in the same transaction: by `by`, the logged-in admin who added it, or else by
   * the new admin itself (a first or open registration from `address`, or the command line).
   * `role` is an administrator unless given (the first admin is one whatever it says).
   */
  async create(
    dto: RegisterAdminDto,
    options: { onlyIfFirst?: boolean; by?: Actor; address?: string | null; role?: Role } = {},
  ): Promise<Admin> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      if (options.onlyIfFirst) {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('admins:first'))`);
        if ((await manager.count(Admin)) > 0) throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
      }
      // The first admin is always an administrator, whatever REGISTRATION_ROLE says; a race of two
      // first registrations is the onlyIfFirst lock's (first-admin), and under open registration
      // the worst case is two administrators.
      const role = options.role === undefined || (await manager.count(Admin)) === 0 ? 'administrator' : options.role;
      // A taken email breaks admins_email_key, whose 409 the entity declares (ConflictOn).
      const admin = manager.create(Admin, { name: dto.name, email: dto.email.toLowerCase(), passwordHash, role });
      const saved = await manager.save(admin);
      const by = options.by ?? { admin: { id: saved.id, name: saved.name }, address: options.address ?? null };
      await this.activity.record(manager, { by, action: 'add', kind: 'admins', itemId: saved.id, label: saved.name });
      return manager.findOneByOrFail(Admin, { id: saved.id });
    });
  }
}
