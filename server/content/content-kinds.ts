import type { ObjectLiteral } from 'typeorm';
import { ContactMessage } from '../contact-us/contact-message.entity';
import { News } from '../news/news.entity';
import { Page } from '../pages/page.entity';
import { Service } from '../services/service.entity';
import { SiteSettingsRow } from '../settings/site-settings.entity';
import { CACHE_TAGS, SITE_PATHS } from '../site/site-paths';

/**
 * Every public page at once: what a change to the whole site's look (the settings) touches. The
 * wildcard CDNs take for "everything" (CloudFront's invalidation path, for one).
 */
export const EVERY_PUBLIC_PAGE = '/*';

/** A row as the registry reads it: the entity's fields, and whether it is in the trash (`deletedAt` is not selected unless asked for). */
type RowOf<Entity> = Entity & { deletedAt?: Date | null };

interface KindDefinition<Entity extends ObjectLiteral> {
  entity: new () => Entity;
  /** Its table, for the trash's raw SQL. */
  table: string;
  /**
   * The column an item is named by in the trash and the activity log (its name in SQL is the
   * same: the trash's list reads it raw), or null for a kind of one row, whose entries name the
   * screen instead.
   */
  label: (keyof Entity & string) | null;
  /** Its 404's resource name: "News not found". */
  resource: string;
  /** Its reply's schema in the OpenAPI document (the trash's restore answers the item as its own resource does). */
  schema: string;
  /** Deleting moves it to the trash (a deleted_at and deleted_by column), whence it is restored or purged. */
  trashable: boolean;
  /**
   * Columns naming stored photos the row owns (public paths, named alike in SQL): removed, every
   * size with them (PhotoStorage.remove), once the row is deleted for good, and kept by the orphan
   * sweep while a row names them.
   */
  files: readonly (keyof Entity & string)[];
  /**
   * The public site's paths the row appears on at `now` (none while it is a draft, not yet due or
   * in the trash). A paged list is named by its first page's path and stands for all its pages.
   */
  publicPaths(row: RowOf<Entity>, now: Date): string[];
  /**
   * The cache tags a change to the item (by id) purges at a CDN: the same names the public pages
   * carry for what they show (SITE_ROUTES' `tags`). None for a kind no public page shows.
   */
  cacheTags(id: string | null): string[];
  /**
   * The editable fields a revision snapshots (issue #36): every create, save, publish, unpublish
   * and restore keeps them whole (server/revisions/). Empty: the kind keeps no history (contact
   * messages are never edited).
   */
  revisable: readonly (keyof Entity & string)[];
  /** Whether an item may have a working copy (PUT …/draft) that the public never sees. */
  drafts: boolean;
  /**
   * The text fields a translation of an item has (issue #41: `/api/{kind}/:id/translations`); the
   * rest (photos, dates) are shared by every language. Empty: the kind is not translated.
   */
  translatable: readonly (keyof Entity & string)[];
  /** The translatable field that is an address (`/de/news/<slug>`), unique per language; null: none. */
  translatedSlug: (keyof Entity & string) | null;
  /**
   * Its address is a first path segment (`/<slug>`, `/de/<slug>`): one the site's routes or the
   * app take (RESERVED_SEGMENTS) or a language's prefix is refused in every language.
   */
  topLevel: boolean;
}

/** A kind's definition, its columns checked against its entity's fields and its trashability kept as a type. */
function kind<Entity extends ObjectLiteral, Trashable extends boolean>(
  definition: KindDefinition<Entity> & { trashable: Trashable },
): KindDefinition<Entity> & { trashable: Trashable } {
  return definition;
}

const inTrash = (row: { deletedAt?: Date | null }) => row.deletedAt != null;

/** An article (or a page) is public once published and due, as news.service.ts's VISIBLE says in SQL. */
function isPublicArticle(row: RowOf<Pick<News, 'status' | 'publishAt'>>, now: Date): boolean {
  // publishAt is a Date from an entity, a string from a raw row or a NOTIFY payload.
  return !inTrash(row) && row.status === 'published' && (row.publishAt == null || new Date(row.publishAt).getTime() <= now.getTime());
}

/**
 * The kinds of content administrators manage, named as the API names them (`kind` in the trash and
 * the activity log), in the order the trash locks rows in. A new kind is declared here once; the
 * trash, the activity log and the client's names (client/src/lib/content-kinds.ts, keyed by the
 * API's enum) follow from it.
 */
