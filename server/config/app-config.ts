import { guessablePassword } from '../common/validation';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  sessionIdleHours: number;
  sessionMaxDays: number;
  registration: RegistrationPolicy;
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
   * PUBLIC_URL: the public site's origin (`https://example.com`), for canonical links, the
   * sitemap and robots.txt. Unset: each request's own protocol and host (which honour TRUST_PROXY).
   */
  publicUrl: string | undefined;
  /** METRICS_PORT: where Prometheus scrapes /metrics; unset, no metrics listener. Never the public port. */
  metricsPort: number | undefined;
  /** Set when SMTP_URL is: mail goes out through the outbox. Unset: mail is off. */
  mail: MailConfig | undefined;
  /** REQUIRE_SECOND_FACTOR: an admin without a second factor must set one up before anything else. */
  requireSecondFactor: boolean;
}

/** Sending mail (SMTP_URL, MAIL_FROM) and the outbox's sender. */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS where offered) or `smtps://…:465`. */
  url: string;
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
 * Every environment variable the app reads (here, in ormconfig.ts, or through the AWS SDK's
 * default credential chain), so deployment files can be checked against it.
 */
export const KNOWN_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'DATABASE_URL',
  'DATA_DIR',
  'SESSION_SECRET',
  'SESSION_IDLE_HOURS',
  'SESSION_MAX_DAYS',
  'REGISTRATION',
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'PAGE_SIZE',
  'UPLOAD_MAX_BYTES',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'NO_COLOR',
  'SHUTDOWN_TIMEOUT_MS',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD_FILE',
  'ADMIN_NAME',
  'TRASH_DAYS',
  'ACTIVITY_DAYS',
  'STORAGE',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_POLL_MS',
  'MAIL_SEND_TIMEOUT_MS',
  'METRICS_PORT',
  'REQUIRE_SECOND_FACTOR',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
  'AWS_ROLE_ARN',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
] as const;

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function trustProxy(env: Env): boolean | number | string {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') {
    // Express would then take the left-most X-Forwarded-For entry, which the client writes itself.
    throw new ConfigError(
      'TRUST_PROXY',
      'must not be "true": every client could then choose its own address (and so its rate limits); give the number of proxies in front (e.g. 1), their addresses or subnets, or "loopback"',
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  // Express also accepts addresses, subnets and names such as "loopback".
  return raw;
}

function corsOrigins(env: Env): string[] {
  const raw = text(env, 'CORS_ORIGINS');
  if (raw === undefined) return [];
  return raw.split(',').map((origin) => {
    const trimmed = origin.trim();
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new ConfigError('CORS_ORIGINS', `must be a comma-separated list of origins such as https://example.com (got "${trimmed}")`);
    }
    if (url.origin === 'null' || url.origin !== trimmed.replace(/\/$/, '')) {
      throw new ConfigError('CORS_ORIGINS', `must list bare origins without paths (got "${trimmed}")`);
    }
    return url.origin;
  });
}

function publicUrl(env: Env): string | undefined {
  const raw = text(env, 'PUBLIC_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw.replace(/\/$/, '').toLowerCase()) {
    throw new ConfigError('PUBLIC_URL', `must be the site's origin, such as https://example.com, without a path (got "${raw}")`);
  }
  return url.origin;
}

