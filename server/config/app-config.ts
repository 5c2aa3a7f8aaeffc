import { resolve } from 'node:path';
import { ROLES, type Role } from '../roles/permissions';
import { cdn, type CdnConfig } from './cdn-config';
import { ConfigError, integer, oneOf, text, type Env } from './env';
import { archiveKey, firstAdmin, secretsKey, sessionSecret } from './secrets-config';
import { databaseUrl, mail, metricsHost, metricsPort, s3 } from './services-config';
import { corsOrigins, publicUrl, trustProxy } from './web-config';

// Where the tools and tests have always found them.
export { ConfigError };
export type { CdnConfig };
export { KNOWN_VARIABLES } from './known-variables';

export const APP_CONFIG = Symbol('APP_CONFIG');

export type RegistrationPolicy = 'first-admin' | 'open' | 'closed';
export type LogLevel = 'error' | 'warn' | 'log' | 'debug' | 'verbose';
export type StorageDriver = 'local' | 's3';

/** Where photos go with STORAGE=s3; credentials come from the AWS SDK's default chain. */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Ceph, R2…); unset for AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
}

export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  /** PostgreSQL connection string; when absent the embedded database under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  /**
   * SECRETS_KEY: what stored secrets (authenticator keys) are encrypted with, AES-256-GCM under a
   * key derived from it. Required in production; elsewhere generated once and kept in DATA_DIR.
   * Empty for the command-line tools, which never decrypt.
   */
  secretsKey: string;
  /** True when production has no SECRETS_KEY and seals with a key derived from SESSION_SECRET (warned at start). */
  secretsKeyDerived: boolean;
  /** ARCHIVE_KEY: what `site:export` signs the archive with and `site:import` checks it with (or `--key`). */
  archiveKey: string | undefined;
  sessionIdleHours: number;
  sessionMaxDays: number;
  registration: RegistrationPolicy;
  /** REGISTRATION_ROLE: the role a visitor's registration gets under REGISTRATION=open (the first admin is always an administrator). */
  registrationRole: Role;
  /** Passed to Express's `trust proxy` setting. */
  trustProxy: boolean | number | string;
  corsOrigins: string[];
  pageSize: number;
  uploadMaxBytes: number;
  logLevel: LogLevel;
  /** How long a stop (SIGTERM, SIGINT) may take: requests in flight finish within it, then the process exits. */
  shutdownTimeoutMs: number;
  /** LOG_FORMAT: JSON lines (production default) or readable lines. */
  logFormat: 'json' | 'pretty';
  /** From ADMIN_EMAIL, ADMIN_NAME and ADMIN_PASSWORD_FILE: created at start while no admin exists. */
  firstAdmin: { name: string; email: string; password: string } | undefined;
  /** Days an item stays in the trash before the purge job deletes it for good. */
  trashDays: number;
  /** Days the activity log keeps an entry. */
  activityDays: number;
  /** Where news photos are stored: `DATA_DIR/uploads` or an S3 bucket. */
  storage: StorageDriver;
  /** Set when S3_BUCKET is (required for STORAGE=s3). */
  s3: S3StorageConfig | undefined;
  /**
   * PUBLIC_URL: the public site's origin (`https://example.com`), which every absolute link the
   * app writes starts with; never taken from a request. Required in production; elsewhere
   * `http://localhost:PORT`. An https:// one also makes the session cookie `__Host-sid`, Secure.
   */
  publicUrl: string;
  /** METRICS_PORT: where Prometheus scrapes /metrics; unset, no metrics listener. Never the public port. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address the metrics listener binds to; 127.0.0.1 unless the scraper is on another host. */
  metricsHost: string;
  /** Set when SMTP_URL is: mail goes out through the outbox. Unset: mail is off. */
  mail: MailConfig | undefined;
  /**
   * REQUIRE_SECOND_FACTOR: an admin without a second factor must set one up before anything else.
   * On by default in production (off only when set to false explicitly), off by default elsewhere.
   */
  requireSecondFactor: boolean;
  /** ANALYTICS: `on` (default) counts visitors (the pages' beacon, /api/collect); `off` removes both, the reports stay readable. */
  analytics: boolean;
  /** ANALYTICS_DAYS: days the visitor counts are kept (pruned daily). */
  analyticsDays: number;
  /** CDN and its settings (cdn-config.ts); undefined with CDN=none, the default. */
  cdn: CdnConfig | undefined;
}

