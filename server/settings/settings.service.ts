import { randomUUID } from 'node:crypto';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ContentEvents, type ContentChange } from '../content/events/content-events.service';
import type { Actor } from '../common/actor.decorator';
import { snapshotOf } from '../content/content-kinds';
import { RevisionsService, SETTINGS_ITEM, type RevisionReason } from '../revisions/revisions.service';
import { ApiError, type FieldErrors } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import {
  MAX_LABEL_LENGTH,
  type NavItem,
  type NavItemReply,
  type Navigation,
  type NavigationDto,
  type NavigationReply,
  type NavTarget,
  type PageState,
} from './dto/navigation.dto';
import { wordsFallBack } from '../site/site-paths';
import {
  canonicalCode,
  type LanguageDto,
  type LanguagesReply,
  type MenuLabels,
  type SiteTranslationDto,
  type SiteTranslationReply,
  type TextDirection,
} from './dto/languages.dto';
import { SiteSettings, type SiteSettingsDto, type UpdateSettingsDto } from './dto/update-settings.dto';
import { SiteSettingsRow } from './site-settings.entity';

/** The reply class too (the logo's routes, server/news/logo.controller.ts, answer it). */
export { SiteSettings };

/** One of the site's languages (issue #41), as stored on the settings' row. */
export interface SiteLanguage {
  code: string;
  name: string;
  dir: TextDirection;
  enabled: boolean;
  default: boolean;
}

/** The company's name and tagline in one language, and the default-language ones they were translated from. */
export interface SiteTranslation {
  companyName: string;
  tagline: string;
  source: { companyName: string; tagline: string };
  /** The menus' labels by menu item id, each with the default-language label it translates (absent: none yet). */
  menuLabels?: Record<string, { label: string; source: string }>;
}

/** The settings and their version, which moves on every change (a cache key for what is built from them). */
export interface VersionedSettings {
  settings: SiteSettings;
  version: number;
  /** The site's languages, the default first. */
  languages: SiteLanguage[];
  /** The company's name and tagline by language code. */
  translations: Record<string, SiteTranslation>;
}

/**
 * How old this replica's copy may grow before a reader fetches it again. A change made on another
 * replica shows here within this time plus one read, well inside the 2 seconds promised.
 */
export const SETTINGS_FRESH_MS = 1000;

/** The settings show on every public page (and the maintenance switch decides whether there are any). */
const SETTINGS_CHANGE: ContentChange = { kind: 'settings', id: null, oldPaths: [], newPaths: [], change: 'settings' };

const FIELDS = ['maintenance', 'companyName', 'tagline', 'email', 'phone', 'accentColor', 'privacyPage', 'legalNoticePage'] as const;
/** The settings that name a page (issue #37): each must name one that exists and is not in the trash. */
const PAGE_FIELDS = ['privacyPage', 'legalNoticePage'] as const;
const SELECT_SQL = `
  SELECT maintenance, company_name AS "companyName", tagline, email, phone, accent_color AS "accentColor", logo,
         privacy_page AS "privacyPage", legal_notice_page AS "legalNoticePage", version, updated_at AS "updatedAt",
         languages, translations AS "siteTranslations"
    FROM site_settings WHERE id = 1`;

/** Where each page a menu names stands (the trash too), in one query: a page gone for good is in no row. */
const PAGE_STATES_SQL = `
  SELECT id, title, slug,
         CASE WHEN deleted_at IS NOT NULL THEN 'trash' WHEN status = 'draft' THEN 'draft'
              WHEN publish_at > now() THEN 'scheduled' ELSE 'published' END AS state
    FROM pages WHERE id = ANY($1::uuid[])`;

type Row = SiteSettings & { languages: SiteLanguage[]; siteTranslations: Record<string, SiteTranslation> };

/** A target as stored: its kind's own fields only (an id in lower case, as PostgreSQL writes a UUID). */
function targetOf(target: { kind: NavTarget['kind']; id?: string; url?: string }): NavTarget {
  if (target.kind === 'page') return { kind: 'page', id: target.id!.toLowerCase() };
  if (target.kind === 'url') return { kind: 'url', url: target.url! };
  return { kind: target.kind };
}