function metricsPort(env: Env, port: number): number | undefined {
  if (text(env, 'METRICS_PORT') === undefined) return undefined;
  const value = integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (value === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (${port}): the metrics never share the public port`);
  return value;
}

/**
 * SMTP_URL and MAIL_FROM go together: mail is on with both, off with neither. Credentials in the
 * URL are percent-encoded (nodemailer decodes them); they never reach a log or a reply.
 */
function mail(env: Env): MailConfig | undefined {
  const raw = text(env, 'SMTP_URL');
  const from = text(env, 'MAIL_FROM');
  if (raw === undefined) {
    if (from !== undefined) throw new ConfigError('SMTP_URL', 'is required when MAIL_FROM is set (or unset MAIL_FROM to turn mail off)');
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    // Never echo the value: it may hold a password.
    throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587');
  }
  if (from === undefined) throw new ConfigError('MAIL_FROM', 'is required when SMTP_URL is set, e.g. "Company <site@example.com>"');
  const address = /^(?:[^<>\r\n]*<([^<>\s@]+@([^<>\s@]+))>|([^<>\s@]+@([^<>\s@]+)))$/.exec(from);
  if (!address)
    throw new ConfigError('MAIL_FROM', `must be an address or a name and an address, such as "Company <site@example.com>" (got "${from}")`);
  return {
    url: raw,
    from,
    fromDomain: (address[2] ?? address[4]).toLowerCase(),
    pollMs: integer(env, 'MAIL_POLL_MS', 5000, 50, 600_000),
    sendTimeoutMs: integer(env, 'MAIL_SEND_TIMEOUT_MS', 60_000, 1000, 600_000),
  };
}

function databaseUrl(env: Env): string | undefined {
  const raw = text(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// connection string');
  }
  return raw;
}

/**
 * In production the secret must be given. Elsewhere one is generated on first start and kept in
 * DATA_DIR, so sessions survive restarts without any setup.
 */
function sessionSecret(env: Env, nodeEnv: AppConfig['nodeEnv'], dataDir: string): string {
  const raw = text(env, 'SESSION_SECRET');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters long');
    return raw;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError('SESSION_SECRET', 'is required when NODE_ENV=production (at least 32 random characters)');
  }
  const file = join(dataDir, 'session-secret');
  let stored: string | undefined;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch {
    stored = undefined;
  }
  if (stored !== undefined) {
    if (stored.length < 32)
      throw new ConfigError(
        'SESSION_SECRET',
        `is not set and ${file} holds fewer than 32 characters: delete the file to generate a new one`,
      );
    return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function s3(env: Env, storage: StorageDriver): S3StorageConfig | undefined {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === undefined) {
    if (storage === 's3') throw new ConfigError('S3_BUCKET', 'is required when STORAGE=s3');
    return undefined;
  }
  const region = text(env, 'S3_REGION') ?? text(env, 'AWS_REGION');
  if (region === undefined) throw new ConfigError('S3_REGION', 'is required with S3_BUCKET (e.g. eu-west-1)');
  const endpoint = text(env, 'S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT', `must be an http:// or https:// URL (got "${endpoint}")`);
  }
  const pathStyle = oneOf(env, 'S3_FORCE_PATH_STYLE', ['true', 'false'] as const, 'false');
  return { bucket, region, endpoint, forcePathStyle: pathStyle === 'true' };
}

/**
 * The administrator to create unattended on a fresh deployment. The password comes from a file
 * (a Docker or Kubernetes secret), never from the environment, which `docker inspect` shows.
 */
function firstAdmin(env: Env): AppConfig['firstAdmin'] {
  const email = text(env, 'ADMIN_EMAIL');
  const passwordFile = text(env, 'ADMIN_PASSWORD_FILE');
  if (email === undefined && passwordFile === undefined) return undefined;
  if (email === undefined) throw new ConfigError('ADMIN_EMAIL', 'is required when ADMIN_PASSWORD_FILE is set');
  if (passwordFile === undefined) throw new ConfigError('ADMIN_PASSWORD_FILE', 'is required when ADMIN_EMAIL is set');
  let password: string;
  try {
    // One trailing line break, as `echo` and editors leave it, is not part of the password.
    password = readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new ConfigError('ADMIN_PASSWORD_FILE', `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (password.length < 8 || password.length > 128) {
    throw new ConfigError('ADMIN_PASSWORD_FILE', 'must hold a password of 8 to 128 characters');
  }
  const guessable = guessablePassword(password, email);
  if (guessable) throw new ConfigError('ADMIN_PASSWORD_FILE', `must hold a password that is hard to guess (${guessable})`);
  return { name: text(env, 'ADMIN_NAME') ?? 'Administrator', email: email.toLowerCase(), password };
}

/**
 * Reads and validates the environment. The one place, with ormconfig.ts, that reads process.env.
 * Command-line tools pass `sessionSecret: false`: they serve no sessions, so they neither need
 * SESSION_SECRET (a one-off `docker run` of a command should not have to be given it) nor make one.
 */
export function loadConfig(env: Env = process.env, options: { sessionSecret?: boolean } = {}): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './data');
  const storage = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  return {
    nodeEnv,
    port,
    databaseUrl: databaseUrl(env),
    dataDir,
    sessionSecret: options.sessionSecret === false ? '' : sessionSecret(env, nodeEnv, dataDir),
    sessionIdleHours: integer(env, 'SESSION_IDLE_HOURS', 12, 1, 24 * 365),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 365),
    registration: oneOf(env, 'REGISTRATION', ['first-admin', 'open', 'closed'] as const, 'first-admin'),
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
    publicUrl: publicUrl(env),
    mail: mail(env),
    metricsPort: metricsPort(env, port),
    requireSecondFactor: oneOf(env, 'REQUIRE_SECOND_FACTOR', ['true', 'false'] as const, 'false') === 'true',
  };
}
