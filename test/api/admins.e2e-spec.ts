import { Controller, Get, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminsService } from '../../server/admins/admins.service';
import { Public } from '../../server/common/public.decorator';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { registeredRoutes } from '../support/routes';

const PASSWORD = 'correct horse battery';
const CLOSED = 'Registration is closed. Ask an administrator to add you.';
const INVALID_LOGIN = { error: 'Invalid email or password' };
const NOT_LOGGED_IN = { error: 'Not logged in' };

let counter = 0;
function uniqueEmail(prefix = 'admin'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

function newAdmin(fields: Partial<{ name: string; email: string; password: string }> = {}) {
  return { name: 'Ada Lovelace', email: uniqueEmail(), password: PASSWORD, ...fields };
}

/** The `sid=…` Set-Cookie header of a reply, if any. */
function sessionCookie(res: Response): string | undefined {
  const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
  return cookies?.find((cookie) => cookie.startsWith('sid='));
}

/** `sid=<value>` of a Set-Cookie header, ready to send back as a Cookie header. */
function cookiePair(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('no session cookie was set');
  return setCookie.split(';')[0];
}

/** Neither the password nor any argon2 hash anywhere in a reply. */
function expectNoSecrets(res: Response, password = PASSWORD) {
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(password);
  expect(text).not.toMatch(/argon2|password|hash/i);
}

/** No stack, query or file path in an error reply. */
function expectNoInternals(res: Response) {
  const text = res.text ?? '';
  expect(text).not.toMatch(/\bat .+\(|\/work\/|node_modules|server\/|\.ts:|SELECT|INSERT|QueryFailed|stack/i);
}

// A route that only the test adds: the global guard must protect it like any other, and the
// route sweep below must see it.
@Controller('test-probe')
class ProbeController {
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [ProbeController] })
class ProbeModule {}

@Controller('test-public-probe')
class PublicProbeController {
  @Public()
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [PublicProbeController] })
class PublicProbeModule {}

// One app for the describes that need no particular configuration: REGISTRATION=open, with the
// probe route. Describes that need another state build their own.
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp({ registration: 'open' }, { imports: [ProbeModule] });
});
afterAll(() => shared.close());

