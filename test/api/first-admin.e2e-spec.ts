import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config/app-config';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';

const PASSWORD = 'correct horse battery';
const CLOSED = { error: 'Registration is closed. Ask an administrator to add you.' };
const MISSING = { error: "Registration needs the setup link from the server's log." };
const WRONG = { error: "This setup link is not valid: use the one from the server's log." };
const ADMIN = { name: 'Ada Lovelace', email: 'ada@example.com', password: PASSWORD };

describe('the first administrator of a production deployment (REGISTRATION=first-admin)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    try {
      t = await createTestApp({ nodeEnv: 'production', registration: 'first-admin' });
      const logged = warn.mock.calls.map(([message]) => String(message)).find((message) => message.includes('/admin/register?setup='));
      token = /\/admin\/register\?setup=([A-Za-z0-9_-]+)/.exec(logged ?? '')?.[1] ?? '';
    } finally {
      warn.mockRestore();
    }
  }, APP_TEST_TIMEOUT);
  afterAll(() => t.close());

  it('logs a setup link with a token at start', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('refuses an anonymous registration without the setup token with 403 and says where to find it', async () => {
    const res = await t.http().post('/api/admins/register').send(ADMIN);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(MISSING);
  });

  it('refuses a wrong setup token, including one that differs in the last character only', async () => {
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const setupToken of [`${token.slice(0, -1)}${last}`, 'guess', 42, token.slice(0, -1)]) {
      const res = await t
        .http()
        .post('/api/admins/register')
        .send({ ...ADMIN, setupToken });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(WRONG);
    }
    const rows: { count: number }[] = await t.dataSource.query('SELECT count(*)::int AS count FROM admins');
    expect(rows[0].count).toBe(0);
  });

  it('registers the first administrator once with the token, and the token is dead after that', async () => {
    const first = await t
      .http()
      .post('/api/admins/register')
      .send({ ...ADMIN, setupToken: token });
    expect(first.status).toBe(201);
    expect(first.body.admin.email).toBe(ADMIN.email);
    expect(first.body.admin).not.toHaveProperty('setupToken');

    const again = await t
      .http()
      .post('/api/admins/register')
      .send({ ...ADMIN, email: 'eve@example.com', setupToken: token });
    expect(again.status).toBe(403);
    expect(again.body).toEqual(CLOSED);

    const login = await t.http().post('/api/admins/login').send({ email: ADMIN.email, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD_FILE', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'first-admin-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function env(password: string | undefined, extra: Record<string, string> = {}) {
    const file = join(dir, 'password');
    if (password !== undefined) writeFileSync(file, password);
    return {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.example.com',
      DATA_DIR: dir,
      SESSION_SECRET: 'x'.repeat(32),
      SECRETS_KEY: 'k'.repeat(32),
      ADMIN_EMAIL: ' Grace@Example.com ',
      ADMIN_PASSWORD_FILE: file,
      ...extra,
    };
  }

  it('reads the password from the file without its trailing line break, and names the admin', () => {
    expect(loadConfig(env(`${PASSWORD}\n`)).firstAdmin).toEqual({ name: 'Administrator', email: 'grace@example.com', password: PASSWORD });
    expect(loadConfig(env(PASSWORD, { ADMIN_NAME: 'Grace Hopper' })).firstAdmin?.name).toBe('Grace Hopper');
  });

  it('stops the start with a message naming the variable when one half is missing or the password is unusable', () => {
    expect(() => loadConfig({ ...env(PASSWORD), ADMIN_PASSWORD_FILE: '' })).toThrow(
      'ADMIN_PASSWORD_FILE is required when ADMIN_EMAIL is set',
    );
    expect(() => loadConfig({ ...env(PASSWORD), ADMIN_EMAIL: '' })).toThrow('ADMIN_EMAIL is required when ADMIN_PASSWORD_FILE is set');
    expect(() => loadConfig({ ...env(PASSWORD), ADMIN_PASSWORD_FILE: join(dir, 'none') })).toThrow(
      'ADMIN_PASSWORD_FILE cannot be read (ENOENT)',
    );
    expect(() => loadConfig(env('short\n'))).toThrow('ADMIN_PASSWORD_FILE must hold a password of 8 to 128 characters');
    expect(() => loadConfig(env('password123\n'))).toThrow('ADMIN_PASSWORD_FILE must hold a password that is hard to guess');
    expect(() => loadConfig(env('grace@example.com'))).toThrow('ADMIN_PASSWORD_FILE must hold a password that is hard to guess');
  });

  it(
    'creates that administrator at start, logs no setup link, and leaves registration closed to anonymous callers',
    async () => {
      const warn = vi.spyOn(Logger.prototype, 'warn');
      const t = await createTestApp({
        nodeEnv: 'production',
        registration: 'first-admin',
        firstAdmin: { name: 'Grace Hopper', email: 'grace@example.com', password: PASSWORD },
      });
      try {
        expect(warn.mock.calls.some(([message]) => String(message).includes('setup='))).toBe(false);
        const login = await t.http().post('/api/admins/login').send({ email: 'grace@example.com', password: PASSWORD });
        expect(login.status).toBe(200);
        expect(login.body.admin.name).toBe('Grace Hopper');
        const res = await t.http().post('/api/admins/register').send(ADMIN);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(CLOSED);
      } finally {
        warn.mockRestore();
        await t.close();
      }
    },
    APP_TEST_TIMEOUT,
  );
});
