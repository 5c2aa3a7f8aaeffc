import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { boundedCount, type BoundedCount, containsPattern, NO_LINKS, paginate, type Paged } from '../common/pagination';
import { distinctIds, softDeleteManyOr404, findOneOr404, isUuid, notFound, softDeleteOr404, updateOr404 } from '../common/by-id-or-404';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { publicPaths, snapshotOf, type Snapshot } from '../content/content-kinds';
import type { ApplyOptions, ItemEditor } from '../revisions/revisions.module';
import { RevisionsService, type RevisionReason } from '../revisions/revisions.service';
import { ContentEvents, editChange } from '../content/events/content-events.service';
import { CreateNewsDto } from './dto/create-news.dto';
import type { UpdateNewsDto } from './dto/update-news.dto';
import { News } from './news.entity';
import { NewsPhotos, type UploadedPhoto } from './news-photos.service';
import { firstFree, slugOf } from '../common/slug';
import { editRefusal, KIND_RULES, may, roleOf } from '../roles/permissions';
import { TranslationsService, type TranslationState } from '../translations/translations.service';

/** A search answers at most this many articles, newest first, in one unpaged list. */
export const SEARCH_LIMIT = 100;
/** Titles are at most 200 characters, so a longer search text cannot match. */
const MAX_TITLE_LENGTH = 200;

/**
 * What a visitor may see: published, and due. Evaluated by the query itself, so an article falls
 * due on every replica at its time; the `published` event that drops the cached pages comes from
 * PublishSchedule within a couple of seconds (the content-kind registry's publicPaths says the same in code).
 */
export const VISIBLE = `news.status = 'published' AND (news.publish_at IS NULL OR news.publish_at <= now())`;

/** What a public address leads to: the article, the address it moved to, or nothing. */
export type PublicArticle = { article: News } | { movedTo: string } | null;

/** An article as the API answers it: with its working copy's flag (issue #36). */
export type NewsReply = News & { hasDraft: boolean };
/** An article in the admin list: with its translations' states too. */
export type NewsListReply = NewsReply & { translations: TranslationState[] };

/** What a live save does besides the fields: the If-Match, and a restore's or publish's reason. */
type SaveOptions = Partial<ApplyOptions>;

/** Why a live save's revision was written: it brought the article into view, took it out, or neither. */
function editReason(oldPaths: string[], newPaths: string[]): RevisionReason {
  const change = editChange(oldPaths, newPaths);
  return change === 'published' || change === 'unpublished' ? change : 'saved';
}

/** The fields a create or change writes besides the slug. */
function plainFields(dto: UpdateNewsDto) {
  const { title, description, about, photoAlt, status } = dto;
  const publishAt = dto.publishAt === undefined ? undefined : dto.publishAt ? new Date(dto.publishAt) : null;
  return { title, description, about, photoAlt: photoAlt === '' ? null : photoAlt, status, publishAt };
}

@Injectable()
export class NewsService implements ItemEditor {
  readonly kind = 'news' as const;
  readonly createDto = CreateNewsDto;

  constructor(
    @InjectRepository(News) private readonly repository: Repository<News>,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly photos: NewsPhotos,
    private readonly events: ContentEvents,
    private readonly revisions: RevisionsService,
    private readonly translations: TranslationsService,
  ) {}

  /**
   * What a visitor sees in `lang` (issue #41; null: the default language): the articles published
   * there too, newest first.
   */
  private visibleIn(lang: string | null) {
    const query = this.newestFirst().where(VISIBLE);
    return lang === null ? query : this.translations.publishedIn(query, 'news', 'news', lang);
  }

  /** The articles as `lang` has them (their translations' text and addresses). */
  private in(lang: string | null, rows: News[]): Promise<News[]> {
    return lang === null ? Promise.resolve(rows) : this.translations.overlay('news', lang, rows);
  }

