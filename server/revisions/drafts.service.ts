import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { notFound } from '../common/by-id-or-404';
import { validateBody } from '../common/validation';
import { changedFields, contentKind, snapshotFiles, snapshotOf, type DraftKind, type Snapshot } from '../content/content-kinds';
import type { ItemEditor, VersionedItem } from './item-editor';
import { RevisionsService, StaleVersion } from './revisions.service';

export interface Draft {
  snapshot: Snapshot;
  version: number;
  baseVersion: number;
  updatedAt: Date;
  updatedBy: { id: string; name: string } | null;
  autosaved: boolean;
}

interface DraftRow {
  snapshot: Snapshot;
  files: string[];
  version: number;
  base_version: number;
  updated_at: Date;
  updated_by: string | null;
  updated_by_name: string | null;
  autosaved: boolean;
}

const SELECT = `
  SELECT d.snapshot, d.files, d.version, d.base_version, d.updated_at, d.updated_by, d.autosaved,
         (SELECT a.name FROM admins AS a WHERE a.id = d.updated_by) AS updated_by_name
    FROM drafts AS d WHERE d.kind = $1 AND d.item_id = $2`;

function toDraft(row: DraftRow): Draft {
  return {
    snapshot: row.snapshot,
    version: row.version,
    baseVersion: row.base_version,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by && row.updated_by_name !== null ? { id: row.updated_by, name: row.updated_by_name } : null,
    autosaved: row.autosaved,
  };
}

export interface DraftWrite {
  by: Actor;
  /** The working copy's version the client read (If-Match); another tab wrote since: the 409. */
  ifMatch?: number;
  /** An explicit Save draft: also a `saved` revision (draft: true). */
  checkpoint?: boolean;
  /** A restore into the working copy: a `restored` revision naming its source. */
  restoredFrom?: number;
}

/**
 * Working copies (issue #36): one per item, in `drafts`, never read by the public pages, the feed,
 * the sitemap or the API's normal reads. A write merges the fields sent into the working copy (or
 * into the live item's fields when there is none yet), under the item's row lock, so a checkpoint
 * revision's seq is taken in order with the live saves'.
 */
@Injectable()
export class DraftsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revisions: RevisionsService,
    private readonly activity: ActivityService,
  ) {}

  /** The item's working copy; the item's 404 when the item is not there, `Draft not found` when it has none. */
  async find(kind: DraftKind, id: string): Promise<Draft> {
    await this.lockItem(this.dataSource.manager, kind, id, false);
    const [row] = await this.dataSource.query<DraftRow[]>(SELECT, [kind, id]);
    if (!row) throw notFound('Draft');
    return toDraft(row);
  }

  /** Writes the working copy (an autosave, or a checkpoint with its revision); answers it. */
  async write(editor: ItemEditor, id: string, fields: Snapshot, options: DraftWrite): Promise<Draft> {
    const { kind } = editor;
    const { draft, dropped } = await this.revisions.guard(
      kind,
      id,
      () => this.find(kind, id),
      () =>
        this.dataSource.transaction(async (manager) => {
          const live = await this.lockItem(manager, kind, id, true);
          const [existing] = await manager.query<DraftRow[]>(`${SELECT} FOR UPDATE OF d`, [kind, id]);
          if (existing && options.ifMatch !== undefined && existing.version !== options.ifMatch)
            throw new StaleVersion(
              toDraft(existing),
              existing.updated_by ? { id: existing.updated_by, name: existing.updated_by_name ?? '' } : null,
              existing.updated_at,
            );
          const liveSnapshot = snapshotOf(kind, live);
          const snapshot = { ...(existing?.snapshot ?? liveSnapshot), ...snapshotOf(kind, fields) };
          await editor.checkDraft?.(manager, id, snapshot, existing?.snapshot ?? liveSnapshot);
          const revision = options.checkpoint || options.restoredFrom !== undefined;
          await manager.query(
            `INSERT INTO drafts (kind, item_id, snapshot, files, base_version, updated_by, autosaved)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (kind, item_id) DO UPDATE
               SET snapshot = $3, files = $4, version = drafts.version + 1, updated_at = now(), updated_by = $6, autosaved = $7`,
            [kind, id, JSON.stringify(snapshot), snapshotFiles(kind, snapshot), live.version, options.by.admin.id, !revision],
          );
          let dropped = existing?.files ?? [];
          if (revision) {
            const written = await this.revisions.record(manager, {
              kind,
              id,
              reason: options.restoredFrom !== undefined ? 'restored' : 'saved',
              snapshot,
              changed: changedFields(kind, liveSnapshot, snapshot),
              by: options.by,
              draft: true,
              restoredFrom: options.restoredFrom ?? null,
            });
            dropped = [...dropped, ...written.dropped];
            // A restore into the working copy is logged (a Save draft is not: nothing public changed).
            if (options.restoredFrom !== undefined) {
              const label = typeof live.title === 'string' ? live.title : null;
              await this.activity.record(manager, {
                by: options.by,
                action: 'restore-revision',
                kind,
                itemId: id,
                label,
                seq: written.seq,
              });
            }
          }
          const [row] = await manager.query<DraftRow[]>(SELECT, [kind, id]);
          return { draft: toDraft(row), dropped };
        }),
    );
    await editor.removeFiles?.(dropped);
    return draft;
  }

  /** Drops the working copy (Discard); the item's 404, or `Draft not found` when it has none. */
  async remove(editor: ItemEditor, id: string): Promise<void> {
    const files = await this.dataSource.transaction(async (manager) => {
      await this.lockItem(manager, editor.kind, id, true);
      return this.removeIn(manager, editor.kind, id);
    });
    if (!files) throw notFound('Draft');
    await editor.removeFiles?.(files);
  }

  /**
   * Makes the working copy live: checked in full as a create is (400 with field errors), through
   * the kind's own save (a `published` revision, an address change now), and removed in the same
   * transaction. `ifMatch` is the LIVE version the client read.
   */
  async publish(editor: ItemEditor, id: string, by: Actor, ifMatch: number | undefined): Promise<VersionedItem> {
    const { snapshot } = await this.find(editor.kind, id);
    const checked = await validateBody(snapshot, editor.createDto);
    let files: string[] = [];
    const item = await editor.applySnapshot(id, snapshotOf(editor.kind, checked), by, {
      ifMatch,
      reason: 'published',
      within: async (manager) => {
        files = (await this.removeIn(manager, editor.kind, id)) ?? [];
      },
    });
    await editor.removeFiles?.(files);
    return item;
  }

  private async removeIn(manager: EntityManager, kind: DraftKind, id: string): Promise<string[] | null> {
    const [rows] = await manager.query<[{ files: string[] }[], number]>(
      `DELETE FROM drafts WHERE kind = $1 AND item_id = $2 RETURNING files`,
      [kind, id],
    );
    return rows.length === 0 ? null : rows[0].files;
  }

  /** The live item's row (locked FOR UPDATE when `lock`), or its 404 (unknown, or in the trash). */
  private async lockItem(
    manager: EntityManager,
    kind: DraftKind,
    id: string,
    lock: boolean,
  ): Promise<Record<string, unknown> & { version: number }> {
    const { entity, resource } = contentKind(kind);
    const row = await manager
      .getRepository(entity)
      .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!row) throw notFound(resource);
    return row as Record<string, unknown> & { version: number };
  }
}
