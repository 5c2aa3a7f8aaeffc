import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThan, Repository } from 'typeorm';
import type { Actor } from '../common/actor.decorator';
import { paginate, type Paged } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Admin } from '../admins/admin.entity';
import { CONTENT_KINDS, type ContentKind } from '../content/content-kinds';
import { Activity } from './activity.entity';
import type { ActivityEntryDto } from './dto/activity-entry.dto';

/** Subjects of the log that are no content: the administrators themselves, and their sessions. */
export const ACCOUNT_KINDS = ['admins', 'session'] as const;

/** What an entry is about: a kind of content (the registry's), or an account subject. */
export const ACTIVITY_KINDS = [...CONTENT_KINDS, ...ACCOUNT_KINDS] as const;
export type ActivityKind = ContentKind | (typeof ACCOUNT_KINDS)[number];

/**
 * Actions by kind: sign-in (with a password alone), sign-in-code and sign-in-recovery-code (a
 * password and then that second factor), sign-in-passkey, sign-in-failed, sign-out, end-session and
 * end-other-sessions (session); end-admin-sessions (every session of an admin, by an administrator), add, remove,
 * password, password-reset-request, password-reset, invite, revoke-invitation, accept-invitation,
 * totp-on, totp-off, second-factor-reset, passkey-add, passkey-remove and role-<role> (a role given, admins); create, edit,
 * delete, restore and purge (services, news, contactus); submit (for review) and return (sent back with a note) (news);
 * edit (settings).
 */
export const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-code',
  'sign-in-recovery-code',
  'sign-in-passkey',
  'sign-in-failed',
  'sign-out',
  'end-session',
  'end-other-sessions',
  'end-admin-sessions',
  'add',
  'remove',
  'password',
  'password-reset-request',
  'password-reset',
  'invite',
  'revoke-invitation',
  'accept-invitation',
  'totp-on',
  'totp-off',
  'second-factor-reset',
  'passkey-add',
  'passkey-remove',
  'role-administrator',
  'role-editor',
  'role-author',
  'create',
  'edit',
  'delete',
  'restore',
  'purge',
  'submit',
  'return',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export interface ActivityEntry {
  /** Who did it (null: a failed sign-in with an address that belongs to no admin), and from where. */
  by: Actor | { admin: null; address: string | null };
  action: ActivityAction;
  kind: ActivityKind;
  itemId?: string | null;
  label?: string | null;
  /** For an edit: the names of the fields that changed. */
  fields?: string[];
}

function toItem(row: Activity): ActivityEntryDto {
  return {
    id: row.id,
    at: row.at,
    admin: row.adminId ? { id: row.adminId, name: row.adminName } : null,
    action: row.action as ActivityAction,
    kind: row.kind as ActivityKind,
    itemId: row.itemId,
    label: row.label,
    fields: row.fields,
    address: row.address,
  };
}

function toRow(entry: ActivityEntry): Partial<Activity> {
  return {
    adminId: entry.by.admin?.id ?? null,
    adminName: entry.by.admin?.name ?? null,
    action: entry.action,
    kind: entry.kind,
    itemId: entry.itemId ?? null,
    label: entry.label ?? null,
    fields: entry.fields ?? null,
    // An IPv4 client on a dual-stack socket reads "::ffff:203.0.113.7": kept as the IPv4 address.
    address: entry.by.address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? null,
  };
}

@Injectable()
export class ActivityService {
  constructor(
    @InjectRepository(Activity) private readonly activity: Repository<Activity>,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records an entry through `manager`: pass the transaction's manager, so the change and its
   * record commit or fail together (and, on the embedded database, no second connection waits on
   * the transaction's lock).
   */
  async record(manager: EntityManager, entry: ActivityEntry): Promise<void> {
    await manager.insert(Activity, toRow(entry));
  }

  /** Several entries in one statement (a bulk change: one entry per item), through the transaction's `manager`. */
  async recordMany(manager: EntityManager, entries: ActivityEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await manager.insert(Activity, entries.map(toRow));
  }

  /** record() on its own, for events that change nothing else in the database (sign-in, sign-out). */
  recordAlone(entry: ActivityEntry): Promise<void> {
    return this.record(this.dataSource.manager, entry);
  }

  /**
   * A failed sign-in (a wrong password or second-factor code), by address; the account only when
   * it is an admin's (then its id and email), never the text typed, which may be a mistyped
   * password or anything at all.
   */
  recordFailedSignIn(admin: { id: string; name: string; email: string } | null, address: string | null): Promise<void> {
    const by = { admin: admin ? { id: admin.id, name: admin.name } : null, address };
    return this.recordAlone({ by, action: 'sign-in-failed', kind: 'session', itemId: admin?.id ?? null, label: admin?.email ?? null });
  }

  /** Newest first, optionally one admin's or one kind's; each order is backed by an index. */
  async list(page: number, filters: { admin?: string; kind?: ActivityKind }): Promise<Paged<ActivityEntryDto>> {
    const qb = this.activity.createQueryBuilder('a').orderBy('a.at', 'DESC').addOrderBy('a.id', 'DESC');
    if (filters.admin) qb.andWhere('a.admin_id = :admin', { admin: filters.admin });
    if (filters.kind) qb.andWhere('a.kind = :kind', { kind: filters.kind });
    const paged = await paginate(qb, page, this.config.pageSize);
    return { ...paged, data: paged.data.map(toItem) };
  }

  /** The newest `limit` entries (the dashboard), from the list's index. */
  async latest(limit: number): Promise<ActivityEntryDto[]> {
    const rows = await this.activity.find({ order: { at: 'DESC', id: 'DESC' }, take: limit });
    return rows.map(toItem);
  }

  /** The administrators the list can be filtered by (the filter's choices), by name. */
  async admins(): Promise<{ data: { id: string; name: string }[] }> {
    const data = await this.dataSource.getRepository(Admin).find({ select: { id: true, name: true }, order: { name: 'ASC', id: 'ASC' } });
    return { data: data.map(({ id, name }) => ({ id, name })) };
  }

  /** Removes entries older than `before` (the purge job, in its transaction). */
  async prune(manager: EntityManager, before: Date): Promise<number> {
    const result = await manager.delete(Activity, { at: LessThan(before) });
    return result.affected ?? 0;
  }
}
