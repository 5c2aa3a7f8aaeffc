import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { isUuid, notFound } from '../common/by-id-or-404';
import { firstFree, slugOf } from '../common/slug';
import {
  contentKind,
  EVERY_PUBLIC_PAGE,
  labelOf,
  publicPaths,
  translatable,
  translationSource,
  type Snapshot,
  type TranslationKind,
} from '../content/content-kinds';
import { ContentEvents, editChange } from '../content/events/content-events.service';
import { KEEP_REVISIONS, staleConflict } from '../revisions/revisions.service';
import { SettingsService, type SiteLanguage } from '../settings/settings.service';
import { localPath, SITE_PATHS } from '../site/site-paths';
import { RESERVED_SEGMENTS, reservedAddress } from '../site/site-routes';
import type { TranslationRevisionReason, TranslationStateDto, TranslationStatus } from './dto/translation.dto';

/** A translation as stored: its text fields, address, state, and the default text it was made from. */
interface TranslationRow {
  lang: string;
  fields: Snapshot;
  slug: string | null;
  status: TranslationStatus;
  publishAt: Date | null;
  source: Snapshot;
  sourceVersion: number;
  version: number;
  updatedAt: Date;
}

/** A translation as the API answers it: `lang`, the kind's text fields, its state, and whether it is outdated. */
export type TranslationReply = Record<string, unknown> & {
  lang: string;
  status: TranslationStatus;
  publishAt: Date | null;
  outdated: boolean;
  sourceVersion: number;
  version: number;
  updatedAt: Date;
  hasDraft: boolean;
};

/**
 * A published translation's working copy (issue #41 with #36): text saved without going live, at
 * most one per translation, until it is published (it then replaces the translation's text) or
 * discarded. Its own version, for If-Match between two tabs.
 */
export interface TranslationDraft {
  lang: string;
  /** Its text fields by name (the address as `slug`), as the translation's PUT takes them. */
  fields: Snapshot;
  version: number;
  updatedAt: Date;
  updatedBy: { id: string; name: string } | null;
}

interface DraftRow {
  fields: Snapshot;
  version: number;
  updatedAt: Date;
  updatedBy: string | null;
  updatedByName: string | null;
}

const DRAFT_SELECT = `
  SELECT d.fields, d.version, d.updated_at AS "updatedAt", d.updated_by AS "updatedBy",
         (SELECT a.name FROM admins AS a WHERE a.id = d.updated_by) AS "updatedByName"
    FROM translation_drafts AS d WHERE d.kind = $1 AND d.item_id = $2 AND d.lang = $3`;

/** The 409 of a working copy written from a translation that is not on the site. */
export const DRAFT_OF_PUBLISHED_ONLY = 'Only a published translation has a working copy: save the translation itself';

/** A translation's history entry (issue #41 with #36): what it was after a save or a delete. */
export interface TranslationRevision {
  seq: number;
  reason: TranslationRevisionReason;
  changed: string[];
  /** Its text fields (the address as `slug`), `status` and `publishAt`, as they were. */
  snapshot: Snapshot;
  createdAt: Date;
  admin: { id: string; name: string } | null;
}

/** A translation's state on an admin list's item (the per-language chips). */
export interface TranslationState {
  lang: string;
  status: TranslationStatus;
  outdated: boolean;
}

/** A list's `needsTranslation`: `any` enabled language other than the default, or one of them by its code. */
export const NEEDS_TRANSLATION_ANY = 'any';

/** A published translation of an item: its language and its address (null for a kind without one). */
export interface PublicTranslation {
  lang: string;
  slug: string | null;
}

/**
 * What a visitor may see of a translation: published, and due (evaluated by the query, as the
 * articles' VISIBLE is). The item itself must be public too: the callers ask within its own.
 */
const VISIBLE = `tr.status = 'published' AND (tr.publish_at IS NULL OR tr.publish_at <= now())`;