/** The default language first, then the others as listed. */
function defaultFirst(languages: SiteLanguage[]): SiteLanguage[] {
  return [...languages.filter((language) => language.default), ...languages.filter((language) => !language.default)];
}

function versioned({ languages, siteTranslations, ...settings }: Row): VersionedSettings {
  return { settings, version: settings.version, languages: defaultFirst(languages), translations: siteTranslations };
}

/** The languages as the API answers them: whether each falls back to English for the site's fixed words. */
function languagesReply(languages: SiteLanguage[]): LanguagesReply {
  return { languages: languages.map((language) => ({ ...language, fallback: wordsFallBack(language.code) })) };
}

/**
 * The languages as they are to be stored, or the 400: canonical codes, each once, exactly one
 * default, and that one enabled.
 */
function checkedLanguages(dtos: LanguageDto[]): SiteLanguage[] {
  const languages = dtos.map(({ code, name, dir, enabled, default: isDefault }) => ({
    code: canonicalCode(code)!,
    name,
    dir,
    enabled,
    default: isDefault,
  }));
  const seen = new Set<string>();
  for (const [index, { code }] of languages.entries()) {
    if (seen.has(code.toLowerCase())) throw ApiError.field(`languages.${index}.code`, 'Another language already has this code');
    seen.add(code.toLowerCase());
  }
  const defaults = languages.filter((language) => language.default);
  if (defaults.length !== 1) throw ApiError.field('languages', 'Exactly one language must be the default');
  if (!defaults[0].enabled)
    throw ApiError.field(`languages.${languages.indexOf(defaults[0])}.enabled`, 'The default language must be enabled');
  return defaultFirst(languages);
}

/** Each menu item's id once over both menus (an item sent twice would share its translated labels), else a 400 on the second. */
function checkItemIds(navigation: Navigation): void {
  const seen = new Set<string>();
  for (const menu of ['header', 'footer'] as const)
    for (const [index, { id }] of navigation[menu].entries()) {
      if (seen.has(id)) throw ApiError.field(`${menu}.${index}.id`, 'Another menu item has this id');
      seen.add(id);
    }
}

/** The typed menu labels, trimmed, or the 400 on `menuLabels.<id>` of each that cannot be stored. */
function checkedMenuLabels(labels: MenuLabels): MenuLabels {
  const errors: FieldErrors = {};
  const checked: MenuLabels = {};
  for (const [id, typed] of Object.entries(labels)) {
    const label = typed.trim();
    if (label.length > MAX_LABEL_LENGTH) errors[`menuLabels.${id}`] = { msg: `Label must be at most ${MAX_LABEL_LENGTH} characters` };
    else if (!isWellFormed(label)) errors[`menuLabels.${id}`] = { msg: 'Label must be valid Unicode text without NUL characters' };
    else checked[id.toLowerCase()] = label;
  }
  if (Object.keys(errors).length > 0) throw ApiError.fields(HttpStatus.BAD_REQUEST, errors);
  return checked;
}

/** Text PostgreSQL can store: no NUL, no lone surrogate. */
function isWellFormed(text: string): boolean {
  return !text.includes('\0') && /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/.test(text);
}

@Injectable()
export class SettingsService {
  private readonly logger = new Logger(SettingsService.name);
  private cached: { value: VersionedSettings; readAt: number } | undefined;
  private reading: Promise<VersionedSettings> | undefined;

  constructor(
    @InjectRepository(SiteSettingsRow) private readonly rows: Repository<SiteSettingsRow>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly events: ContentEvents,
    private readonly revisions: RevisionsService,
  ) {}

