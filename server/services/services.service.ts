import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { boundedCount, type BoundedCount, paginate, type Paged } from '../common/pagination';
import { distinctIds, softDeleteManyOr404, findOneOr404, isUuid, notFound, softDeleteOr404, updateOr404 } from '../common/by-id-or-404';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { publicPaths, snapshotOf, type Snapshot } from '../content/content-kinds';
import type { ApplyOptions, ItemEditor } from '../revisions/revisions.module';
import { RevisionsService } from '../revisions/revisions.service';
import { ContentEvents, type ContentChange } from '../content/events/content-events.service';
import { CreateServiceDto } from './dto/create-service.dto';
import type { UpdateServiceDto } from './dto/update-service.dto';
import { Service } from './service.entity';
import { TranslationsService, type TranslationState } from '../translations/translations.service';

const RESOURCE = 'Service';

/** A service as the API answers it: with its working copy's flag (issue #36). */
export type ServiceReply = Service & { hasDraft: boolean };
/** A service in the admin list: with its translations' states too. */
export type ServiceListReply = ServiceReply & { translations: TranslationState[] };

/** What a live save does besides the fields: the If-Match, and a restore's or publish's reason. */
interface SaveOptions extends Partial<ApplyOptions> {
  ifMatch?: number;
}

/** A service's content event: every live service is on the public services page. */
function serviceChange(id: string, change: 'created' | 'updated' | 'deleted'): ContentChange {
  const paths = publicPaths('services', {});
  return { kind: 'services', id, oldPaths: change === 'created' ? [] : paths, newPaths: change === 'deleted' ? [] : paths, change };
}

@Injectable()
export class ServicesService implements ItemEditor {
  readonly kind = 'services' as const;
  readonly createDto = CreateServiceDto;

  constructor(
    @InjectRepository(Service) private readonly services: Repository<Service>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly events: ContentEvents,
    private readonly revisions: RevisionsService,
    private readonly translations: TranslationsService,
  ) {}