const KINDS = {
  services: kind({
    entity: Service,
    table: 'services',
    label: 'title',
    resource: 'Service',
    schema: 'Service',
    trashable: true,
    files: [],
    revisable: ['title', 'about'],
    drafts: true,
    translatable: ['title', 'about'],
    translatedSlug: null,
    topLevel: false,
    // The home page shows the newest services.
    publicPaths: (row) => (inTrash(row) ? [] : [SITE_PATHS.services, SITE_PATHS.home]),
    cacheTags: () => [CACHE_TAGS.services],
  }),
  news: kind({
    entity: News,
    table: 'news',
    label: 'title',
    resource: 'News',
    schema: 'News',
    trashable: true,
    files: ['photo'],
    revisable: ['title', 'slug', 'description', 'about', 'photo', 'photoAlt', 'status', 'publishAt'],
    drafts: true,
    translatable: ['title', 'slug', 'description', 'about', 'photoAlt'],
    translatedSlug: 'slug',
    topLevel: false,
    // The home page shows the newest articles; the feed and the sitemap list them.
    publicPaths: (row, now) =>
      isPublicArticle(row, now)
        ? [SITE_PATHS.article(row.slug), SITE_PATHS.news, SITE_PATHS.home, SITE_PATHS.feed, SITE_PATHS.sitemap]
        : [],
    // The lists (home, news, feed, sitemap) and the article's own page, by id: its slug may change.
    cacheTags: (id) => [CACHE_TAGS.news, ...(id ? [CACHE_TAGS.article(id)] : [])],
  }),
  pages: kind({
    entity: Page,
    table: 'pages',
    label: 'title',
    resource: 'Page',
    schema: 'Page',
    trashable: true,
    files: ['photo'],
    revisable: ['title', 'slug', 'description', 'body', 'photo', 'photoAlt', 'status', 'publishAt'],
    drafts: true,
    // Each language its own address (`/de/<slug>`, issue #41); the photo and its size are shared.
    translatable: ['title', 'slug', 'description', 'body', 'photoAlt'],
    translatedSlug: 'slug',
    topLevel: true,
    // Its own address and the sitemap; and every page, whose header and footer may link it (the
    // menus and the law's pages leave out a page no visitor may see, so a change of its title,
    // address or visibility changes them).
    publicPaths: (row, now) => (isPublicArticle(row, now) ? [SITE_PATHS.page(row.slug), SITE_PATHS.sitemap, EVERY_PUBLIC_PAGE] : []),
    // Every page carries `site`: the menus on every page may name this one (see publicPaths).
    cacheTags: (id) => [CACHE_TAGS.site, CACHE_TAGS.pages, ...(id ? [CACHE_TAGS.page(id)] : [])],
  }),
  contactus: kind({
    entity: ContactMessage,
    table: 'contact_messages',
    label: 'name',
    resource: 'Message',
    schema: 'ContactMessage',
    trashable: true,
    files: [],
    revisable: [],
    drafts: false,
    translatable: [],
    translatedSlug: null,
    topLevel: false,
    // Visitors' messages are read in the office only.
    publicPaths: () => [],
    cacheTags: () => [],
  }),
  settings: kind({
    entity: SiteSettingsRow,
    table: 'site_settings',
    label: null,
    resource: 'Settings',
    schema: 'SiteSettings',
    trashable: false,
    files: ['logo'],
    // The logo has its own upload (server/news/logo.controller.ts) and is not part of a revision.
    revisable: ['maintenance', 'companyName', 'tagline', 'email', 'phone', 'accentColor'],
    drafts: false,
    // The company's name and tagline are translated on the settings' row (/api/settings/translations/:lang).
    translatable: [],
    translatedSlug: null,
    topLevel: false,
    // The company's name, logo, colours and the maintenance switch are on every page.
    publicPaths: () => [EVERY_PUBLIC_PAGE],
    cacheTags: () => [CACHE_TAGS.site],
  }),
};

export type ContentKind = keyof typeof KINDS;
export const CONTENT_KINDS = Object.keys(KINDS) as readonly ContentKind[];
/** Each kind's definition, read without its entity's own types. */
const DEFINITIONS: Record<ContentKind, KindDefinition<ObjectLiteral>> = KINDS;

/** What goes to the trash: the trashable kinds, in CONTENT_KINDS' order. */
export type TrashKind = { [K in ContentKind]: (typeof KINDS)[K]['trashable'] extends true ? K : never }[ContentKind];
export const TRASH_KINDS = CONTENT_KINDS.filter((name) => DEFINITIONS[name].trashable) as readonly TrashKind[];

/** A kind's definition (entity, table, label column, resource name, trashability, files, public paths). */
export function contentKind(name: ContentKind): Readonly<KindDefinition<ObjectLiteral>> {
  return DEFINITIONS[name];
}

