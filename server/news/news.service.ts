import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { containsPattern } from '../common/contains-pattern';
import { deleteOr404, findOneOr404, notFound, updateOr404 } from '../common/by-id-or-404';
import { NO_LINKS, paginate, type Paged } from '../common/pagination';
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
  constructor(
    @InjectRepository(News) private readonly repository: Repository<News>,
    private readonly dataSource: DataSource,
    private readonly photos: PhotoStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private newestFirst() {
    // Backed by news_created_at_id_idx (created_at DESC, id DESC).
    return this.repository.createQueryBuilder('news').orderBy('news.createdAt', 'DESC').addOrderBy('news.id', 'DESC');
  }

  list(page: number): Promise<Paged<News>> {
    return paginate(this.newestFirst(), page, this.config.pageSize);
  }

  /** Case-insensitive substring of the title; the trigram index (news_title_trgm_idx) serves it. */
  async search(text: string): Promise<Paged<News>> {
    const meta = { page: 1, pageSize: SEARCH_LIMIT };
    if (text.length > MAX_TITLE_LENGTH || text.includes('\u0000')) return { data: [], links: { ...NO_LINKS }, meta };
    const data = await this.newestFirst()
      .where(`news.title ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(text) })
      .limit(SEARCH_LIMIT)
      .getMany();
    return { data, links: { ...NO_LINKS }, meta };
  }

  findOne(id: string): Promise<News> {
    return findOneOr404(this.repository, id, 'News');
  }

  create(dto: CreateNewsDto): Promise<News> {
    return this.repository.save(this.repository.create({ ...dto, photo: null }));
  }

  /**
   * Sets only the fields sent, never the photo: writing back the photo it had read would undo an
   * upload that committed in between (and orphan its file).
   */
  async update(id: string, dto: UpdateNewsDto): Promise<News> {
    const { title, description, about } = dto;
    await updateOr404(this.repository, id, { title, description, about }, 'News');
    return this.findOne(id);
  }

  /**
   * Replaces the article's photo. Nothing is written until the image has passed every check. Then
   * the order is: write the new file, point the row at it, and only after that commits remove the
   * old file. If the row cannot be updated (the article was deleted meanwhile, or the database
   * fails) the new file is removed again, so a failed upload leaves nothing behind.
   */
  async replacePhoto(id: string, file: Buffer | undefined): Promise<News> {
    const current = await this.findOne(id);
    if (!file) return current;

    const photo = await preparePhoto(file);
    const path = await this.photos.save(photo);
    let previous: string | null;
    try {
      previous = await this.pointAt(id, path);
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
   * first one's photo as its previous: each removes exactly the file it replaced. One statement
   * rather than a transaction: the embedded database serialises transactions across connections.
   */
  private async pointAt(id: string, path: string): Promise<string | null> {
    // For an UPDATE, TypeORM's query() answers [rows, affected count].
    const [rows]: [{ previous: string | null }[], number] = await this.dataSource.query(
      `UPDATE news AS n SET photo = $1, updated_at = now()
         FROM (SELECT id, photo FROM news WHERE id = $2 FOR UPDATE) AS old
        WHERE n.id = old.id
        RETURNING old.photo AS previous`,
      [path, id],
    );
    if (rows.length === 0) throw notFound('News');
    return rows[0].previous;
  }

  /** Throws when the photo storage cannot be reached (for the readiness check). */
  checkPhotoStorage(): Promise<void> {
    return this.photos.check();
  }

  /** Deletes the row, then (once that has committed) its photo. */
  async remove(id: string): Promise<{ id: string }> {
    const { photo } = await deleteOr404(this.repository, id, 'News', ['photo']);
    await this.photos.remove(photo);
    return { id };
  }
}
