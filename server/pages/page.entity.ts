import { ConflictOn } from '../common/api-error';
import type { ReviewState } from '../news/news.entity';
import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The level of the heading a page's body sits under (its h1: the body's `#` is an h2), for renderMarkdown here and on the site. */
export const BODY_UNDER = 1;

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** One of the company's own pages (About us, a privacy policy…), at the site's top level: `/<slug>` (issue #37). */
@Entity('pages')
@ConflictOn('pages_slug_key', 'slug', 'Another page already has this address')
@ConflictOn('pages_photo_key', 'photo', 'Photo belongs to another page, an article or the logo')
export class Page {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  /** The address `/<slug>`; earlier ones are in page_old_slugs and redirect here. Never a reserved first segment (RESERVED_SEGMENTS). */
  @Column({ type: 'text' })
  slug: string;

  /** For search engines and social cards. */
  @Column({ type: 'text' })
  description: string;

  /** Markdown, rendered by the articles' renderer and its safety rules (server/common/markdown.ts). */
  @Column({ type: 'text' })
  body: string;

  /** Null, or the public path of the stored photo (POST /api/photos). */
  @Column({ type: 'text', nullable: true })
  photo: string | null;

  @Column({ name: 'photo_width', type: 'integer', nullable: true })
  photoWidth: number | null;

  @Column({ name: 'photo_height', type: 'integer', nullable: true })
  photoHeight: number | null;

  @Column({ name: 'photo_alt', type: 'text', nullable: true })
  photoAlt: string | null;

  /** A draft is on no public page and in no menu; a published page shows from `publishAt` (null: at once). */
  @Column({ type: 'text', default: 'published' })
  status: PageStatus;

  @Column({ name: 'publish_at', type: 'timestamptz', nullable: true })
  publishAt: Date | null;

  /** Who created it (issue #39: an author edits only their own); null for a page from before roles. No foreign key, as deleted_by. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  /** An author's review state: `submitted` (waiting for review), `returned` (sent back, with `reviewNote`), or null. */
  @Column({ type: 'text', nullable: true })
  review: ReviewState | null;

  /** The note it was sent back with (null: none). */
  @Column({ name: 'review_note', type: 'text', nullable: true })
  reviewNote: string | null;

  /** Moves on by one with every live change (If-Match, issue #36). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Set while in the trash (not selected: replies keep their shape), as News.deletedAt. */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', select: false })
  deletedAt: Date | null;

  @Column({ name: 'deleted_by', type: 'uuid', nullable: true, select: false })
  deletedBy: string | null;
}