/** A trashable kind's definition, its label a column (the trash's list reads it raw). */
export function trashKind(name: TrashKind): Readonly<KindDefinition<ObjectLiteral>> & { label: string } {
  const definition = DEFINITIONS[name];
  if (definition.label === null) throw new Error(`${name} is in the trash but has no label column`);
  return { ...definition, label: definition.label };
}

/** Whether `name` is a kind the trash holds (a path's `:kind`, a bulk item's `kind`). */
export function isTrashKind(name: string): name is TrashKind {
  return (TRASH_KINDS as readonly string[]).includes(name);
}

/** What the trash and the activity log name the row by: its label column's value, or null for a kind of one row. */
export function labelOf(name: ContentKind, row: ObjectLiteral): string | null {
  const { label } = DEFINITIONS[name];
  return label === null ? null : (row[label] as string);
}

/** The stored photos the row owns (public paths), for removing them once it is deleted for good. */
export function ownedFiles(name: ContentKind, row: ObjectLiteral): string[] {
  return DEFINITIONS[name].files.map((column) => row[column] as string | null | undefined).filter((path): path is string => !!path);
}

/** The public site's paths the row appears on at `now`: none while hidden, in the trash or gone (null), every page for the settings. */
export function publicPaths(name: ContentKind, row: ObjectLiteral | null, now = new Date()): string[] {
  return row ? DEFINITIONS[name].publicPaths(row, now) : [];
}

/** The cache tags a change to an item of kind `name` purges (none for a kind no public page shows). */
export function cacheTags(name: ContentKind, id: string | null): string[] {
  return DEFINITIONS[name].cacheTags(id);
}

/** "services, news or contactus": a list of kinds as a validation message says it. */
export function kindList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The kinds that keep revisions (issue #36). */
export type RevisionKind = 'services' | 'news' | 'pages' | 'settings';
export const REVISION_KINDS = CONTENT_KINDS.filter((name) => DEFINITIONS[name].revisable.length > 0) as readonly RevisionKind[];

/** The kinds whose items have working copies and a history route of their own (`/api/{kind}/:id/…`). */
export type DraftKind = Exclude<RevisionKind, 'settings'>;
export const DRAFT_KINDS = CONTENT_KINDS.filter((name) => DEFINITIONS[name].drafts) as readonly DraftKind[];

/** A revision's or a working copy's fields, as JSON holds them (a time as its ISO text). */
export type Snapshot = Record<string, unknown>;

/** The revisable fields of a row (or of a partial change: the fields it has), times as ISO text. */
export function snapshotOf(name: ContentKind, row: ObjectLiteral): Snapshot {
  const snapshot: Snapshot = {};
  for (const field of DEFINITIONS[name].revisable) {
    const value: unknown = row[field];
    if (value !== undefined) snapshot[field] = value instanceof Date ? value.toISOString() : value;
  }
  return snapshot;
}

/** The stored photos a snapshot names (the kind's file columns among its fields). */
export function snapshotFiles(name: ContentKind, snapshot: Snapshot): string[] {
  return DEFINITIONS[name].files.map((field) => snapshot[field]).filter((path): path is string => typeof path === 'string' && path !== '');
}

/** The revisable fields whose values differ between two snapshots (a field missing from `before` counts as changed). */
export function changedFields(name: ContentKind, before: Snapshot | null, after: Snapshot): string[] {
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return DEFINITIONS[name].revisable.filter((field) => !before || !same(before[field], after[field]));
}

/** The kinds whose items have translations (issue #41), each under `/api/{kind}/:id/translations`. */
export type TranslationKind = 'services' | 'news' | 'pages';
export const TRANSLATION_KINDS = CONTENT_KINDS.filter((name) => DEFINITIONS[name].translatable.length > 0) as readonly TranslationKind[];

/** A kind's translatable fields, its address field (null: none), and whether that address is a first path segment. */
export function translatable(name: TranslationKind): { fields: readonly string[]; slug: string | null; topLevel: boolean } {
  const { translatable: fields, translatedSlug: slug, topLevel } = DEFINITIONS[name];
  return { fields, slug, topLevel };
}

/**
 * The default-language text a translation is made from: the translatable fields but the address
 * (a new address alone leaves the translation's text as current as it was).
 */
export function translationSource(name: TranslationKind, row: ObjectLiteral): Snapshot {
  const { fields, slug } = translatable(name);
  return Object.fromEntries(fields.filter((field) => field !== slug).map((field) => [field, (row[field] as unknown) ?? null]));
}