  /**
   * The settings, at most SETTINGS_FRESH_MS old: one query a second per replica however many
   * requests ask, and concurrent readers share it. When the database cannot be read, the last
   * copy keeps serving (a site in maintenance stays in maintenance through an outage); with no
   * copy yet, the error goes to the caller.
   */
  async current(): Promise<VersionedSettings> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    const cached = this.cached;
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    try {
      return await this.reading;
    } catch (error) {
      if (!cached) throw error;
      this.logger.warn(`Settings could not be read; the copy from ${new Date(cached.readAt).toISOString()} serves: ${String(error)}`);
      return cached.value;
    }
  }

  /**
   * The per-replica copy while it is at most SETTINGS_FRESH_MS old, without waiting; undefined
   * when it is older (then `current()` reads it again). For what answers ahead of Express and may
   * not wait (CachedPageHandler): a request it cannot answer at once goes the long way.
   */
  fresh(): VersionedSettings | undefined {
    const cached = this.cached;
    return cached && Date.now() - cached.readAt < SETTINGS_FRESH_MS ? cached.value : undefined;
  }

  /** The settings read now, for the admin screen (never a cached copy). */
  async find(): Promise<SiteSettings> {
    return (await this.read()).settings;
  }

  /**
   * Applies the change and records which fields moved, in one transaction that holds the row, so
   * two admins saving at once are applied one after the other and each entry names its own fields.
   * `ifMatch` (the version the client read) stale: the 409. A change writes a revision; an
   * identical one writes nothing and keeps the version.
   */
  async update(dto: UpdateSettingsDto, by: Actor, ifMatch?: number): Promise<SiteSettings> {
    return this.save(dto, by, { ifMatch, reason: 'saved' });
  }

  /** Makes a revision's settings the live ones again (settings have no working copy), writing a `restored` revision. */
  async restore(seq: number, by: Actor, ifMatch?: number): Promise<SiteSettings> {
    const revision = await this.revisions.find('settings', SETTINGS_ITEM, seq);
    return this.save(snapshotOf('settings', revision.snapshot), by, {
      ifMatch,
      reason: 'restored',
      restoredFrom: seq,
    });
  }

  private async save(
    dto: UpdateSettingsDto,
    by: Actor,
    options: { ifMatch?: number; reason: RevisionReason; restoredFrom?: number },
  ): Promise<SiteSettings> {
    // The settings' revisions name no stored photo (the logo is not in them): nothing to remove.
    const row = await this.revisions.guard(
      'settings',
      SETTINGS_ITEM,
      () => this.find(),
      () =>
        this.dataSource.transaction(async (manager) => {
          const [before] = await manager.query<Row[]>(`${SELECT_SQL} FOR UPDATE`);
          this.revisions.checkVersion(before.version, options.ifMatch);
          const fields = FIELDS.filter((field) => dto[field] !== undefined && dto[field] !== before[field]);
          await this.checkPages(
            manager,
            PAGE_FIELDS.filter((field) => fields.includes(field)).map((field) => [field, dto[field] ?? null]),
          );
          const changes = Object.fromEntries(fields.map((field) => [field, dto[field]])) as Partial<SiteSettingsDto>;
          if (fields.length === 0) return before;
          await manager
            .getRepository(SiteSettingsRow)
            .update({ id: 1 }, { ...changes, version: () => 'version + 1', updatedAt: () => 'now()' });
          await this.events.raise(manager, SETTINGS_CHANGE);
          const [after] = await manager.query<Row[]>(SELECT_SQL);
          const revision = await this.revisions.recordChange(manager, {
            kind: 'settings',
            id: SETTINGS_ITEM,
            reason: options.reason,
            before: snapshotOf('settings', before),
            snapshot: snapshotOf('settings', after),
            by,
            restoredFrom: options.restoredFrom,
          });
          const action = options.reason === 'restored' ? 'restore-revision' : 'edit';
          await this.activity.record(manager, { by, action, kind: 'settings', label: 'Site settings', fields, seq: revision?.seq });
          return after;
        }),
    );
    // This replica sees its own change at once; the others within SETTINGS_FRESH_MS.
    this.cached = { value: versioned(row), readAt: Date.now() };
    return versioned(row).settings;
  }

  /** The site's languages, the default first (read now, for the admin screen). */
  async languages(): Promise<LanguagesReply> {
    return languagesReply((await this.read()).languages);
  }

  /**
   * Replaces the site's languages, in one transaction that holds the row; the settings' version
   * moves on (every page is rendered again) and every public page is purged. A language taken out
   * keeps its translations, unseen, for when it comes back.
   */
  async setLanguages(dtos: LanguageDto[], by: Actor): Promise<LanguagesReply> {
    const languages = checkedLanguages(dtos);
    await this.checkPageAddresses(languages);
    const row = await this.changeRow(by, ['languages'], (before) =>
      JSON.stringify(defaultFirst(before.languages)) === JSON.stringify(languages) ? null : { languages: JSON.stringify(languages) },
    );
    return languagesReply(versioned(row).languages);
  }

  /** A language's prefix (`/de/`) is no page's address (issue #37's pages at `/<slug>`, the trash's too), else a 409 on its code. */
  private async checkPageAddresses(languages: SiteLanguage[]): Promise<void> {
    const codes = languages.map((language) => (language.default ? null : language.code.toLowerCase()));
    const rows: { slug: string }[] = await this.dataSource.query(`SELECT slug FROM pages WHERE slug = ANY($1::text[])`, [
      codes.filter((code) => code !== null),
    ]);
    const errors: FieldErrors = {};
    for (const [index, code] of codes.entries())
      if (code !== null && rows.some((row) => row.slug === code))
        errors[`languages.${index}.code`] = { msg: 'A page has this address: change it first' };
    if (Object.keys(errors).length > 0) throw ApiError.fields(HttpStatus.CONFLICT, errors);
  }

  /** A language of the site other than the default (enabled or not), or the 404. */
  private async otherLanguage(lang: string): Promise<{ current: VersionedSettings; code: string }> {
    const current = await this.read();
    const language = current.languages.find((candidate) => !candidate.default && candidate.code.toLowerCase() === lang.toLowerCase());
    if (!language) throw new ApiError(HttpStatus.NOT_FOUND, 'Language not found');
    return { current, code: language.code };
  }

  /**
   * A translation as the API answers it: a label for every item the menus have now (empty while
   * untranslated), and outdated when a default-language text it was made from has changed since.
   */
  private static translationReply(
    lang: string,
    settings: SiteSettings,
    navigation: Navigation,
    translation: SiteTranslation | undefined,
  ): SiteTranslationReply {
    const items = [...navigation.header, ...navigation.footer];
    const labels = translation?.menuLabels ?? {};
    const menuLabels = Object.fromEntries(items.map((item) => [item.id, labels[item.id]?.label ?? '']));
    if (!translation) return { lang, companyName: '', tagline: '', menuLabels, outdated: false };
    const outdated =
      translation.source.companyName !== settings.companyName ||
      translation.source.tagline !== settings.tagline ||
      items.some((item) => labels[item.id] !== undefined && labels[item.id].source !== item.label);
    return { lang, companyName: translation.companyName, tagline: translation.tagline, menuLabels, outdated };
  }

  /** The company's name, tagline and menu labels in `lang` (empty while untranslated: the pages show the default ones). */
  async translation(lang: string): Promise<SiteTranslationReply> {
    const { current, code } = await this.otherLanguage(lang);
    return SettingsService.translationReply(code, current.settings, await this.menus(), current.translations[code]);
  }

  /**
   * Saves the company's name, tagline and menu labels in `lang`, recording the default-language
   * texts they translate. A label is kept by its item's id (reordering the menus keeps it); an
   * empty one is dropped (the site shows the default label), and one of an item the menus no longer
   * have is forgotten. Without `menuLabels` the labels saved before are kept.
   */
  async setTranslation(lang: string, dto: SiteTranslationDto, by: Actor): Promise<SiteTranslationReply> {
    const { code } = await this.otherLanguage(lang);
    const labels = dto.menuLabels === undefined ? undefined : checkedMenuLabels(dto.menuLabels);
    let navigation: Navigation | undefined;
    const row = await this.changeRow(by, [`translations`], async (before, manager) => {
      navigation = await this.menus(manager);
      const items = new Map([...navigation.header, ...navigation.footer].map((item) => [item.id, item]));
      const kept = before.siteTranslations[code]?.menuLabels ?? {};
      const menuLabels: Record<string, { label: string; source: string }> = {};
      for (const [id, item] of items) {
        if (labels === undefined) {
          if (kept[id]) menuLabels[id] = kept[id];
        } else if (labels[id]) {
          menuLabels[id] = { label: labels[id], source: item.label };
        }
      }
      const translation: SiteTranslation = {
        companyName: dto.companyName,
        tagline: dto.tagline,
        source: { companyName: before.companyName, tagline: before.tagline },
        menuLabels,
      };
      if (JSON.stringify(before.siteTranslations[code]) === JSON.stringify(translation)) return null;
      return { translations: JSON.stringify({ ...before.siteTranslations, [code]: translation }) };
    });
    const after = versioned(row);
    return SettingsService.translationReply(code, after.settings, navigation!, after.translations[code]);
  }

  /** Removes the company's name and tagline in `lang`: its pages show the default ones. */
  async removeTranslation(lang: string, by: Actor): Promise<void> {
    const { code } = await this.otherLanguage(lang);
    await this.changeRow(by, [`translations`], (before) => {
      if (!(code in before.siteTranslations)) return null;
      const { [code]: _removed, ...rest } = before.siteTranslations;
      return { translations: JSON.stringify(rest) };
    });
  }

  /**
   * One change to the row's language columns (`change` answers the columns' new JSON, or null for
   * none), with its activity entry and the event that purges every page, in one transaction that
   * holds the row.
   */
  private async changeRow(
    by: Actor,
    fields: string[],
    change: (before: Row, manager: EntityManager) => Record<string, string> | null | Promise<Record<string, string> | null>,
  ): Promise<Row> {
    const row = await this.dataSource.transaction(async (manager) => {
      const [before] = await manager.query<Row[]>(`${SELECT_SQL} FOR UPDATE`);
      const values = await change(before, manager);
      if (values === null) return before;
      const columns = Object.keys(values);
      await manager.query(
        `UPDATE site_settings SET ${columns.map((column, index) => `${column} = $${index + 1}::jsonb`).join(', ')},
                version = version + 1, updated_at = now() WHERE id = 1`,
        Object.values(values),
      );
      await this.activity.record(manager, { by, action: 'edit', kind: 'settings', label: 'Site settings', fields });
      await this.events.raise(manager, SETTINGS_CHANGE);
      const [after] = await manager.query<Row[]>(SELECT_SQL);
      return after;
    });
    this.cached = { value: versioned(row), readAt: Date.now() };
    return row;
  }

  /**
   * Points the settings at a new logo (null: none) and answers the one it replaced, in one
   * transaction that holds the row: of two uploads at once each replaces exactly the other's.
   * The caller stores the new file before and removes the previous one after (LogoService).
   */
  async setLogo(logo: string | null, by: Actor): Promise<{ settings: SiteSettings; previous: string | null }> {
    const { row, previous } = await this.dataSource.transaction(async (manager) => {
      const [before] = await manager.query<Row[]>(`${SELECT_SQL} FOR UPDATE`);
      if (before.logo === logo) return { row: before, previous: null };
      await manager.getRepository(SiteSettingsRow).update({ id: 1 }, { logo, version: () => 'version + 1', updatedAt: () => 'now()' });
      await this.activity.record(manager, { by, action: 'edit', kind: 'settings', label: 'Site settings', fields: ['logo'] });
      await this.events.raise(manager, SETTINGS_CHANGE);
      const [after] = await manager.query<Row[]>(SELECT_SQL);
      return { row: after, previous: before.logo };
    });
    this.cached = { value: versioned(row), readAt: Date.now() };
    return { settings: versioned(row).settings, previous };
  }

  /** Each of the named pages exists and is not in the trash, else a 400 on its field ("Page not found"). */
  private async checkPages(manager: EntityManager, named: [string, string | null][]): Promise<void> {
    const ids = named.map(([, id]) => id).filter((id): id is string => id !== null);
    if (ids.length === 0) return;
    const rows: { id: string }[] = await manager.query(`SELECT id FROM pages WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids]);
    const found = new Set(rows.map((row) => row.id));
    const errors: FieldErrors = {};
    for (const [field, id] of named) if (id !== null && !found.has(id.toLowerCase())) errors[field] = { msg: 'Page not found' };
    if (Object.keys(errors).length > 0) throw ApiError.fields(HttpStatus.BAD_REQUEST, errors);
  }

  /**
   * The header and footer menus, each item with whether the site shows it now (a page that is a
   * draft, scheduled, in the trash or gone is left out there) and, for a page, where it stands.
   * Read afresh (the admin's screen; the site reads it once per rendering of a page).
   */
  async navigation(manager: EntityManager = this.dataSource.manager): Promise<NavigationReply> {
    const navigation = await this.menus(manager);
    const items = [...navigation.header, ...navigation.footer];
    const ids = items.flatMap((item) => (item.target.kind === 'page' && isUuid(item.target.id) ? [item.target.id] : []));
    const rows: { id: string; title: string; slug: string; state: PageState }[] =
      ids.length === 0 ? [] : await manager.query(PAGE_STATES_SQL, [ids]);
    const pages = new Map(rows.map((row) => [row.id, row]));
    const reply = (item: NavItem): NavItemReply => {
      if (item.target.kind !== 'page') return { id: item.id, label: item.label, target: item.target, available: true, page: null };
      const page = pages.get(item.target.id.toLowerCase());
      const state = page?.state ?? 'missing';
      return {
        id: item.id,
        label: item.label,
        target: item.target,
        available: state === 'published',
        page: { title: page?.title ?? null, slug: page?.slug ?? null, state },
      };
    };
    return { header: navigation.header.map(reply), footer: navigation.footer.map(reply) };
  }

  /**
   * Replaces both menus, in the order given. A page target must name a page that exists (in the
   * trash too: a menu saved again keeps an item whose page was trashed, which the site leaves out
   * until it is restored); an unknown one is a 400 on its item. The settings' version moves and
   * the settings' content event refreshes every page (the menus are on all of them).
   */
  async setNavigation(dto: NavigationDto, by: Actor): Promise<NavigationReply> {
    const clean = (item: NavigationDto['header'][number]): NavItem => ({
      id: item.id?.toLowerCase() ?? randomUUID(),
      label: item.label,
      target: targetOf(item.target),
    });
    const navigation: Navigation = { header: dto.header.map(clean), footer: dto.footer.map(clean) };
    checkItemIds(navigation);
    const reply = await this.dataSource.transaction(async (manager) => {
      const [before] = await manager.query<(Row & { navigation: Navigation })[]>(
        `SELECT version, navigation FROM site_settings WHERE id = 1 FOR UPDATE`,
      );
      await this.checkMenuPages(manager, navigation);
      if (JSON.stringify(before.navigation) === JSON.stringify(navigation)) return this.navigation(manager);
      await manager.query(`UPDATE site_settings SET navigation = $1::jsonb, version = version + 1, updated_at = now() WHERE id = 1`, [
        JSON.stringify(navigation),
      ]);
      await this.activity.record(manager, { by, action: 'edit', kind: 'settings', label: 'Site settings', fields: ['navigation'] });
      await this.events.raise(manager, SETTINGS_CHANGE);
      return this.navigation(manager);
    });
    // The settings' version moved: this replica reads it at once (the page cache is keyed by it).
    this.cached = undefined;
    return reply;
  }

  /** Every page a menu names exists (the trash counts), else a 400 on the item's `target.id`. */
  private async checkMenuPages(manager: EntityManager, navigation: Navigation): Promise<void> {
    const named = (['header', 'footer'] as const).flatMap((menu) =>
      navigation[menu].flatMap((item, index) =>
        item.target.kind === 'page' ? [[`${menu}.${index}.target.id`, item.target.id] as const] : [],
      ),
    );
    if (named.length === 0) return;
    const rows: { id: string }[] = await manager.query(`SELECT id FROM pages WHERE id = ANY($1::uuid[])`, [named.map(([, id]) => id)]);
    const found = new Set(rows.map((row) => row.id));
    const errors: FieldErrors = {};
    for (const [field, id] of named) if (!found.has(id)) errors[field] = { msg: 'Page not found' };
    if (Object.keys(errors).length > 0) throw ApiError.fields(HttpStatus.BAD_REQUEST, errors);
  }

  /** The menus as stored (each item with its id). */
  private async menus(manager: EntityManager = this.dataSource.manager): Promise<Navigation> {
    const [{ navigation }] = await manager.query<{ navigation: Navigation }[]>(`SELECT navigation FROM site_settings WHERE id = 1`);
    return navigation;
  }

  private async read(): Promise<VersionedSettings> {
    const [row] = await this.dataSource.query<Row[]>(SELECT_SQL);
    const value = versioned(row);
    this.cached = { value, readAt: Date.now() };
    return value;
  }
}