describe('POST /api/admins/register', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('returns 201 with the admin and no password or hash anywhere in the reply', async () => {
    const input = newAdmin();
    const res = await t.http().post('/api/admins/register').send(input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      admin: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: input.name, email: input.email, createdAt: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(res.body.admin.createdAt))).toBe(false);
    expectNoSecrets(res);
  });

  it('accepts the trailing-slash path the spec writes', async () => {
    const res = await t.http().post('/api/admins/register/').send(newAdmin());
    expect(res.status).toBe(201);
  });

  it('stores the email lower-cased and trims the name', async () => {
    const email = uniqueEmail('MiXeD').toUpperCase();
    const res = await t
      .http()
      .post('/api/admins/register')
      .send(newAdmin({ name: '  Grace  ', email: `  ${email} ` }));
    expect(res.status).toBe(201);
    expect(res.body.admin.email).toBe(email.toLowerCase());
    expect(res.body.admin.name).toBe('Grace');
    const rows: { email: string }[] = await t.dataSource.query('SELECT email FROM admins WHERE id = $1', [res.body.admin.id]);
    expect(rows[0].email).toBe(email.toLowerCase());
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const input = newAdmin();
    const res = await t.http().post('/api/admins/register').send(input);
    const rows: { password_hash: string }[] = await t.dataSource.query('SELECT password_hash FROM admins WHERE id = $1', [
      res.body.admin.id,
    ]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(input.password);
  });

  it.each([
    ['name', 'empty', '', 'Name is required'],
    ['name', 'only spaces', '   ', 'Name is required'],
    ['name', 'missing', undefined, 'Name is required'],
    ['name', '101 characters long', 'n'.repeat(101), 'Name must be at most 100 characters'],
    ['name', 'a number', 42, 'Name must be text'],
    ['name', 'an array', ['Ada'], 'Name must be text'],
    ['email', 'not an address', 'not-an-email', 'Email must be a valid email address'],
    ['email', 'empty', '', 'Email is required'],
    ['email', 'null', null, 'Email is required'],
    ['email', 'an object', { $ne: '' }, 'Email must be text'],
    ['password', '7 characters long', 'x'.repeat(7), 'Password must be at least 8 characters'],
    ['password', '129 characters long', 'x'.repeat(129), 'Password must be at most 128 characters'],
    ['password', 'a number', 12345678, 'Password must be text'],
    ['password', 'missing', undefined, 'Password is required'],
  ])('returns 400 keyed %s when it is %s', async (field, _case, value, msg) => {
    const res = await t
      .http()
      .post('/api/admins/register')
      .send({ ...newAdmin(), [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { [field]: { msg } } });
  });

  it('accepts a name of exactly 100 characters and a password of 8 and of 128', async () => {
    expect(
      (
        await t
          .http()
          .post('/api/admins/register')
          .send(newAdmin({ name: 'n'.repeat(100) }))
      ).status,
    ).toBe(201);
    expect(
      (
        await t
          .http()
          .post('/api/admins/register')
          .send(newAdmin({ password: 'x'.repeat(8) }))
      ).status,
    ).toBe(201);
    expect(
      (
        await t
          .http()
          .post('/api/admins/register')
          .send(newAdmin({ password: 'x'.repeat(128) }))
      ).status,
    ).toBe(201);
  });

  it('returns 400 with one error per failing field when fields are missing', async () => {
    const res = await t.http().post('/api/admins/register').send({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error).sort()).toEqual(['email', 'name', 'password']);
    for (const field of ['name', 'email', 'password']) expect(res.body.error[field]).toEqual({ msg: expect.any(String) });
  });

  it('ignores unknown fields', async () => {
    const res = await t
      .http()
      .post('/api/admins/register')
      .send({ ...newAdmin(), role: 'owner', id: randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.admin).not.toHaveProperty('role');
  });

  it('returns 409 keyed email when the email is already registered, in any case', async () => {
    const input = newAdmin();
    expect((await t.http().post('/api/admins/register').send(input)).status).toBe(201);
    const again = await t
      .http()
      .post('/api/admins/register')
      .send({ ...input, email: input.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { email: { msg: 'Email is already registered' } } });
  });

  it('does not log in the anonymous caller who registers', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(201);
    expect(sessionCookie(res)).toBeUndefined();
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
  });

  it('leaves a logged-in caller logged in as themselves', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const before = cookiePair(sessionCookie(await agent.get('/api/admins/me')));
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(201);
    // The cookie rolls (a fresh expiry on every reply) but keeps its session id.
    const after = sessionCookie(res);
    if (after) expect(cookiePair(after)).toBe(before);
    const me = await agent.get('/api/admins/me');
    expect(me.body.admin).toMatchObject({ id: admin.id, email: admin.email });
  });
});

describe('registration policy first-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ registration: 'first-admin' });
  });
  afterAll(() => t.close());

  it('lets anyone register while no admin exists, and refuses anonymous callers after that', async () => {
    await t.dataSource.query('DELETE FROM admins');
    const first = await t.http().post('/api/admins/register').send(newAdmin());
    expect(first.status).toBe(201);
    const second = await t.http().post('/api/admins/register').send(newAdmin());
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ error: CLOSED });
  });

  it('refuses before validating the body once an admin exists', async () => {
    await t.app.get(AdminsService).create(newAdmin());
    const res = await t.http().post('/api/admins/register').send({ name: '' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: CLOSED });
  });

  it('lets a logged-in admin add more admins', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(201);
  });

  it('yields exactly one admin from two simultaneous anonymous first registrations', async () => {
    await t.dataSource.query('DELETE FROM admins');
    const [a, b] = await Promise.all([
      t
        .http()
        .post('/api/admins/register')
        .send(newAdmin({ name: 'First' })),
      t
        .http()
        .post('/api/admins/register')
        .send(newAdmin({ name: 'Second' })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    expect((a.status === 403 ? a : b).body).toEqual({ error: CLOSED });
    const rows: { count: number }[] = await t.dataSource.query('SELECT count(*)::int AS count FROM admins');
    expect(rows[0].count).toBe(1);
  });
});

describe('registration policy open', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('lets anonymous callers register even when admins exist', async () => {
    await t.app.get(AdminsService).create(newAdmin());
    const res = await t.http().post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(201);
  });
});

