import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { isUuid, notFound } from '../common/by-id-or-404';
import { changedFields, contentKind, snapshotFiles, type RevisionKind, type Snapshot } from '../content/content-kinds';

/** The settings are one row; their revisions are kept under this item id. */
export const SETTINGS_ITEM = '00000000-0000-0000-0000-000000000000';
/** How many revisions an item keeps, besides its live one and the pinned ones. */
export const KEEP_REVISIONS = 50;
/** A history page's size when none is asked for, and the most one may ask for. */
export const HISTORY_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

export const REVISION_REASONS = ['created', 'saved', 'published', 'unpublished', 'restored'] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export interface Revision {
  seq: number;
  reason: RevisionReason;
  changed: string[];
  label: string | null;
  pinned: boolean;
  live: boolean;
  draft: boolean;
  restoredFrom: number | null;
  createdAt: Date;
  admin: { id: string; name: string } | null;
}

interface RevisionRow {
  seq: number;
  reason: RevisionReason;
  changed: string[];
  label: string | null;
  pinned: boolean;
  live: boolean;
  draft: boolean;
  restored_from: number | null;
  created_at: Date;
  admin_id: string | null;
  admin_name: string | null;
  snapshot?: Snapshot;
}

/** What a revision write needs; `changed` defaults to the fields that differ from `before`. */
export interface NewRevision {
  kind: RevisionKind;
  id: string;
  reason: RevisionReason;
  snapshot: Snapshot;
  changed: string[];
  by: Actor | null;
  draft?: boolean;
  restoredFrom?: number | null;
}

/** The version an If-Match header names (`"12"`, `W/"12"` or a bare `12`), undefined without one; a 400 for anything else. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) throw ApiError.field('version', 'If-Match must be the version a read gave, e.g. "3"');
  return Number(match[1]);
}

/** The ETag of a version, as single reads answer it and If-Match sends it back. */
export const etagOf = (version: number) => `"${version}"`;

const SELECT = `
  SELECT r.seq, r.reason, r.changed, r.label, r.pinned, r.draft, r.restored_from, r.created_at, r.admin_id, a.name AS admin_name,
         r.seq = (SELECT max(l.seq) FROM revisions AS l WHERE l.kind = r.kind AND l.item_id = r.item_id AND NOT l.draft) AS live`;

function toRevision(row: RevisionRow): Revision {
  return {
    seq: row.seq,
    reason: row.reason,
    changed: row.changed,
    label: row.label,
    pinned: row.pinned,
    live: row.live === true,
    draft: row.draft,
    restoredFrom: row.restored_from,
    createdAt: row.created_at,
    admin: row.admin_id && row.admin_name !== null ? { id: row.admin_id, name: row.admin_name } : null,
  };
}

/**
 * Revisions (issue #36): full snapshots of an item's revisable fields (content-kinds.ts), written
 * by the services that change the item, in their transaction and under the item's row lock (which
 * serializes the `seq` each gets), and pruned in the same transaction. Raw SQL over one table for
 * every kind, as the trash does.
 */
