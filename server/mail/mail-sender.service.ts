import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DataSource } from 'typeorm';
import { scrapedGauge } from '../common/metrics';
import { APP_CONFIG, type AppConfig, type MailConfig } from '../config/app-config';
import { MailSettingsService } from './mail-settings.service';
import { OutboxService, type MailStatus } from './outbox.service';

/** Rows one claim takes. Small: a replica that dies holds few mails back (until their claim lapses). */
const BATCH = 10;
/** The first retry comes after this; each further one waits twice as long, up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 15 * 60 * 1000;
/** How long a failing mail is retried before it is marked failed. */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** Finished rows (sent or failed) and spent tokens are kept this long, then deleted. */
const KEEP_FINISHED_DAYS = 30;
const PRUNE_EVERY_MS = 3600 * 1000;
const REASON_MAX = 500;

interface ClaimedMail {
  id: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string | null;
  message_id: string;
  attempts: number;
  created_at: Date;
  expired: boolean;
}

/** The wait before retry number `attempt` (1 for the first): 10 s, 20 s, 40 s … 15 min, ±10 %. */
export function retryDelayMs(attempt: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

/**
 * Nodemailer's options for SMTP_URL. An smtp:// server must offer STARTTLS: one that does not
 * (or an attacker in the path who strips the offer) fails the send before the password or a mail
 * goes out, and the outbox retries it. Only `?insecure=true`, for a relay on the same host or
 * private network, lets mail go in clear when STARTTLS is not offered. The query is ours alone
 * (the configuration refused any other), so it never reaches nodemailer, which would read options from it.
 */
export function transportOptions(mail: MailConfig): SMTPTransport.Options & { url: string } {
  const url = new URL(mail.url);
  const insecure = url.searchParams.get('insecure') === 'true';
  url.search = '';
  return {
    url: url.href,
    requireTLS: url.protocol === 'smtp:' && !insecure,
    ignoreTLS: false,
    ...(mail.tls ? { tls: mail.tls } : {}),
    connectionTimeout: mail.sendTimeoutMs / 2,
    greetingTimeout: mail.sendTimeoutMs / 2,
    socketTimeout: mail.sendTimeoutMs,
  };
}

/** A refusal the SMTP server gives for this mail itself (a 5xx to the sender or a recipient): retrying cannot help. */
function permanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}

