import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRM_FIRST,
  NOT_LOGGED_IN,
  PASSWORD,
  cookiePair,
  expectNoSecrets,
  logIn,
  sessionCookie,
  staleConfirmation,
} from '../support/admin-helpers';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

// The Admins screen's API: the list, removal (never the last) and one's own password.

const LAST_ADMIN = 'The last administrator cannot be removed. Add another administrator first.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pageSize: 3 });
});
afterAll(() => t.close());

/** Each test starts from no admins and no sessions. */
beforeEach(async () => {
  await t.dataSource.query('DELETE FROM session');
  await t.dataSource.query('DELETE FROM admins');
});

const me = async (agent: ReturnType<TestApp['agent']>) => (await agent.get('/api/admins/me')).body.admin as { id: string } | null;

describe('GET /api/admins', () => {
  it('pages the admins newest first with name, email, added and last login, and no secrets', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await loggedInAgent(t, { name: `Admin ${i}` }));
    const first = await made[0].agent.get('/api/admins?page=1');
    expect(first.status).toBe(200);
    expect(first.body.data.map((a: { name: string }) => a.name)).toEqual(['Admin 3', 'Admin 2', 'Admin 1']);
    expect(first.body.links).toEqual({ previousPage: null, nextPage: 2, loopLink: [{ number: 1, active: true }, { number: 2 }] });
    expect(first.body.data[0]).toEqual({
      id: made[3].admin.id,
      name: 'Admin 3',
      email: made[3].admin.email,
      role: 'administrator',
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });
    expectNoSecrets(first);
    const second = await made[0].agent.get('/api/admins?page=2');
    expect(second.body.data.map((a: { name: string }) => a.name)).toEqual(['Admin 0']);
  });

  it('sets last login at each login', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const rows: { last_login_at: Date }[] = await t.dataSource.query('SELECT last_login_at FROM admins WHERE id = $1', [admin.id]);
    expect(rows[0].last_login_at).toBeInstanceOf(Date);
    const before = rows[0].last_login_at.getTime();
    await logIn(t, admin);
    const after: { last_login_at: Date }[] = await t.dataSource.query('SELECT last_login_at FROM admins WHERE id = $1', [admin.id]);
    expect(after[0].last_login_at.getTime()).toBeGreaterThan(before);
    expect((await agent.get('/api/admins')).status).toBe(200);
  });

  it('answers 400 keyed page for a bad page', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.get('/api/admins?page=0');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error)).toEqual(['page']);
  });

  it('answers 401 when logged out', async () => {
    await loggedInAgent(t);
    const res = await t.http().get('/api/admins');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });
});

describe('POST /api/admins/:id/sessions/end', () => {
  it('ends every session of another admin at once, keeps the caller’s, and records it in Activity', async () => {
    const a = await loggedInAgent(t, { name: 'Ada' });
    const b = await loggedInAgent(t, { name: 'Bob' });
    const elsewhere = cookiePair(sessionCookie(await logIn(t, b.admin)));
    const res = await a.agent.post(`/api/admins/${b.admin.id}/sessions/end`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: b.admin.id, ended: 2 });
    expect(await me(b.agent)).toBeNull();
    expect((await t.http().get('/api/admins/me').set('Cookie', elsewhere)).body.admin).toBeNull();
    expect(await me(a.agent)).toMatchObject({ id: a.admin.id });
    // Bob is still an admin: his password signs him in again.
    expect((await logIn(t, b.admin)).status).toBe(200);
    const entries: unknown[] = await t.dataSource.query(
      `SELECT admin_id, action, kind, item_id, label FROM activity WHERE action = 'end-admin-sessions' AND item_id = $1`,
      [b.admin.id],
    );
    expect(entries).toEqual([{ admin_id: a.admin.id, action: 'end-admin-sessions', kind: 'admins', item_id: b.admin.id, label: 'Bob' }]);
  });

  it('asks for a recent confirmation (403 keyed password) and ends nothing without one', async () => {
    const a = await loggedInAgent(t);
    const b = await loggedInAgent(t);
    await staleConfirmation(t, a.admin.id);
    const refused = await a.agent.post(`/api/admins/${b.admin.id}/sessions/end`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(CONFIRM_FIRST);
    expect(await me(b.agent)).not.toBeNull();
  });

  it('answers 404 for an unknown or malformed id, and 401 when logged out', async () => {
    const a = await loggedInAgent(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await a.agent.post(`/api/admins/${id}/sessions/end`)).body).toEqual({ error: 'Admin not found' });
    }
    expect((await t.http().post(`/api/admins/${a.admin.id}/sessions/end`)).body).toEqual(NOT_LOGGED_IN);
  });
});

