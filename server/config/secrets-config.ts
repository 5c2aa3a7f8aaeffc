import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { guessablePassword } from '../common/validation';
import type { AppConfig } from './app-config';
import { ConfigError, text, type Env } from './env';

/* The secrets a deployment is given: the session secret and the first administrator's password. */

/**
 * In production the secret must be given. Elsewhere one is generated on first start and kept in
 * DATA_DIR, so sessions survive restarts without any setup.
 */
export function sessionSecret(env: Env, nodeEnv: AppConfig['nodeEnv'], dataDir: string): string {
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
