import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { smallerCopies } from './photo-processor';
import { sizedPath, smallerWidths } from './photo-sizes';
import { storedName, type PhotoStorage } from './photo-storage.service';

export interface ResizeResult {
  /** Photos given a missing smaller copy or their size. */
  resized: number;
  /** Photos that had every copy and their size already. */
  unchanged: number;
  /** Rows whose photo is not in the storage (nothing to make copies from). */
  missing: number;
  failed: number;
}

/**
 * `npm run photos:resize`: gives every stored news photo (the trash's too) its smaller copies and
 * its row its size, for photos stored before they were made at upload. Idempotent: a photo with
 * its size known and every copy present is not even read, so it can run again at any time (also
 * while the app serves: a row is updated only while it still points at the same photo).
 */
export async function resizeStoredPhotos(dataSource: DataSource, storage: PhotoStorage, log: (line: string) => void = () => {}) {
  const present = new Set<string>();
  for await (const photo of storage.list()) present.add(photo.name);
  const rows: { id: string; photo: string; width: number | null; height: number | null }[] = await dataSource.query(
    `SELECT id, photo, photo_width AS width, photo_height AS height FROM news WHERE photo IS NOT NULL ORDER BY created_at, id`,
  );
  const result: ResizeResult = { resized: 0, unchanged: 0, missing: 0, failed: 0 };
  for (const row of rows) {
    const name = storedName(row.photo);
    const copiesPresent = (width: number) => smallerWidths(width).every((target) => present.has(storedName(sizedPath(row.photo, target))!));
    if (!name || !present.has(name)) {
      result.missing += 1;
      log(`${row.photo}: not in the storage`);
      continue;
    }
    if (row.width !== null && row.height !== null && copiesPresent(row.width)) {
      result.unchanged += 1;
      continue;
    }
    try {
      const largest = await storage.get(name);
      if (!largest) {
        result.missing += 1;
        continue;
      }
      const { width, height } = await sharp(largest).metadata();
      const wanted = smallerWidths(width).filter((target) => !present.has(storedName(sizedPath(row.photo, target))!));
      for (const copy of (await smallerCopies(largest, width)).filter((made) => wanted.includes(made.width))) {
        await storage.put(storedName(sizedPath(row.photo, copy.width))!, copy.data);
      }
      await dataSource.query(`UPDATE news SET photo_width = $1, photo_height = $2 WHERE id = $3 AND photo = $4`, [
        width,
        height,
        row.id,
        row.photo,
      ]);
      result.resized += 1;
    } catch (error) {
      result.failed += 1;
      log(`${row.photo}: ${(error as Error).message}`);
    }
  }
  return result;
}
