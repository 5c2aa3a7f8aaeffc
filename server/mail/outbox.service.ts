import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { SettingsService } from '../settings/settings.service';
import { headerText, siteName, type MailContent } from './mail-header';
import { MailSettingsService, type MailSource, type PanelMailSettings } from './mail-settings.service';
import { OutboxMail, type MailKind } from './outbox-mail.entity';

// What features need to write a mail, reached through this service (the boundaries' rule).
export { headerText, siteName, type MailContent };

export const MAIL_OFF = 'Mail is off on this site: set it up in Settings → Mail (or set SMTP_URL and MAIL_FROM) to send mail.';

/** How many of the latest failures the Settings screen lists. */
const FAILURES_SHOWN = 20;

export interface OutboxEntry extends MailContent {
  kind: MailKind;
  /** One address; a mail to several people is several rows (each sent, retried and marked alone). */
  to: string;
  replyTo?: string | null;
  /** A mail whose link dies at this time is failed, not sent, if it is still waiting then. */
  expiresAt?: Date | null;
}

export interface MailStatus {
  enabled: boolean;
  /** Where the configuration in force comes from: the environment's SMTP_URL (which wins), the panel, or nowhere. */
  source: MailSource | null;
  /** What Settings → Mail saved (never the password), also when SMTP_URL wins over it. */
  settings: PanelMailSettings | null;
  /** MAIL_FROM, when mail is on. */
  from: string | null;
  /** The SMTP server's host and port (never its credentials), when mail is on. */
  server: string | null;
  /** This replica's last check of the SMTP server (at start, then after each delivery or failure). */
  connection: { ok: boolean; checkedAt: string; error: string | null } | null;
  /** Mails waiting to be sent (including those waiting for a retry). */
  due: number;
  failed: {
    id: string;
    kind: MailKind;
    recipient: string;
    subject: string;
    reason: string | null;
    attempts: number;
    createdAt: Date;
    failedAt: Date | null;
  }[];
}

/**
 * The outbox: mails are rows, added with `add` through the transaction of what causes them, so
 * the mail exists exactly when the thing does. MailSender (on every replica) delivers them. With
 * mail off (neither SMTP_URL nor Settings → Mail) nothing is added: no mail would ever leave, and
 * the screens say so.
 */
@Injectable()
export class OutboxService {
  private wakeSender: (() => void) | undefined;

  constructor(
    @InjectRepository(OutboxMail) private readonly outbox: Repository<OutboxMail>,
    private readonly settings: SettingsService,
    private readonly mailSettings: MailSettingsService,
  ) {}

  /** Whether mail is set up (SMTP_URL or Settings → Mail), as this replica last read it (see MailSettingsService). */
  get enabled(): boolean {
    return this.mailSettings.current !== undefined;
  }

  /** The site's name for subjects and bodies (the company name in Settings). */
  async siteName(): Promise<string> {
    return siteName((await this.settings.current()).settings.companyName);
  }

  /**
   * Adds mails through `manager` (the caller's transaction); nothing when mail is off.
   * `when: false` runs the same statement and adds nothing: a reply that must take the same time
   * whether or not a mail goes (a password reset for an unknown address) does the same work.
   */
  async add(manager: EntityManager, entries: OutboxEntry[], { when = true }: { when?: boolean } = {}): Promise<void> {
    const mail = this.mailSettings.current;
    if (!mail || entries.length === 0) return;
    // The Message-ID is made from the row's own id, in the same statement, so it never changes.
    await manager.query(
      `INSERT INTO mail_outbox (id, kind, recipient, reply_to, subject, body, expires_at, message_id)
       SELECT m.id, m.kind, m.recipient, m.reply_to, m.subject, m.body, m.expires_at, '<' || m.id || '@' || $2 || '>'
         FROM (SELECT gen_random_uuid() AS id, e.* FROM jsonb_to_recordset($1::jsonb)
                 AS e(kind text, recipient text, reply_to text, subject text, body text, expires_at timestamptz)) m
        WHERE $3::boolean`,
      [
        JSON.stringify(
          entries.map((entry) => ({
            kind: entry.kind,
            recipient: entry.to,
            reply_to: entry.replyTo ?? null,
            subject: entry.subject,
            body: entry.text,
            expires_at: entry.expiresAt?.toISOString() ?? null,
          })),
        ),
        mail.fromDomain,
        when,
      ],
    );
  }

  /**
   * The same for statements that make their cause and its mails at once: an INSERT, to be used
   * as a data-modifying CTE beside the one that inserts the cause (named `source`, returning
   * `id`), that adds one mail per admin whose `preference` column is on. The body is
   * `textBefore || <source id> || textAfter`, for a link to the new row. Parameters are numbered
   * from `firstParam`. Null when mail is off.
   */
  toAdminsSql(
    source: string,
    preference: 'notify_contact_messages',
    entry: Omit<OutboxEntry, 'to' | 'text' | 'expiresAt'> & { textBefore: string; textAfter: string },
    firstParam: number,
  ): { sql: string; params: unknown[] } | null {
    const mail = this.mailSettings.current;
    if (!mail) return null;
    const p = (offset: number) => `$${firstParam + offset}`;
    return {
      sql: `INSERT INTO mail_outbox (id, kind, recipient, reply_to, subject, body, message_id)
            SELECT a.id, ${p(0)}, a.email, ${p(1)}, ${p(2)}, ${p(3)} || s.id || ${p(4)}, '<' || a.id || '@' || ${p(5)} || '>'
              FROM (SELECT gen_random_uuid() AS id, email FROM admins WHERE ${preference}) a CROSS JOIN ${source} s`,
      params: [entry.kind, entry.replyTo ?? null, entry.subject, entry.textBefore, entry.textAfter, mail.fromDomain],
    };
  }

  /**
   * Tells this replica's sender that mail may be due, once the transaction that added it has
   * committed (call it after). The sender then looks at once rather than at its next poll; the
   * request does not wait for it.
   */
  wake(): void {
    this.wakeSender?.();
  }

  /** The sender registers here (it is built after this service). */
  onWake(wake: () => void): void {
    this.wakeSender = wake;
  }

  /** Mail waiting to be sent, and mail given up (kept 30 days): the metrics' gauges. */
  async counts(): Promise<{ due: number; failed: number }> {
    const [row] = await this.outbox.query<{ due: number; failed: number }[]>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS due, count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM mail_outbox WHERE status <> 'sent'`,
    );
    return row;
  }

  /** What the Settings screen shows. */
  async status(connection: MailStatus['connection']): Promise<MailStatus> {
    const mail = this.mailSettings.current;
    const [{ due }] = await this.outbox.query<{ due: number }[]>(`SELECT count(*)::int AS due FROM mail_outbox WHERE status = 'pending'`);
    const failed = await this.outbox.find({ where: { status: 'failed' }, order: { finishedAt: 'DESC' }, take: FAILURES_SHOWN });
    let server: string | null = null;
    if (mail) {
      const url = new URL(mail.url);
      server = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
    }
    return {
      enabled: mail !== undefined,
      source: this.mailSettings.source,
      settings: this.mailSettings.panelSettings,
      from: mail?.from ?? null,
      server,
      connection,
      due,
      failed: failed.map((row) => ({
        id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        subject: row.subject,
        reason: row.lastError,
        attempts: row.attempts,
        createdAt: row.createdAt,
        failedAt: row.finishedAt,
      })),
    };
  }
}
