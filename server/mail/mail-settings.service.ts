import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG, type AppConfig, type MailConfig } from '../config/app-config';
import { fromDomain } from '../config/services-config';

export type MailSecurity = 'starttls' | 'tls' | 'none';

/** What Settings → Mail shows of the panel's settings: never the password, only whether one is set. */
export interface PanelMailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  passwordSet: boolean;
  from: string;
}

export interface MailSettingsInput {
  host: string;
  port: number;
  security: MailSecurity;
  username?: string;
  /** Absent: keep the stored one. Empty: no password. */
  password?: string;
  from: string;
}

/** Where the mail configuration in force comes from. */
export type MailSource = 'env' | 'panel';

export const ENV_WINS =
  "SMTP_URL is set in the server's environment and takes precedence: change mail there, or unset it to set mail up here.";

/** The AES-GCM context the password is sealed under: a value copied from elsewhere does not open. */
const SEAL_CONTEXT = 'mail-settings';

interface Row {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  password_sealed: string | null;
  from_address: string;
}

/**
 * The mail configuration in force: SMTP_URL and MAIL_FROM when set (they win), else what an
 * administrator saved in Settings → Mail (the mail_settings row), else none (mail is off).
 *
 * Read from the database, not at start-up, so a change applies on every replica without a
 * restart: the sender refreshes it at each round (every MAIL_POLL_MS), and the replica that saves
 * a change at once. `current` is that copy, for the callers that decide synchronously whether a
 * mail can be queued.
 */
@Injectable()
export class MailSettingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');
  private readonly box: SecretBox | undefined;
  private panel: { config: MailConfig; settings: PanelMailSettings } | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
  ) {
    // The command-line tools load no key: they never send mail.
    this.box = config.secretsKey.length >= 32 ? new SecretBox(config.secretsKey) : undefined;
  }

  /** Read before the first request, so a replica that starts answers "mail is on" from the start. */
  async onApplicationBootstrap(): Promise<void> {
    await this.refresh().catch((error: unknown) => this.logger.warn(`The mail settings could not be read yet: ${String(error)}`));
  }

  get source(): MailSource | null {
    if (this.config.mail) return 'env';
    return this.panel ? 'panel' : null;
  }

  /** The configuration in force as last read (see refresh), or undefined: mail is off. */
  get current(): MailConfig | undefined {
    return this.config.mail ?? this.panel?.config;
  }

  /** The panel's settings as last read (even when SMTP_URL wins over them). */
  get panelSettings(): PanelMailSettings | null {
    return this.panel?.settings ?? null;
  }

  /** Reads the panel's settings again; returns the configuration in force. */
  async refresh(): Promise<MailConfig | undefined> {
    const [row] = await this.dataSource.query<Row[]>(
      `SELECT host, port, security, username, password_sealed, from_address FROM mail_settings WHERE id = 1`,
    );
    this.panel = row ? this.fromRow(row) : undefined;
    return this.current;
  }

  async save(input: MailSettingsInput, by: Actor): Promise<void> {
    if (this.config.mail) throw new ApiError(HttpStatus.CONFLICT, ENV_WINS);
    if (fromDomain(input.from) === undefined) {
      throw ApiError.field('from', 'Enter an address, or a name and an address such as "Company <site@example.com>"');
    }
    if (!this.box) throw new Error('Mail settings need SECRETS_KEY');
    const box = this.box;
    await this.dataSource.transaction(async (manager) => {
      // The stored password stays unless a new one (or '' for none) is given.
      const sealed = input.password === undefined ? null : input.password === '' ? null : box.seal(input.password, SEAL_CONTEXT);
      await manager.query(
        `INSERT INTO mail_settings (id, host, port, security, username, password_sealed, from_address, updated_at)
         VALUES (1, $1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (id) DO UPDATE SET host = $1, port = $2, security = $3, username = $4,
           password_sealed = CASE WHEN $7::boolean THEN mail_settings.password_sealed ELSE $5 END,
           from_address = $6, updated_at = now()`,
        [input.host, input.port, input.security, input.username ?? '', sealed, input.from, input.password === undefined],
      );
      await this.activity.record(manager, { by, action: 'edit', kind: 'settings', label: 'Mail', fields: ['mail'] });
    });
    await this.refresh();
  }

  /** Mail set up from the panel is forgotten (mail is off unless SMTP_URL is set). */
  async clear(by: Actor): Promise<void> {
    if (this.config.mail) throw new ApiError(HttpStatus.CONFLICT, ENV_WINS);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM mail_settings WHERE id = 1`);
      await this.activity.record(manager, { by, action: 'edit', kind: 'settings', label: 'Mail', fields: ['mail'] });
    });
    await this.refresh();
  }

  private fromRow(row: Row): { config: MailConfig; settings: PanelMailSettings } | undefined {
    let password = '';
    // The command-line tools (no key) only queue mail, which needs no password.
    if (row.password_sealed !== null && this.box) {
      // A row sealed under another SECRETS_KEY cannot be opened: mail stays off until the password is entered again.
      try {
        password = this.box.open(row.password_sealed, SEAL_CONTEXT);
      } catch {
        this.logger.warn(
          'The mail password saved in Settings → Mail does not open with this SECRETS_KEY: mail is off until it is entered again',
        );
        return undefined;
      }
    }
    const settings: PanelMailSettings = {
      host: row.host,
      port: row.port,
      security: row.security,
      username: row.username,
      passwordSet: row.password_sealed !== null,
      from: row.from_address,
    };
    return { config: panelMailConfig(settings, password, this.config.mailTiming), settings };
  }
}

/**
 * The panel's settings as the SMTP_URL they amount to, so the sender treats both alike (see
 * transportOptions): smtps:// for TLS from the start, smtp:// requiring STARTTLS, and smtp://
 * with `?insecure=true` only for a local relay chosen explicitly.
 */
export function panelMailConfig(
  settings: Omit<PanelMailSettings, 'passwordSet'>,
  password: string,
  timing: Pick<MailConfig, 'pollMs' | 'sendTimeoutMs'>,
): MailConfig {
  const url = new URL(`${settings.security === 'tls' ? 'smtps' : 'smtp'}://placeholder`);
  url.hostname = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  url.port = String(settings.port);
  if (settings.username !== '') {
    url.username = encodeURIComponent(settings.username);
    url.password = encodeURIComponent(password);
  }
  if (settings.security === 'none') url.searchParams.set('insecure', 'true');
  return { url: url.href, from: settings.from, fromDomain: fromDomain(settings.from) ?? 'localhost', ...timing };
}
