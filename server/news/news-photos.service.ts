import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { EntityManager } from 'typeorm';
import { isUuid, notFound } from '../common/by-id-or-404';
import { ApiError } from '../common/api-error';
import { preparePhoto } from './photos/photo-processor';
import { PhotoStorage, PUBLIC_PREFIX, storedName } from './photos/photo-storage.service';
import { ORPHAN_MIN_AGE_MS, referencedPhotos } from './photos/photo-sweep.service';

/**
 * The path of a photo as POST /api/photos answers it: the largest copy's (never a smaller copy's
 * `-480`/`-960` name), nothing before or after it, so no `..` or other directory can be named.
 */
export const PHOTO_PATH = new RegExp(`^${PUBLIC_PREFIX}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.webp$`);
export const PHOTO_PATH_MESSAGE = 'Photo must be the path of a photo stored by POST /api/photos';

/**
 * A save may name a photo stored at most this long ago. The orphan sweep takes a photo no row
 * names once it is older than ORPHAN_MIN_AGE_MS, between its look at the rows and its removals;
 * a photo this much younger cannot be among those, so a save never names a file being removed.
 * The form stores a photo and saves at once; a client that waits longer stores it again.
 */
export const PHOTO_SAVE_WITHIN_MS = ORPHAN_MIN_AGE_MS / 2;

/** The tables whose rows have a photo of their own (a `photo` column, with its size and text): articles and pages. */
export type PhotoOwner = 'news' | 'pages';
const RESOURCE: Record<PhotoOwner, string> = { news: 'News', pages: 'Page' };

/**
 * Another row naming the photo $1 (an article or a page other than the row $2 of table $3, in the
 * trash too, or the logo): two rows naming one file would lose it when either changes.
 */
const NAMED_ELSEWHERE = `
  SELECT 1 FROM news WHERE photo = $1 AND ($3 <> 'news' OR id IS DISTINCT FROM $2::uuid)
  UNION ALL SELECT 1 FROM pages WHERE photo = $1 AND ($3 <> 'pages' OR id IS DISTINCT FROM $2::uuid)
  UNION ALL SELECT 1 FROM site_settings WHERE logo = $1 LIMIT 1`;

/** A stored photo and its size, as POST /api/photos answers it and an article's row holds it. */
export interface UploadedPhoto {
  photo: string;
  photoWidth: number;
  photoHeight: number;
}

/**
 * An article's photo: storing one (every size, photo-sizes.ts) without touching a row, pointing an
 * article at one inside its save, and removing the files once nothing names them.
 */
@Injectable()
export class NewsPhotos {
  constructor(private readonly photos: PhotoStorage) {}

  /**
   * Checks, re-encodes and stores an uploaded photo (photo-processor.ts), and answers its path and
   * size. No row names it yet: a save does (setPhoto), or the orphan sweep removes it after its
   * grace period (ORPHAN_MIN_AGE_MS), long enough for the form that stores a photo and then saves.
   */
  async store(file: Buffer): Promise<UploadedPhoto> {
    const prepared = await preparePhoto(file);
    const photo = await this.photos.savePhoto(prepared);
    return { photo, photoWidth: prepared.width, photoHeight: prepared.height };
  }