/** Sending mail (SMTP_URL, MAIL_FROM) and the outbox's sender. */
export interface MailConfig {
  /**
   * `smtp://user:pass@host:587` (STARTTLS required) or `smtps://…:465` (TLS from the start);
   * `smtp://relay:25?insecure=true` lets mail go in clear to a relay that offers no STARTTLS.
   */
  url: string;
  /** Never set from the environment: the tests' STARTTLS server has a self-signed certificate. */
  tls?: { rejectUnauthorized: boolean };
  /** The From header, e.g. `"Company" <site@example.com>`. */
  from: string;
  /** MAIL_FROM's domain, for the Message-ID of each mail. */
  fromDomain: string;
  /** MAIL_POLL_MS: how often each replica's sender looks for mail that is due. */
  pollMs: number;
  /** MAIL_SEND_TIMEOUT_MS: how long one delivery may take; a claim lapses after twice this. */
  sendTimeoutMs: number;
}

/**
 * Reads and validates the environment. The one place, with ormconfig.ts, that reads process.env.
 * Command-line tools pass `serving: false`: they serve no sessions and write no links, so they
 * need neither SESSION_SECRET nor PUBLIC_URL (a one-off `docker run` of a command should not have
 * to be given them), and make no session secret.
 */
export function loadConfig(env: Env = process.env, options: { serving?: boolean } = {}): AppConfig {
  const serving = options.serving !== false;
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './data');
  const storage = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const session = serving ? sessionSecret(env, nodeEnv, dataDir) : '';
  return {
    nodeEnv,
    port,
    databaseUrl: databaseUrl(env),
    dataDir,
    sessionSecret: session,
    secretsKey: serving ? secretsKey(env, nodeEnv, dataDir, session) : '',
    secretsKeyDerived: serving && nodeEnv === 'production' && text(env, 'SECRETS_KEY') === undefined,
    archiveKey: archiveKey(env),
    sessionIdleHours: integer(env, 'SESSION_IDLE_HOURS', 12, 1, 24 * 365),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 365),
    registration: oneOf(env, 'REGISTRATION', ['first-admin', 'open', 'closed'] as const, 'first-admin'),
    registrationRole: oneOf(env, 'REGISTRATION_ROLE', ROLES, 'administrator'),
    trustProxy: trustProxy(env),
    corsOrigins: corsOrigins(env),
    pageSize: integer(env, 'PAGE_SIZE', 10, 1, 100),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    logLevel: oneOf(env, 'LOG_LEVEL', ['error', 'warn', 'log', 'debug', 'verbose'] as const, 'log'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1000, 600_000),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, nodeEnv === 'production' ? 'json' : 'pretty'),
    firstAdmin: firstAdmin(env),
    trashDays: integer(env, 'TRASH_DAYS', 30, 1, 3650),
    activityDays: integer(env, 'ACTIVITY_DAYS', 365, 1, 36500),
    storage,
    s3: s3(env, storage),
    publicUrl: publicUrl(env, { required: serving && nodeEnv === 'production', port }),
    mail: mail(env),
    metricsPort: metricsPort(env, port),
    metricsHost: metricsHost(env),
    // Production asks for a second factor unless told otherwise in so many words (main.ts warns then).
    requireSecondFactor:
      oneOf(env, 'REQUIRE_SECOND_FACTOR', ['true', 'false'] as const, nodeEnv === 'production' ? 'true' : 'false') === 'true',
    analytics: oneOf(env, 'ANALYTICS', ['on', 'off'] as const, 'on') === 'on',
    analyticsDays: integer(env, 'ANALYTICS_DAYS', 730, 1, 36500),
    cdn: cdn(env),
  };
}
