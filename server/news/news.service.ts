import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { containsPattern } from '../common/contains-pattern';
import { findOneOr404, notFound, trashOr404, updateOr404 } from '../common/by-id-or-404';
import { NO_LINKS, pageQuery, paginate, type PageQuery, type Paged } from '../common/pagination';
import { selectPlain } from '../common/plain-rows';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CreateNewsDto } from './dto/create-news.dto';
import type { UpdateNewsDto } from './dto/update-news.dto';
import { News } from './news.entity';
import { preparePhoto } from './photos/photo-processor';
import { PhotoStorage } from './photos/photo-storage.service';

/** A search answers at most this many articles, newest first, in one unpaged list. */
export const SEARCH_LIMIT = 100;
/** Titles are at most 200 characters, so a longer search text cannot match. */
const MAX_TITLE_LENGTH = 200;

@Injectable()
export class NewsService {
  /** Built once: the query builder's work is not repeated on every list or search. */
  private readonly listQuery: PageQuery;
  private readonly searchSql: string;

  constructor(
    @InjectRepository(News) private readonly repository: Repository<News>,
    private readonly dataSource: DataSource,
    private readonly photos: PhotoStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
  ) {
    this.listQuery = pageQuery(this.newestFirst());
    this.searchSql = selectPlain(this.newestFirst())
      .where(`news.title ILIKE :pattern ESCAPE '\\'`, { pattern: '' })
      .limit(SEARCH_LIMIT)
      .getQueryAndParameters()[0];
  }

  private newestFirst() {
    // Backed by news_created_at_id_idx (created_at DESC, id DESC, partial: WHERE deleted_at IS NULL,
    // which TypeORM adds to every query builder on News: trashed articles are in no list or search).
    return this.repository.createQueryBuilder('news').orderBy('news.createdAt', 'DESC').addOrderBy('news.id', 'DESC');
  }

  list(page: number): Promise<Paged<News>> {
    return paginate<News>(this.listQuery, page, this.config.pageSize);
  }

  /**
   * Every live article's id and last change, newest first, at most `limit` (for the public
   * sitemap); the same index as the list serves the order.
   */
  listForSitemap(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return this.dataSource.query(
      `SELECT id, updated_at AS "updatedAt" FROM news WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
  }

  /** Case-insensitive substring of the title; the trigram index (news_title_trgm_idx) serves it. */
  async search(text: string): Promise<Paged<News>> {
    const meta = { page: 1, pageSize: SEARCH_LIMIT };
    if (text.length > MAX_TITLE_LENGTH || text.includes('\u0000')) return { data: [], links: { ...NO_LINKS }, meta };
    const data: News[] = await this.dataSource.query(this.searchSql, [containsPattern(text)]);
    return { data, links: { ...NO_LINKS }, meta };
  }

  findOne(id: string): Promise<News> {
    return findOneOr404(this.repository, id, 'News');
  }

  /** Each change and its activity entry commit together (one transaction, its manager only). */
  create(dto: CreateNewsDto, by: Actor): Promise<News> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(News, { ...dto, photo: null }));
      await this.activity.record(manager, { by, action: 'create', kind: 'news', itemId: saved.id, label: saved.title });
      return saved;
    });
  }

  /**
   * Sets only the fields sent, never the photo: writing back the photo it had read would undo an
   * upload that committed in between (and orphan its file).
   */
  async update(id: string, dto: UpdateNewsDto, by: Actor): Promise<News> {
    const { title, description, about } = dto;
    await this.dataSource.transaction(async (manager) => {
      const fields = await updateOr404(manager.getRepository(News), id, { title, description, about }, 'News');
      if (fields.length > 0) await this.recordEdit(manager, by, id, fields);
    });
    return this.findOne(id);
  }

  private async recordEdit(manager: EntityManager, by: Actor, id: string, fields: string[]): Promise<void> {
    const { title } = await manager.findOneByOrFail(News, { id });
    await this.activity.record(manager, { by, action: 'edit', kind: 'news', itemId: id, label: title, fields });
  }

  /**
   * Replaces the article's photo. Nothing is written until the image has passed every check. Then
   * the order is: write the new file, point the row at it, and only after that commits remove the
   * old file. If the row cannot be updated (the article was deleted meanwhile, or the database
   * fails) the new file is removed again, so a failed upload leaves nothing behind.
   */
  async replacePhoto(id: string, file: Buffer | undefined, by: Actor): Promise<News> {
    const current = await this.findOne(id);
    if (!file) return current;

    const photo = await preparePhoto(file);
    const path = await this.photos.save(photo);
    let previous: string | null;
    try {
      previous = await this.dataSource.transaction(async (manager) => {
        const replaced = await this.pointAt(manager, id, path);
        await this.recordEdit(manager, by, id, ['photo']);
        return replaced;
      });
    } catch (error) {
      await this.photos.remove(path);
      throw error;
    }
    await this.photos.remove(previous);
    return this.findOne(id);
  }

  /**
   * Points the row at a new photo and answers the photo it replaced, in one statement. The row is
   * locked first (FOR UPDATE), so of two uploads at once the second waits and then reads the
   * first one's photo as its previous: each removes exactly the file it replaced. An article in
   * the trash is not there (404).
   */
  private async pointAt(manager: EntityManager, id: string, path: string): Promise<string | null> {
    // For an UPDATE, TypeORM's query() answers [rows, affected count].
    const [rows]: [{ previous: string | null }[], number] = await manager.query(
      `UPDATE news AS n SET photo = $1, updated_at = now()
         FROM (SELECT id, photo FROM news WHERE id = $2 AND deleted_at IS NULL FOR UPDATE) AS old
        WHERE n.id = old.id
        RETURNING old.photo AS previous`,
      [path, id],
    );
    if (rows.length === 0) throw notFound('News');
    return rows[0].previous;
  }

  /**
   * Moves the article to the trash in one statement (the loser of two deletes at once gets the
   * 404). Its photo stays until the article is purged from the trash (removePhoto).
   */
  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const { title } = await trashOr404(manager.getRepository(News), id, 'News', by.admin.id, ['title']);
      await this.activity.record(manager, { by, action: 'delete', kind: 'news', itemId: id, label: title });
      return { id };
    });
  }

  /** Removes the photo of an article purged from the trash; call it after the purge has committed. */
  removePhoto(path: string | null): Promise<void> {
    return this.photos.remove(path);
  }

  /** Throws when the photo storage cannot be reached (for the readiness check). */
  checkPhotoStorage(): Promise<void> {
    return this.photos.check();
  }
}
