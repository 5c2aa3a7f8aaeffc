import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { Admin } from './admin.entity';
import type { RegisterAdminDto } from './dto/register-admin.dto';
import { hashPassword } from '../common/password';

export const REGISTRATION_CLOSED = 'Registration is closed. Ask an administrator to add you.';

/** What replies carry of an admin: never the password hash. */
export type PublicAdmin = Pick<Admin, 'id' | 'name' | 'email' | 'createdAt'>;

export function toPublicAdmin(admin: Admin): PublicAdmin {
  return { id: admin.id, name: admin.name, email: admin.email, createdAt: admin.createdAt };
}

@Injectable()
export class AdminsService {
  constructor(
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
  ) {}

  findById(id: string): Promise<Admin | null> {
    return isUuid(id) ? this.admins.findOneBy({ id }) : Promise.resolve(null);
  }

  findByEmailWithHash(email: string): Promise<Admin | null> {
    return this.admins
      .createQueryBuilder('admin')
      .addSelect('admin.passwordHash')
      .where('admin.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
  }

  count(): Promise<number> {
    return this.admins.count();
  }

  /**
   * Creates an admin. With `onlyIfFirst` it succeeds only while no admin exists; an advisory lock
   * makes two simultaneous first registrations yield one admin, not two. The activity log records
   * the addition in the same transaction: by `by`, the logged-in admin who added it, or else by
   * the new admin itself (a first or open registration from `address`, or the command line).
   */
  async create(dto: RegisterAdminDto, options: { onlyIfFirst?: boolean; by?: Actor; address?: string | null } = {}): Promise<Admin> {
    const passwordHash = await hashPassword(dto.password);
    return this.dataSource.transaction(async (manager) => {
      if (options.onlyIfFirst) {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('admins:first'))`);
        if ((await manager.count(Admin)) > 0) throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
      }
      // A taken email breaks admins_email_key, whose 409 the entity declares (ConflictOn).
      const admin = manager.create(Admin, { name: dto.name, email: dto.email.toLowerCase(), passwordHash });
      const saved = await manager.save(admin);
      const by = options.by ?? { admin: { id: saved.id, name: saved.name }, address: options.address ?? null };
      await this.activity.record(manager, { by, action: 'add', kind: 'admins', itemId: saved.id, label: saved.name });
      return manager.findOneByOrFail(Admin, { id: saved.id });
    });
  }
}
