import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository, type SelectQueryBuilder } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../common/rate-limit.service';
import { validateBody } from '../common/validation';
import { containsPattern } from '../common/contains-pattern';
import { findOneOr404, trashOr404 } from '../common/by-id-or-404';
import { paginate, type Paged } from '../common/pagination';
import { ContactMessage } from './contact-message.entity';
import { CreateContactMessageDto } from './dto/create-contact-message.dto';

export const MESSAGE = 'Message';

/**
 * Two counters per client address guard the public form (POST /api/contactus and the site's
 * /contact alike):
 * - every post counts as an attempt, before validation, so a script that hammers the form with
 *   invalid bodies is cut off too; a person fixing typos has plenty of room;
 * - only accepted posts (valid ones, honeypot catches included) count as messages, so a visitor's
 *   mistakes never use up the messages they may leave.
 */
export const ATTEMPT_RULE: RateLimitRule = { limit: 20, windowSeconds: 10 * 60 };
export const MESSAGE_RULE: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

/** A honeypot counts as filled with anything but nothing or blank text. */
function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** How many rows one export query reads. */
const EXPORT_BATCH = 1000;

@Injectable()
export class ContactUsService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** Counts a public post before its body is validated; 429 when `address` is over either limit. */
  async countAttempt(address: string): Promise<void> {
    const attempts = await this.rateLimits.hit(`contact:attempts:${address}`, ATTEMPT_RULE);
    if (attempts.hits > ATTEMPT_RULE.limit) throw ApiError.tooManyAttempts(attempts.retryAfterSeconds);
    const blocked = await this.rateLimits.blockedFor(`contact:messages:${address}`, MESSAGE_RULE);
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);
  }

  /**
   * A visitor's validated message: counted against `address` (null: not limited), then stored,
   * unless the honeypot is filled: then nothing is stored and the answer is an id that names
   * nothing, so the bot cannot tell. Past the limit it throws 429 and stores nothing; the attempt
   * check is a fast path, this atomic count is what holds when posts arrive together.
   */
  async receive(dto: CreateContactMessageDto, address: string | null): Promise<string> {
    if (address !== null) {
      const { hits, retryAfterSeconds } = await this.rateLimits.hit(`contact:messages:${address}`, MESSAGE_RULE);
      if (hits > MESSAGE_RULE.limit) throw ApiError.tooManyAttempts(retryAfterSeconds);
    }
    if (honeypotFilled(dto.website)) return randomUUID();
    return this.create(dto);
  }

  /**
   * A post of the public site's form, taken exactly as POST /api/contactus takes one: the attempt
   * counted, the body checked by the same DTO (400 with the same messages), then receive().
   */
  async submit(body: unknown, address: string | null): Promise<string> {
    if (address !== null) await this.countAttempt(address);
    return this.receive(await validateBody(body, CreateContactMessageDto), address);
  }

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