  /** The rows with `hasDraft` (the admin's reads; the public pages read the rows alone). */
  private async withDrafts(rows: News[]): Promise<NewsReply[]> {
    const drafts = await this.revisions.withDrafts(
      'news',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, hasDraft: drafts.has(row.id) }));
  }

  /** The list's rows with `hasDraft` and their translations' states. */
  private async listed(rows: News[]): Promise<NewsListReply[]> {
    const [replies, states] = await Promise.all([this.withDrafts(rows), this.translations.states('news', rows)]);
    return replies.map((row) => ({ ...row, translations: states.get(row.id) ?? [] }));
  }

  /** The admin list's order, narrowed to the articles that need translating (`needsTranslation`) when asked. */
  private async listedQuery(needsTranslation: string | null) {
    const query = this.newestFirst();
    return needsTranslation === null ? query : this.translations.needing(query, 'news', 'news', needsTranslation);
  }

  private newestFirst() {
    // Backed by news_created_at_id_idx (created_at DESC, id DESC, partial: WHERE deleted_at IS NULL,
    // which TypeORM adds to every query builder on News: trashed articles are in no list or search).
    return this.repository.createQueryBuilder('news').orderBy('news.createdAt', 'DESC').addOrderBy('news.id', 'DESC');
  }

  /** How many live articles, counted up to 1,000 (the dashboard). */
  count(): Promise<BoundedCount> {
    return boundedCount(this.repository.createQueryBuilder('news'));
  }

  /** A page of the articles, newest first (those that need translating, with `needsTranslation`: a language's code or `any`). */
  async list(page: number, needsTranslation: string | null = null): Promise<Paged<NewsListReply>> {
    const paged = await paginate(await this.listedQuery(needsTranslation), page, this.config.pageSize);
    return { ...paged, data: await this.listed(paged.data) };
  }

  /** The articles a visitor sees (published and due) in `lang` (null: the default language), newest first (news_public_idx). */
  async listPublic(page: number, lang: string | null = null): Promise<Paged<News>> {
    const paged = await paginate(this.visibleIn(lang), page, this.config.pageSize);
    return { ...paged, data: await this.in(lang, paged.data) };
  }

  /** The newest `limit` articles a visitor sees in `lang`, with everything (for the feed). */
  async latestPublic(limit: number, lang: string | null = null): Promise<News[]> {
    return this.in(lang, await this.visibleIn(lang).limit(limit).getMany());
  }

  /** The default-language addresses of those of the articles a visitor sees (an article's hreflang, issue #41). */
  listPublicAddresses(ids: string[]): Promise<{ id: string; slug: string }[]> {
    return this.newestFirst().select(['news.id', 'news.slug']).where(VISIBLE).andWhere('news.id IN (:...ids)', { ids }).getMany();
  }

  /**
   * `/<lang>/news/<key>` (issue #41): the article whose translation into `lang` has this address
   * (a visitor's: published and due there, and the article itself public; `all`: an
   * administrator's preview), or for a UUID the address it has there. No earlier addresses.
   */
  async findPublicIn(lang: string, key: string, all = false): Promise<PublicArticle> {
    const id = isUuid(key) ? key : await this.translations.itemAt('news', lang, key, all);
    if (id === null) return null;
    const query = this.newestFirst().where('news.id = :id', { id });
    const found = await (all ? query : this.translations.publishedIn(query.andWhere(VISIBLE), 'news', 'news', lang)).getOne();
    if (!found) return null;
    const [article] = await this.translations.overlay('news', lang, [found], all);
    if (article === found) return null;
    return isUuid(key) ? { movedTo: article.slug } : { article };
  }

  /**
   * Every article a visitor sees: slug and last change, newest first, at most `limit` (for the
   * public sitemap).
   */
  listForSitemap(limit: number): Promise<{ id: string; slug: string; updatedAt: Date }[]> {
    return this.newestFirst().select(['news.id', 'news.slug', 'news.updatedAt']).where(VISIBLE).limit(limit).getMany();
  }

  /**
   * A public address: `/news/<slug>` is the article (when a visitor may see it, or `all` for an
   * administrator's preview); a UUID or an earlier slug moves to the current slug.
   */
  async findPublic(key: string, all = false): Promise<PublicArticle> {
    const visible = (query: ReturnType<typeof this.newestFirst>) => (all ? query : query.andWhere(VISIBLE));
    if (isUuid(key)) {
      const article = await visible(this.newestFirst().where('news.id = :key', { key })).getOne();
      return article ? { movedTo: article.slug } : null;
    }
    const article = await visible(this.newestFirst().where('news.slug = :key', { key })).getOne();
    if (article) return { article };
    const moved = await visible(
      this.newestFirst().innerJoin('news_old_slugs', 'old', 'old.news_id = news.id').where('old.slug = :key', { key }),
    ).getOne();
    return moved ? { movedTo: moved.slug } : null;
  }

  /**
   * The article as its working copy has it (the fields a page shows; its address and status stay
   * the live ones until published), or null when it has none: for an administrator's preview only.
   */
  async workingCopy(article: News): Promise<News | null> {
    const snapshot = await this.revisions.draftSnapshot('news', article.id);
    if (!snapshot) return null;
    const photo = (snapshot.photo as string | null | undefined) ?? null;
    return {
      ...article,
      title: typeof snapshot.title === 'string' ? snapshot.title : article.title,
      description: typeof snapshot.description === 'string' ? snapshot.description : article.description,
      about: typeof snapshot.about === 'string' ? snapshot.about : article.about,
      photoAlt: (snapshot.photoAlt as string | null | undefined) ?? null,
      // Another photo's size is not known here: it is shown without its smaller copies.
      ...(photo === article.photo ? {} : { photo, photoWidth: null, photoHeight: null }),
    };
  }

  /** Case-insensitive substring of the title; the trigram index (news_title_trgm_idx) serves it. */
  async search(text: string, needsTranslation: string | null = null): Promise<Paged<NewsListReply>> {
    const meta = { page: 1, pageSize: SEARCH_LIMIT };
    const query = await this.listedQuery(needsTranslation);
    if (text.length > MAX_TITLE_LENGTH || text.includes('\u0000')) return { data: [], links: { ...NO_LINKS }, meta };
    const data = await query
      .andWhere(`news.title ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(text) })
      .limit(SEARCH_LIMIT)
      .getMany();
    return { data: await this.listed(data), links: { ...NO_LINKS }, meta };
  }

  async findOne(id: string): Promise<NewsReply> {
    const [reply] = await this.withDrafts([await findOneOr404(this.repository, id, 'News')]);
    return reply;
  }

  /**
   * Each change and its activity entry commit together (one transaction, its manager only). The
   * photo named in the body (a path from POST /api/photos) is checked inside it (NewsPhotos.claim).
   */
  async create(dto: CreateNewsDto, by: Actor): Promise<NewsReply> {
    const refusal = editRefusal(roleOf(by), KIND_RULES.news, by.admin.id, null, dto);
    if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
    // Who may not publish saves a draft, whatever the form's default (an editor publishes it after review).
    const status = may(roleOf(by), KIND_RULES.news.publish) ? dto.status : 'draft';
    const id = await this.dataSource.transaction(async (manager) => {
      const fields = { ...plainFields(dto), status };
      const photo = dto.photo ? await this.photos.claim(manager, null, dto.photo) : undefined;
      const slug = await this.freeSlug(manager, dto.slug || slugOf(dto.title), !dto.slug, null);
      const saved = await manager.save(
        manager.create(News, {
          ...fields,
          slug,
          createdBy: by.admin.id,
          photo: photo?.photo ?? null,
          photoWidth: photo?.photoWidth ?? null,
          photoHeight: photo?.photoHeight ?? null,
        }),
      );
      const { seq } = await this.revisions.record(manager, {
        kind: 'news',
        id: saved.id,
        reason: 'created',
        snapshot: snapshotOf('news', saved),
        changed: [],
        by,
      });
      await this.activity.record(manager, { by, action: 'create', kind: 'news', itemId: saved.id, label: saved.title, seq });
      await this.events.raise(manager, {
        kind: 'news',
        id: saved.id,
        oldPaths: [],
        newPaths: publicPaths('news', saved),
        change: 'created',
      });
      return saved.id;
    });
    // Read back as every reply reads it: the saved entity also carries the trash columns (deletedAt, deletedBy).
    return this.findOne(id);
  }

  /**
   * Sets only the fields sent. A photo sent (a path from POST /api/photos, or null for none) goes
   * through NewsPhotos.setPhoto, which locks the row and reads the photo it replaces; the replaced
   * one's files are removed only after the change has committed, and only once no kept revision
   * or working copy names it, so a failed save keeps them and an old revision can be restored.
   */
  async update(id: string, dto: UpdateNewsDto, by: Actor, ifMatch?: number): Promise<NewsReply> {
    await this.photos.removeUnreferenced(this.dataSource.manager, await this.save(id, dto, by, undefined, { ifMatch }));
    return this.findOne(id);
  }

  /** A restore to live or a published working copy: the snapshot saved as a PATCH is, with its reason. */
  async applySnapshot(id: string, snapshot: Snapshot, by: Actor, options: ApplyOptions): Promise<NewsReply> {
    const dto = { ...snapshot, photoAlt: snapshot.photoAlt ?? null, publishAt: snapshot.publishAt ?? null } as UpdateNewsDto;
    await this.photos.removeUnreferenced(this.dataSource.manager, await this.save(id, dto, by, undefined, options));
    return this.findOne(id);
  }

  /** Removes the photos a working copy's change or its pruned revisions no longer name, once nothing else does. */
  removeFiles(paths: readonly string[]): Promise<void> {
    return this.photos.removeUnreferenced(this.dataSource.manager, paths);
  }

  /**
   * A working copy may name the article's own photo, one its revisions or its working copy name,
   * or a fresh upload (NewsPhotos.claim, as a save checks it).
   */
  async checkDraft(manager: EntityManager, id: string, snapshot: Snapshot, before: Snapshot | null): Promise<void> {
    const photo = snapshot.photo;
    if (typeof photo !== 'string' || photo === before?.photo) return;
    const named: unknown[] = await manager.query(
      `SELECT 1 FROM news WHERE id = $1 AND photo = $2
       UNION ALL SELECT 1 FROM revisions WHERE kind = 'news' AND item_id = $1 AND files @> ARRAY[$2]
       UNION ALL SELECT 1 FROM drafts WHERE kind = 'news' AND item_id = $1 AND files @> ARRAY[$2] LIMIT 1`,
      [id, photo],
    );
    if (named.length === 0) await this.photos.claim(manager, id, photo);
  }

  /**
   * POST /api/news/:id/upload, the contract's: stores the photo (POST /api/photos) and saves the
   * article with it (PATCH with `photo`), in one request. Without a file nothing changes. If the
   * save fails (the article was deleted meanwhile, or the database fails) the new files are
   * removed again, so a failed upload leaves nothing behind.
   */
  async uploadPhoto(id: string, file: Buffer | undefined, by: Actor): Promise<NewsReply> {
    const current = await this.findOne(id);
    // Judged before the file is stored, with or without one: an author uploads to their own unpublished articles only.
    const refusal = editRefusal(roleOf(by), KIND_RULES.news, by.admin.id, current);
    if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
    if (!file) return current;
    const stored = await this.photos.store(file);
    let replaced: (string | null)[];
    try {
      replaced = await this.save(id, { photo: stored.photo }, by, stored);
    } catch (error) {
      await this.photos.removePhoto(stored.photo);
      throw error;
    }
    await this.photos.removeUnreferenced(this.dataSource.manager, replaced);
    return this.findOne(id);
  }

  /**
   * The change, its revision (none when nothing changed: nor does the version move), its activity
   * entry and content event, in one transaction that holds the row: If-Match is judged against
   * the version read under the lock, and the version moves by one conditional UPDATE
   * (RevisionsService.bumpVersion). Answers the photos that may have lost their last name (the
   * replaced one, those of pruned revisions), to remove once committed. Never writes back a photo
   * it had read: that would undo an upload that committed in between (and orphan its file).
   */
  private save(id: string, dto: UpdateNewsDto, by: Actor, stored?: UploadedPhoto, options: SaveOptions = {}): Promise<(string | null)[]> {
    return this.revisions.guard(
      'news',
      id,
      () => this.findOne(id),
      () =>
        this.dataSource.transaction(async (manager) => {
          // Held from here, so the addresses it had are the ones this edit replaces.
          const before = isUuid(id) ? await manager.findOne(News, { where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
          if (!before) throw notFound('News');
          // The rules a guard cannot see (issue #39): an author changes their own unpublished articles, never live.
          const refusal = options.reason
            ? editRefusal(roleOf(by), KIND_RULES.news, by.admin.id, { createdBy: null }, {})
            : editRefusal(roleOf(by), KIND_RULES.news, by.admin.id, before, dto);
          if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
          this.revisions.checkVersion(before.version, options.ifMatch);
          const fields = await updateOr404(manager.getRepository(News), id, plainFields(dto), 'News');
          if (dto.slug !== undefined && (await this.moveSlug(manager, id, dto.slug))) fields.push('slug');
          // A restore or a published working copy names a photo its revisions kept, not a fresh upload.
          const named =
            options.reason && dto.photo && dto.photo !== before.photo ? await this.photos.reclaim(manager, id, dto.photo) : stored;
          const photo = dto.photo === undefined ? undefined : await this.photos.setPhoto(manager, id, dto.photo, named);
          if (photo) fields.push('photo');
          await options.within?.(manager);
          // Published by an editor (made live, or its working copy published): the review is over.
          const published = options.reason === 'published' || (before.status !== 'published' && dto.status === 'published');
          if (published && before.review !== null) await manager.update(News, { id }, { review: null, reviewNote: null });
          if (fields.length === 0 && options.reason !== 'restored') return [];
          const after = await manager.findOneByOrFail(News, { id });
          await this.revisions.bumpVersion(manager, 'news', id, before.version);
          const oldPaths = publicPaths('news', before);
          const revision = await this.revisions.recordChange(manager, {
            kind: 'news',
            id,
            reason: options.reason ?? editReason(oldPaths, publicPaths('news', after)),
            before: snapshotOf('news', before),
            snapshot: snapshotOf('news', after),
            by,
            restoredFrom: options.restoredFrom,
          });
          if (fields.length > 0 || options.reason === 'restored')
            await this.recordEdit(manager, by, id, fields, {
              before: oldPaths,
              seq: revision?.seq,
              restored: options.reason === 'restored',
            });
          return [photo?.previous ?? null, ...(revision?.dropped ?? [])];
        }),
    );
  }

  /**
   * The slug to take: `wanted` when no article has it now or had it before (the article `own`
   * itself excepted); else, when `suffix`, the first free `wanted-2`, `wanted-3`… , and when not
   * (an address typed by hand) a 409 on the field. Slug choices are serialized by a transaction
   * lock, so two articles with one title get `x` and `x-2`, never a clash.
   */
  private async freeSlug(manager: EntityManager, wanted: string, suffix: boolean, own: string | null): Promise<string> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('news slugs'))`);
    const rows: { slug: string }[] = await manager.query(
      `SELECT slug FROM news WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3
       UNION SELECT slug FROM news_old_slugs WHERE (slug = $1 OR slug LIKE $2) AND news_id IS DISTINCT FROM $3`,
      [wanted, `${wanted}-%`, own],
    );
    const taken = new Set(rows.map((row) => row.slug));
    if (!suffix && taken.has(wanted))
      throw ApiError.fields(HttpStatus.CONFLICT, { slug: { msg: 'Another article already has this address' } });
    return firstFree(wanted, taken);
  }

  /**
   * Gives the article the slug asked for (blank: made from its title), keeping the one it had in
   * news_old_slugs so its old links answer 301. True when the slug changed.
   */
  private async moveSlug(manager: EntityManager, id: string, asked: string | null): Promise<boolean> {
    const row = isUuid(id) ? await manager.findOne(News, { where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!row) throw notFound('News');
    const { slug: current, title } = row;
    const wanted = asked || slugOf(title);
    if (wanted === current) return false;
    const slug = await this.freeSlug(manager, wanted, !asked, id);
    if (slug === current) return false;
    await manager.query(`DELETE FROM news_old_slugs WHERE slug = $1`, [slug]);
    await manager.query(`INSERT INTO news_old_slugs (slug, news_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [current, id]);
    await manager.update(News, { id }, { slug });
    return true;
  }

  /**
   * One activity entry and one content event for an edit of these fields. `before`: the article's
   * public paths before the edit (not given: the edit moved none, as a photo's); `seq`: the
   * revision it wrote; `restored`: the edit was a revision restored live.
   */
  private async recordEdit(
    manager: EntityManager,
    by: Actor,
    id: string,
    fields: string[],
    { before, seq, restored = false }: { before?: string[]; seq?: number; restored?: boolean } = {},
  ): Promise<void> {
    const article = await manager.findOneByOrFail(News, { id });
    const action = restored ? 'restore-revision' : 'edit';
    await this.activity.record(manager, { by, action, kind: 'news', itemId: id, label: article.title, fields, seq });
    const after = publicPaths('news', article);
    await this.events.raise(manager, {
      kind: 'news',
      id,
      oldPaths: before ?? after,
      newPaths: after,
      change: editChange(before ?? after, after),
    });
  }

  /**
   * Moves the article to the trash in one statement (the loser of two deletes at once gets the
   * 404). Its photo stays until the article is purged from the trash (NewsPhotos.removePhoto).
   */
  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const article = await softDeleteOr404(manager.getRepository(News), id, 'News', by.admin.id);
      await this.activity.record(manager, { by, action: 'delete', kind: 'news', itemId: id, label: article.title });
      await this.events.raise(manager, { kind: 'news', id, oldPaths: publicPaths('news', article), newPaths: [], change: 'deleted' });
      return { id };
    });
  }

  /**
   * Moves several to the trash, all or none (one transaction: an unknown id, or one a concurrent
   * delete took first, is a 404 and nothing changes), with one activity entry each.
   */
  removeMany(ids: string[], by: Actor): Promise<{ ids: string[] }> {
    const distinct = distinctIds(ids);
    return this.dataSource.transaction(async (manager) => {
      const rows = await softDeleteManyOr404(manager.getRepository(News), distinct, { label: 'title', resource: 'News' }, by.admin.id);
      await this.activity.recordMany(
        manager,
        rows.map((row) => ({ by, action: 'delete', kind: 'news', itemId: row.id, label: row.label })),
      );
      const articles = await manager.find(News, {
        where: { id: In(rows.map((row) => row.id)) },
        withDeleted: true,
        select: { id: true, slug: true, status: true, publishAt: true },
      });
      await this.events.raise(
        manager,
        ...articles.map((article) => ({
          kind: 'news' as const,
          id: article.id,
          oldPaths: publicPaths('news', article),
          newPaths: [],
          change: 'deleted' as const,
        })),
      );
      return { ids: rows.map((row) => row.id) };
    });
  }
}
