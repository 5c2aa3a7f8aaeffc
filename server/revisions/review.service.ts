import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { notFound } from '../common/by-id-or-404';
import { boundedCountOf, COUNT_CAP, NO_LINKS, type BoundedCount, type Paged } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CONTENT_KINDS, contentKind, type DraftKind } from '../content/content-kinds';
import { headerText, OutboxService, type MailContent } from '../mail/outbox.service';
import { KIND_RULES, may, NOT_YOURS, REVIEWED_KINDS, roleOf, rolesWith, type ReviewedKind } from '../roles/permissions';

/** The kinds with a review step that exist now: news (pages join when their kind is registered). */
export type ReviewKind = Extract<DraftKind, ReviewedKind>;

export const NOTHING_TO_REVIEW = 'Nothing to review: it is published and has no draft.';
export const NOT_SUBMITTED = 'It is not waiting for review.';

/** The most items the "Waiting for review" list answers. */
export const REVIEW_LIST_LIMIT = 100;

/** An item on the "Waiting for review" list. */
export interface WaitingItem {
  kind: ReviewKind;
  id: string;
  title: string;
  status: 'draft' | 'published';
  /** Published with a working copy: the changes are what waits. */
  hasDraft: boolean;
  updatedAt: Date;
  createdBy: { id: string; name: string } | null;
}

interface ReviewRow {
  label: string;
  status: string;
  created_by: string | null;
  review: string | null;
  has_draft: boolean;
}

/** The admin panel's address of an item, for a mail's link (client/src/app/paths.ts's edit screens). */
function panelLink(publicUrl: string, kind: ReviewKind, id: string): string {
  return `${publicUrl}/admin/${kind}/edit/${id}`;
}

function submittedMail(site: string, by: string, title: string, link: string): MailContent {
  return {
    subject: `“${headerText(title, 120)}” is waiting for review on ${site}`,
    text: [`${by} submitted “${title}” for review on ${site}.`, '', 'Review it, then publish it or send it back with a note:', link].join(
      '\n',
    ),
  };
}

function returnedMail(site: string, by: string, title: string, note: string, link: string): MailContent {
  return {
    subject: `“${headerText(title, 120)}” was sent back on ${site}`,
    text: [`${by} sent “${title}” back to you with this note:`, '', note, '', 'Change it and submit it for review again:', link].join('\n'),
  };
}

