import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type SelectQueryBuilder } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { containsPattern } from '../common/contains-pattern';
import { findOneOr404, trashOr404 } from '../common/by-id-or-404';
import { paginate, type Paged } from '../common/pagination';
import { ContactMessage } from './contact-message.entity';

export const MESSAGE = 'Message';

/** How many rows one export query reads. */
const EXPORT_BATCH = 1000;

@Injectable()
export class ContactUsService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
  ) {}

  async create(input: { name: string; phno?: string | null; email: string; msg: string }): Promise<string> {
    const result = await this.messages.insert({ name: input.name, phno: input.phno ?? '', email: input.email, msg: input.msg });
    return result.identifiers[0].id as string;
  }

  /** Newest first; `name` keeps the messages whose name contains it, ignoring case. */
  list(page: number, pageSize: number, name?: string): Promise<Paged<ContactMessage>> {
    return paginate(this.matching(name), page, pageSize);
  }

  findOne(id: string): Promise<ContactMessage> {
    return findOneOr404(this.messages, id, MESSAGE);
  }

  /**
   * Moves the message to the trash in one statement, so deleting twice (or at once from two tabs)
   * answers 404 to the loser; the activity entry commits with it.
   */
  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const { name } = await trashOr404(manager.getRepository(ContactMessage), id, MESSAGE, by.admin.id, ['name']);
      await this.activity.record(manager, { by, action: 'delete', kind: 'contactus', itemId: id, label: name });
      return { id };
    });
  }

  /**
   * The matching messages, newest first, in batches. Each batch is its own short query that
   * continues after the last row of the one before (keyset on created_at, id), so a long download
   * holds no transaction or connection between batches (the embedded database runs one query at a
   * time) and costs the same at the end of the table as at its start.
   */
  async *exportBatches(name?: string, batchSize = EXPORT_BATCH): AsyncGenerator<ContactMessage[]> {
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const qb = this.matching(name)
        // The cursor keeps created_at's microseconds, which a JavaScript Date would drop.
        .addSelect('m.created_at::text', 'cursor_at')
        .limit(batchSize);
      if (after)
        qb.andWhere('(m.created_at, m.id) < (:afterAt::timestamptz, :afterId::uuid)', { afterAt: after.createdAt, afterId: after.id });
      const { entities, raw } = await qb.getRawAndEntities<{ cursor_at: string }>();
      if (entities.length === 0) return;
      yield entities;
      if (entities.length < batchSize) return;
      after = { createdAt: raw[raw.length - 1].cursor_at, id: entities[entities.length - 1].id };
    }
  }

  /** Live messages only: TypeORM adds deleted_at IS NULL, which the partial indexes match. */
  private matching(name?: string): SelectQueryBuilder<ContactMessage> {
    const qb = this.messages.createQueryBuilder('m').orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC');
    if (name) qb.where(`m.name ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(name) });
    return qb;
  }
}
