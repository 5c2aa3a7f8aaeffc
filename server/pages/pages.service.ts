import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { distinctIds, findOneOr404, isUuid, notFound, softDeleteManyOr404, softDeleteOr404, updateOr404 } from '../common/by-id-or-404';
import { boundedCount, type BoundedCount, containsPattern, NO_LINKS, paginate, type Paged } from '../common/pagination';
import { firstFree, slugOf } from '../common/slug';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { publicPaths, snapshotOf, type Snapshot } from '../content/content-kinds';
import { ContentEvents, editChange } from '../content/events/content-events.service';
import { NewsPhotos, type UploadedPhoto } from '../news/news-photos.service';
import type { ApplyOptions, ItemEditor } from '../revisions/revisions.module';
import { RevisionsService, type RevisionReason } from '../revisions/revisions.service';
import { editRefusal, KIND_RULES, may, roleOf } from '../roles/permissions';
import { TranslationsService, type TranslationState } from '../translations/translations.service';
import { RESERVED_SEGMENTS, reservedAddress } from '../site/site-routes';
import { CreatePageDto } from './dto/create-page.dto';
import type { UpdatePageDto } from './dto/update-page.dto';
import { Page } from './page.entity';

/** A search answers at most this many pages, newest first, in one unpaged list. */
export const SEARCH_LIMIT = 100;
const MAX_TITLE_LENGTH = 200;

/** What a visitor may see: published and due (the content-kind registry's publicPaths says the same in code). */
export const VISIBLE = `page.status = 'published' AND (page.publish_at IS NULL OR page.publish_at <= now())`;

/** What a public address leads to: the page, the address it moved to, or nothing. */
export type PublicPage = { page: Page } | { movedTo: string } | null;

/** A page as the API answers it: with its working copy's flag. */
export type PageReply = Page & { hasDraft: boolean };

/** A page in the admin list: with its translations' states too. */
export type PageListReply = PageReply & { translations: TranslationState[] };

/** A page a menu or the settings may link: its address, and whether a visitor may see it now. */
export interface PageLink {
  id: string;
  title: string;
  slug: string;
  available: boolean;
}

type SaveOptions = Partial<ApplyOptions>;

function editReason(oldPaths: string[], newPaths: string[]): RevisionReason {
  const change = editChange(oldPaths, newPaths);
  return change === 'published' || change === 'unpublished' ? change : 'saved';
}

function plainFields(dto: UpdatePageDto) {
  const { title, description, body, photoAlt, status } = dto;
  const publishAt = dto.publishAt === undefined ? undefined : dto.publishAt ? new Date(dto.publishAt) : null;
  return { title, description, body, photoAlt: photoAlt === '' ? null : photoAlt, status, publishAt };
}

/**
 * The company's own pages (issue #37): as NewsService does for articles (addresses kept for 301s,
 * revisions and working copies, photos through NewsPhotos, the trash, activity and content
 * events), at the site's top level, so a slug the site's route table or the app uses is refused.
 */
@Injectable()
export class PagesService implements ItemEditor {
  readonly kind = 'pages' as const;
  readonly createDto = CreatePageDto;

  constructor(
    @InjectRepository(Page) private readonly repository: Repository<Page>,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly photos: NewsPhotos,
    private readonly events: ContentEvents,
    private readonly revisions: RevisionsService,
    private readonly translations: TranslationsService,
  ) {}