/**
 * The review step (issue #39), once for every kind authors write and editors publish: an author
 * submits their item (a new one, or a working copy of a published one), whoever may publish the
 * kind hears of it by mail (through the outbox, in the same transaction) and sees it counted as
 * "Waiting for review", then publishes it (the kind's usual publish clears the state) or sends it
 * back with a note the author reads on the item.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(kind: ReviewKind, id: string, by: Actor): Promise<void> {
    const rules = KIND_RULES[kind];
    const site = await this.outbox.siteName();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockRow(manager, kind, id);
      if (!may(roleOf(by), rules.publish) && row.created_by !== by.admin.id) throw ApiError.field('id', NOT_YOURS, HttpStatus.FORBIDDEN);
      if (row.status === 'published' && !row.has_draft) throw ApiError.field('id', NOTHING_TO_REVIEW, HttpStatus.CONFLICT);
      await manager.query(`UPDATE ${contentKind(kind).table} SET review = 'submitted', review_note = NULL WHERE id = $1`, [id]);
      await this.activity.record(manager, { by, action: 'submit', kind, itemId: id, label: row.label });
      const reviewers: { email: string }[] = await manager.query(`SELECT email FROM admins WHERE role = ANY($1) AND id <> $2`, [
        rolesWith(rules.publish),
        by.admin.id,
      ]);
      const mail = submittedMail(site, by.admin.name, row.label, panelLink(this.config.publicUrl, kind, id));
      await this.outbox.add(
        manager,
        reviewers.map(({ email }) => ({ kind: 'review' as const, to: email, ...mail })),
      );
    });
    this.outbox.wake();
  }

  /** Sends a submitted item back with a note; its author hears of it by mail. */
  async sendBack(kind: ReviewKind, id: string, note: string, by: Actor): Promise<void> {
    const site = await this.outbox.siteName();
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lockRow(manager, kind, id);
      if (row.review !== 'submitted') throw ApiError.field('id', NOT_SUBMITTED, HttpStatus.CONFLICT);
      await manager.query(`UPDATE ${contentKind(kind).table} SET review = 'returned', review_note = $2 WHERE id = $1`, [id, note]);
      await this.activity.record(manager, { by, action: 'return', kind, itemId: id, label: row.label });
      const authors: { email: string }[] = row.created_by
        ? await manager.query(`SELECT email FROM admins WHERE id = $1`, [row.created_by])
        : [];
      const mail = returnedMail(site, by.admin.name, row.label, note, panelLink(this.config.publicUrl, kind, id));
      await this.outbox.add(
        manager,
        authors.map(({ email }) => ({ kind: 'review' as const, to: email, ...mail })),
      );
    });
    this.outbox.wake();
  }

  /**
   * What waits for `by` to review: the submitted items (not in the trash) of every reviewed kind
   * they may publish, the longest waiting first, at most REVIEW_LIST_LIMIT.
   */
  async list(by: Actor): Promise<Paged<WaitingItem>> {
    const meta = { page: 1, pageSize: REVIEW_LIST_LIMIT };
    const kinds = this.kinds().filter((kind) => may(roleOf(by), KIND_RULES[kind].publish));
    if (kinds.length === 0) return { data: [], links: { ...NO_LINKS }, meta };
    const union = kinds
      .map((kind) => {
        const { table, label } = contentKind(kind);
        return `SELECT '${kind}' AS kind, t.id, t.${label} AS title, t.status, t.updated_at, t.created_by,
                       EXISTS (SELECT 1 FROM drafts AS d WHERE d.kind = '${kind}' AND d.item_id = t.id) AS has_draft
                  FROM ${table} AS t WHERE t.review = 'submitted' AND t.deleted_at IS NULL`;
      })
      .join(' UNION ALL ');
    const rows = await this.dataSource.query<
      {
        kind: ReviewKind;
        id: string;
        title: string;
        status: 'draft' | 'published';
        updated_at: Date;
        created_by: string | null;
        has_draft: boolean;
        author: string | null;
      }[]
    >(
      `SELECT w.*, a.name AS author FROM (${union}) AS w LEFT JOIN admins AS a ON a.id = w.created_by
        ORDER BY w.updated_at ASC, w.id ASC LIMIT ${REVIEW_LIST_LIMIT}`,
    );
    const data = rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      title: row.title,
      status: row.status,
      hasDraft: row.has_draft,
      updatedAt: row.updated_at,
      createdBy: row.created_by && row.author !== null ? { id: row.created_by, name: row.author } : null,
    }));
    // One unpaged list, in the lists' shape (as a search's reply).
    return { data, links: { ...NO_LINKS }, meta };
  }

  /** The reviewed kinds that exist now. */
  private kinds(): ReviewKind[] {
    return REVIEWED_KINDS.filter((kind): kind is ReviewKind => (CONTENT_KINDS as readonly string[]).includes(kind));
  }

  /** "Waiting for review": the items of every reviewed kind submitted and not in the trash, up to 1,000 (news_review_idx). */
  async waiting(): Promise<BoundedCount> {
    const union = this.kinds()
      .map((kind) => `SELECT 1 FROM ${contentKind(kind).table} WHERE review = 'submitted' AND deleted_at IS NULL`)
      .join(' UNION ALL ');
    if (!union) return boundedCountOf(0);
    const [{ n }] = await this.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM (${union} LIMIT ${COUNT_CAP + 1}) AS waiting`,
    );
    return boundedCountOf(n);
  }

  /** The item's row under a lock, for its review; 404 when unknown or in the trash. */
  private async lockRow(manager: DataSource['manager'], kind: ReviewKind, id: string): Promise<ReviewRow> {
    const { table, label, resource } = contentKind(kind);
    const [row] = await manager.query<ReviewRow[]>(
      `SELECT t.${label} AS label, t.status, t.created_by, t.review,
              EXISTS (SELECT 1 FROM drafts AS d WHERE d.kind = $2 AND d.item_id = t.id) AS has_draft
         FROM ${table} AS t WHERE t.id = $1 AND t.deleted_at IS NULL FOR UPDATE`,
      [id, kind],
    );
    if (!row) throw notFound(resource);
    return row;
  }
}