describe('DELETE /api/admins/:id', () => {
  it('removes another admin and ends their sessions at once', async () => {
    const a = await loggedInAgent(t);
    const b = await loggedInAgent(t);
    expect(await me(b.agent)).not.toBeNull();
    const res = await a.agent.delete(`/api/admins/${b.admin.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: b.admin.id });
    expect(await me(b.agent)).toBeNull();
    expect((await b.agent.get('/api/services')).status).toBe(401);
    const sessions: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM session WHERE sess -> 'passport' ->> 'user' = $1`,
      [b.admin.id],
    );
    expect(sessions[0].n).toBe(0);
    expect((await logIn(t, b.admin)).status).toBe(401);
    expect(await me(a.agent)).toMatchObject({ id: a.admin.id });
  });

  it('refuses to remove the last admin with 409 and a clear message', async () => {
    const a = await loggedInAgent(t);
    const res = await a.agent.delete(`/api/admins/${a.admin.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: LAST_ADMIN });
    expect(await me(a.agent)).toMatchObject({ id: a.admin.id });
  });

  it('lets exactly one of two simultaneous removals of the last two admins succeed', async () => {
    const a = await loggedInAgent(t);
    const b = await loggedInAgent(t);
    // Each removes themselves: removing the other would end the other's session, and whether the
    // loser then answered 401 or 409 would depend on which request read its session first.
    const replies = await Promise.all([a.agent.delete(`/api/admins/${a.admin.id}`), b.agent.delete(`/api/admins/${b.admin.id}`)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows: { n: number }[] = await t.dataSource.query('SELECT count(*)::int AS n FROM admins');
    expect(rows[0].n).toBe(1);
  });

  it('lets an admin remove themselves while another remains, and ends their session', async () => {
    const a = await loggedInAgent(t);
    await loggedInAgent(t);
    const res = await a.agent.delete(`/api/admins/${a.admin.id}`);
    expect(res.status).toBe(200);
    expect(await me(a.agent)).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const a = await loggedInAgent(t);
    await loggedInAgent(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await a.agent.delete(`/api/admins/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Admin not found' });
    }
  });

  it('answers 401 when logged out', async () => {
    const a = await loggedInAgent(t);
    await loggedInAgent(t);
    const res = await t.http().delete(`/api/admins/${a.admin.id}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });
});

describe('POST /api/admins/me/password', () => {
  const NEW_PASSWORD = 'a new and long password';

  it('answers 400 keyed currentPassword for a wrong current password and changes nothing', async () => {
    const a = await loggedInAgent(t);
    const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: 'wrong password', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { currentPassword: { msg: 'Current password is incorrect' } } });
    expect((await logIn(t, a.admin)).status).toBe(200);
  });

  it.each([
    ['empty', '', 'Password is required'],
    ['too short', 'short', 'Password must be at least 8 characters'],
    ['too long', 'p'.repeat(129), 'Password must be at most 128 characters'],
  ])('validates the new password like registration (%s)', async (_case, newPassword, msg) => {
    const a = await loggedInAgent(t);
    const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { newPassword: { msg } } });
  });

  it.each([
    ['common', 'password123', 'Password is too common; choose one that is harder to guess'],
    ['common', 'qwertyuiop', 'Password is too common; choose one that is harder to guess'],
  ])('refuses a %s new password (%s) keyed newPassword', async (_case, newPassword, msg) => {
    const a = await loggedInAgent(t);
    const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { newPassword: { msg } } });
  });

  it('refuses a new password holding the admin own email or its local part', async () => {
    const a = await loggedInAgent(t);
    for (const newPassword of [a.admin.email, `${a.admin.email.split('@')[0]}!2026`]) {
      const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { newPassword: { msg: 'Password must not contain your email' } } });
    }
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const a = await loggedInAgent(t);
    const other = t.agent();
    expect((await other.post('/api/admins/login').send({ email: a.admin.email, password: PASSWORD })).status).toBe(200);
    const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await me(a.agent)).toMatchObject({ id: a.admin.id });
    expect(await me(other)).toBeNull();
    expect((await logIn(t, a.admin)).status).toBe(401);
    expect((await logIn(t, { email: a.admin.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('answers 429 after 5 wrong current passwords, even with the right one', async () => {
    const a = await loggedInAgent(t);
    for (let i = 0; i < 5; i++) {
      const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(400);
    }
    const res = await a.agent.post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await logIn(t, a.admin)).status).toBe(200);
  });

  it('answers 401 when logged out', async () => {
    const res = await t.http().post('/api/admins/me/password').send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });
});