  private async withDrafts(rows: Page[]): Promise<PageReply[]> {
    const drafts = await this.revisions.withDrafts(
      'pages',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, hasDraft: drafts.has(row.id) }));
  }

  private newestFirst() {
    // pages_created_at_id_idx (partial: WHERE deleted_at IS NULL, which TypeORM adds for Page).
    return this.repository.createQueryBuilder('page').orderBy('page.createdAt', 'DESC').addOrderBy('page.id', 'DESC');
  }

  /** How many live pages, counted up to 1,000 (the dashboard). */
  count(): Promise<BoundedCount> {
    return boundedCount(this.repository.createQueryBuilder('page'));
  }

  /** The list's rows with `hasDraft` and their translations' states. */
  private async listed(rows: Page[]): Promise<PageListReply[]> {
    const [replies, states] = await Promise.all([this.withDrafts(rows), this.translations.states('pages', rows)]);
    return replies.map((row) => ({ ...row, translations: states.get(row.id) ?? [] }));
  }

  /** The admin list's order, narrowed to the pages that need translating (`needsTranslation`) when asked. */
  private async listedQuery(needsTranslation: string | null) {
    const query = this.newestFirst();
    return needsTranslation === null ? query : this.translations.needing(query, 'page', 'pages', needsTranslation);
  }

  /** A page of the pages, newest first (those that need translating, with `needsTranslation`: a language's code or `any`). */
  async list(page: number, needsTranslation: string | null = null): Promise<Paged<PageListReply>> {
    const paged = await paginate(await this.listedQuery(needsTranslation), page, this.config.pageSize);
    return { ...paged, data: await this.listed(paged.data) };
  }

  async search(text: string, needsTranslation: string | null = null): Promise<Paged<PageListReply>> {
    const meta = { page: 1, pageSize: SEARCH_LIMIT };
    if (text.length > MAX_TITLE_LENGTH || text.includes('\u0000')) return { data: [], links: { ...NO_LINKS }, meta };
    const data = await (
      await this.listedQuery(needsTranslation)
    )
      .andWhere(`page.title ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(text) })
      .limit(SEARCH_LIMIT)
      .getMany();
    return { data: await this.listed(data), links: { ...NO_LINKS }, meta };
  }

  async findOne(id: string): Promise<PageReply> {
    const [reply] = await this.withDrafts([await findOneOr404(this.repository, id, 'Page')]);
    return reply;
  }

  /** Every page a visitor sees: id, slug and last change (the sitemap). */
  listForSitemap(): Promise<{ id: string; slug: string; updatedAt: Date }[]> {
    return this.newestFirst().select(['page.id', 'page.slug', 'page.updatedAt']).where(VISIBLE).getMany();
  }

  /**
   * `/<slug>`: the page (when a visitor may see it, or `all` for an administrator's preview); an
   * earlier slug moves to the current one.
   */
  async findPublic(slug: string, all = false): Promise<PublicPage> {
    const visible = (query: ReturnType<typeof this.newestFirst>) => (all ? query : query.andWhere(VISIBLE));
    const page = await visible(this.newestFirst().where('page.slug = :slug', { slug })).getOne();
    if (page) return { page };
    const moved = await visible(
      this.newestFirst().innerJoin('page_old_slugs', 'old', 'old.page_id = page.id').where('old.slug = :slug', { slug }),
    ).getOne();
    return moved ? { movedTo: moved.slug } : null;
  }

  /**
   * `/<lang>/<slug>` (issue #41): the page whose translation into `lang` has this address, in its
   * text (a visitor's: the translation published and due, and the page itself public; `all`: an
   * administrator's preview). No earlier addresses: a translation's old one is not found.
   */
  async findPublicIn(lang: string, slug: string, all = false): Promise<{ page: Page } | null> {
    const id = await this.translations.itemAt('pages', lang, slug, all);
    if (id === null) return null;
    const query = this.newestFirst().where('page.id = :id', { id });
    const found = await (all ? query : this.translations.publishedIn(query.andWhere(VISIBLE), 'page', 'pages', lang)).getOne();
    if (!found) return null;
    const [page] = await this.translations.overlay('pages', lang, [found], all);
    return page === found ? null : { page };
  }

  /**
   * The pages of `links` as `lang` has them (issue #41): each published translation's title and
   * address; a page without one is left out.
   */
  async linksIn(lang: string, links: ReadonlyMap<string, PageLink>): Promise<Map<string, PageLink>> {
    const rows = [...links.values()];
    const translated = await this.translations.overlay('pages', lang, rows);
    return new Map(
      translated.flatMap((link, index) =>
        link === rows[index] ? [] : [[link.id, { ...rows[index], title: link.title, slug: link.slug }] as const],
      ),
    );
  }

  /** The page as its working copy has it (an administrator's preview only), or null when it has none. */
  async workingCopy(page: Page): Promise<Page | null> {
    const snapshot = await this.revisions.draftSnapshot('pages', page.id);
    if (!snapshot) return null;
    const photo = (snapshot.photo as string | null | undefined) ?? null;
    const text = (field: 'title' | 'description' | 'body') => (typeof snapshot[field] === 'string' ? snapshot[field] : page[field]);
    return {
      ...page,
      title: text('title'),
      description: text('description'),
      body: text('body'),
      photoAlt: (snapshot.photoAlt as string | null | undefined) ?? null,
      ...(photo === page.photo ? {} : { photo, photoWidth: null, photoHeight: null }),
    };
  }

  /**
   * The pages named by `ids` that exist (the trash left out), with their addresses and whether a
   * visitor may see them now: what the menus and the law's links are made of, in one query.
   */
  async links(ids: readonly string[]): Promise<Map<string, PageLink>> {
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const rows: PageLink[] = await this.dataSource.query(
      `SELECT id, title, slug, (status = 'published' AND (publish_at IS NULL OR publish_at <= now())) AS available
         FROM pages WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [wanted],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  async create(dto: CreatePageDto, by: Actor): Promise<PageReply> {
    const refusal = editRefusal(roleOf(by), KIND_RULES.pages, by.admin.id, null, dto);
    if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
    // Who may not publish saves a draft, whatever the form's default (an editor publishes it after review).
    const status = may(roleOf(by), KIND_RULES.pages.publish) ? dto.status : 'draft';
    const id = await this.dataSource.transaction(async (manager) => {
      const fields = { ...plainFields(dto), status };
      const photo = dto.photo ? await this.photos.claim(manager, null, dto.photo, 'pages') : undefined;
      const slug = await this.freeSlug(manager, dto.slug || slugOf(dto.title), !dto.slug, null);
      const saved = await manager.save(
        manager.create(Page, {
          ...fields,
          slug,
          createdBy: by.admin.id,
          photo: photo?.photo ?? null,
          photoWidth: photo?.photoWidth ?? null,
          photoHeight: photo?.photoHeight ?? null,
        }),
      );
      const { seq } = await this.revisions.record(manager, {
        kind: 'pages',
        id: saved.id,
        reason: 'created',
        snapshot: snapshotOf('pages', saved),
        changed: [],
        by,
      });
      await this.activity.record(manager, { by, action: 'create', kind: 'pages', itemId: saved.id, label: saved.title, seq });
      await this.events.raise(manager, {
        kind: 'pages',
        id: saved.id,
        oldPaths: [],
        newPaths: publicPaths('pages', saved),
        change: 'created',
      });
      return saved.id;
    });
    return this.findOne(id);
  }

  async update(id: string, dto: UpdatePageDto, by: Actor, ifMatch?: number): Promise<PageReply> {
    await this.photos.removeUnreferenced(this.dataSource.manager, await this.save(id, dto, by, undefined, { ifMatch }));
    return this.findOne(id);
  }

  async applySnapshot(id: string, snapshot: Snapshot, by: Actor, options: ApplyOptions): Promise<PageReply> {
    const dto = { ...snapshot, photoAlt: snapshot.photoAlt ?? null, publishAt: snapshot.publishAt ?? null } as UpdatePageDto;
    await this.photos.removeUnreferenced(this.dataSource.manager, await this.save(id, dto, by, undefined, options));
    return this.findOne(id);
  }

  removeFiles(paths: readonly string[]): Promise<void> {
    return this.photos.removeUnreferenced(this.dataSource.manager, paths);
  }

  /** A working copy may name the page's own photo, one its revisions or working copy name, or a fresh upload. */
  async checkDraft(manager: EntityManager, id: string, snapshot: Snapshot, before: Snapshot | null): Promise<void> {
    const photo = snapshot.photo;
    if (typeof photo !== 'string' || photo === before?.photo) return;
    const named: unknown[] = await manager.query(
      `SELECT 1 FROM pages WHERE id = $1 AND photo = $2
       UNION ALL SELECT 1 FROM revisions WHERE kind = 'pages' AND item_id = $1 AND files @> ARRAY[$2]
       UNION ALL SELECT 1 FROM drafts WHERE kind = 'pages' AND item_id = $1 AND files @> ARRAY[$2] LIMIT 1`,
      [id, photo],
    );
    if (named.length === 0) await this.photos.claim(manager, id, photo, 'pages');
  }

  /** As NewsService's save: the change, its revision, activity entry and content event in one transaction holding the row. */
  private save(id: string, dto: UpdatePageDto, by: Actor, stored?: UploadedPhoto, options: SaveOptions = {}): Promise<(string | null)[]> {
    return this.revisions.guard(
      'pages',
      id,
      () => this.findOne(id),
      () =>
        this.dataSource.transaction(async (manager) => {
          const before = isUuid(id) ? await manager.findOne(Page, { where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
          if (!before) throw notFound('Page');
          // The rules a guard cannot see (issue #39): an author changes their own unpublished pages, never live.
          const refusal = options.reason
            ? editRefusal(roleOf(by), KIND_RULES.pages, by.admin.id, { createdBy: null }, {})
            : editRefusal(roleOf(by), KIND_RULES.pages, by.admin.id, before, dto);
          if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
          this.revisions.checkVersion(before.version, options.ifMatch);
          const fields = await updateOr404(manager.getRepository(Page), id, plainFields(dto), 'Page');
          if (dto.slug !== undefined && (await this.moveSlug(manager, id, dto.slug))) fields.push('slug');
          const named =
            options.reason && dto.photo && dto.photo !== before.photo ? await this.photos.reclaim(manager, id, dto.photo, 'pages') : stored;
          const photo = dto.photo === undefined ? undefined : await this.photos.setPhoto(manager, id, dto.photo, named, 'pages');
          if (photo) fields.push('photo');
          await options.within?.(manager);
          // Published by an editor (made live, or its working copy published): the review is over.
          const published = options.reason === 'published' || (before.status !== 'published' && dto.status === 'published');
          if (published && before.review !== null) await manager.update(Page, { id }, { review: null, reviewNote: null });
          if (fields.length === 0 && options.reason !== 'restored') return [];
          const after = await manager.findOneByOrFail(Page, { id });
          await this.revisions.bumpVersion(manager, 'pages', id, before.version);
          const oldPaths = publicPaths('pages', before);
          const newPaths = publicPaths('pages', after);
          const revision = await this.revisions.recordChange(manager, {
            kind: 'pages',
            id,
            reason: options.reason ?? editReason(oldPaths, newPaths),
            before: snapshotOf('pages', before),
            snapshot: snapshotOf('pages', after),
            by,
            restoredFrom: options.restoredFrom,
          });
          if (fields.length > 0 || options.reason === 'restored') {
            const action = options.reason === 'restored' ? 'restore-revision' : 'edit';
            await this.activity.record(manager, { by, action, kind: 'pages', itemId: id, label: after.title, fields, seq: revision?.seq });
            await this.events.raise(manager, { kind: 'pages', id, oldPaths, newPaths, change: editChange(oldPaths, newPaths) });
          }
          return [photo?.previous ?? null, ...(revision?.dropped ?? [])];
        }),
    );
  }

  /**
   * The slug to take: `wanted` when no page has it now or had it before (`own` excepted) and the
   * site does not use it itself (RESERVED_SEGMENTS, the route table's first segments); else, when
   * `suffix` (made from the title), the first free `wanted-2`…, and when not (typed by hand) a
   * field error: 400 for a reserved one, 409 for one another page holds. Serialized by a
   * transaction lock, so two pages with one title get `x` and `x-2`.
   */
  private async freeSlug(manager: EntityManager, wanted: string, suffix: boolean, own: string | null): Promise<string> {
    // The other languages' prefixes (issue #41: `/de/…`) are the site's too, enabled or not yet.
    const [{ codes }] = await manager.query<{ codes: string[] }[]>(
      `SELECT coalesce(array_agg(lower(l->>'code')), '{}') AS codes
         FROM site_settings, jsonb_array_elements(languages) l WHERE id = 1 AND NOT (l->>'default')::boolean`,
    );
    const refusal = suffix ? null : reservedAddress(wanted, codes);
    if (refusal) throw ApiError.field('slug', refusal);
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('page slugs'))`);
    const rows: { slug: string }[] = await manager.query(
      `SELECT slug FROM pages WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3
       UNION SELECT slug FROM page_old_slugs WHERE (slug = $1 OR slug LIKE $2) AND page_id IS DISTINCT FROM $3`,
      [wanted, `${wanted}-%`, own],
    );
    const taken = new Set(rows.map((row) => row.slug));
    if (!suffix && taken.has(wanted))
      throw ApiError.fields(HttpStatus.CONFLICT, { slug: { msg: 'Another page already has this address' } });
    return firstFree(wanted, new Set([...taken, ...RESERVED_SEGMENTS, ...codes]));
  }

  /** Gives the page the slug asked for (blank: made from its title), keeping the old one in page_old_slugs for its 301. */
  private async moveSlug(manager: EntityManager, id: string, asked: string | null): Promise<boolean> {
    const row = await manager.findOne(Page, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw notFound('Page');
    const { slug: current, title } = row;
    const wanted = asked || slugOf(title);
    if (wanted === current) return false;
    const slug = await this.freeSlug(manager, wanted, !asked, id);
    if (slug === current) return false;
    await manager.query(`DELETE FROM page_old_slugs WHERE slug = $1`, [slug]);
    await manager.query(`INSERT INTO page_old_slugs (slug, page_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [current, id]);
    await manager.update(Page, { id }, { slug });
    return true;
  }

  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const page = await softDeleteOr404(manager.getRepository(Page), id, 'Page', by.admin.id);
      await this.activity.record(manager, { by, action: 'delete', kind: 'pages', itemId: id, label: page.title });
      await this.events.raise(manager, { kind: 'pages', id, oldPaths: publicPaths('pages', page), newPaths: [], change: 'deleted' });
      return { id };
    });
  }

  removeMany(ids: string[], by: Actor): Promise<{ ids: string[] }> {
    const distinct = distinctIds(ids);
    return this.dataSource.transaction(async (manager) => {
      const rows = await softDeleteManyOr404(manager.getRepository(Page), distinct, { label: 'title', resource: 'Page' }, by.admin.id);
      await this.activity.recordMany(
        manager,
        rows.map((row) => ({ by, action: 'delete', kind: 'pages', itemId: row.id, label: row.label })),
      );
      const pages = await manager.find(Page, {
        where: { id: In(rows.map((row) => row.id)) },
        withDeleted: true,
        select: { id: true, slug: true, status: true, publishAt: true },
      });
      await this.events.raise(
        manager,
        ...pages.map((page) => ({
          kind: 'pages' as const,
          id: page.id,
          oldPaths: publicPaths('pages', page),
          newPaths: [],
          change: 'deleted' as const,
        })),
      );
      return { ids: rows.map((row) => row.id) };
    });
  }
}
