import { limitKey } from '../http/client-address';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository, type SelectQueryBuilder } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { validateBody } from '../common/validation';
import { findOneOr404, isUuid, notFound, softDeleteOr404, distinctIds, softDeleteManyOr404 } from '../common/by-id-or-404';
import { boundedCount, type BoundedCount, containsPattern, paginate, type Paged } from '../common/pagination';
import { ContactMessage } from './contact-message.entity';
import { CreateContactMessageDto } from './dto/create-contact-message.dto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { contactMessageMail, type MessageLanguage } from './contact-message-mail';
import { OutboxService } from '../mail/outbox.service';

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

/** Where the message's id goes in a notification's text, until the statement that stores both knows it. */
const ID_HERE = '\u0000';

/** How many rows one export query reads. */
const EXPORT_BATCH = 1000;

@Injectable()
export class ContactUsService {
  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly rateLimits: RateLimitService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts a public post before its body is validated; 429 when `address` is over either limit. */
  async countAttempt(address: string): Promise<void> {
    const attempts = await this.rateLimits.hit(`contact:attempts:${limitKey(address)}`, ATTEMPT_RULE);
    if (attempts.hits > ATTEMPT_RULE.limit) throw ApiError.tooManyAttempts(attempts.retryAfterSeconds);
    const blocked = await this.rateLimits.blockedFor(`contact:messages:${limitKey(address)}`, MESSAGE_RULE);
    if (blocked > 0) throw ApiError.tooManyAttempts(blocked);
  }

  /**
   * A visitor's validated message: counted against `address` (null: not limited), then stored,
   * unless the honeypot is filled: then nothing is stored and the answer is an id that names
   * nothing, so the bot cannot tell. Past the limit it throws 429 and stores nothing; the attempt
   * check is a fast path, this atomic count is what holds when posts arrive together.
   */
  async receive(dto: CreateContactMessageDto, address: string | null, language: MessageLanguage | null = null): Promise<string> {
    if (address !== null) {
      const { hits, retryAfterSeconds } = await this.rateLimits.hit(`contact:messages:${limitKey(address)}`, MESSAGE_RULE);
      if (hits > MESSAGE_RULE.limit) throw ApiError.tooManyAttempts(retryAfterSeconds);
    }
    if (honeypotFilled(dto.website)) return randomUUID();
    return this.create({ ...dto, language });
  }

  /**
   * A post of the public site's form, taken exactly as POST /api/contactus takes one: the attempt
   * counted, the body checked by the same DTO (400 with the same messages), then receive().
   */
  async submit(body: unknown, address: string | null, language: MessageLanguage | null = null): Promise<string> {
    if (address !== null) await this.countAttempt(address);
    return this.receive(await validateBody(body, CreateContactMessageDto), address, language);
  }

  /**
   * Stores a message and, with mail on, a mail to every admin who asked for new messages (Your
   * account), in one statement: atomic without a transaction, and one round trip as without
   * mail. A message is never without its mails nor a mail without its message; the mails leave
   * from the outbox, never on this request's path. The link to the message starts with PUBLIC_URL.
   */
  async create(input: {
    name: string;
    phno?: string | null;
    email: string;
    msg: string;
    language?: MessageLanguage | null;
  }): Promise<string> {
    const message = { name: input.name, phno: input.phno ?? '', email: input.email, msg: input.msg, lang: input.language?.code ?? null };
    // The message's id is not known yet: the text is cut where the link's id goes.
    const content = contactMessageMail(message, `${this.config.publicUrl}/admin/adminContactUs?view=${ID_HERE}`, input.language ?? null);
    const [textBefore, textAfter] = content.text.split(ID_HERE);
    const mails = this.outbox.toAdminsSql(
      'message',
      'notify_contact_messages',
      { kind: 'contact-message', replyTo: message.email, subject: content.subject, textBefore, textAfter },
      6,
    );
    if (!mails) {
      const result = await this.messages.insert(message);
      return result.identifiers[0].id as string;
    }
    const [{ id }] = await this.dataSource.query<{ id: string }[]>(
      `WITH message AS (INSERT INTO contact_messages (name, phno, email, msg, lang) VALUES ($1, $2, $3, $4, $5) RETURNING id),
            mails AS (${mails.sql})
       SELECT id FROM message`,
      [message.name, message.phno, message.email, message.msg, message.lang, ...mails.params],
    );
    this.outbox.wake();
    return id;
  }

  /**
   * Newest first; `search` keeps the messages whose name, address or text contains it, ignoring
   * case; `unread` true keeps the unread ones (read from their own partial index), false the read
   * ones.
   */
  list(page: number, pageSize: number, search?: string, unread?: boolean): Promise<Paged<ContactMessage>> {
    const qb = this.matching(search);
    if (unread !== undefined) qb.andWhere(unread ? 'm.read_at IS NULL' : 'm.read_at IS NOT NULL');
    return paginate(qb, page, pageSize);
  }

