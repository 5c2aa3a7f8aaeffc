import { isIP } from 'node:net';
import type { MailConfig, S3StorageConfig, StorageDriver } from './app-config';
import { ConfigError, integer, oneOf, parsedUrl, text, type Env } from './env';

/* The services the app talks to: PostgreSQL, an SMTP server, an S3 bucket, a Prometheus scraper. */

export function databaseUrl(env: Env): string | undefined {
  const raw = text(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// connection string');
  }
  return raw;
}

/**
 * SMTP_URL and MAIL_FROM go together: mail is on with both, off with neither. Credentials in the
 * URL are percent-encoded (nodemailer decodes them); they never reach a log or a reply.
 */
export function mail(env: Env): MailConfig | undefined {
  const raw = text(env, 'SMTP_URL');
  const from = text(env, 'MAIL_FROM');
  if (raw === undefined) {
    if (from !== undefined) throw new ConfigError('SMTP_URL', 'is required when MAIL_FROM is set (or unset MAIL_FROM to turn mail off)');
    return undefined;
  }
  const url = parsedUrl(raw);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    // Never echo the value: it may hold a password.
    throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587');
  }
  const problem = smtpUrlProblem(url);
  if (problem) throw new ConfigError('SMTP_URL', problem);
  if (from === undefined) throw new ConfigError('MAIL_FROM', 'is required when SMTP_URL is set, e.g. "Company <site@example.com>"');
  const domain = fromDomain(from);
  if (domain === undefined)
    throw new ConfigError('MAIL_FROM', `must be an address or a name and an address, such as "Company <site@example.com>" (got "${from}")`);
  return {
    url: raw,
    from,
    fromDomain: domain,
    ...mailTiming(env),
  };
}

export function mailTiming(env: Env): Pick<MailConfig, 'pollMs' | 'sendTimeoutMs'> {
  return {
    pollMs: integer(env, 'MAIL_POLL_MS', 5000, 50, 600_000),
    sendTimeoutMs: integer(env, 'MAIL_SEND_TIMEOUT_MS', 60_000, 1000, 600_000),
  };
}

/** An address or a name and an address (`Company <site@example.com>`); the address's domain, or undefined when it is neither. */
export function fromDomain(from: string): string | undefined {
  const address = /^(?:[^<>\r\n]*<([^<>\s@]+@([^<>\s@]+))>|([^<>\s@]+@([^<>\s@]+)))$/.exec(from);
  return address ? (address[2] ?? address[4]).toLowerCase() : undefined;
}

/**
 * What is wrong with SMTP_URL's query, or undefined. Nodemailer would take any option from it
 * (`?ignoreTLS=true` sends in clear), so the one it may carry is ours: `insecure=true`, on smtp://.
 */
function smtpUrlProblem(url: URL): string | undefined {
  for (const [name, value] of url.searchParams) {
    if (name !== 'insecure') return `takes no option but insecure=true (got "${name}")`;
    if (value !== 'true') return `takes insecure=true or no insecure at all (got insecure="${value}")`;
    if (url.protocol !== 'smtp:') return 'takes insecure=true only with smtp:// (smtps:// is TLS from the start)';
  }
  return undefined;
}

export function s3(env: Env, storage: StorageDriver): S3StorageConfig | undefined {
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

/** METRICS_HOST: 127.0.0.1 by default, so only the machine (or pod) itself can scrape; an address or host name, no port. */
export function metricsHost(env: Env): string {
  const raw = text(env, 'METRICS_HOST');
  if (raw === undefined) return '127.0.0.1';
  const hostName =
    /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(raw) && !/^[\d.]+$/.test(raw);
  if (isIP(raw) === 0 && !hostName) {
    throw new ConfigError(
      'METRICS_HOST',
      `must be an address or host name to listen on, such as 0.0.0.0 or 10.0.0.5, without a port (got "${raw}")`,
    );
  }
  return raw;
}

export function metricsPort(env: Env, port: number): number | undefined {
  if (text(env, 'METRICS_PORT') === undefined) return undefined;
  const value = integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (value === port) throw new ConfigError('METRICS_PORT', `must differ from PORT (${port}): the metrics never share the public port`);
  return value;
}
