import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair, createAdmin, logIn, expectNoSecrets, newAdmin, sessionCookie } from '../support/admin-helpers';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { uniqueEmail } from '../support/unique.mjs';

// Registration and its policies (REGISTRATION). Logging in and the session: auth.e2e-spec.ts.

const CLOSED = 'Registration is closed. Ask an administrator to add you.';

/** The policy's refusal. */
function expectClosed(res: Response) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: CLOSED });
}

async function adminCount(t: TestApp): Promise<number> {
  const rows: { count: number }[] = await t.dataSource.query('SELECT count(*)::int AS count FROM admins');
  return rows[0].count;
}

/** POST /api/admins/register without a session, by default with a new admin's fields. */
const register = (t: TestApp, body: object = newAdmin()) => t.http().post('/api/admins/register').send(body);

// One app for the describes that need no particular configuration: REGISTRATION=open. Describes
// that need another policy build their own.
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp({ registration: 'open' });
});
afterAll(() => shared.close());

describe('POST /api/admins/register', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('returns 201 with the admin and no password or hash anywhere in the reply', async () => {
    const input = newAdmin();
    const res = await register(t, input);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      admin: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: input.name,
        email: input.email,
        createdAt: expect.any(String),
        // REGISTRATION_ROLE's default (issue #39).
        role: 'administrator',
      },
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
    const res = await register(t, newAdmin({ name: '  Grace  ', email: `  ${email} ` }));
    expect(res.status).toBe(201);
    expect(res.body.admin.email).toBe(email.toLowerCase());
    expect(res.body.admin.name).toBe('Grace');
    const rows: { email: string }[] = await t.dataSource.query('SELECT email FROM admins WHERE id = $1', [res.body.admin.id]);
    expect(rows[0].email).toBe(email.toLowerCase());
  });

  it('stores the password as an argon2id hash, never as given', async () => {
    const input = newAdmin();
    const res = await register(t, input);
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
    const res = await register(t, { ...newAdmin(), [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { [field]: { msg } } });
  });

  it('accepts a name of exactly 100 characters and a password of 8 and of 128', async () => {
    for (const fields of [{ name: 'n'.repeat(100) }, { password: 'x'.repeat(8) }, { password: 'x'.repeat(128) }]) {
      expect((await register(t, newAdmin(fields))).status).toBe(201);
    }
  });

  it.each(['password123', 'qwertyuiop', 'Password123'])('refuses the common password %s keyed password', async (password) => {
    const res = await register(t, newAdmin({ password }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { password: { msg: 'Password is too common; choose one that is harder to guess' } } });
  });

  it('refuses a password holding the email or its local part, and accepts a four-word passphrase', async () => {
    const email = uniqueEmail();
    for (const password of [email, `${email.split('@')[0]}!2026`]) {
      const res = await register(t, newAdmin({ email, password }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { password: { msg: 'Password must not contain your email' } } });
    }
    expect((await register(t, newAdmin({ email, password: 'orbit maple fennel tugboat' }))).status).toBe(201);
  });

  it('returns 400 with one error per failing field when fields are missing', async () => {
    const res = await register(t, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error).sort()).toEqual(['email', 'name', 'password']);
    for (const field of ['name', 'email', 'password']) expect(res.body.error[field]).toEqual({ msg: expect.any(String) });
  });

  it('ignores unknown fields', async () => {
    const id = randomUUID();
    const res = await register(t, { ...newAdmin(), role: 'owner', id });
    expect(res.status).toBe(201);
    // The role is REGISTRATION_ROLE's (administrator by default), never the one a visitor sends.
    expect(res.body.admin.role).toBe('administrator');
    expect(res.body.admin.id).not.toBe(id);
  });

  it('returns 409 keyed email when the email is already registered, in any case', async () => {
    const input = newAdmin();
    expect((await register(t, input)).status).toBe(201);
    const again = await register(t, { ...input, email: input.email.toUpperCase() });
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
    const first = await register(t);
    expect(first.status).toBe(201);
    const second = await register(t);
    expectClosed(second);
  });

  it('says registration is open for the first admin (GET /api/admins/register) while no admin exists, and closed after that', async () => {
    await t.dataSource.query('DELETE FROM admins');
    expect((await t.http().get('/api/admins/register')).body).toEqual({ open: true, firstAdmin: true });
    await createAdmin(t);
    const res = await t.http().get('/api/admins/register');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open: false, firstAdmin: false });
  });

  it('refuses before validating the body once an admin exists', async () => {
    await createAdmin(t);
    const res = await register(t, { name: '' });
    expectClosed(res);
  });

  it('lets a logged-in admin add more admins', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expect(res.status).toBe(201);
  });

  it('yields exactly one admin from two simultaneous anonymous first registrations', async () => {
    await t.dataSource.query('DELETE FROM admins');
    const [a, b] = await Promise.all([register(t, newAdmin({ name: 'First' })), register(t, newAdmin({ name: 'Second' }))]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    expect((a.status === 403 ? a : b).body).toEqual({ error: CLOSED });
    expect(await adminCount(t)).toBe(1);
  });
});

describe('registration policy open', () => {
  let t: TestApp;
  beforeAll(() => {
    t = shared;
  });

  it('lets anonymous callers register even when admins exist', async () => {
    await createAdmin(t);
    const res = await register(t);
    expect(res.status).toBe(201);
  });

  it('says registration is open (GET /api/admins/register) even when admins exist', async () => {
    await createAdmin(t);
    const res = await t.http().get('/api/admins/register');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open: true, firstAdmin: false });
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
    const res = await register(t);
    expectClosed(res);
    expect(await adminCount(t)).toBe(0);
  });

  it('says registration is closed (GET /api/admins/register) even before the first admin, without telling whether there is one', async () => {
    await t.dataSource.query('DELETE FROM admins');
    const res = await t.http().get('/api/admins/register');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ open: false, firstAdmin: false });
  });

  it('refuses a logged-in admin too', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/admins/register').send(newAdmin());
    expectClosed(res);
  });

  it('lets admins created from the command line (AdminsService) log in', async () => {
    const input = await createAdmin(t);
    const res = await logIn(t, input);
    expect(res.status).toBe(200);
    expect(res.body.admin.email).toBe(input.email);
  });
});