  /**
   * Points the article at `photo` (a path from store(), or null for none) inside the save's
   * transaction, and answers the photo it replaced, for the caller to remove once that has
   * committed (removePhoto()); undefined when the article already had this photo. The row is locked
   * first (FOR UPDATE), so of two saves at once the second waits and then reads the first one's
   * photo as its previous: each removes exactly the files it replaced. An article in the trash is
   * not there (404). `stored` is the photo's size when the caller has just stored it; else it is
   * read from the stored file (claim()), never taken from the client.
   */
  async setPhoto(
    manager: EntityManager,
    id: string,
    photo: string | null,
    stored?: UploadedPhoto,
    owner: PhotoOwner = 'news',
  ): Promise<{ previous: string | null } | undefined> {
    if (!isUuid(id)) throw notFound(RESOURCE[owner]);
    const rows: { photo: string | null }[] = await manager.query(
      `SELECT photo FROM ${owner} WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    if (rows.length === 0) throw notFound(RESOURCE[owner]);
    const previous = rows[0].photo;
    if (previous === photo) return undefined;
    const next = photo === null ? null : (stored ?? (await this.claim(manager, id, photo, owner)));
    await manager.query(`UPDATE ${owner} SET photo = $2, photo_width = $3, photo_height = $4, updated_at = now() WHERE id = $1`, [
      id,
      next?.photo ?? null,
      next?.photoWidth ?? null,
      next?.photoHeight ?? null,
    ]);
    return { previous };
  }

  /**
   * The photo a save names (the article `own`, or null for a new one), checked inside its
   * transaction, with its size read from the stored file. Refused with a 400 on `photo` when it is
   * not the path of a photo stored by store(), when the storage does not hold it or has held it
   * longer than PHOTO_SAVE_WITHIN_MS, or when another article (in the trash too) or the logo names
   * it: two rows naming one file would lose it when either changes. news_photo_key settles two
   * saves of one photo at once (the second's 409).
   */
  async claim(manager: EntityManager, own: string | null, photo: string, owner: PhotoOwner = 'news'): Promise<UploadedPhoto> {
    const name = PHOTO_PATH.test(photo) ? storedName(photo) : undefined;
    if (!name) throw ApiError.field('photo', PHOTO_PATH_MESSAGE);
    const named: unknown[] = await manager.query(NAMED_ELSEWHERE, [photo, own, owner]);
    if (named.length > 0) throw ApiError.field('photo', 'Photo belongs to another article or to the logo');
    const modified = await this.photos.modified(name);
    const data = modified && Date.now() - modified.getTime() <= PHOTO_SAVE_WITHIN_MS ? await this.photos.get(name) : undefined;
    if (!data) throw ApiError.field('photo', 'Photo is not stored, or was stored too long ago: choose it again');
    const { format, width, height } = await sharp(data)
      .metadata()
      .catch(() => ({ format: undefined, width: 0, height: 0 }));
    if (format !== 'webp' || !width || !height) throw ApiError.field('photo', PHOTO_PATH_MESSAGE);
    return { photo, photoWidth: width, photoHeight: height };
  }

  /**
   * Removes a photo (every size) that no row names any more: the one an article's save replaced,
   * or that of an article purged from the trash. Call it after the change has committed.
   */
  removePhoto(path: string | null | undefined): Promise<void> {
    return this.photos.remove(path);
  }

  /**
   * A photo a revision or working copy of the article `own` names, pointed at again (a restore, a
   * working copy published): kept in storage while they name it, so the age limit of a fresh
   * upload (claim) does not apply; its size is read from the file. Another article or the logo
   * naming it is refused as claim() refuses it.
   */
  async reclaim(manager: EntityManager, own: string, photo: string, owner: PhotoOwner = 'news'): Promise<UploadedPhoto> {
    const name = PHOTO_PATH.test(photo) ? storedName(photo) : undefined;
    const data = name ? await this.photos.get(name) : undefined;
    if (!data) throw ApiError.field('photo', 'Photo is no longer stored: choose it again');
    const named: unknown[] = await manager.query(NAMED_ELSEWHERE, [photo, own, owner]);
    if (named.length > 0) throw ApiError.field('photo', 'Photo belongs to another article or to the logo');
    const { width, height } = await sharp(data).metadata();
    return { photo, photoWidth: width ?? 0, photoHeight: height ?? 0 };
  }

  /**
   * Removes each of `paths` that no row, kept revision or working copy names any more (a photo a
   * save replaced, or one only pruned revisions named: issue #36). Call it after the change has
   * committed; a photo named again meanwhile stays, and a leftover waits for the orphan sweep.
   */
  async removeUnreferenced(manager: EntityManager, paths: readonly (string | null | undefined)[]): Promise<void> {
    const candidates = [...new Set(paths.filter((path): path is string => !!path))];
    const referenced = await referencedPhotos((sql, parameters) => manager.query(sql, parameters), candidates);
    for (const path of candidates) if (!referenced.has(path)) await this.photos.remove(path);
  }

  /** Throws when the photo storage cannot be reached (for the readiness check). */
  checkPhotoStorage(): Promise<void> {
    return this.photos.check();
  }
}