/**
 * Delivers the outbox, on every replica. Each round claims due rows with FOR UPDATE SKIP LOCKED
 * in one short statement that also moves them out of reach (next_attempt_at = now + the claim's
 * lease), so two replicas never take the same mail and no transaction stays open while SMTP
 * talks (the embedded database runs one transaction at a time). Then each mail is sent and marked
 * sent. A replica that dies between the two leaves its claim to lapse: the mail goes again, with
 * the same Message-ID, after twice MAIL_SEND_TIMEOUT_MS. A failure waits for its retry (see
 * retryDelayMs); after 24 hours, or at once when the server refuses the mail itself, it is marked
 * failed with the reason, which Settings shows.
 *
 * Rounds run every MAIL_POLL_MS and at once when this replica adds mail (OutboxService.wake),
 * never on a request's path. Each round reads the configuration in force (SMTP_URL, else Settings →
 * Mail: see MailSettingsService), so a change made from the panel applies on every replica within
 * a poll, without a restart; with none, the round sends nothing. On shutdown the round under way is cut short: an interrupted
 * delivery is handed back as due at once, for this replica's successor or another one.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  /** The configuration the transport was made for; a round that finds another makes a new one. */
  private mail: MailConfig | undefined;
  private transport: ReturnType<typeof createTransport> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly shutdown = new AbortController();
  private lastPrune = 0;
  private connection: MailStatus['connection'] = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly mailSettings: MailSettingsService,
  ) {}

  /** This replica's last word from the SMTP server. */
  get lastConnection(): MailStatus['connection'] {
    return this.connection;
  }

  onApplicationBootstrap(): void {
    // Read from the shared outbox when Prometheus scrapes: every replica reports the same totals.
    scrapedGauge(
      'mail_outbox_due',
      'Mails waiting in the outbox to be sent (retries included), all replicas',
      async () => (await this.outbox.counts()).due,
    );
    scrapedGauge(
      'mail_outbox_failed',
      'Mails given up after 24 hours of failures or refused for good (kept 30 days)',
      async () => (await this.outbox.counts()).failed,
    );
    this.outbox.onWake(() => this.kick());
    // The app starts whatever the SMTP server says (or whether mail is set up): the outbox keeps mail until it answers.
    this.kick();
  }

  /** Reads the configuration in force; a new one gets a new transport (and a check of its server). */
  private async configure(): Promise<MailConfig | undefined> {
    const mail = await this.mailSettings.refresh();
    const key = (config: MailConfig | undefined) => (config ? JSON.stringify([config.url, config.from, config.tls]) : '');
    if (key(mail) === key(this.mail)) return mail;
    this.transport?.close();
    this.transport = undefined;
    this.connection = null;
    this.mail = mail;
    if (!mail) {
      this.logger.log('Mail is off (neither SMTP_URL nor Settings → Mail): no mail is sent');
      return undefined;
    }
    // Not pooled: mail is rare, and a closed transport leaves no connection open to wait for.
    const options = transportOptions(mail);
    this.transport = createTransport(options);
    if (!options.requireTLS && options.url.startsWith('smtp:')) {
      this.logger.warn('Mail goes to a local relay without encryption (insecure=true): in clear text when the server offers no STARTTLS');
    }
    void this.verify();
    return mail;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.shutdown.abort(new Error('the app is shutting down'));
    await this.running;
    this.transport?.close();
  }

  /** A round now, or right after the one under way. */
  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.round()
      .catch((error: unknown) => this.logger.error(`The outbox could not be read: ${reasonOf(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const wait = this.again ? 0 : (this.mail ?? this.config.mailTiming).pollMs;
        this.again = false;
        this.timer = setTimeout(() => this.kick(), wait).unref();
      });
  }

  private async verify(): Promise<void> {
    const transport = this.transport!;
    try {
      await transport.verify();
      if (transport !== this.transport) return;
      this.connection = { ok: true, checkedAt: new Date().toISOString(), error: null };
      this.logger.log(`The SMTP server answers; mail is sent from ${this.mail!.from}`);
    } catch (error) {
      if (transport !== this.transport) return;
      this.connection = { ok: false, checkedAt: new Date().toISOString(), error: reasonOf(error) };
      this.logger.warn(`The SMTP server does not answer (${reasonOf(error)}); mail waits in the outbox until it does`);
    }
  }

  /** Claims and sends due mail until none is left (or the app stops). */
  private async round(): Promise<void> {
    await this.prune();
    if (!(await this.configure())) return;
    while (!this.stopped) {
      const claimed = await this.claim();
      for (const mail of claimed) {
        if (this.stopped) {
          await this.handBack(mail.id);
          continue;
        }
        await this.deliver(mail);
      }
      if (claimed.length < BATCH) return;
    }
  }

  private async claim(): Promise<ClaimedMail[]> {
    const leaseSeconds = (2 * this.mail!.sendTimeoutMs) / 1000;
    const [rows] = await this.dataSource.query<[ClaimedMail[], number]>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
        WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipient, reply_to, subject, body, message_id, attempts, created_at,
                  coalesce(expires_at <= now(), false) AS expired`,
      [leaseSeconds, BATCH],
    );
    return rows;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    if (mail.expired) return this.fail(mail.id, 'The link in this mail expired before the mail could be sent');
    try {
      await this.transport!.sendMail({
        from: this.mail!.from,
        to: mail.recipient,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.body ?? '',
        messageId: mail.message_id,
        date: mail.created_at,
        signal: AbortSignal.any([AbortSignal.timeout(this.mail!.sendTimeoutMs), this.shutdown.signal]),
      });
    } catch (error) {
      this.connection = { ok: false, checkedAt: new Date().toISOString(), error: reasonOf(error) };
      if (this.stopped) return this.handBack(mail.id);
      if (permanent(error)) return this.fail(mail.id, reasonOf(error));
      const delay = retryDelayMs(mail.attempts);
      if (Date.now() + delay - new Date(mail.created_at).getTime() > GIVE_UP_AFTER_MS) {
        return this.fail(mail.id, `Not sent within 24 hours: ${reasonOf(error)}`);
      }
      this.logger.warn(
        `A mail (${mail.message_id}) could not be sent, attempt ${mail.attempts}; next try in ${Math.round(delay / 1000)} s: ${reasonOf(error)}`,
      );
      await this.dataSource.query(
        `UPDATE mail_outbox SET next_attempt_at = now() + make_interval(secs => $2), last_error = $3 WHERE id = $1 AND status = 'pending'`,
        [mail.id, delay / 1000, reasonOf(error)],
      );
      return;
    }
    this.connection = { ok: true, checkedAt: new Date().toISOString(), error: null };
    // The body goes with the sending: it may hold a one-time link.
    await this.dataSource.query(
      `UPDATE mail_outbox SET status = 'sent', finished_at = now(), body = NULL, last_error = NULL WHERE id = $1 AND status = 'pending'`,
      [mail.id],
    );
  }

  private async fail(id: string, reason: string): Promise<void> {
    this.logger.error(`A mail was given up: ${reason}`);
    await this.dataSource.query(
      `UPDATE mail_outbox SET status = 'failed', finished_at = now(), body = NULL, last_error = $2 WHERE id = $1 AND status = 'pending'`,
      [id, reason],
    );
  }

  /** Gives a claimed mail back, due at once (its claim's attempt not counted). */
  private async handBack(id: string): Promise<void> {
    await this.dataSource
      .query(`UPDATE mail_outbox SET next_attempt_at = now(), attempts = greatest(attempts - 1, 0) WHERE id = $1 AND status = 'pending'`, [
        id,
      ])
      .catch(() => undefined);
  }

  /** Hourly: finished mail and spent or expired tokens older than KEEP_FINISHED_DAYS go. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.dataSource.query(`DELETE FROM mail_outbox WHERE status <> 'pending' AND finished_at < now() - make_interval(days => $1)`, [
      KEEP_FINISHED_DAYS,
    ]);
    await this.dataSource.query(`DELETE FROM admin_tokens WHERE expires_at < now() - make_interval(days => $1)`, [KEEP_FINISHED_DAYS]);
  }
}
