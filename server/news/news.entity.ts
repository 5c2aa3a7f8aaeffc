import { ConflictOn } from '../common/api-error';
import { srcsetOf } from './photos/photo-sizes';
import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const REVIEW_STATES = ['submitted', 'returned'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

@Entity('news')
@ConflictOn('news_slug_key', 'slug', 'Another article already has this address')
@ConflictOn('news_photo_key', 'photo', 'Photo belongs to another article or to the logo')
export class News {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  title: string;

  /** The address `/news/<slug>`; earlier ones are in news_old_slugs and redirect here. */
  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  about: string;

  /** Null, or the public path of the stored photo, e.g. `/uploads/news/<uuid>.webp`. */
  @Column({ type: 'text', nullable: true })
  photo: string | null;

  /** The stored photo's size in pixels (null with no photo, or one stored before its sizes were known). */
  @Column({ name: 'photo_width', type: 'integer', nullable: true })
  photoWidth: number | null;

  @Column({ name: 'photo_height', type: 'integer', nullable: true })
  photoHeight: number | null;

  /** The photo's alternative text (null: none given). */
  @Column({ name: 'photo_alt', type: 'text', nullable: true })
  photoAlt: string | null;

  /** A draft is in no public page; a published article shows from `publishAt` (null: at once). */
  @Column({ type: 'text', default: 'published' })
  status: NewsStatus;

  /**
   * Beside it, unmapped (replies keep their contract shape), `published_event_at`: null while the
   * article waits for this time, kept by a trigger (NewsPublishedEvents migration) and claimed by
   * PublishSchedule, which raises its `published` content event.
   */
  @Column({ name: 'publish_at', type: 'timestamptz', nullable: true })
  publishAt: Date | null;

  /** Who created it (issue #39: an author edits only their own); null for an article from before roles. No foreign key, as deleted_by. */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  /** An author's review state: `submitted` (waiting for review), `returned` (sent back, with `reviewNote`), or null. */
  @Column({ type: 'text', nullable: true })
  review: ReviewState | null;

  /** The note it was sent back with (null: none). */
  @Column({ name: 'review_note', type: 'text', nullable: true })
  reviewNote: string | null;

  /** Moves on by one with every live change; a save sending an older one (If-Match) gets a 409 (issue #36). */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Set while the row is in the trash. TypeORM's finds and query builders skip such rows by
   * themselves (the lists, searches, details and exports); raw SQL must say deleted_at IS NULL.
   * Not selected: replies keep their contract shape.
   */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', select: false })
  deletedAt: Date | null;

  /** The admin who moved the row to the trash (no foreign key: the admin may be removed later). */
  @Column({ name: 'deleted_by', type: 'uuid', nullable: true, select: false })
  deletedBy: string | null;
}

/**
 * The `srcset` of an article's photo: every stored size (photo-sizes.ts), or null while its size is
 * not known (a photo stored before sizes were, until `npm run photos:resize`).
 */
export function photoSrcset(article: Pick<News, 'photo' | 'photoWidth'>): string | null {
  return article.photo !== null && article.photoWidth !== null ? srcsetOf(article.photo, article.photoWidth) : null;
}
