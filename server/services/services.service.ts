import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { deleteOr404, findOneOr404, updateOr404 } from '../common/by-id-or-404';
import { paginate, type Paged } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { CreateServiceDto } from './dto/create-service.dto';
import type { UpdateServiceDto } from './dto/update-service.dto';
import { Service } from './service.entity';

const RESOURCE = 'Service';

@Injectable()
export class ServicesService {
  constructor(
    @InjectRepository(Service) private readonly services: Repository<Service>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Newest first; the order is backed by services_created_at_id_idx. */
  list(page: number): Promise<Paged<Service>> {
    const qb = this.services.createQueryBuilder('service').orderBy('service.createdAt', 'DESC').addOrderBy('service.id', 'DESC');
    return paginate(qb, page, this.config.pageSize);
  }

  findOne(id: string): Promise<Service> {
    return findOneOr404(this.services, id, RESOURCE);
  }

  async create(dto: CreateServiceDto): Promise<Service> {
    const { id } = await this.services.save(this.services.create({ title: dto.title, about: dto.about }));
    return this.findOne(id);
  }

  async update(id: string, dto: UpdateServiceDto): Promise<Service> {
    await updateOr404(this.services, id, { title: dto.title, about: dto.about }, RESOURCE);
    return this.findOne(id);
  }

  /** One statement, so deleting twice (or at once from two tabs) answers 404 to the loser. */
  remove(id: string): Promise<{ id: string }> {
    return deleteOr404(this.services, id, RESOURCE);
  }
}
