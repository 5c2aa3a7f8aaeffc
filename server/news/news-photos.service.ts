import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.decorator';
import { isUuid, notFound } from '../common/by-id-or-404';
import { News } from './news.entity';
import { NewsService } from './news.service';
import { preparePhoto } from './photos/photo-processor';
import { PhotoStorage } from './photos/photo-storage.service';

/** An article's photo: its upload (every size, photo-sizes.ts), and its removal with the article. */
@Injectable()
export class NewsPhotos {
  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: PhotoStorage,
    private readonly news: NewsService,
  ) {}

  /**
   * Replaces the article's photo. Nothing is written until the image has passed every check. Then
   * the order is: write the new files (every size), point the row at them, and only after that
   * commits remove the old ones. If the row cannot be updated (the article was deleted meanwhile,
   * or the database fails) the new files are removed again, so a failed upload leaves nothing behind.
   */
  async replacePhoto(id: string, file: Buffer | undefined, by: Actor): Promise<News> {
    const current = await this.news.findOne(id);
    if (!file) return current;

    const photo = await preparePhoto(file);
    const path = await this.photos.savePhoto(photo);
    let previous: string | null;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const replaced = await this.pointAt(manager, id, { path, width: photo.width, height: photo.height });
        await this.news.recordEdit(manager, by, id, ['photo']);
        return replaced;
      });
    } catch (error) {
      await this.photos.remove(path);
      throw error;
    }
    await this.photos.remove(previous);
    return this.news.findOne(id);
  }

  /**
   * Takes the article's photo away (the form's "Remove photo"): the row is pointed at no photo,
   * with its activity entry, and only after that commits are its files (every size) removed; a
   * failed commit leaves them where they were. An article without a photo is answered as it is.
   */
  async deletePhoto(id: string, by: Actor): Promise<News> {
    if (!isUuid(id)) throw notFound('News');
    const previous = await this.dataSource.transaction(async (manager) => {
      const [rows]: [{ previous: string | null }[], number] = await manager.query(
        `UPDATE news AS n SET photo = NULL, photo_width = NULL, photo_height = NULL,
                updated_at = CASE WHEN old.photo IS NULL THEN n.updated_at ELSE now() END
           FROM (SELECT id, photo FROM news WHERE id = $1 AND deleted_at IS NULL FOR UPDATE) AS old
          WHERE n.id = old.id
          RETURNING old.photo AS previous`,
        [id],
      );
      if (rows.length === 0) throw notFound('News');
      if (rows[0].previous !== null) await this.news.recordEdit(manager, by, id, ['photo']);
      return rows[0].previous;
    });
    await this.photos.remove(previous);
    return this.news.findOne(id);
  }

  /**
   * Points the row at a new photo and answers the photo it replaced, in one statement. The row is
   * locked first (FOR UPDATE), so of two uploads at once the second waits and then reads the
   * first one's photo as its previous: each removes exactly the files it replaced. An article in
   * the trash is not there (404).
   */
  private async pointAt(
    manager: EntityManager,
    id: string,
    photo: { path: string; width: number; height: number },
  ): Promise<string | null> {
    // For an UPDATE, TypeORM's query() answers [rows, affected count].
    const [rows]: [{ previous: string | null }[], number] = await manager.query(
      `UPDATE news AS n SET photo = $1, photo_width = $3, photo_height = $4, updated_at = now()
         FROM (SELECT id, photo FROM news WHERE id = $2 AND deleted_at IS NULL FOR UPDATE) AS old
        WHERE n.id = old.id
        RETURNING old.photo AS previous`,
      [photo.path, id, photo.width, photo.height],
    );
    if (rows.length === 0) throw notFound('News');
    return rows[0].previous;
  }

  /** Removes the photo (every size) of an article purged from the trash; call it after the purge has committed. */
  removePhoto(path: string | null): Promise<void> {
    return this.photos.remove(path);
  }

  /** Throws when the photo storage cannot be reached (for the readiness check). */
  checkPhotoStorage(): Promise<void> {
    return this.photos.check();
  }
}