describe('registration policy closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ registration: 'closed' });
  });
  afterAll(() => t.close());

  it('refuses even the very first registration', async () => {
    await t.dataSource.query('DELETE FROM admins');
    const res = await t.http().post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: CLOSED });
    const rows: { count: number }[] = await t.dataSource.query('SELECT count(*)::int AS count FROM admins');
    expect(rows[0].count).toBe(0);
  });

  it('refuses a logged-in admin too', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: CLOSED });
  });

  it('lets admins created from the command line (AdminsService) log in', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t.http().post('/api/admins/login').send({ email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(res.body.admin.email).toBe(input.email);
  });
});

describe('POST /api/admins/login', () => {
  let t: TestApp;
  let admin: ReturnType<typeof newAdmin>;
  beforeAll(async () => {
    t = shared;
    admin = newAdmin();
    await t.app.get(AdminsService).create(admin);
  });

  it('returns 200 with the admin and an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const res = await t.http().post('/api/admins/login').send({ email: admin.email, password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: { id: expect.any(String), name: admin.name, email: admin.email, createdAt: expect.any(String) } });
    expectNoSecrets(res);
    const cookie = sessionCookie(res)!;
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    // Plain http: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('accepts the trailing-slash path and any case of the email', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/admins/login/').send({ email: admin.email.toUpperCase(), password: admin.password });
    expect(res.status).toBe(200);
    expect(res.body.admin.email).toBe(admin.email);
    expect((await agent.get('/api/admins/me')).body.admin.email).toBe(admin.email);
  });

  it('gives a wrong password and an unknown email the same 401', async () => {
    const wrong = await t.http().post('/api/admins/login').send({ email: admin.email, password: 'not the password' });
    const unknown = await t
      .http()
      .post('/api/admins/login')
      .send({ email: uniqueEmail('nobody'), password: admin.password });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID_LOGIN);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(INVALID_LOGIN);
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(sessionCookie(unknown)).toBeUndefined();
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no password', { email: 'someone@example.com' }],
    ['no email', { password: PASSWORD }],
    ['empty strings', { email: '', password: '' }],
    ['arrays', { email: ['someone@example.com'], password: [PASSWORD] }],
    ['numbers', { email: 1, password: 2 }],
    ['objects', { email: { $gt: '' }, password: { $gt: '' } }],
    ['a huge password', { email: 'someone@example.com', password: 'x'.repeat(10_000) }],
  ])('answers 401 with the login text for %s', async (_case, body) => {
    const req = t.http().post('/api/admins/login');
    const res = body === undefined ? await req : await req.send(body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_LOGIN);
  });

  it('starts a new session: the id the client had before no longer authenticates', async () => {
    const agent = t.agent();
    const first = await agent.post('/api/admins/login').send({ email: admin.email, password: admin.password });
    const before = cookiePair(sessionCookie(first));
    const second = await agent.post('/api/admins/login').send({ email: admin.email, password: admin.password });
    const after = cookiePair(sessionCookie(second));
    expect(after).not.toBe(before);
    expect((await t.http().get('/api/admins/me').set('Cookie', before)).body).toEqual({ admin: null });
    expect((await t.http().get('/api/admins/me').set('Cookie', after)).body.admin.email).toBe(admin.email);
  });

  it('replaces a session planted by someone else, so they cannot ride on the login', async () => {
    // The attacker logs in as themselves and plants their cookie in the victim's browser.
    const attacker = newAdmin();
    await t.app.get(AdminsService).create(attacker);
    const attackerLogin = await t.http().post('/api/admins/login').send({ email: attacker.email, password: attacker.password });
    const planted = cookiePair(sessionCookie(attackerLogin));
    const victimLogin = await t
      .http()
      .post('/api/admins/login')
      .set('Cookie', planted)
      .send({ email: admin.email, password: admin.password });
    expect(victimLogin.status).toBe(200);
    expect(cookiePair(sessionCookie(victimLogin))).not.toBe(planted);
    const withPlanted = await t.http().get('/api/admins/me').set('Cookie', planted);
    expect(withPlanted.body.admin?.email).not.toBe(admin.email);
  });

  it('stores only the admin id in the session', async () => {
    const res = await t.http().post('/api/admins/login').send({ email: admin.email, password: admin.password });
    const sid = decodeURIComponent(cookiePair(sessionCookie(res)).slice('sid='.length))
      .replace(/^s:/, '')
      .split('.')[0];
    const rows: { sess: unknown }[] = await t.dataSource.query('SELECT sess FROM session WHERE sid = $1', [sid]);
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows[0].sess);
    expect(text).toContain(res.body.admin.id);
    expect(text).not.toContain(admin.email);
    expect(text).not.toMatch(/argon2/);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let ip = 0;
  // Each test speaks from an address of its own (trusted X-Forwarded-For), so the per-address
  // counter of one test never spills into another.
  const newAddress = () => `203.0.113.${++ip}`;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true });
  });
  afterAll(() => t.close());

  it('issues a Secure cookie when the proxy says the request came over https', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toMatch(/;\s*Secure/i);
  });

  describe('login lockout', () => {
    async function createAdmin() {
      const input = newAdmin();
      await t.app.get(AdminsService).create(input);
      return input;
    }
    const login = (address: string, email: string, password: string) =>
      t.http().post('/api/admins/login').set('X-Forwarded-For', address).send({ email, password });

    it('locks an account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
      const admin = await createAdmin();
      const address = newAddress();
      for (let i = 0; i < 5; i += 1) expect((await login(address, admin.email, 'wrong password')).status).toBe(401);
      const locked = await login(address, admin.email, admin.password);
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(890);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(locked.body).toEqual({ error: `Too many attempts. Try again in ${retryAfter} seconds.` });
      expect(sessionCookie(locked)).toBeUndefined();
    });

    it('keeps the lock when the attacker changes address', async () => {
      const admin = await createAdmin();
      for (let i = 0; i < 5; i += 1) await login(newAddress(), admin.email, 'wrong password');
      const res = await login(newAddress(), admin.email.toUpperCase(), admin.password);
      expect(res.status).toBe(429);
    });

    it('keeps the counters in the rate_limits table', async () => {
      const admin = await createAdmin();
      const address = newAddress();
      for (let i = 0; i < 3; i += 1) await login(address, admin.email, 'wrong password');
      const rows: { key: string; hits: number }[] = await t.dataSource.query(`SELECT key, hits FROM rate_limits WHERE key LIKE '%' || $1`, [
        admin.email,
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].hits).toBe(3);
      const byAddress: { hits: number }[] = await t.dataSource.query(`SELECT hits FROM rate_limits WHERE key LIKE '%' || $1`, [address]);
      expect(byAddress).toHaveLength(1);
      expect(byAddress[0].hits).toBe(3);
    });

    it('does not lock another account', async () => {
      const locked = await createAdmin();
      const other = await createAdmin();
      const address = newAddress();
      for (let i = 0; i < 5; i += 1) await login(address, locked.email, 'wrong password');
      expect((await login(address, locked.email, locked.password)).status).toBe(429);
      expect((await login(address, other.email, other.password)).status).toBe(200);
    });

    it('resets the account counter on a successful login before the limit', async () => {
      const admin = await createAdmin();
      const address = newAddress();
      for (let i = 0; i < 4; i += 1) expect((await login(address, admin.email, 'wrong password')).status).toBe(401);
      expect((await login(address, admin.email, admin.password)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) expect((await login(address, admin.email, 'wrong password')).status).toBe(401);
      expect((await login(address, admin.email, admin.password)).status).toBe(200);
    });

    it('counts an unknown email like a known one', async () => {
      const email = uniqueEmail('ghost');
      const address = newAddress();
      for (let i = 0; i < 5; i += 1) expect((await login(address, email, 'wrong password')).status).toBe(401);
      expect((await login(address, email, 'wrong password')).status).toBe(429);
    });

    it('does not let simultaneous attempts slip past the account limit', async () => {
      const admin = await createAdmin();
      const address = newAddress();
      const replies = await Promise.all(Array.from({ length: 12 }, () => login(address, admin.email, 'wrong password')));
      const statuses = replies.map((res) => res.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect((await login(address, admin.email, admin.password)).status).toBe(429);
    });

    it('blocks an address after 30 failures across different accounts, and only that address', async () => {
      const admin = await createAdmin();
      const address = newAddress();
      for (let i = 0; i < 30; i += 1) expect((await login(address, uniqueEmail('spray'), 'wrong password')).status).toBe(401);
      const blocked = await login(address, admin.email, admin.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
      expect((await login(newAddress(), admin.email, admin.password)).status).toBe(200);
    });
  });
});