const SELECT = `
  SELECT lang, fields, slug, status, publish_at AS "publishAt", source, source_version AS "sourceVersion", version,
         updated_at AS "updatedAt"
    FROM translations tr`;

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** Paths that are the same in every language: the one sitemap at the root, and every page at once. */
const LANGUAGE_FREE_PATHS: readonly string[] = [SITE_PATHS.sitemap, EVERY_PUBLIC_PAGE];

/**
 * The translations of every translatable kind (issue #41), one table for all (kind, item_id,
 * lang) with no foreign key, like the revisions: an item's go with its purge (TrashService), and a
 * trashed item's stay hidden with it. Which fields a kind translates is the content-kind
 * registry's (`translatable`); the routes are each kind's own (translationsController).
 */
@Injectable()
export class TranslationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly activity: ActivityService,
    private readonly events: ContentEvents,
  ) {}

  /** The site's language named `lang` (any letter case), other than the default: else the 404. */
  private async language(lang: string): Promise<SiteLanguage> {
    const { languages } = await this.settings.current();
    const language = languages.find((candidate) => !candidate.default && candidate.code.toLowerCase() === lang.toLowerCase());
    if (!language) throw new ApiError(HttpStatus.NOT_FOUND, 'Language not found');
    return language;
  }

  /** The live item (not in the trash), locked for the transaction when `lock`: else its kind's 404. */
  private async item(manager: EntityManager, kind: TranslationKind, id: string, lock = false): Promise<ObjectLiteral> {
    const { entity, resource } = contentKind(kind);
    if (!isUuid(id)) throw notFound(resource);
    const query = manager.getRepository(entity).createQueryBuilder('row').where('row.id = :id', { id });
    const row = await (lock ? query.setLock('pessimistic_write') : query).getOne();
    if (!row) throw notFound(resource);
    return row;
  }

  /** Whether the item's default text has changed since the translation made from `source` was saved. */
  private outdated(kind: TranslationKind, item: ObjectLiteral, source: Snapshot): boolean {
    const current = translationSource(kind, item);
    return Object.keys(current).some((field) => !sameValue(current[field], source[field]));
  }

  private reply(kind: TranslationKind, item: ObjectLiteral, row: TranslationRow, hasDraft: boolean): TranslationReply {
    const { fields, slug } = translatable(kind);
    const outdated = this.outdated(kind, item, row.source);
    return {
      lang: row.lang,
      ...Object.fromEntries(fields.map((field) => [field, field === slug ? row.slug : (row.fields[field] ?? null)])),
      status: row.status,
      publishAt: row.publishAt,
      outdated,
      sourceVersion: row.sourceVersion,
      version: row.version,
      updatedAt: row.updatedAt,
      hasDraft,
    };
  }

  /** The languages whose translation of the item has a working copy. */
  private async draftLanguages(manager: EntityManager, kind: TranslationKind, itemId: string): Promise<Set<string>> {
    const rows = await manager.query<{ lang: string }[]>(`SELECT lang FROM translation_drafts WHERE kind = $1 AND item_id = $2`, [
      kind,
      itemId,
    ]);
    return new Set(rows.map((row) => row.lang));
  }

  /** The item's translation into `code` as stored, if there is one. */
  private async stored(manager: EntityManager, kind: TranslationKind, itemId: string, code: string): Promise<TranslationRow | undefined> {
    const [row] = await manager.query<TranslationRow[]>(`${SELECT} WHERE kind = $1 AND item_id = $2 AND lang = $3`, [kind, itemId, code]);
    return row;
  }

  /** The working copy of the item's translation into `code`, if there is one. */
  private async storedDraft(manager: EntityManager, kind: TranslationKind, itemId: string, code: string): Promise<DraftRow | undefined> {
    const [row] = await manager.query<DraftRow[]>(DRAFT_SELECT, [kind, itemId, code]);
    return row;
  }

  /** The 404 of an item that is not there, or of a language the site does not have. */
  async exists(kind: TranslationKind, id: string, lang: string): Promise<void> {
    await this.item(this.dataSource.manager, kind, id);
    await this.language(lang);
  }

  /** The item's translations into the site's languages (one taken out of the settings is not listed), in their order. */
  async list(kind: TranslationKind, id: string): Promise<TranslationReply[]> {
    const item = await this.item(this.dataSource.manager, kind, id);
    const { languages } = await this.settings.current();
    const rows = await this.dataSource.query<TranslationRow[]>(`${SELECT} WHERE kind = $1 AND item_id = $2`, [kind, item.id]);
    const drafts = await this.draftLanguages(this.dataSource.manager, kind, item.id as string);
    return languages
      .filter((language) => !language.default)
      .flatMap((language) =>
        rows.filter((row) => row.lang === language.code).map((row) => this.reply(kind, item, row, drafts.has(row.lang))),
      );
  }

  /**
   * The translations' states of a list's items (one query for the page, as its `hasDraft`), by
   * item: into the site's languages other than the default, in their order.
   */
  async states(kind: TranslationKind, items: ObjectLiteral[]): Promise<Map<string, TranslationState[]>> {
    const byItem = new Map<string, TranslationState[]>(items.map((item) => [item.id as string, []]));
    if (items.length === 0) return byItem;
    const { languages } = await this.settings.current();
    const order = languages.filter((language) => !language.default).map((language) => language.code);
    if (order.length === 0) return byItem;
    const rows = await this.dataSource.query<{ itemId: string; lang: string; status: TranslationStatus; source: Snapshot }[]>(
      `SELECT item_id AS "itemId", lang, status, source FROM translations WHERE kind = $1 AND item_id = ANY($2::uuid[]) AND lang = ANY($3::text[])`,
      [kind, [...byItem.keys()], order],
    );
    rows.sort((a, b) => order.indexOf(a.lang) - order.indexOf(b.lang));
    const itemsById = new Map(items.map((item) => [item.id as string, item]));
    for (const row of rows) {
      const item = itemsById.get(row.itemId);
      if (item) byItem.get(row.itemId)?.push({ lang: row.lang, status: row.status, outdated: this.outdated(kind, item, row.source) });
    }
    return byItem;
  }

  /**
   * Narrows an admin list of `kind` (its rows as `alias`) to the items that need translating into
   * `wanted` (a language's code) or into `any` enabled language other than the default: no
   * translation there, or one made from a default text that has changed since (as `outdated`
   * says, here in SQL). An unknown or disabled language is the 400 on `needsTranslation`.
   */
  async needing<T extends ObjectLiteral>(
    query: SelectQueryBuilder<T>,
    alias: string,
    kind: TranslationKind,
    wanted: string,
  ): Promise<SelectQueryBuilder<T>> {
    const { languages } = await this.settings.current();
    const others = languages.filter((language) => !language.default && language.enabled).map((language) => language.code);
    const codes = wanted === NEEDS_TRANSLATION_ANY ? others : others.filter((code) => code.toLowerCase() === wanted.toLowerCase());
    if (wanted !== NEEDS_TRANSLATION_ANY && codes.length === 0) {
      throw ApiError.field('needsTranslation', 'Needs translation must be any or an enabled language other than the default');
    }
    if (codes.length === 0) return query.andWhere('false');
    const metadata = this.dataSource.getMetadata(contentKind(kind).entity);
    // The same comparison as outdated(): each field of the source against the item's column, a
    // missing or null value alike (the registry's field names are plain identifiers).
    const current = Object.keys(translationSource(kind, {}))
      .map((field) => {
        const column = metadata.findColumnWithPropertyName(field);
        if (!column) throw new Error(`${kind}.${field} is translatable but not a column`);
        return `COALESCE(tr.source -> '${field}', 'null'::jsonb) = COALESCE(to_jsonb(${alias}.${column.databaseName}), 'null'::jsonb)`;
      })
      .join(' AND ');
    return query.andWhere(
      `EXISTS (SELECT 1 FROM unnest(CAST(:ntLangs AS text[])) AS wanted(lang) WHERE NOT EXISTS (
         SELECT 1 FROM translations tr WHERE tr.kind = :ntKind AND tr.item_id = ${alias}.id AND tr.lang = wanted.lang AND ${current}))`,
      { ntLangs: codes, ntKind: kind },
    );
  }

  /**
   * Saves the item's translation into `lang` (creates it or replaces it), recording the default
   * text it was made from: it is not outdated until that text changes. In one transaction that
   * holds the item, with its activity entry and the content event for the pages it changes.
   */
  async save(
    kind: TranslationKind,
    id: string,
    lang: string,
    dto: TranslationStateDto & Snapshot,
    by: Actor,
    ifMatch?: number,
  ): Promise<TranslationReply> {
    const { code } = await this.language(lang);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.item(manager, kind, id, true);
      const saved = await this.saveIn(manager, kind, item, code, dto, by, ifMatch);
      return { ...saved, hasDraft: (await this.draftLanguages(manager, kind, item.id as string)).has(code) };
    });
  }

  /** save()'s work, in its transaction, the item locked: the reply's `hasDraft` is false, for the caller to say. */
  private async saveIn(
    manager: EntityManager,
    kind: TranslationKind,
    item: ObjectLiteral,
    code: string,
    dto: TranslationStateDto & Snapshot,
    by: Actor,
    ifMatch?: number,
  ): Promise<TranslationReply> {
    const { fields, slug: slugField } = translatable(kind);
    const before = await this.stored(manager, kind, item.id as string, code);
    if (ifMatch !== undefined && ifMatch !== (before?.version ?? 0)) {
      throw await this.stale(manager, kind, item, code, before ?? null);
    }
    const text = Object.fromEntries(
      fields.filter((field) => field !== slugField).map((field) => [field, dto[field] === '' ? null : (dto[field] ?? null)]),
    );
    const slug = slugField === null ? null : await this.freeSlug(manager, kind, code, item.id as string, dto[slugField], text.title);
    const status = dto.status ?? 'published';
    const publishAt = dto.publishAt ? new Date(dto.publishAt) : null;
    const [row] = await manager.query<TranslationRow[]>(
      `INSERT INTO translations AS tr (kind, item_id, lang, fields, slug, status, publish_at, source, source_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (kind, item_id, lang) DO UPDATE
         SET fields = EXCLUDED.fields, slug = EXCLUDED.slug, status = EXCLUDED.status, publish_at = EXCLUDED.publish_at,
             source = EXCLUDED.source, source_version = EXCLUDED.source_version, version = tr.version + 1, updated_at = now()
       RETURNING lang, fields, slug, status, publish_at AS "publishAt", source, source_version AS "sourceVersion", version,
                 updated_at AS "updatedAt"`,
      [kind, item.id, code, text, slug, status, publishAt, translationSource(kind, item), item.version ?? 1],
    );
    const changed = before
      ? fields.filter(
          (field) => !sameValue(field === slugField ? before.slug : before.fields[field], field === slugField ? slug : text[field]),
        )
      : [...fields];
    if (!before || before.status !== status) changed.push('status');
    if (!before || before.publishAt?.getTime() !== publishAt?.getTime()) changed.push('publishAt');
    // Its history: a save that changes nothing writes no entry.
    if (!before || changed.length > 0) {
      const reason = !before ? 'created' : before.status === status ? 'saved' : status === 'published' ? 'published' : 'unpublished';
      await this.remember(manager, kind, item.id as string, code, reason, before ? changed : [], row, by);
    }
    await this.activity.record(manager, {
      by,
      action: 'edit',
      kind,
      itemId: item.id as string,
      label: labelOf(kind, item),
      fields: changed.map((field) => `${code}.${field}`),
    });
    await this.raise(manager, kind, item, code, before ?? null, row);
    return this.reply(kind, item, row, false);
  }

  /**
   * The 409 of a save made from another version than the stored one (If-Match; "0": made when
   * there was none): `current` is the stored translation (one deleted since: version 0, empty),
   * and who last changed it and when, from the activity log, where each save and delete is.
   */
  private async stale(manager: EntityManager, kind: TranslationKind, item: ObjectLiteral, code: string, row: TranslationRow | null) {
    const { fields } = translatable(kind);
    const current = row
      ? this.reply(kind, item, row, (await this.draftLanguages(manager, kind, item.id as string)).has(code))
      : {
          lang: code,
          ...Object.fromEntries(fields.map((field) => [field, null])),
          status: 'draft',
          publishAt: null,
          outdated: false,
          version: 0,
          hasDraft: false,
        };
    const [last] = await manager.query<{ adminId: string | null; adminName: string | null; at: Date }[]>(
      `SELECT admin_id AS "adminId", admin_name AS "adminName", at FROM activity
        WHERE kind = $1 AND item_id = $2 AND action = 'edit'
          AND EXISTS (SELECT 1 FROM unnest(fields) AS field WHERE field = $3 OR field LIKE $3 || '.%')
        ORDER BY at DESC LIMIT 1`,
      [kind, item.id, code],
    );
    const changedBy = last?.adminId && last.adminName !== null ? { id: last.adminId, name: last.adminName } : null;
    return staleConflict(current, changedBy, last?.at ?? row?.updatedAt ?? new Date());
  }

  /** Removes the item's translation into `lang` (its address there is not found from now on). */
  async remove(kind: TranslationKind, id: string, lang: string, by: Actor): Promise<void> {
    const { code } = await this.language(lang);
    await this.dataSource.transaction(async (manager) => {
      const item = await this.item(manager, kind, id, true);
      // A DELETE's query answers [rows, count].
      const [[before]] = await manager.query<[TranslationRow[], number]>(
        `DELETE FROM translations tr WHERE kind = $1 AND item_id = $2 AND lang = $3
         RETURNING lang, fields, slug, status, publish_at AS "publishAt", source, source_version AS "sourceVersion", version,
                   updated_at AS "updatedAt"`,
        [kind, item.id, code],
      );
      if (!before) throw new ApiError(HttpStatus.NOT_FOUND, 'Translation not found');
      // Its working copy goes with it (the panel says so before).
      await this.dropDraft(manager, kind, item.id as string, code);
      // The text stays in its history: a translation deleted by mistake is copied back from there.
      await this.remember(manager, kind, item.id as string, code, 'deleted', [], before, by);
      await this.activity.record(manager, {
        by,
        action: 'edit',
        kind,
        itemId: item.id as string,
        label: labelOf(kind, item),
        fields: [code],
      });
      await this.raise(manager, kind, item, code, before, null);
    });
  }

  // A published translation's working copy (issue #41 with #36).

  private draftReply(code: string, row: DraftRow): TranslationDraft {
    return {
      lang: code,
      fields: row.fields,
      version: row.version,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedBy && row.updatedByName !== null ? { id: row.updatedBy, name: row.updatedByName } : null,
    };
  }

  /** The working copy of the item's translation into `lang`; `Draft not found` when it has none. */
  async draft(kind: TranslationKind, id: string, lang: string): Promise<TranslationDraft> {
    const item = await this.item(this.dataSource.manager, kind, id);
    const { code } = await this.language(lang);
    const row = await this.storedDraft(this.dataSource.manager, kind, item.id as string, code);
    if (!row) throw notFound('Draft');
    return this.draftReply(code, row);
  }

  /**
   * Writes the working copy of a published translation (its text fields from `dto`; the state
   * stays the translation's): nothing on the site changes, no content event. With `ifMatch`, the
   * working copy's version the form was made from (0: there was none): the 409 when it moved.
   */
  async writeDraft(kind: TranslationKind, id: string, lang: string, dto: Snapshot, by: Actor, ifMatch?: number): Promise<TranslationDraft> {
    const { code } = await this.language(lang);
    const { fields } = translatable(kind);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.item(manager, kind, id, true);
      const translation = await this.stored(manager, kind, item.id as string, code);
      if (translation?.status !== 'published') throw new ApiError(HttpStatus.CONFLICT, DRAFT_OF_PUBLISHED_ONLY);
      const before = await this.storedDraft(manager, kind, item.id as string, code);
      if (ifMatch !== undefined && ifMatch !== (before?.version ?? 0)) throw this.staleDraft(code, before ?? null);
      const text = Object.fromEntries(fields.map((field) => [field, dto[field] === '' ? null : (dto[field] ?? null)]));
      await manager.query(
        `INSERT INTO translation_drafts AS d (kind, item_id, lang, fields, updated_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (kind, item_id, lang) DO UPDATE
           SET fields = EXCLUDED.fields, updated_by = EXCLUDED.updated_by, version = d.version + 1, updated_at = now()`,
        [kind, item.id, code, text, by.admin.id],
      );
      return this.draftReply(code, (await this.storedDraft(manager, kind, item.id as string, code))!);
    });
  }

  /** Removes the working copy of the item's translation into `code`; whether there was one. */
  private async dropDraft(manager: EntityManager, kind: TranslationKind, itemId: string, code: string): Promise<boolean> {
    // A DELETE's query answers [rows, count].
    const [, count] = await manager.query<[unknown[], number]>(
      `DELETE FROM translation_drafts WHERE kind = $1 AND item_id = $2 AND lang = $3`,
      [kind, itemId, code],
    );
    return count > 0;
  }

  /** The 409 of a working copy written from another version of it than the stored one. */
  private staleDraft(code: string, row: DraftRow | null) {
    if (!row) return staleConflict({ lang: code, fields: {}, version: 0, updatedAt: null, updatedBy: null }, null, new Date());
    const current = this.draftReply(code, row);
    return staleConflict(current, current.updatedBy, current.updatedAt);
  }

  /** Throws the working copy away; `Draft not found` when there is none. */
  async discardDraft(kind: TranslationKind, id: string, lang: string): Promise<void> {
    const { code } = await this.language(lang);
    await this.dataSource.transaction(async (manager) => {
      const item = await this.item(manager, kind, id, true);
      if (!(await this.dropDraft(manager, kind, item.id as string, code))) throw notFound('Draft');
    });
  }

  /**
   * Publishes the working copy: its text becomes the translation's (a save, with its history entry,
   * activity and content event; the state stays as it is), and the working copy is gone, in one
   * transaction. With `ifMatch`, the translation's version the working copy was made over, as an
   * item's publish takes the live version: a colleague's save of the live text since is the 409.
   */
  async publishDraft(kind: TranslationKind, id: string, lang: string, by: Actor, ifMatch?: number): Promise<TranslationReply> {
    const { code } = await this.language(lang);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.item(manager, kind, id, true);
      const draft = await this.storedDraft(manager, kind, item.id as string, code);
      if (!draft) throw notFound('Draft');
      const translation = await this.stored(manager, kind, item.id as string, code);
      // A working copy never outlives its translation (remove() takes it along).
      if (!translation) throw notFound('Draft');
      const state = { status: translation.status, publishAt: translation.publishAt?.toISOString() ?? null };
      const dto = { ...draft.fields, ...state } as TranslationStateDto & Snapshot;
      const saved = await this.saveIn(manager, kind, item, code, dto, by, ifMatch);
      await this.dropDraft(manager, kind, item.id as string, code);
      return saved;
    });
  }

  /**
   * The history of the item's translation into `lang`, newest first: each save that changed it and
   * its delete (the last KEEP_REVISIONS), kept after a delete so its text can be taken back.
   */
  async history(kind: TranslationKind, id: string, lang: string): Promise<TranslationRevision[]> {
    const item = await this.item(this.dataSource.manager, kind, id);
    const { code } = await this.language(lang);
    const rows = await this.dataSource.query<
      {
        seq: number;
        reason: TranslationRevisionReason;
        changed: string[];
        snapshot: Snapshot;
        createdAt: Date;
        adminId: string | null;
        adminName: string | null;
      }[]
    >(
      `SELECT r.seq, r.reason, r.changed, r.snapshot, r.created_at AS "createdAt", r.admin_id AS "adminId", a.name AS "adminName"
         FROM translation_revisions AS r LEFT JOIN admins AS a ON a.id = r.admin_id
        WHERE r.kind = $1 AND r.item_id = $2 AND r.lang = $3
        ORDER BY r.seq DESC`,
      [kind, item.id, code],
    );
    return rows.map(({ adminId, adminName, ...row }) => ({
      ...row,
      admin: adminId && adminName !== null ? { id: adminId, name: adminName } : null,
    }));
  }

  /**
   * Writes a history entry of the translation as `row` has it, and keeps the last KEEP_REVISIONS
   * (the newest, the live copy, among them). Under the item's row lock, which serializes `seq`.
   */
  private async remember(
    manager: EntityManager,
    kind: TranslationKind,
    itemId: string,
    code: string,
    reason: TranslationRevisionReason,
    changed: string[],
    row: TranslationRow,
    by: Actor,
  ): Promise<void> {
    const snapshot = { ...row.fields, slug: row.slug, status: row.status, publishAt: row.publishAt };
    const [{ seq }] = await manager.query<{ seq: number }[]>(
      `INSERT INTO translation_revisions (kind, item_id, lang, seq, reason, changed, snapshot, admin_id)
       SELECT $1, $2, $3, COALESCE(max(seq), 0) + 1, $4, $5, $6, $7
         FROM translation_revisions WHERE kind = $1 AND item_id = $2 AND lang = $3
       RETURNING seq`,
      [kind, itemId, code, reason, changed, snapshot, by.admin.id],
    );
    await manager.query(`DELETE FROM translation_revisions WHERE kind = $1 AND item_id = $2 AND lang = $3 AND seq <= $4`, [
      kind,
      itemId,
      code,
      seq - KEEP_REVISIONS,
    ]);
  }

  /** An item's translations go with its purge, in its transaction (TrashService). */
  async removeAll(manager: EntityManager, kind: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`DELETE FROM translations WHERE kind = $1 AND item_id = ANY($2::uuid[])`, [kind, ids]);
    await manager.query(`DELETE FROM translation_revisions WHERE kind = $1 AND item_id = ANY($2::uuid[])`, [kind, ids]);
    await manager.query(`DELETE FROM translation_drafts WHERE kind = $1 AND item_id = ANY($2::uuid[])`, [kind, ids]);
  }

  /**
   * The address to take in `lang`: the one asked for, else made from the translated title (else
   * the item's own). One typed by hand that another item has in this language is the 409; one
   * made is given the first free `-2`, `-3`… Serialized per kind and language by a lock. A
   * top-level address (a page's `/de/<slug>`) is never one the site uses itself, as in the default
   * language: typed, the 400; made, a suffix.
   */
  private async freeSlug(
    manager: EntityManager,
    kind: TranslationKind,
    lang: string,
    id: string,
    asked: unknown,
    title: unknown,
  ): Promise<string> {
    const typed = typeof asked === 'string' && asked !== '';
    const wanted = typed ? asked : slugOf(typeof title === 'string' ? title : '');
    const prefixes = translatable(kind).topLevel
      ? (await this.settings.current()).languages.filter((language) => !language.default).map(({ code }) => code.toLowerCase())
      : [];
    const refusal = typed && translatable(kind).topLevel ? reservedAddress(wanted, prefixes) : null;
    if (refusal) throw ApiError.field('slug', refusal);
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('translation slugs ' || $1 || ' ' || $2))`, [kind, lang]);
    const rows = await manager.query<{ slug: string }[]>(
      `SELECT slug FROM translations WHERE kind = $1 AND lang = $2 AND (slug = $3 OR slug LIKE $4) AND item_id <> $5`,
      [kind, lang, wanted, `${wanted}-%`, id],
    );
    const taken = new Set(rows.map((row) => row.slug));
    if (typed && taken.has(wanted)) {
      throw ApiError.fields(HttpStatus.CONFLICT, {
        slug: { msg: `Another ${contentKind(kind).resource.toLowerCase()} already has this address in this language` },
      });
    }
    const reserved = translatable(kind).topLevel ? [...RESERVED_SEGMENTS, ...prefixes] : [];
    return firstFree(wanted, new Set([...taken, ...reserved]));
  }

  /**
   * The pages a translation is on (none while it or its item is hidden), under its language's
   * prefix; the sitemap (one for every language, at the root) and every page (`/*`) as they are.
   */
  private paths(kind: TranslationKind, item: ObjectLiteral, lang: string, row: TranslationRow | null): string[] {
    if (row === null || row.status !== 'published' || (row.publishAt !== null && row.publishAt.getTime() > Date.now())) return [];
    const { slug } = translatable(kind);
    const translated = { ...item, ...row.fields, ...(slug ? { [slug]: row.slug } : {}) };
    return publicPaths(kind, translated).map((path) => (LANGUAGE_FREE_PATHS.includes(path) ? path : localPath(lang, path)));
  }

  private async raise(
    manager: EntityManager,
    kind: TranslationKind,
    item: ObjectLiteral,
    lang: string,
    before: TranslationRow | null,
    after: TranslationRow | null,
  ): Promise<void> {
    const oldPaths = this.paths(kind, item, lang, before);
    const newPaths = this.paths(kind, item, lang, after);
    await this.events.raise(manager, { kind, id: item.id as string, oldPaths, newPaths, change: editChange(oldPaths, newPaths) });
  }

  // The public site's reads.

  /** Narrows a public query of `kind` (its rows as `alias`) to the items published in `lang`. */
  publishedIn<T extends ObjectLiteral>(
    query: SelectQueryBuilder<T>,
    alias: string,
    kind: TranslationKind,
    lang: string,
  ): SelectQueryBuilder<T> {
    return query.andWhere(
      `${alias}.id IN (SELECT tr.item_id FROM translations tr WHERE tr.kind = :trKind AND tr.lang = :trLang AND ${VISIBLE})`,
      { trKind: kind, trLang: lang },
    );
  }

  /**
   * The rows as `lang` has them: each published translation's text over the item's own (its photo
   * and dates stay), a row without one as it is (`all`: drafts too, for an administrator's preview).
   */
  async overlay<T extends ObjectLiteral>(kind: TranslationKind, lang: string, rows: T[], all = false): Promise<T[]> {
    if (rows.length === 0) return rows;
    const found = await this.dataSource.query<(TranslationRow & { itemId: string })[]>(
      `${SELECT.replace('SELECT', 'SELECT item_id AS "itemId",')} WHERE kind = $1 AND lang = $2 AND item_id = ANY($3::uuid[])${all ? '' : ` AND ${VISIBLE}`}`,
      [kind, lang, rows.map((row) => row.id as string)],
    );
    const byItem = new Map(found.map((row) => [row.itemId, row]));
    const { slug } = translatable(kind);
    return rows.map((row) => {
      const translation = byItem.get(row.id as string);
      if (!translation) return row;
      const text = Object.fromEntries(Object.entries(translation.fields).filter(([, value]) => value !== null));
      return { ...row, ...text, ...(slug ? { [slug]: translation.slug } : {}) };
    });
  }

  /** The item whose translation into `lang` has this address and is public (`all`: or not, for a preview), or null. */
  async itemAt(kind: TranslationKind, lang: string, slug: string, all = false): Promise<string | null> {
    const [row] = await this.dataSource.query<{ itemId: string }[]>(
      `SELECT item_id AS "itemId" FROM translations tr WHERE kind = $1 AND lang = $2 AND slug = $3${all ? '' : ` AND ${VISIBLE}`}`,
      [kind, lang, slug],
    );
    return row?.itemId ?? null;
  }

  /** The published translations of the items (their languages and addresses), by item. */
  async published(kind: TranslationKind, ids: string[]): Promise<Map<string, PublicTranslation[]>> {
    const byItem = new Map<string, PublicTranslation[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byItem;
    const rows = await this.dataSource.query<{ itemId: string; lang: string; slug: string | null }[]>(
      `SELECT item_id AS "itemId", lang, slug FROM translations tr WHERE kind = $1 AND item_id = ANY($2::uuid[]) AND ${VISIBLE}`,
      [kind, ids],
    );
    for (const row of rows) byItem.get(row.itemId)?.push({ lang: row.lang, slug: row.slug });
    return byItem;
  }
}
