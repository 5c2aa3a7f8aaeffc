import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { everySize, isSmallerCopy, SIZE_SUFFIX, sizedPath } from './photo-sizes';

export const PUBLIC_PREFIX = '/uploads/news/';
/**
 * The only names the storage writes, so it never touches anything else, whatever a row says: a
 * photo (or the logo) and its smaller copies (photo-sizes.ts).
 */
export const STORED_NAME = new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:${SIZE_SUFFIX})?\\.webp$`);
/** Served photos never change (names never repeat), so they may be cached for a year. */
export const PHOTO_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A stored photo, as the orphan sweep and the copy command see it. */
export interface StoredPhoto {
  name: string;
  modified: Date;
}

/** The stored name in a public path such as /uploads/news/<uuid>.webp, or undefined. */
export function storedName(publicPath: string): string | undefined {
  const name = publicPath.startsWith(PUBLIC_PREFIX) ? publicPath.slice(PUBLIC_PREFIX.length) : '';
  return STORED_NAME.test(name) ? name : undefined;
}

/**
 * Where news photos live: on the local disk (`STORAGE=local`) or in an S3-compatible bucket
 * (`STORAGE=s3`), chosen by createPhotoStorage(). Either way a photo's public path is
 * /uploads/news/<name>.webp and the same process serves it (handler(), mounted by
 * server/http/site-pages.middleware.ts). Callers use save() and remove() only; the drivers
 * implement the primitives below.
 */
export abstract class PhotoStorage {
  protected readonly logger = new Logger('PhotoStorage');

  /** `local` or `s3`, for messages and the readiness report. */
  abstract readonly driver: string;
  /** Writes the photo under this name; it becomes visible only once complete. */
  abstract put(name: string, data: Buffer): Promise<void>;
  /** Deletes the photo of this name; absent is fine. */
  abstract delete(name: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such photo. */
  abstract get(name: string): Promise<Buffer | undefined>;
  /** When the photo of this name was written, or undefined when there is no such photo. */
  abstract modified(name: string): Promise<Date | undefined>;
  /** Every stored photo. */
  abstract list(): AsyncIterable<StoredPhoto>;
  /** Throws when the storage cannot be reached or used. */
  abstract check(): Promise<void>;
  /** Serves GET/HEAD /news/<name> below /uploads, with ETag, Range and a long immutable cache. */
  abstract handler(): RequestHandler;

  /** Stores a WebP photo under a new random name and returns its public path. */
  async save(data: Buffer): Promise<string> {
    const name = `${randomUUID()}.webp`;
    await this.put(name, data);
    return PUBLIC_PREFIX + name;
  }

  /**
   * Stores a photo and its smaller copies under a new random name and returns the largest's public
   * path. The copies go first, so once the path is known every size is there; a failure removes
   * whatever was written.
   */
  async savePhoto(photo: { data: Buffer; smaller: { width: number; data: Buffer }[] }): Promise<string> {
    const path = `${PUBLIC_PREFIX}${randomUUID()}.webp`;
    try {
      for (const copy of photo.smaller) await this.put(storedName(sizedPath(path, copy.width))!, copy.data);
      await this.put(storedName(path)!, photo.data);
    } catch (error) {
      await this.remove(path);
      throw error;
    }
    return path;
  }

  /**
   * Removes a stored photo by its public path, with every smaller copy of it. Never throws: a
   * leftover is logged, and the orphan sweep takes it later.
   */
  async remove(publicPath: string | null | undefined): Promise<void> {
    if (!publicPath) return;
    // Removing a photo removes its copies; a copy's own path is not a photo to remove.
    if (!storedName(publicPath) || isSmallerCopy(publicPath)) {
      this.logger.warn(`not removing ${JSON.stringify(publicPath)}: not a stored photo path`);
      return;
    }
    for (const path of everySize(publicPath)) {
      try {
        await this.delete(storedName(path)!);
      } catch (error) {
        this.logger.error(`could not remove ${path}: ${(error as Error).message}`);
      }
    }
  }
}
