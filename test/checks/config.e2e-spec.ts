import { existsSync, writeFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/app-config';

const SECRET = 'a-session-secret-of-at-least-32-chars!';
const KEY = 'a-secrets-key-of-at-least-32-characters!';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'config-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A valid environment plus the given variables. */
function env(vars: Record<string, string | undefined> = {}) {
  return { NODE_ENV: 'test', DATA_DIR: tempDir(), SESSION_SECRET: SECRET, SECRETS_KEY: KEY, ...vars };
}

/** The ConfigError loadConfig throws for this environment. */
function failure(vars: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env(vars));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(vars)}`);
}

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: SECRET });
    expect(config).toEqual({
      nodeEnv: 'test',
      port: 3000,
      databaseUrl: undefined,
      dataDir,
      sessionSecret: SECRET,
      secretsKey: expect.stringMatching(/^.{32,}$/),
      secretsKeyDerived: false,
      archiveKey: undefined,
      sessionIdleHours: 12,
      sessionMaxDays: 7,
      registration: 'first-admin',
      registrationRole: 'administrator',
      trustProxy: false,
      corsOrigins: [],
      pageSize: 10,
      uploadMaxBytes: 5 * 1024 * 1024,
      logLevel: 'log',
      shutdownTimeoutMs: 10_000,
      logFormat: 'pretty',
      firstAdmin: undefined,
      trashDays: 30,
      activityDays: 365,
      storage: 'local',
      s3: undefined,
      publicUrl: 'http://localhost:3000',
      mail: undefined,
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      requireSecondFactor: false,
      analytics: true,
      analyticsDays: 730,
      cdn: undefined,
    });
  });

  it('takes a CDN with what its provider needs, and names the variable that is missing', () => {
    expect(() => loadConfig(env({ CDN: 'cloudflare', CDN_ZONE: 'zone' }))).toThrow('CDN_API_TOKEN is required when CDN=cloudflare');
    expect(() => loadConfig(env({ CDN: 'fastly', CDN_API_TOKEN: 't' }))).toThrow('CDN_SERVICE is required when CDN=fastly');
    expect(() => loadConfig(env({ CDN: 'varnish' }))).toThrow('CDN_PURGE_URL is required when CDN=varnish');
    expect(() => loadConfig(env({ CDN: 'akamai' }))).toThrow('CDN must be one of none, cloudflare, fastly, varnish, nginx');
    expect(() => loadConfig(env({ CDN: 'nginx', CDN_PURGE_URL: 'ftp://x' }))).toThrow('CDN_PURGE_URL must be an http:// or https:// URL');
    expect(loadConfig(env({ CDN: 'cloudflare', CDN_API_TOKEN: 't', CDN_ZONE: 'z' })).cdn).toEqual({
      provider: 'cloudflare',
      maxAge: 86_400,
      purgeUrl: undefined,
      apiToken: 't',
      zone: 'z',
      service: undefined,
      apiUrl: 'https://api.cloudflare.com/client/v4',
    });
    expect(loadConfig(env({ CDN: 'varnish', CDN_PURGE_URL: 'http://127.0.0.1:6081/', CDN_MAX_AGE: '600' })).cdn).toMatchObject({
      provider: 'varnish',
      maxAge: 600,
      purgeUrl: 'http://127.0.0.1:6081',
    });
  });

  it('requires a second factor by default in production only, and lets production turn it off only in so many words', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' };
    expect(loadConfig(env(production)).requireSecondFactor).toBe(true);
    expect(loadConfig(env({ ...production, REQUIRE_SECOND_FACTOR: 'false' })).requireSecondFactor).toBe(false);
    expect(loadConfig(env({ ...production, REQUIRE_SECOND_FACTOR: '' })).requireSecondFactor).toBe(true);
    expect(loadConfig(env({ NODE_ENV: 'development' })).requireSecondFactor).toBe(false);
    expect(loadConfig(env({ REQUIRE_SECOND_FACTOR: 'true' })).requireSecondFactor).toBe(true);
  });

  it('in production takes SECRETS_KEY, or derives one from SESSION_SECRET (and says so); elsewhere keeps one in DATA_DIR, readable by the owner only', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' };
    const derived = loadConfig(env({ ...production, SECRETS_KEY: undefined }));
    expect(derived.secretsKeyDerived).toBe(true);
    expect(derived.secretsKey).toMatch(/^[\w-]{43}$/);
    expect(derived.secretsKey).not.toBe(derived.sessionSecret);
    // Every replica given the same SESSION_SECRET derives the same key; another secret, another key.
    expect(loadConfig(env({ ...production, SECRETS_KEY: undefined })).secretsKey).toBe(derived.secretsKey);
    expect(loadConfig(env({ ...production, SECRETS_KEY: undefined, SESSION_SECRET: 'y'.repeat(40) })).secretsKey).not.toBe(
      derived.secretsKey,
    );
    const given = loadConfig(env({ ...production, SECRETS_KEY: KEY }));
    expect({ key: given.secretsKey, derived: given.secretsKeyDerived }).toEqual({ key: KEY, derived: false });
    expect(failure({ SECRETS_KEY: 'short' }).message).toContain('SECRETS_KEY must be at least 32 characters long');
    const dataDir = tempDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, 'secrets-key'), 'utf8')).toBe(first.secretsKey);
    expect(statSync(join(dataDir, 'secrets-key')).mode & 0o077).toBe(0);
    expect(first.secretsKey).not.toBe(first.sessionSecret);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).secretsKey).toBe(first.secretsKey);
  });

  it('takes insecure=true in SMTP_URL for a relay in clear, and no other option from its query', () => {
    const mail = (url: string) => loadConfig(env({ SMTP_URL: url, MAIL_FROM: 'site@example.com' })).mail;
    expect(mail('smtp://relay:25?insecure=true')?.url).toBe('smtp://relay:25?insecure=true');
    expect(failure({ SMTP_URL: 'smtp://u:secret@relay:25?ignoreTLS=true', MAIL_FROM: 'a@b.c' }).message).toBe(
      'Invalid configuration: SMTP_URL takes no option but insecure=true (got "ignoreTLS")',
    );
    expect(failure({ SMTP_URL: 'smtp://relay:25?insecure=yes', MAIL_FROM: 'a@b.c' }).message).toContain('SMTP_URL takes insecure=true');
    expect(failure({ SMTP_URL: 'smtps://relay:465?insecure=true', MAIL_FROM: 'a@b.c' }).message).toContain('only with smtp://');
    expect(failure({ SMTP_URL: 'smtp://u:secret@relay:25?tls.rejectUnauthorized=false', MAIL_FROM: 'a@b.c' }).message).not.toContain(
      'secret',
    );
  });

  it('binds the metrics to 127.0.0.1 unless METRICS_HOST names another address', () => {
    expect(loadConfig(env({ METRICS_PORT: '9464' })).metricsHost).toBe('127.0.0.1');
    expect(loadConfig(env({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).metricsHost).toBe('0.0.0.0');
    expect(loadConfig(env({ METRICS_HOST: '::' })).metricsHost).toBe('::');
    expect(failure({ METRICS_HOST: '10.0.0.5:9464' }).message).toContain('METRICS_HOST must be an address');
    expect(failure({ METRICS_HOST: 'http://10.0.0.5' }).message).toContain('METRICS_HOST');
  });

  it('turns mail on with SMTP_URL and MAIL_FROM together, and takes the Message-ID domain from MAIL_FROM', () => {
    const config = loadConfig(env({ SMTP_URL: 'smtp://user:p%40ss@mail.example.com:587', MAIL_FROM: '"Company" <Site@Example.com>' }));
    expect(config.mail).toEqual({
      url: 'smtp://user:p%40ss@mail.example.com:587',
      from: '"Company" <Site@Example.com>',
      fromDomain: 'example.com',
      pollMs: 5000,
      sendTimeoutMs: 60_000,
    });
    expect(
      loadConfig(env({ SMTP_URL: 'smtps://mail.example.com:465', MAIL_FROM: 'site@example.com', MAIL_POLL_MS: '100' })).mail,
    ).toMatchObject({
      fromDomain: 'example.com',
      pollMs: 100,
    });
  });

  it('refuses a mail configuration that is half there or malformed, naming the variable and never echoing SMTP_URL', () => {
    expect(failure({ MAIL_FROM: 'site@example.com' }).message).toContain('SMTP_URL is required');
    expect(failure({ SMTP_URL: 'smtp://mail.example.com' }).message).toContain('MAIL_FROM is required');
    const wrong = failure({ SMTP_URL: 'http://user:secret@mail.example.com', MAIL_FROM: 'site@example.com' });
    expect(wrong.message).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    expect(wrong.message).not.toContain('secret');
    expect(failure({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'not an address' }).message).toContain('MAIL_FROM must be');
    expect(failure({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'Evil\r\nBcc: x@y.z <a@b.c>' }).message).toContain(
      'MAIL_FROM must be',
    );
    expect(failure({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'a@b.c', MAIL_POLL_MS: '0' }).message).toContain('MAIL_POLL_MS');
  });

  it('asks command-line tools for no SESSION_SECRET and no PUBLIC_URL, even in production, and makes no secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, { serving: false });
    expect(config.sessionSecret).toBe('');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, { serving: false }).sessionSecret).toBe('');
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });

  it('writes JSON log lines by default in production only', () => {
    expect(loadConfig(env({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' })).logFormat).toBe('json');
    expect(loadConfig(env({ NODE_ENV: 'development' })).logFormat).toBe('pretty');
  });

  it('defaults NODE_ENV to development and DATA_DIR to ./data', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config.nodeEnv).toBe('development');
    expect(config.dataDir).toBe(resolve('./data'));
  });

  it('reads every variable when given', () => {
    const config = loadConfig(
      env({
        NODE_ENV: 'production',
        PORT: '8080',
        DATABASE_URL: 'postgresql://app@db:5432/site',
        SESSION_IDLE_HOURS: '2',
        SESSION_MAX_DAYS: '3',
        REGISTRATION: 'closed',
        TRUST_PROXY: '1',
        CORS_ORIGINS: 'https://admin.example, https://other.example/',
        PAGE_SIZE: '25',
        UPLOAD_MAX_BYTES: '1048576',
        LOG_LEVEL: 'debug',
        SHUTDOWN_TIMEOUT_MS: '2500',
        LOG_FORMAT: 'pretty',
        TRASH_DAYS: '7',
        ACTIVITY_DAYS: '90',
        STORAGE: 's3',
        S3_BUCKET: 'site-photos',
        S3_REGION: 'eu-west-1',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: 'true',
        PUBLIC_URL: 'https://www.example.com/',
        METRICS_PORT: '9464',
      }),
    );
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/site',
      sessionIdleHours: 2,
      sessionMaxDays: 3,
      registration: 'closed',
      trustProxy: 1,
      corsOrigins: ['https://admin.example', 'https://other.example'],
      pageSize: 25,
      uploadMaxBytes: 1_048_576,
      logLevel: 'debug',
      shutdownTimeoutMs: 2500,
      logFormat: 'pretty',
      trashDays: 7,
      activityDays: 90,
      storage: 's3',
      s3: { bucket: 'site-photos', region: 'eu-west-1', endpoint: 'https://s3.example.com', forcePathStyle: true },
      publicUrl: 'https://www.example.com',
      metricsPort: 9464,
    });
  });

  it('refuses TRUST_PROXY=true at start, saying why', () => {
    expect(() => loadConfig(env({ TRUST_PROXY: 'true' }))).toThrow(
      /TRUST_PROXY must not be "true": every client could then choose its own address/,
    );
  });

  it.each([
    ['2', 2],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8, 192.168.1.1'],
    ['false', false],
    ['loopback', 'loopback'],
  ])('passes TRUST_PROXY=%s to Express as %s', (raw, value) => {
    expect(loadConfig(env({ TRUST_PROXY: raw })).trustProxy).toBe(value);
  });

  it.each([
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ STORAGE: 's3', S3_BUCKET: 'photos' }, 'S3_REGION'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops S3 storage settings %j with a message naming %s', (values, variable) => {
    const error = failure(values);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('refuses METRICS_PORT on the public port: the metrics never share it', () => {
    expect(failure({ PORT: '8080', METRICS_PORT: '8080' }).message).toBe(
      'Invalid configuration: METRICS_PORT must differ from PORT (8080): the metrics never share the public port',
    );
    expect(failure({ METRICS_PORT: '3000' }).message).toMatch(/^Invalid configuration: METRICS_PORT must differ from PORT \(3000\)/);
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig(env({ PORT: '', PAGE_SIZE: '   ', DATABASE_URL: '', REGISTRATION: '' }));
    expect(config.port).toBe(3000);
    expect(config.pageSize).toBe(10);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.registration).toBe('first-admin');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '3000.5'],
    ['REGISTRATION', 'everyone'],
    ['REGISTRATION_ROLE', 'boss'],
    ['REQUIRE_SECOND_FACTOR', 'yes'],
    ['ANALYTICS', 'yes'],
    ['ANALYTICS_DAYS', '0'],
    ['PAGE_SIZE', '0'],
    ['PAGE_SIZE', '101'],
    ['PAGE_SIZE', 'ten'],
    ['UPLOAD_MAX_BYTES', '5MB'],
    ['UPLOAD_MAX_BYTES', '10'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'xml'],
    ['TRASH_DAYS', '0'],
    ['TRASH_DAYS', 'a month'],
    ['ACTIVITY_DAYS', '-1'],
    ['ACTIVITY_DAYS', '36501'],
    ['NODE_ENV', 'staging'],
    ['SESSION_IDLE_HOURS', '0'],
    ['SESSION_MAX_DAYS', 'forever'],
    ['DATABASE_URL', 'mysql://root@localhost/site'],
    ['DATABASE_URL', 'localhost:5432'],
    ['CORS_ORIGINS', 'not a url'],
    ['CORS_ORIGINS', 'https://admin.example/path'],
    ['CORS_ORIGINS', 'null'],
    ['CORS_ORIGINS', 'https://ok.example,*'],
    ['SESSION_SECRET', 'too-short'],
    ['SHUTDOWN_TIMEOUT_MS', '10s'],
    ['SHUTDOWN_TIMEOUT_MS', '10'],
    ['STORAGE', 'ftp'],
    ['PUBLIC_URL', 'example.com'],
    ['PUBLIC_URL', 'https://example.com/site'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', '65536'],
    ['METRICS_PORT', 'nine'],
  ])('stops with a message naming %s when it is %j', (variable, value) => {
    const error = failure({ [variable]: value });
    expect(error.message).toContain(variable);
    expect(error.message).toMatch(/^Invalid configuration: /);
  });

  it('requires PUBLIC_URL with NODE_ENV=production, naming it, and never takes links from elsewhere', () => {
    const error = failure({ NODE_ENV: 'production' });
    expect(error.message).toBe(
      "Invalid configuration: PUBLIC_URL is required when NODE_ENV=production: the site's public origin, such as https://www.example.com (every link the app writes starts with it)",
    );
    expect(failure({ NODE_ENV: 'production', PUBLIC_URL: '   ' }).message).toContain('PUBLIC_URL is required');
    expect(loadConfig(env({ NODE_ENV: 'production', PUBLIC_URL: 'http://192.168.1.20:3000' })).publicUrl).toBe('http://192.168.1.20:3000');
  });

  it('defaults PUBLIC_URL to http://localhost:PORT outside production', () => {
    expect(loadConfig(env({ NODE_ENV: 'development', PORT: '8080' })).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig(env({ NODE_ENV: 'test' })).publicUrl).toBe('http://localhost:3000');
  });

  it('requires SESSION_SECRET with NODE_ENV=production', () => {
    const error = failure({ NODE_ENV: 'production', SESSION_SECRET: undefined });
    expect(error.message).toContain('SESSION_SECRET');
    expect(error.message).toContain('NODE_ENV=production');
  });

  it('does not write a secret file when production refuses to start', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(existsSync(join(dataDir, 'session-secret'))).toBe(false);
  });

  it('generates a session secret into DATA_DIR once in development and reuses it', () => {
    const dataDir = join(tempDir(), 'not-yet-created');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const file = join(dataDir, 'session-secret');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    // Readable by the owner only.
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
  });

  it('refuses a stored session secret that is too short, naming the file', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'session-secret'), 'short\n');
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected loadConfig to throw');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('SESSION_SECRET');
    expect(error.message).toContain(join(dataDir, 'session-secret'));
  });

  it('gives every new DATA_DIR a secret of its own', () => {
    const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    const b = loadConfig({ NODE_ENV: 'development', DATA_DIR: tempDir() });
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
  });

  it('prefers SESSION_SECRET over a stored secret', () => {
    const dataDir = tempDir();
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, SESSION_SECRET: SECRET }).sessionSecret).toBe(SECRET);
  });
});