@Injectable()
export class RevisionsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The 409 unless `ifMatch` (when sent) is the version read under the row lock. */
  checkVersion(current: number, ifMatch: number | undefined): void {
    if (ifMatch !== undefined && ifMatch !== current) throw new StaleVersion();
  }

  /**
   * Runs `work` (a transaction that may throw StaleVersion) and turns a stale version into the
   * 409, its `current` read by `read` once the transaction has rolled back.
   */
  async guard<T>(kind: RevisionKind, id: string, read: () => Promise<object>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error;
      const current = error.current ?? (await read());
      const live = error.changedAt
        ? { changedBy: error.changedBy ?? null, changedAt: error.changedAt }
        : await this.liveRevision(this.dataSource.manager, kind, id);
      throw staleConflict(current, live?.changedBy ?? null, live?.changedAt ?? new Date());
    }
  }

  /**
   * Moves the item's version on by one, only from `expected`: one conditional UPDATE, so of two
   * saves made from one version exactly one gets through, the other gets the 409 (also without
   * the row lock the services hold). Answers the new version.
   */
  async bumpVersion(manager: EntityManager, kind: RevisionKind, id: string | number, expected: number): Promise<number> {
    const [rows] = await manager.query<[{ version: number }[], number]>(
      `UPDATE ${contentKind(kind).table} SET version = version + 1 WHERE id = $1 AND version = $2 RETURNING version`,
      [id, expected],
    );
    // Under the row lock this cannot happen; it is what makes the check hold without it.
    if (rows.length === 0) throw new StaleVersion();
    return rows[0].version;
  }

  /**
   * Writes a revision and prunes the item's history to the last KEEP_REVISIONS, its live
   * revision and its pinned ones. Answers its seq and the photos the pruned revisions named (for
   * NewsPhotos.removeUnreferenced once committed). The caller holds the item's row lock.
   */
  async record(manager: EntityManager, revision: NewRevision): Promise<{ seq: number; dropped: string[] }> {
    const { kind, id } = revision;
    const [{ seq }] = await manager.query<{ seq: number }[]>(
      `INSERT INTO revisions (kind, item_id, seq, reason, changed, draft, restored_from, snapshot, files, admin_id)
       SELECT $1, $2, coalesce(max(seq), 0) + 1, $3, $4, $5, $6, $7, $8, $9 FROM revisions WHERE kind = $1 AND item_id = $2
       RETURNING seq`,
      [
        kind,
        id,
        revision.reason,
        revision.changed,
        revision.draft ?? false,
        revision.restoredFrom ?? null,
        JSON.stringify(revision.snapshot),
        snapshotFiles(kind, revision.snapshot),
        revision.by?.admin.id ?? null,
      ],
    );
    return { seq, dropped: await this.prune(manager, kind, id) };
  }

  /**
   * A live change's revision: the fields that differ from `before` (null for a create, whose
   * every field is new). Nothing is written when none does (an identical save). Answers null then.
   */
  async recordChange(
    manager: EntityManager,
    revision: Omit<NewRevision, 'changed'> & { before: Snapshot | null },
  ): Promise<{ seq: number; dropped: string[] } | null> {
    const changed = changedFields(revision.kind, revision.before, revision.snapshot);
    if (changed.length === 0 && revision.reason !== 'restored') return null;
    return this.record(manager, { ...revision, changed });
  }

  /** Drops what is past the last KEEP_REVISIONS, unless pinned or the live one; answers the photos they named. */
  private async prune(manager: EntityManager, kind: RevisionKind, id: string): Promise<string[]> {
    const [rows] = await manager.query<[{ files: string[] }[], number]>(
      `DELETE FROM revisions
        WHERE kind = $1 AND item_id = $2 AND NOT pinned
          AND seq < (SELECT seq FROM revisions WHERE kind = $1 AND item_id = $2 ORDER BY seq DESC OFFSET $3 LIMIT 1)
          AND seq <> (SELECT max(seq) FROM revisions WHERE kind = $1 AND item_id = $2 AND NOT draft)
       RETURNING files`,
      [kind, id, KEEP_REVISIONS - 1],
    );
    return rows.flatMap((row) => row.files);
  }

  /** The item's live revision's snapshot, author and time (what a 409 says), or null when it has none. */
  async liveRevision(
    manager: EntityManager,
    kind: RevisionKind,
    id: string,
  ): Promise<{ seq: number; snapshot: Snapshot; changedBy: { id: string; name: string } | null; changedAt: Date } | null> {
    const [row] = await manager.query<
      { seq: number; snapshot: Snapshot; admin_id: string | null; name: string | null; created_at: Date }[]
    >(
      `SELECT r.seq, r.snapshot, r.admin_id, a.name, r.created_at
         FROM revisions AS r LEFT JOIN admins AS a ON a.id = r.admin_id
        WHERE r.kind = $1 AND r.item_id = $2 AND NOT r.draft ORDER BY r.seq DESC LIMIT 1`,
      [kind, id],
    );
    if (!row) return null;
    return {
      seq: row.seq,
      snapshot: row.snapshot,
      changedBy: row.admin_id && row.name !== null ? { id: row.admin_id, name: row.name } : null,
      changedAt: row.created_at,
    };
  }

  /** A page of the item's history, newest first, from before `before` (a seq). */
  async list(
    kind: RevisionKind,
    id: string,
    before: number | undefined,
    limit: number,
  ): Promise<{ data: Revision[]; next: number | null }> {
    const rows = await this.dataSource.query<RevisionRow[]>(
      `${SELECT} FROM revisions AS r LEFT JOIN admins AS a ON a.id = r.admin_id
        WHERE r.kind = $1 AND r.item_id = $2 AND ($3::integer IS NULL OR r.seq < $3)
        ORDER BY r.seq DESC LIMIT $4`,
      [kind, id, before ?? null, limit + 1],
    );
    const data = rows.slice(0, limit).map(toRevision);
    return { data, next: rows.length > limit ? data[data.length - 1].seq : null };
  }

  /** One revision with its snapshot, or the 404. */
  async find(
    kind: RevisionKind,
    id: string,
    seq: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Revision & { snapshot: Snapshot }> {
    const [row] = await manager.query<RevisionRow[]>(
      `${SELECT}, r.snapshot FROM revisions AS r LEFT JOIN admins AS a ON a.id = r.admin_id
        WHERE r.kind = $1 AND r.item_id = $2 AND r.seq = $3`,
      [kind, id, seq],
    );
    if (!row) throw notFound('Revision');
    return { ...toRevision(row), snapshot: row.snapshot as Snapshot };
  }

  /** Pins or unpins a revision and sets or clears its label ('' or null clears). */
  async mark(kind: RevisionKind, id: string, seq: number, change: { pinned?: boolean; label?: string | null }): Promise<Revision> {
    const label = change.label === undefined ? undefined : change.label === null || change.label.trim() === '' ? null : change.label.trim();
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE revisions SET pinned = coalesce($4, pinned), label = CASE WHEN $5 THEN $6 ELSE label END
        WHERE kind = $1 AND item_id = $2 AND seq = $3 RETURNING seq`,
      [kind, id, seq, change.pinned ?? null, label !== undefined, label ?? null],
    );
    if (rows.length === 0) throw notFound('Revision');
    const { snapshot: _snapshot, ...revision } = await this.find(kind, id, seq);
    return revision;
  }

  /** Removes every revision and working copy of the items (a purge from the trash); answers the photos they named. */
  async removeAll(manager: EntityManager, kind: RevisionKind, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const [revisions] = await manager.query<[{ files: string[] }[], number]>(
      `DELETE FROM revisions WHERE kind = $1 AND item_id = ANY($2) RETURNING files`,
      [kind, ids],
    );
    const [drafts] = await manager.query<[{ files: string[] }[], number]>(
      `DELETE FROM drafts WHERE kind = $1 AND item_id = ANY($2) RETURNING files`,
      [kind, ids],
    );
    return [...revisions, ...drafts].flatMap((row) => row.files);
  }

  /** The item's working copy's fields, or null when it has none (an administrator's preview). */
  async draftSnapshot(kind: RevisionKind, id: string): Promise<Snapshot | null> {
    const [row] = await this.dataSource.query<{ snapshot: Snapshot }[]>(`SELECT snapshot FROM drafts WHERE kind = $1 AND item_id = $2`, [
      kind,
      id,
    ]);
    return row?.snapshot ?? null;
  }

  /** Which of the items have a working copy (the lists' and details' `hasDraft`). */
  async withDrafts(kind: RevisionKind, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.dataSource.query<{ item_id: string }[]>(`SELECT item_id FROM drafts WHERE kind = $1 AND item_id = ANY($2)`, [
      kind,
      ids,
    ]);
    return new Set(rows.map((row) => row.item_id));
  }
}

/** Thrown inside a transaction when If-Match names a version that is not the current one; RevisionsService.guard answers the 409. */
export class StaleVersion extends Error {
  constructor(
    readonly current?: object,
    readonly changedBy?: { id: string; name: string } | null,
    readonly changedAt?: Date,
  ) {
    super('stale version');
  }
}

export const STALE_MESSAGE = 'Someone else saved this since you opened it';

/** The 409 of a stale If-Match: `{ error: { version: { msg } }, current, changedBy, changedAt }`. */
export function staleConflict(current: object, changedBy: { id: string; name: string } | null, changedAt: Date): HttpException {
  return new HttpException({ error: { version: { msg: STALE_MESSAGE } }, current, changedBy, changedAt }, HttpStatus.CONFLICT);
}

/** A seq in a path: a whole number, else the revision's 404 (as a malformed id is the item's). */
export function seqOr404(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Revision');
  return Number(value);
}

/** An item id in a path, or the kind's 404. */
export function idOr404(kind: RevisionKind, id: string): string {
  if (!isUuid(id)) throw notFound(contentKind(kind).resource);
  return id.toLowerCase();
}