  /** The rows with `hasDraft`. */
  private async withDrafts(rows: Service[]): Promise<ServiceReply[]> {
    const drafts = await this.revisions.withDrafts(
      'services',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, hasDraft: drafts.has(row.id) }));
  }

  /**
   * Newest first, live rows only; the order is backed by services_created_at_id_idx (partial: WHERE
   * deleted_at IS NULL). With `needsTranslation` (a language's code or `any`): those that need translating.
   */
  async list(page: number, needsTranslation: string | null = null): Promise<Paged<ServiceListReply>> {
    const qb = this.services.createQueryBuilder('service').orderBy('service.createdAt', 'DESC').addOrderBy('service.id', 'DESC');
    const query = needsTranslation === null ? qb : await this.translations.needing(qb, 'service', 'services', needsTranslation);
    const paged = await paginate(query, page, this.config.pageSize);
    const [replies, states] = await Promise.all([this.withDrafts(paged.data), this.translations.states('services', paged.data)]);
    return { ...paged, data: replies.map((row) => ({ ...row, translations: states.get(row.id) ?? [] })) };
  }

  /** The live services for the public pages (never a working copy). */
  async listPublic(page: number, lang: string | null = null): Promise<Paged<Service>> {
    const qb = this.services.createQueryBuilder('service').orderBy('service.createdAt', 'DESC').addOrderBy('service.id', 'DESC');
    if (lang === null) return paginate(qb, page, this.config.pageSize);
    // In another language (issue #41): the services published there, in its words.
    const paged = await paginate(this.translations.publishedIn(qb, 'service', 'services', lang), page, this.config.pageSize);
    return { ...paged, data: await this.translations.overlay('services', lang, paged.data) };
  }

  /** How many live services, counted up to 1,000 (the dashboard). */
  count(): Promise<BoundedCount> {
    return boundedCount(this.services.createQueryBuilder('service'));
  }

  async findOne(id: string): Promise<ServiceReply> {
    const [reply] = await this.withDrafts([await findOneOr404(this.services, id, RESOURCE)]);
    return reply;
  }

  /** Each change and its activity entry commit together (one transaction, its manager only). */
  async create(dto: CreateServiceDto, by: Actor): Promise<ServiceReply> {
    const id = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(Service, { title: dto.title, about: dto.about }));
      const { seq } = await this.revisions.record(manager, {
        kind: 'services',
        id: saved.id,
        reason: 'created',
        snapshot: snapshotOf('services', saved),
        changed: [],
        by,
      });
      await this.activity.record(manager, { by, action: 'create', kind: 'services', itemId: saved.id, label: saved.title, seq });
      await this.events.raise(manager, serviceChange(saved.id, 'created'));
      return saved.id;
    });
    return this.findOne(id);
  }

  update(id: string, dto: UpdateServiceDto, by: Actor, ifMatch?: number): Promise<ServiceReply> {
    return this.save(id, dto, by, { ifMatch });
  }

  /** A restore to live or a published working copy: the snapshot saved as a PATCH is, with its reason. */
  applySnapshot(id: string, snapshot: Snapshot, by: Actor, options: ApplyOptions): Promise<ServiceReply> {
    return this.save(id, snapshot, by, options);
  }

  /**
   * The change, its revision (none when nothing changed), its activity entry and its content event,
   * in one transaction that holds the row: If-Match is judged against the version read under the
   * lock, and the version moves by one conditional UPDATE (RevisionsService.bumpVersion).
   */
  private async save(id: string, dto: UpdateServiceDto, by: Actor, options: SaveOptions): Promise<ServiceReply> {
    // A service's revisions name no stored photo: what pruning drops needs no removal.
    await this.revisions.guard(
      'services',
      id,
      () => this.findOne(id),
      () =>
        this.dataSource.transaction(async (manager) => {
          const before = await this.lock(manager, id);
          this.revisions.checkVersion(before.version, options.ifMatch);
          const fields = await updateOr404(manager.getRepository(Service), id, { title: dto.title, about: dto.about }, RESOURCE);
          await options.within?.(manager);
          if (fields.length === 0 && options.reason !== 'restored') return;
          const after = await manager.findOneByOrFail(Service, { id });
          await this.revisions.bumpVersion(manager, 'services', id, before.version);
          const revision = await this.revisions.recordChange(manager, {
            kind: 'services',
            id,
            reason: options.reason ?? 'saved',
            before: snapshotOf('services', before),
            snapshot: snapshotOf('services', after),
            by,
            restoredFrom: options.restoredFrom,
          });
          if (fields.length > 0 || options.reason === 'restored') {
            const action = options.reason === 'restored' ? 'restore-revision' : 'edit';
            await this.activity.record(manager, {
              by,
              action,
              kind: 'services',
              itemId: id,
              label: after.title,
              fields,
              seq: revision?.seq,
            });
            await this.events.raise(manager, serviceChange(id, 'updated'));
          }
        }),
    );
    return this.findOne(id);
  }

  /** The live row, held FOR UPDATE until the transaction ends; the 404 when it is not there. */
  private async lock(manager: EntityManager, id: string): Promise<Service> {
    const row = isUuid(id) ? await manager.findOne(Service, { where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!row) throw notFound(RESOURCE);
    return row;
  }

  /** Moves the service to the trash in one statement, so deleting twice (or at once from two tabs) answers 404 to the loser. */
  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const { title } = await softDeleteOr404(manager.getRepository(Service), id, RESOURCE, by.admin.id);
      await this.activity.record(manager, { by, action: 'delete', kind: 'services', itemId: id, label: title });
      await this.events.raise(manager, serviceChange(id, 'deleted'));
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
      const rows = await softDeleteManyOr404(manager.getRepository(Service), distinct, { label: 'title', resource: RESOURCE }, by.admin.id);
      await this.activity.recordMany(
        manager,
        rows.map((row) => ({ by, action: 'delete', kind: 'services', itemId: row.id, label: row.label })),
      );
      await this.events.raise(manager, ...rows.map((row) => serviceChange(row.id, 'deleted')));
      return { ids: rows.map((row) => row.id) };
    });
  }
}