describe('GET /api/admins/me', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('answers 200 with a null admin without a session', async () => {
    const res = await t.http().get('/api/admins/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: null });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers with the logged-in admin', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const res = await agent.get('/api/admins/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: { id: admin.id, name: admin.name, email: admin.email, createdAt: expect.any(String) } });
    expectNoSecrets(res, admin.password);
  });

  it('treats a session cookie with a forged signature as no session', async () => {
    await loggedInAgent(t);
    const forged = await t.http().get('/api/admins/me').set('Cookie', `sid=s%3A${randomUUID()}.forgedsignature`);
    expect(forged.body).toEqual({ admin: null });
  });

  it('treats the session of a deleted admin as logged out', async () => {
    const { agent, admin } = await loggedInAgent(t);
    await t.dataSource.query('DELETE FROM admins WHERE id = $1', [admin.id]);
    const res = await agent.get('/api/admins/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admin: null });
  });
});

describe('POST /api/admins/logout', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('answers 200, clears the cookie and kills the session for good', async () => {
    const { agent } = await loggedInAgent(t);
    const me = await agent.get('/api/admins/me');
    expect(me.body.admin).not.toBeNull();
    // The cookie as the browser holds it, before logout.
    const login = await agent.post('/api/admins/login').send({ email: me.body.admin.email, password: PASSWORD });
    const old = cookiePair(sessionCookie(login));
    expect((await t.http().get('/api/test-probe').set('Cookie', old)).status).toBe(200);

    const res = await agent.post('/api/admins/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const cleared = sessionCookie(res);
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    // Replaying the old cookie: the session is gone on the server, not only in the browser.
    expect((await t.http().get('/api/admins/me').set('Cookie', old)).body).toEqual({ admin: null });
    const probe = await t.http().get('/api/test-probe').set('Cookie', old);
    expect(probe.status).toBe(401);
    expect(probe.body).toEqual(NOT_LOGGED_IN);
  });

  it('answers 200 without a session', async () => {
    const res = await t.http().post('/api/admins/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('session lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sessionMaxDays: 1 }, { imports: [ProbeModule] });
  });
  afterAll(() => t.close());

  it('records when the session started', async () => {
    const { agent } = await loggedInAgent(t);
    const rows: { sess: { startedAt?: number; passport?: unknown } }[] = await t.dataSource.query(`SELECT sess FROM session`);
    expect(rows.some((row) => typeof row.sess.startedAt === 'number' && Math.abs(Date.now() - row.sess.startedAt) < 60_000)).toBe(true);
    expect((await agent.get('/api/test-probe')).status).toBe(200);
  });

  it('ends a session older than SESSION_MAX_DAYS however active it is', async () => {
    const { agent, admin } = await loggedInAgent(t);
    expect((await agent.get('/api/test-probe')).status).toBe(200);
    const twoDaysAgo = Date.now() - 2 * 24 * 3600 * 1000;
    await t.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{startedAt}', to_jsonb($1::bigint))::json WHERE sess::jsonb #>> '{passport,user}' = $2`,
      [twoDaysAgo, admin.id],
    );
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
    const probe = await agent.get('/api/test-probe');
    expect(probe.status).toBe(401);
    expect(probe.body).toEqual(NOT_LOGGED_IN);
  });

  it('keeps a session younger than SESSION_MAX_DAYS', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const hoursAgo = Date.now() - 20 * 3600 * 1000;
    await t.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{startedAt}', to_jsonb($1::bigint))::json WHERE sess::jsonb #>> '{passport,user}' = $2`,
      [hoursAgo, admin.id],
    );
    expect((await agent.get('/api/admins/me')).body.admin.id).toBe(admin.id);
  });

  it('ends a session that was idle past its expiry', async () => {
    const { agent, admin } = await loggedInAgent(t);
    await t.dataSource.query(`UPDATE session SET expire = now() - interval '1 minute' WHERE sess::jsonb #>> '{passport,user}' = $1`, [
      admin.id,
    ]);
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
  });
});

