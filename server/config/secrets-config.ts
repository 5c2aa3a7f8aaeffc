import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { guessablePassword } from '../common/validation';
import type { AppConfig } from './app-config';
import { ConfigError, text, type Env } from './env';

/* The secrets a deployment is given: the session secret, the secrets key and the first administrator's password. */

/**
 * In production the secret must be given. Elsewhere one is generated on first start and kept in
 * DATA_DIR, so sessions survive restarts without any setup.
 */
export function sessionSecret(env: Env, nodeEnv: AppConfig['nodeEnv'], dataDir: string): string {
  return givenOrKept(env, 'SESSION_SECRET', nodeEnv, join(dataDir, 'session-secret'));
}

/**
 * The key stored secrets are encrypted with (server/common/secret-box.ts). Given, it is used as it
 * is. In production without it, a key derived from SESSION_SECRET (which every replica shares
 * already), so the image still starts with SESSION_SECRET alone as it always has; the app warns at
 * start, since rotating SESSION_SECRET would then lose the sealed secrets. Elsewhere one is kept in
 * DATA_DIR. Losing it loses the authenticator keys (each admin then sets up their app again), not
 * the site.
 */
export function secretsKey(env: Env, nodeEnv: AppConfig['nodeEnv'], dataDir: string, session: string): string {
  if (nodeEnv === 'production' && text(env, 'SECRETS_KEY') === undefined) return derivedSecretsKey(session);
  return givenOrKept(env, 'SECRETS_KEY', nodeEnv, join(dataDir, 'secrets-key'));
}

/** The secrets key a production deployment without SECRETS_KEY uses: HKDF of SESSION_SECRET, for this purpose only. */
export function derivedSecretsKey(session: string): string {
  return Buffer.from(hkdfSync('sha256', session, 'company-site', 'secrets key from SESSION_SECRET', 32)).toString('base64url');
}

/** ARCHIVE_KEY, when set: the site archive's signing key, which only the archive commands use. */
export function archiveKey(env: Env): string | undefined {
  const raw = text(env, 'ARCHIVE_KEY');
  if (raw !== undefined && raw.length < 32) throw new ConfigError('ARCHIVE_KEY', 'must be at least 32 characters long');
  return raw;
}

/** The variable's value (32+ characters), or outside production the one kept in `file`, made on first start. */
function givenOrKept(env: Env, variable: string, nodeEnv: AppConfig['nodeEnv'], file: string): string {
  const raw = text(env, variable);
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError(variable, 'must be at least 32 characters long');
    return raw;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError(variable, 'is required when NODE_ENV=production (at least 32 random characters)');
  }
  let stored: string | undefined;
  try {
    stored = readFileSync(file, 'utf8').trim();
  } catch {
    stored = undefined;
  }
  if (stored !== undefined) {
    if (stored.length < 32)
      throw new ConfigError(variable, `is not set and ${file} holds fewer than 32 characters: delete the file to generate a new one`);
    return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The administrator to create unattended on a fresh deployment. The password comes from a file
 * (a Docker or Kubernetes secret), never from the environment, which `docker inspect` shows.
 */
export function firstAdmin(env: Env): AppConfig['firstAdmin'] {
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
