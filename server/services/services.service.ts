import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { boundedCount, type BoundedCount, paginate, type Paged } from '../common/pagination';
import { distinctIds, softDeleteManyOr404, findOneOr404, softDeleteOr404, updateOr404 } from '../common/by-id-or-404';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { publicPaths } from '../content/content-kinds';
import { ContentEvents, type ContentChange } from '../content/events/content-events.service';
import type { CreateServiceDto } from './dto/create-service.dto';
import type { UpdateServiceDto } from './dto/update-service.dto';
import { Service } from './service.entity';

const RESOURCE = 'Service';

/** A service's content event: every live service is on the public services page. */
function serviceChange(id: string, change: 'created' | 'updated' | 'deleted'): ContentChange {
  const paths = publicPaths('services', {});
  return { kind: 'services', id, oldPaths: change === 'created' ? [] : paths, newPaths: change === 'deleted' ? [] : paths, change };
}

@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(Service) private readonly services: Repository<Service>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly events: ContentEvents,
  ) {}

  /** Newest first, live rows only; the order is backed by services_created_at_id_idx (partial: WHERE deleted_at IS NULL). */
  list(page: number): Promise<Paged<Service>> {
    const qb = this.services.createQueryBuilder('service').orderBy('service.createdAt', 'DESC').addOrderBy('service.id', 'DESC');
    return paginate(qb, page, this.config.pageSize);
  }

  /** How many live services, counted up to 1,000 (the dashboard). */
  count(): Promise<BoundedCount> {
    return boundedCount(this.services.createQueryBuilder('service'));
  }

  findOne(id: string): Promise<Service> {
    return findOneOr404(this.services, id, RESOURCE);
  }

  /** Each change and its activity entry commit together (one transaction, its manager only). */
  async create(dto: CreateServiceDto, by: Actor): Promise<Service> {
    const id = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(Service, { title: dto.title, about: dto.about }));
      await this.activity.record(manager, { by, action: 'create', kind: 'services', itemId: saved.id, label: saved.title });
      await this.events.raise(manager, serviceChange(saved.id, 'created'));
      return saved.id;
    });
    return this.findOne(id);
  }

  async update(id: string, dto: UpdateServiceDto, by: Actor): Promise<Service> {
    await this.dataSource.transaction(async (manager) => {
      const fields = await updateOr404(manager.getRepository(Service), id, { title: dto.title, about: dto.about }, RESOURCE);
      if (fields.length === 0) return;
      const { title } = await manager.findOneByOrFail(Service, { id });
      await this.activity.record(manager, { by, action: 'edit', kind: 'services', itemId: id, label: title, fields });
      await this.events.raise(manager, serviceChange(id, 'updated'));
    });
    return this.findOne(id);
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
