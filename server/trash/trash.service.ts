import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan, Not, type EntityManager, type ObjectLiteral, type Repository } from 'typeorm';
import { ActivityService, type ActivityEntry } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { isUuid, notFound, distinctIds, labelsOf } from '../common/by-id-or-404';
import { boundedCountOf, COUNT_CAP, type BoundedCount, paginateSql, type Paged } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContentEvents, type ContentChange } from '../content/events/content-events.service';
import type { TrashItemDto } from './dto/trash-item.dto';
import {
  isTrashKind,
  labelOf,
  ownedFiles,
  TRASH_KINDS,
  trashKind,
  type TrashKind,
  publicPaths,
  type RevisionKind,
} from '../content/content-kinds';
import { NewsPhotos } from '../news/news-photos.service';
import { RevisionsService } from '../revisions/revisions.service';
import { TranslationsService } from '../translations/translations.service';

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
      `(SELECT '${kind}'::text AS kind, id, ${trashKind(kind).label}::text AS label, deleted_at, deleted_by
          FROM ${trashKind(kind).table} WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC, id DESC LIMIT $1)`,
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

/** An item taken out of the trash comes back to its public addresses; one deleted from it had none left. */
function trashChange(kind: TrashKind, id: string, change: 'restored' | 'deleted', item: ObjectLiteral | null): ContentChange {
  return { kind, id, oldPaths: [], newPaths: change === 'restored' ? publicPaths(kind, item) : [], change };
}

/** A known kind, or the 404 an unknown one answers (as an unknown item would). */
function kindOr404(kind: string): TrashKind {
  if (!isTrashKind(kind)) throw notFound('Item');
  return kind;
}

/** The items grouped by kind, in TRASH_KINDS' order (so concurrent batches lock rows in one order), each id once. */
function byKind(items: { kind: TrashKind; id: string }[]): [TrashKind, string[]][] {
  return TRASH_KINDS.map(
    (kind) => [kind, distinctIds(items.filter((item) => item.kind === kind).map((item) => item.id))] as [TrashKind, string[]],
  ).filter(([, ids]) => ids.length > 0);
}