  /**
   * The unread messages: how many (up to 1,000) and the newest `latest`, both read from the partial
   * index of unread messages (contact_messages_unread_created_at_id_idx).
   */
  async unread(latest: number): Promise<BoundedCount & { latest: ContactMessage[] }> {
    const unread = () => this.matching().andWhere('m.read_at IS NULL');
    const [count, rows] = await Promise.all([boundedCount(unread()), unread().limit(latest).getMany()]);
    return { ...count, latest: rows };
  }

  findOne(id: string): Promise<ContactMessage> {
    return findOneOr404(this.messages, id, MESSAGE);
  }

  /**
   * Marks the message read, for every administrator, and answers it. Reading it again keeps the
   * first time: read_at says when it was first opened. A message in the trash is a 404.
   */
  markRead(id: string): Promise<ContactMessage> {
    return this.setReadAt(id, 'coalesce(read_at, now())');
  }

  /** Marks the message unread again ("Mark as unread") and answers it. */
  markUnread(id: string): Promise<ContactMessage> {
    return this.setReadAt(id, 'NULL');
  }

  /**
   * Marks up to 100 messages read (`read` true; each keeps its first time) or unread again, for
   * every administrator, all or none: one UPDATE in a transaction that rolls back with a 404 when
   * an id names no live message (unknown, or in the trash, perhaps by a delete at the same time).
   */
  setReadMany(ids: string[], read: boolean): Promise<{ ids: string[] }> {
    const distinct = distinctIds(ids);
    return this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ id: string }[], number]>(
        `UPDATE contact_messages SET read_at = ${read ? 'coalesce(read_at, now())' : 'NULL'}
          WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL RETURNING id`,
        [distinct],
      );
      if (rows.length !== distinct.length) throw notFound(MESSAGE);
      return { ids: rows.map((row) => row.id) };
    });
  }

  /** One UPDATE … RETURNING: no read-then-write for another admin's change to slip between. */
  private async setReadAt(id: string, value: 'coalesce(read_at, now())' | 'NULL'): Promise<ContactMessage> {
    if (!isUuid(id)) throw notFound(MESSAGE);
    const [rows] = await this.messages.query<[ContactMessage[], number]>(
      `UPDATE contact_messages SET read_at = ${value} WHERE id = $1 AND deleted_at IS NULL
        RETURNING id, name, phno, email, msg, created_at AS "createdAt", lang, read_at AS "readAt"`,
      [id],
    );
    if (rows.length === 0) throw notFound(MESSAGE);
    return rows[0];
  }

  /**
   * Moves the messages to the trash, all or none (one transaction: an unknown id, or one a
   * concurrent delete took first, is a 404 and nothing changes), with one activity entry each.
   */
  removeMany(ids: string[], by: Actor): Promise<{ ids: string[] }> {
    const distinct = distinctIds(ids);
    return this.dataSource.transaction(async (manager) => {
      const rows = await softDeleteManyOr404(
        manager.getRepository(ContactMessage),
        distinct,
        { label: 'name', resource: MESSAGE },
        by.admin.id,
      );
      await this.activity.recordMany(
        manager,
        rows.map((row) => ({ by, action: 'delete', kind: 'contactus', itemId: row.id, label: row.label })),
      );
      return { ids: rows.map((row) => row.id) };
    });
  }

  /**
   * Moves the message to the trash in one statement, so deleting twice (or at once from two tabs)
   * answers 404 to the loser; the activity entry commits with it.
   */
  remove(id: string, by: Actor): Promise<{ id: string }> {
    return this.dataSource.transaction(async (manager) => {
      const { name } = await softDeleteOr404(manager.getRepository(ContactMessage), id, MESSAGE, by.admin.id);
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
  async *exportBatches(search?: string, batchSize = EXPORT_BATCH): AsyncGenerator<ContactMessage[]> {
    let after: { createdAt: string; id: string } | undefined;
    for (;;) {
      const qb = this.matching(search)
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

  /**
   * Live messages only: TypeORM adds deleted_at IS NULL, which the partial indexes match. `search`
   * keeps those whose name, address or text contains it, ignoring case; each column has its
   * trigram index (a bitmap OR of the three when the words are rare), and the order's index
   * serves a common one, which stops at the page's rows.
   */
  private matching(search?: string): SelectQueryBuilder<ContactMessage> {
    const qb = this.messages.createQueryBuilder('m').orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC');
    if (search) {
      qb.where(`(m.name ILIKE :pattern ESCAPE '\\' OR m.email ILIKE :pattern ESCAPE '\\' OR m.msg ILIKE :pattern ESCAPE '\\')`, {
        pattern: containsPattern(search),
      });
    }
    return qb;
  }
}
