import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_LOGGED_IN,
  PASSWORD,
  ProbeModule,
  cookiePair,
  createAdmin,
  logIn,
  expectNoSecrets,
  sessionCookie,
} from '../support/admin-helpers';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { uniqueEmail } from '../support/unique.mjs';

// Logging in and out, the session and its lifetime, the login lockout.

const INVALID_LOGIN = { error: 'Invalid email or password' };

// One app for the describes that need no particular configuration: REGISTRATION=open, with the
// probe route (an admin route only the tests add). Describes that need another configuration build their own.
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp({ registration: 'open' }, { imports: [ProbeModule] });
});
afterAll(() => shared.close());

describe('POST /api/admins/login', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = shared;
    admin = await createAdmin(t);
  });

  it('returns 200 with the admin and an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const res = await logIn(t, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      admin: { id: expect.any(String), name: admin.name, email: admin.email, role: 'administrator', createdAt: expect.any(String) },
    });
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
    const attacker = await createAdmin(t);
    const attackerLogin = await logIn(t, attacker);
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
    const res = await logIn(t, admin);
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
    // The test client speaks from the loopback address, the proxy trusted here (TRUST_PROXY=true is refused).
    t = await createTestApp({ trustProxy: 'loopback' });
  });
  afterAll(() => t.close());

  it('issues a Secure cookie when the proxy says the request came over https', async () => {
    const input = await createAdmin(t);
    const res = await logIn(t, input, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toMatch(/;\s*Secure/i);
  });

  it.each([
    ['300 characters long', `203.0.113.250, ${'9'.repeat(300)}`],
    ['no address at all', 'not an address'],
  ])('signs in normally when X-Forwarded-For is %s (the socket address is used)', async (_case, header) => {
    const input = await createAdmin(t);
    const res = await t.http().post('/api/admins/login').set('X-Forwarded-For', header).send(input);
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('never sets a session cookie on a failed login', async () => {
    const input = await createAdmin(t);
    const res = await t
      .http()
      .post('/api/admins/login')
      .set('X-Forwarded-For', newAddress())
      .send({ ...input, password: 'not the password' });
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('counts contact messages from one IPv6 /64 as from one address', async () => {
    const post = (i: number) =>
      t
        .http()
        .post('/api/contactus')
        .set('X-Forwarded-For', `2001:db8:28:64::${i.toString(16)}`)
        .send({ name: `Neighbour ${i}`, email: 'n@example.com', phno: '0123 456', msg: 'Hello from one subscriber' });
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) statuses.push((await post(i * 4099)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  describe('login lockout', () => {
    const login = (address: string, email: string, password: string) =>
      t.http().post('/api/admins/login').set('X-Forwarded-For', address).send({ email, password });

    it('locks an account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
      const admin = await createAdmin(t);
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
      const admin = await createAdmin(t);
      for (let i = 0; i < 5; i += 1) await login(newAddress(), admin.email, 'wrong password');
      const res = await login(newAddress(), admin.email.toUpperCase(), admin.password);
      expect(res.status).toBe(429);
    });

    it('keeps the counters in the rate_limits table', async () => {
      const admin = await createAdmin(t);
      const address = newAddress();
      for (let i = 0; i < 3; i += 1) await login(address, admin.email, 'wrong password');
      // The account's counter is keyed by the admin's id (an unknown email's by the email).
      const rows: { key: string; hits: number }[] = await t.dataSource.query(
        `SELECT key, hits FROM rate_limits WHERE key = 'login:account:' || (SELECT id FROM admins WHERE email = $1)`,
        [admin.email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].hits).toBe(3);
      const byAddress: { hits: number }[] = await t.dataSource.query(`SELECT hits FROM rate_limits WHERE key LIKE '%' || $1`, [address]);
      expect(byAddress).toHaveLength(1);
      expect(byAddress[0].hits).toBe(3);
    });

    it('does not lock another account', async () => {
      const locked = await createAdmin(t);
      const other = await createAdmin(t);
      const address = newAddress();
      for (let i = 0; i < 5; i += 1) await login(address, locked.email, 'wrong password');
      expect((await login(address, locked.email, locked.password)).status).toBe(429);
      expect((await login(address, other.email, other.password)).status).toBe(200);
    });

    it('resets the account counter on a successful login before the limit', async () => {
      const admin = await createAdmin(t);
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
      const admin = await createAdmin(t);
      const address = newAddress();
      const replies = await Promise.all(Array.from({ length: 12 }, () => login(address, admin.email, 'wrong password')));
      const statuses = replies.map((res) => res.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect((await login(address, admin.email, admin.password)).status).toBe(429);
    });

    it('blocks an address after 30 failures across different accounts, and only that address', async () => {
      const admin = await createAdmin(t);
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
    expect(res.body).toMatchObject({ admin: { id: admin.id, name: admin.name, email: admin.email, role: 'administrator' } });
    expect(res.body.can).toMatchObject({ 'admins.manage': true, 'news.publish': true });
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