/** Public routes: everything else must refuse a caller without a session. */
const PUBLIC_ROUTES = new Set([
  'GET /api/admins/me',
  'POST /api/admins/login',
  'POST /api/admins/register',
  'POST /api/admins/logout',
  'GET /api/health',
  'GET /api/health/ready',
  'POST /api/contactus',
  'GET /api/openapi.json',
]);

/** Asks every route that is not in the allow-list without a session; returns those that did not refuse. */
async function routesOpenWithoutSession(t: TestApp): Promise<string[]> {
  const open: string[] = [];
  for (const { method, path } of registeredRoutes(t)) {
    const name = `${method} ${path}`;
    if (PUBLIC_ROUTES.has(name)) continue;
    const url = path.replace(/:\w+/g, randomUUID()).replace(/\{?\*\w+\}?/g, 'anything');
    const res = await t
      .http()
      [method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url)
      .set('Content-Type', 'application/json')
      .send(method === 'GET' || method === 'DELETE' ? undefined : {});
    if (res.status !== 401 || JSON.stringify(res.body) !== JSON.stringify(NOT_LOGGED_IN)) open.push(`${name} answered ${res.status}`);
  }
  return open;
}

describe('closed by default', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('finds the routes Nest registered, including ones added later', () => {
    const names = registeredRoutes(t).map(({ method, path }) => `${method} ${path}`);
    expect(names).toContain('GET /api/admins/me');
    expect(names).toContain('POST /api/admins/login');
    expect(names).toContain('GET /api/test-probe');
  });

  it('refuses every route outside the public allow-list with 401 Not logged in when there is no session', async () => {
    expect(await routesOpenWithoutSession(t)).toEqual([]);
  });

  it(
    'would flag a public route that nobody put on the allow-list',
    async () => {
      const other = await createTestApp({}, { imports: [PublicProbeModule] });
      try {
        expect(await routesOpenWithoutSession(other)).toEqual(['GET /api/test-public-probe answered 200']);
      } finally {
        await other.close();
      }
    },
    APP_TEST_TIMEOUT,
  );

  it('lets a logged-in admin through the same guard', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.get('/api/test-probe');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('cross-site requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: ['https://admin.example'] });
  });
  afterAll(() => t.close());

  it('refuses a login from a foreign origin before it is tried or counted', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('Origin', 'https://evil.example')
      .send({ email: input.email, password: input.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(sessionCookie(res)).toBeUndefined();
    const wrong = await t
      .http()
      .post('/api/admins/login')
      .set('Origin', 'https://evil.example')
      .send({ email: input.email, password: 'wrong password' });
    expect(wrong.status).toBe(403);
    const rows: unknown[] = await t.dataSource.query(`SELECT 1 FROM rate_limits WHERE key LIKE '%' || $1`, [input.email]);
    expect(rows).toEqual([]);
  });

  it('accepts its own host as the origin whatever the scheme (a TLS proxy without TRUST_PROXY), but not another port', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const login = () => t.http().post('/api/admins/login').set('Host', 'site.example');
    const same = await login().set('Origin', 'https://site.example').send({ email: input.email, password: input.password });
    expect(same.status).toBe(200);
    const otherPort = await login().set('Origin', 'https://site.example:8443').send({ email: input.email, password: input.password });
    expect(otherPort.status).toBe(403);
  });

  it('refuses a registration from a foreign origin without creating the admin', async () => {
    const { agent } = await loggedInAgent(t);
    const input = newAdmin();
    const res = await agent.post('/api/admins/register').set('Origin', 'https://evil.example').send(input);
    expect(res.status).toBe(403);
    const rows: unknown[] = await t.dataSource.query('SELECT 1 FROM admins WHERE email = $1', [input.email]);
    expect(rows).toEqual([]);
  });

  it('refuses a logout from a foreign origin and keeps the session', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/logout').set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
    expect((await agent.get('/api/admins/me')).body.admin).not.toBeNull();
  });

  it.each(['PATCH', 'DELETE'])('refuses %s from a foreign origin with 403', async (method) => {
    const { agent } = await loggedInAgent(t);
    const res = await agent[method.toLowerCase() as 'patch' | 'delete']('/api/admins/me').set('Origin', 'https://evil.example');
    expect(res.status).toBe(403);
  });

  it('refuses a request the browser marks Sec-Fetch-Site: cross-site', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect((await agent.get('/api/admins/me')).body.admin).not.toBeNull();
  });

  it('refuses Origin: null (sandboxed frames, data: pages)', async () => {
    const res = await t.http().post('/api/admins/logout').set('Origin', 'null');
    expect(res.status).toBe(403);
  });

  it('accepts the site’s own origin', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('Host', 'site.example')
      .set('Origin', 'http://site.example')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ email: input.email, password: input.password });
    expect(res.status).toBe(200);
  });

  it('accepts an origin listed in CORS_ORIGINS with credentials, never with *', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('Origin', 'https://admin.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: input.email, password: input.password });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers a preflight from a listed origin and not one from an unlisted origin', async () => {
    const listed = await t
      .http()
      .options('/api/admins/login')
      .set('Origin', 'https://admin.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(listed.status).toBeLessThan(300);
    expect(listed.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const unlisted = await t
      .http()
      .options('/api/admins/login')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(unlisted.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives an unlisted or null origin no Access-Control-Allow-Origin', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await t.http().get('/api/admins/me').set('Origin', origin);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('judges a request without an Origin by its session alone', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/logout');
    expect(res.status).toBe(200);
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
  });

  it('refuses a text/plain body on a JSON route with 415', async () => {
    const input = newAdmin();
    await t.app.get(AdminsService).create(input);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ email: input.email, password: input.password }));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a form-encoded body on a JSON route with 415', async () => {
    const res = await t
      .http()
      .post('/api/admins/register')
      .type('form')
      .send({ name: 'Eve', email: uniqueEmail('eve'), password: PASSWORD });
    expect(res.status).toBe(415);
  });
});