/** The kind's rows of `ids` that are in the trash, locked FOR UPDATE in id order; the kind's 404 unless all of them are. */
async function lockedInTrash(manager: EntityManager, kind: TrashKind, ids: string[]): Promise<ObjectLiteral[]> {
  const { entity, resource } = trashKind(kind);
  const rows = await manager.getRepository(entity).find({
    where: { id: In(ids), deletedAt: Not(IsNull()) },
    withDeleted: true,
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
  if (rows.length < ids.length) throw notFound(resource);
  return rows;
}

@Injectable()
export class TrashService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: ContentEvents,
    private readonly revisions: RevisionsService,
    private readonly news: NewsPhotos,
    private readonly translations: TranslationsService,
  ) {}

  /**
   * An item's revisions, working copy and translations go with its purge (issues #36, #41), in its transaction;
   * answers the photos they named (removed after the commit once nothing names them).
   */
  private async history(manager: EntityManager, kind: TrashKind, ids: string[]): Promise<string[]> {
    // Its translations (issue #41) go with it too.
    await this.translations.removeAll(manager, kind, ids);
    return trashKind(kind).revisable.length > 0 ? this.revisions.removeAll(manager, kind as RevisionKind, ids) : [];
  }

  async list(page: number): Promise<Paged<TrashItemDto>> {
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
   * How many items the trash holds, counted up to 1,000 (the dashboard): each kind's branch stops
   * after 1,001 entries of its partial deleted_at index.
   */
  async count(): Promise<BoundedCount> {
    const branches = TRASH_KINDS.map((kind) => `(SELECT 1 FROM ${trashKind(kind).table} WHERE deleted_at IS NOT NULL LIMIT $1)`);
    const [{ n }] = await this.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (${branches.join(' UNION ALL ')} LIMIT $1) AS bounded`,
      [COUNT_CAP + 1],
    );
    return boundedCountOf(n);
  }

  /**
   * Takes an item out of the trash and answers it: TypeORM's restore, whose UPDATE only touches
   * rows WHERE deleted_at IS NOT NULL (checked again once PostgreSQL holds the row), so of two
   * restores (or a restore and a purge) at once, the second finds nothing: 404.
   */
  async restore(kindName: string, id: string, by: Actor): Promise<ObjectLiteral> {
    const kind = kindOr404(kindName);
    const { entity, resource } = trashKind(kind);
    if (!isUuid(id)) throw notFound(resource);
    const restored = await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(entity);
      const { affected } = await repository.restore({ id });
      if (!affected) throw notFound(resource);
      await repository.update({ id }, { deletedBy: null });
      const item = await repository.findOneByOrFail({ id });
      await this.activity.record(manager, { by, action: 'restore', kind, itemId: id, label: labelOf(kind, item) });
      await this.events.raise(manager, trashChange(kind, id, 'restored', item));
      return item;
    });
    // Answered as the kind's own reads answer it: with its working copy's flag, for a kind that has them.
    if (!trashKind(kind).drafts) return restored;
    const drafts = await this.revisions.withDrafts(kind as RevisionKind, [restored.id as string]);
    return { ...restored, hasDraft: drafts.has(restored.id as string) };
  }

  /**
   * Deletes an item in the trash for good. The row is read FOR UPDATE first (withDeleted, and only
   * if it is in the trash): the loser of a race with another purge or a restore waits, then finds
   * it gone: 404. The files the item owns (an article's photo) are removed once the delete has committed.
   */
  async purge(kindName: string, id: string, by: Actor): Promise<{ id: string }> {
    const kind = kindOr404(kindName);
    const { entity, resource } = trashKind(kind);
    if (!isUuid(id)) throw notFound(resource);
    const files = await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(entity);
      const item = await repository.findOne({
        where: { id, deletedAt: Not(IsNull()) },
        withDeleted: true,
        lock: { mode: 'pessimistic_write' },
      });
      if (!item) throw notFound(resource);
      await repository.delete({ id });
      const named = await this.history(manager, kind, [id]);
      await this.activity.record(manager, { by, action: 'purge', kind, itemId: id, label: labelOf(kind, item) });
      await this.events.raise(manager, trashChange(kind, id, 'deleted', null));
      return [...ownedFiles(kind, item), ...named];
    });
    await this.removeFiles(files);
    return { id };
  }

  /**
   * Takes up to 100 items of any kinds out of the trash, all or none, in one transaction, with one
   * activity entry each. Each kind is one TypeORM restore, whose UPDATE touches only rows in the
   * trash (checked again once PostgreSQL holds each row): when an item is unknown or no longer in
   * the trash (restored or purged at the same moment), fewer rows change, the kind's 404 is thrown
   * and nothing is restored. Answers the ids restored.
   */
  restoreMany(items: { kind: TrashKind; id: string }[], by: Actor): Promise<{ ids: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      const entries: ActivityEntry[] = [];
      const changes: ContentChange[] = [];
      for (const [kind, ids] of byKind(items)) {
        const { entity, label, resource } = trashKind(kind);
        const repository = manager.getRepository(entity);
        const { affected } = await repository.restore({ id: In(ids) });
        if ((affected ?? 0) < ids.length) throw notFound(resource);
        await repository.update({ id: In(ids) }, { deletedBy: null });
        const rows = await labelsOf(repository as Repository<ObjectLiteral & { id: string }>, ids, label);
        entries.push(...rows.map((row) => ({ by, action: 'restore' as const, kind, itemId: row.id, label: row.label })));
        const restored = await repository.findBy({ id: In(ids) });
        changes.push(...restored.map((item) => trashChange(kind, item.id as string, 'restored', item)));
      }
      await this.activity.recordMany(manager, entries);
      await this.events.raise(manager, ...changes);
      return { ids: entries.map((entry) => entry.itemId!) };
    });
  }

  /**
   * Deletes up to 100 items in the trash for good, all or none, with one activity entry each. Each
   * kind's rows are read FOR UPDATE first (withDeleted, only those in the trash, in id order so two
   * purges of the same items lock them in the same order and never deadlock): the loser of a race
   * with another purge or a restore waits, then finds fewer rows: 404, and nothing is deleted.
   * The files the items own (articles' photos) go once the transaction has committed.
   */
  async purgeMany(items: { kind: TrashKind; id: string }[], by: Actor): Promise<{ ids: string[] }> {
    const { ids, files } = await this.dataSource.transaction(async (manager) => {
      const entries: ActivityEntry[] = [];
      const files: string[] = [];
      const changes: ContentChange[] = [];
      for (const [kind, ids] of byKind(items)) {
        const { entity } = trashKind(kind);
        const rows = await lockedInTrash(manager, kind, ids);
        await manager.getRepository(entity).delete({ id: In(ids) });
        files.push(...(await this.history(manager, kind, ids)));
        for (const row of rows) {
          entries.push({ by, action: 'purge', kind, itemId: row.id as string, label: labelOf(kind, row) });
          changes.push(trashChange(kind, row.id as string, 'deleted', null));
          files.push(...ownedFiles(kind, row));
        }
      }
      await this.activity.recordMany(manager, entries);
      await this.events.raise(manager, ...changes);
      return { ids: entries.map((entry) => entry.itemId!), files };
    });
    await this.removeFiles(files);
    return { ids };
  }

  /**
   * The purge job's work: deletes what has been in the trash longer than TRASH_DAYS and activity
   * entries older than ACTIVITY_DAYS, as of `now` (the tests move time by passing it). One replica
   * at a time: the transaction takes a PostgreSQL advisory lock, and a replica that cannot get it
   * skips the run (answers null), since another is doing the same work. The files purged items
   * owned (articles' photos) go after the commit.
   */
  async purgeExpired(now = new Date()): Promise<{ purged: number; pruned: number } | null> {
    const day = 24 * 60 * 60 * 1000;
    const trashBefore = new Date(now.getTime() - this.config.trashDays * day);
    const activityBefore = new Date(now.getTime() - this.config.activityDays * day);
    const result = await this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query<{ locked: boolean }[]>('SELECT pg_try_advisory_xact_lock($1) AS locked', [PURGE_LOCK]);
      if (!locked) return null;
      let purged = 0;
      const files: string[] = [];
      const changes: ContentChange[] = [];
      for (const kind of TRASH_KINDS) {
        const { entity, files: fileColumns } = trashKind(kind);
        // deleted_at < before: only rows in the trash (a live row's deleted_at is NULL). The raw
        // rows are keyed by SQL column names, which the registry keeps equal to the fields'.
        const result = await manager
          .createQueryBuilder()
          .delete()
          .from(entity)
          .where({ deletedAt: LessThan(trashBefore) })
          .returning(['id', ...fileColumns])
          .execute();
        const rows = result.raw as ObjectLiteral[];
        purged += rows.length;
        changes.push(...rows.map((row) => trashChange(kind, row.id as string, 'deleted', null)));
        for (const row of rows) files.push(...ownedFiles(kind, row));
        files.push(
          ...(await this.history(
            manager,
            kind,
            rows.map((row) => row.id as string),
          )),
        );
      }
      const pruned = await this.activity.prune(manager, activityBefore);
      await this.events.raise(manager, ...changes);
      return { purged, pruned, files };
    });
    if (!result) return null;
    await this.removeFiles(result.files);
    return { purged: result.purged, pruned: result.pruned };
  }

  /**
   * Removes stored files whose rows are gone (every size of a photo) unless something still names
   * them; never throws, a leftover waits for the orphan sweep.
   */
  private async removeFiles(paths: string[]): Promise<void> {
    await this.news.removeUnreferenced(this.dataSource.manager, paths);
  }
}
