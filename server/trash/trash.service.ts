import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ContactMessage } from '../contact-us/contact-message.entity';
import { News } from '../news/news.entity';
import { NewsService } from '../news/news.service';
import { Service } from '../services/service.entity';
import type { Actor } from '../common/actor.decorator';
import { isUuid, notFound } from '../common/by-id-or-404';
import { paginateSql, type Paged } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const TRASH_KINDS = ['services', 'news', 'contactus'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Each kind's table, the column that names an item in the trash, and its 404's resource name. */
const KINDS: Record<TrashKind, { entity: EntityTarget<ObjectLiteral>; table: string; label: string; resource: string }> = {
  services: { entity: Service, table: 'services', label: 'title', resource: 'Service' },
  news: { entity: News, table: 'news', label: 'title', resource: 'News' },
  contactus: { entity: ContactMessage, table: 'contact_messages', label: 'name', resource: 'Message' },
};

export interface TrashItem {
  kind: TrashKind;
  id: string;
  label: string;
  deletedAt: Date;
  deletedBy: { id: string; name: string } | null;
}

/**
 * A slice of every kind's trashed rows, newest deleted first. Each branch reads its table's partial
 * (deleted_at DESC, id DESC) WHERE deleted_at IS NOT NULL index and stops after offset + limit
 * rows; PostgreSQL merges the three in order (Merge Append) and skips the offset. Without the
 * branch limits PostgreSQL 15 reads and sorts every trashed row for each page (61 ms instead of
 * 0.2 ms on 30,000 trashed rows). The admin's name is looked up for the rows kept only.
 */
export function trashSlice({ offset, limit }: { offset: number; limit: number }): [string, unknown[]] {
  const branches = TRASH_KINDS.map(
    (kind) =>
      `(SELECT '${kind}'::text AS kind, id, ${KINDS[kind].label}::text AS label, deleted_at, deleted_by
          FROM ${KINDS[kind].table} WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id DESC LIMIT $1)`,
  );
  const sql = `
    SELECT t.kind, t.id, t.label, t.deleted_at, t.deleted_by,
           (SELECT a.name FROM admins AS a WHERE a.id = t.deleted_by) AS deleted_by_name
      FROM (${branches.join(' UNION ALL ')}) AS t
     ORDER BY t.deleted_at DESC, t.id DESC
     LIMIT $2 OFFSET $3`;
  return [sql, [offset + limit, limit, offset]];
}

/** Any fixed number, other than the migrations' lock: the purge job runs on one replica at a time. */
const PURGE_LOCK = 727_274_013;

interface TrashRow {
  kind: TrashKind;
  id: string;
  label: string;
  deleted_at: Date;
  deleted_by: string | null;
  deleted_by_name: string | null;
}

/** A known kind, or the 404 an unknown one answers (as an unknown item would). */
function kindOr404(kind: string): TrashKind {
  if (!(TRASH_KINDS as readonly string[]).includes(kind)) throw notFound('Item');
  return kind as TrashKind;
}

@Injectable()
export class TrashService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly news: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(page: number): Promise<Paged<TrashItem>> {
    const paged = await paginateSql<TrashRow>(this.dataSource, trashSlice, page, this.config.pageSize);
    return {
      ...paged,
      data: paged.data.map((row) => ({
        kind: row.kind,
        id: row.id,
        label: row.label,
        deletedAt: row.deleted_at,
        // No name: the admin who deleted it has been removed since.
        deletedBy: row.deleted_by && row.deleted_by_name !== null ? { id: row.deleted_by, name: row.deleted_by_name } : null,
      })),
    };
  }

  /**
   * Takes an item out of the trash and answers it. One UPDATE … WHERE deleted_at IS NOT NULL, so
   * of two restores (or a restore and a purge) at once, the second finds nothing: 404.
   */
  async restore(kindName: string, id: string, by: Actor): Promise<ObjectLiteral> {
    const kind = kindOr404(kindName);
    const { entity, table, label, resource } = KINDS[kind];
    if (!isUuid(id)) throw notFound(resource);
    return this.dataSource.transaction(async (manager) => {
      // For an UPDATE, TypeORM's query() answers [rows, affected count].
      const [rows] = await manager.query<[{ label: string }[], number]>(
        `UPDATE ${table} SET deleted_at = NULL, deleted_by = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING ${label}::text AS label`,
        [id],
      );
      if (rows.length === 0) throw notFound(resource);
      await this.activity.record(manager, { by, action: 'restore', kind, itemId: id, label: rows[0].label });
      return manager.findOneByOrFail(entity, { id });
    });
  }

  /**
   * Deletes an item in the trash for good (one DELETE … WHERE deleted_at IS NOT NULL: the loser of
   * a race gets the 404). An article's photo is removed once the delete has committed.
   */
  async purge(kindName: string, id: string, by: Actor): Promise<{ id: string }> {
    const kind = kindOr404(kindName);
    const { table, label, resource } = KINDS[kind];
    if (!isUuid(id)) throw notFound(resource);
    const photo = await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ label: string; photo?: string | null }[], number]>(
        `DELETE FROM ${table} WHERE id = $1 AND deleted_at IS NOT NULL RETURNING ${label}::text AS label${kind === 'news' ? ', photo' : ''}`,
        [id],
      );
      if (rows.length === 0) throw notFound(resource);
      await this.activity.record(manager, { by, action: 'purge', kind, itemId: id, label: rows[0].label });
      return rows[0].photo ?? null;
    });
    await this.news.removePhoto(photo);
    return { id };
  }

  /**
   * The purge job's work: deletes what has been in the trash longer than TRASH_DAYS and activity
   * entries older than ACTIVITY_DAYS, as of `now` (the tests move time by passing it). One replica
   * at a time: the transaction takes a PostgreSQL advisory lock, and a replica that cannot get it
   * skips the run (answers null), since another is doing the same work. Photos of purged articles
   * go after the commit.
   */
  async purgeExpired(now = new Date()): Promise<{ purged: number; pruned: number } | null> {
    const day = 24 * 60 * 60 * 1000;
    const trashBefore = new Date(now.getTime() - this.config.trashDays * day);
    const activityBefore = new Date(now.getTime() - this.config.activityDays * day);
    const result = await this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query<{ locked: boolean }[]>('SELECT pg_try_advisory_xact_lock($1) AS locked', [PURGE_LOCK]);
      if (!locked) return null;
      let purged = 0;
      const photos: (string | null)[] = [];
      for (const kind of TRASH_KINDS) {
        const [rows] = await manager.query<[{ photo?: string | null }[], number]>(
          `DELETE FROM ${KINDS[kind].table} WHERE deleted_at IS NOT NULL AND deleted_at < $1 RETURNING ${kind === 'news' ? 'photo' : 'id'}`,
          [trashBefore],
        );
        purged += rows.length;
        if (kind === 'news') photos.push(...rows.map((row) => row.photo ?? null));
      }
      const pruned = await this.activity.prune(manager, activityBefore);
      return { purged, pruned, photos };
    });
    if (!result) return null;
    for (const photo of result.photos) await this.news.removePhoto(photo);
    return { purged: result.purged, pruned: result.pruned };
  }
}
