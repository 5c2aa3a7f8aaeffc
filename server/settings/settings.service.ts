import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ContentEvents, type ContentChange } from '../content/events/content-events.service';
import type { Actor } from '../common/actor.decorator';
import { snapshotOf } from '../content/content-kinds';
import { RevisionsService, SETTINGS_ITEM, type RevisionReason } from '../revisions/revisions.service';
import { SiteSettings, type SiteSettingsDto, type UpdateSettingsDto } from './dto/update-settings.dto';
import { SiteSettingsRow } from './site-settings.entity';

/** The reply class too (the logo's routes, server/news/logo.controller.ts, answer it). */
export { SiteSettings };

/** The settings and their version, which moves on every change (a cache key for what is built from them). */
export interface VersionedSettings {
  settings: SiteSettings;
  version: number;
}

/**
 * How old this replica's copy may grow before a reader fetches it again. A change made on another
 * replica shows here within this time plus one read, well inside the 2 seconds promised.
 */
export const SETTINGS_FRESH_MS = 1000;

/** The settings show on every public page (and the maintenance switch decides whether there are any). */
const SETTINGS_CHANGE: ContentChange = { kind: 'settings', id: null, oldPaths: [], newPaths: [], change: 'settings' };

const FIELDS = ['maintenance', 'companyName', 'tagline', 'email', 'phone', 'accentColor'] as const;
const SELECT_SQL = `
  SELECT maintenance, company_name AS "companyName", tagline, email, phone, accent_color AS "accentColor", logo,
         version, updated_at AS "updatedAt"
    FROM site_settings WHERE id = 1`;

type Row = SiteSettings;

function versioned(row: Row): VersionedSettings {
  return { settings: row, version: row.version };
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
    const cached = this.cached;
    if (cached && Date.now() - cached.readAt < SETTINGS_FRESH_MS) return cached.value;
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    try {
      return await this.reading;
    } catch (error) {
      if (!cached) throw error;
      this.logger.warn(`Settings could not be read; the copy from ${new Date(cached.readAt).toISOString()} serves: ${String(error)}`);
      return cached.value;
    }
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

  private async read(): Promise<VersionedSettings> {
    const [row] = await this.dataSource.query<Row[]>(SELECT_SQL);
    const value = versioned(row);
    this.cached = { value, readAt: Date.now() };
    return value;
  }
}
