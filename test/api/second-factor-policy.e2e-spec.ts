import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config/paths';
import type { DatabaseConnection } from '../../server/database/database-connection';
import { PASSWORD } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { activityOf, adminWithTotp, codeAt } from '../support/second-factor';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { createTestDatabase } from '../support/test-database';

// REQUIRE_SECOND_FACTOR and `npm run admin:reset-second-factor` (the flow itself: second-factor.e2e-spec.ts).

const SET_UP_FIRST = { error: 'Set up a second factor first: this site requires one (Your account).' };

let sink: SmtpSink;
let connection: DatabaseConnection;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  connection = await createTestDatabase();
  t = await createTestApp(
    { mail: { url: sink.url, from: 'site@example.com', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 } },
    { connection },
  );
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('REQUIRE_SECOND_FACTOR=true', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ requireSecondFactor: true });
  }, APP_TEST_TIMEOUT);
  afterAll(() => strict?.close());

  it('lets an admin without a second factor set one up and do nothing else until then', async () => {
    const { agent } = await loggedInAgent(strict);
    expect((await agent.get('/api/admins/me/second-factor')).body).toEqual({
      enabled: false,
      totp: false,
      recoveryCodesLeft: 0,
      required: true,
    });
    expect((await agent.get('/api/services')).status).toBe(403);
    expect((await agent.get('/api/services')).body).toEqual(SET_UP_FIRST);
    expect((await agent.post('/api/services').send({ title: 'T', about: 'A' })).body).toEqual(SET_UP_FIRST);
    expect((await agent.get('/api/admins/me')).status).toBe(200);

    const setup = await agent.post('/api/admins/me/totp');
    expect(setup.status).toBe(201);
    expect((await agent.post('/api/admins/me/totp/confirm').send({ code: await codeAt(setup.body.secret) })).status).toBe(200);
    expect((await agent.get('/api/services')).status).toBe(200);
    expect((await agent.post('/api/admins/logout')).status).toBe(200);
  });

  it('refuses POST /api/admins/register to an admin without a second factor, as every admin route', async () => {
    const { agent } = await loggedInAgent(strict);
    const newcomer = { name: 'Newcomer', email: `newcomer-${Date.now()}@example.com`, password: 'newcomer password 1' };
    const refused = await agent.post('/api/admins/register').send(newcomer);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(SET_UP_FIRST);
    expect(await strict.dataSource.query(`SELECT 1 FROM admins WHERE email = $1`, [newcomer.email])).toEqual([]);

    const setup = await agent.post('/api/admins/me/totp');
    expect((await agent.post('/api/admins/me/totp/confirm').send({ code: await codeAt(setup.body.secret) })).status).toBe(200);
    const added = await agent.post('/api/admins/register').send(newcomer);
    expect(added.status).toBe(201);
    expect(added.body.admin).toMatchObject({ name: 'Newcomer', email: newcomer.email });
  });

  it('leaves a visitor without a session to the registration policy, as before', async () => {
    await loggedInAgent(strict);
    const anonymous = await strict
      .http()
      .post('/api/admins/register')
      .send({ name: 'V', email: 'v@example.com', password: 'visitor password 1' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ error: 'Registration is closed. Ask an administrator to add you.' });
  });
});

describe('npm run admin:reset-second-factor', () => {
  const cli = join(PROJECT_ROOT, 'dist/server/cli/reset-second-factor.js');
  /** The test database as the command line reaches it: its URL, or the embedded server's socket. */
  const databaseUrl = () => connection.url ?? `postgres://postgres@localhost/postgres?host=${encodeURIComponent(connection.socketDir!)}`;
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, [cli, ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl(), SMTP_URL: sink.url, MAIL_FROM: 'site@example.com' },
    });

  it(
    "removes the admin's authenticator and recovery codes, records it and mails the admin",
    async () => {
      if (!existsSync(cli)) throw new Error(`${cli} is not built: run \`npm run build:server\` first.`);
      const { admin } = await adminWithTotp(t);
      const { stdout } = await run('--email', admin.email.toUpperCase());
      expect(stdout).toContain(`Removed the second factor of ${admin.name} <${admin.email}>`);
      expect((await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORD })).body.admin.id).toBe(admin.id);
      expect(await activityOf(t, admin.id)).toContain('second-factor-reset');
      await sink.waitFor((all) =>
        all.some((m) => m.to.includes(admin.email) && m.subject === 'Your second factor was removed for Our company'),
      );

      expect((await run('--email', admin.email)).stdout).toContain('has no second factor');
      await expect(run('--email', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
      await expect(run()).rejects.toMatchObject({ code: 2 });
    },
    APP_TEST_TIMEOUT,
  );
});