describe('errors and headers', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it.each(['GET', 'POST', 'DELETE'])('answers %s on an unknown /api path with a JSON 404', async (method) => {
    const res = await t.http()[method.toLowerCase() as 'get' | 'post' | 'delete']('/api/no-such-thing/here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Not found' });
    expectNoInternals(res);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.http().post('/api/admins/register').set('Content-Type', 'application/json').send('{"name": "Ada",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { body: { msg: expect.any(String) } } });
    expectNoInternals(res);
  });

  it.each([
    ['an array', '[{"name":"Ada"}]'],
    ['a string', '"Ada"'],
    ['null', 'null'],
  ])('answers a JSON body that is %s with 400', async (_case, body) => {
    const res = await t.http().post('/api/admins/register').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBeDefined();
    expectNoInternals(res);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t
      .http()
      .post('/api/admins/register')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000), email: uniqueEmail(), password: PASSWORD }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.any(String) });
    expectNoInternals(res);
  });

  it('answers a long but acceptable string with a field error, not a failure', async () => {
    const res = await t
      .http()
      .post('/api/admins/register')
      .send(newAdmin({ name: 'x'.repeat(500_000) }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { name: { msg: 'Name must be at most 100 characters' } } });
  });

  it('answers an unexpected failure with 500 Something went wrong and no internals', async () => {
    await t.dataSource.query('ALTER TABLE admins RENAME TO admins_away');
    try {
      const res = await t.http().post('/api/admins/register').send(newAdmin());
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Something went wrong' });
      expectNoInternals(res);
    } finally {
      await t.dataSource.query('ALTER TABLE admins_away RENAME TO admins');
    }
  });

  it('marks API replies Cache-Control: no-store, for admins and anonymous callers alike', async () => {
    const { agent } = await loggedInAgent(t);
    for (const res of [await agent.get('/api/admins/me'), await t.http().get('/api/admins/me'), await t.http().get('/api/nope')]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the security headers on API replies', async () => {
    const res = await t.http().get('/api/admins/me');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
