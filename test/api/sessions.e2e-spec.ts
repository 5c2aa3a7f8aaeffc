import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_FIRST, NOT_LOGGED_IN, cookiePair, sessionCookie, staleConfirmation } from '../support/admin-helpers';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

// Your sessions (issue #22 item 4): GET /api/admins/me/sessions, DELETE /api/admins/me/sessions/:id,
// POST /api/admins/me/sessions/end-others.

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 'loopback' });
});
afterAll(() => t.close());

interface Session {
  id: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** An admin signed in from three browsers; answers the first one's agent and the others' session cookies. */
async function signedInThrice() {
  const { agent, admin } = await loggedInAgent(t);
  await agent.post('/api/admins/login').set('User-Agent', MAC_CHROME).set('X-Forwarded-For', '203.0.113.10').send(admin);
  const other = async (userAgent: string, address: string) => {
    const res = await t.http().post('/api/admins/login').set('User-Agent', userAgent).set('X-Forwarded-For', address).send(admin);
    return cookiePair(sessionCookie(res));
  };
  const firefox = await other(WINDOWS_FIREFOX, '2001:db8::7');
  const iphone = await other(IPHONE_SAFARI, '198.51.100.3');
  return { agent, admin, firefox, iphone };
}

async function list(agent: ReturnType<TestApp['agent']>): Promise<Session[]> {
  const res = await agent.get('/api/admins/me/sessions');
  expect(res.status).toBe(200);
  return (res.body as { data: Session[] }).data;
}

const isSignedIn = async (cookie: string) => (await t.http().get('/api/admins/me').set('Cookie', cookie)).body.admin !== null;

describe('GET /api/admins/me/sessions', () => {
  it('lists the admin’s sessions with browser, system, address and times, this one first and marked', async () => {
    const { agent } = await signedInThrice();
    const sessions = await list(agent);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: 'Chrome 140', os: 'macOS', address: '203.0.113.10', current: true });
    expect(sessions.slice(1).map(({ browser, os, address, current }) => ({ browser, os, address, current }))).toEqual(
      expect.arrayContaining([
        { browser: 'Firefox 130', os: 'Windows', address: '2001:db8::7', current: false },
        { browser: 'Safari 17', os: 'iOS', address: '198.51.100.3', current: false },
      ]),
    );
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Math.abs(Date.parse(session.createdAt) - Date.now())).toBeLessThan(10 * 60_000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt) - 60_000);
    }
  });

  it('never shows the session ids themselves, which are secrets', async () => {
    const { agent, firefox } = await signedInThrice();
    const res = await agent.get('/api/admins/me/sessions');
    const sid = decodeURIComponent(firefox.slice('sid='.length)).replace(/^s:/, '').split('.')[0];
    expect(JSON.stringify(res.body)).not.toContain(sid);
  });

  it('lists only the caller’s own sessions', async () => {
    const { agent } = await signedInThrice();
    const other = await loggedInAgent(t);
    expect(await list(other.agent)).toHaveLength(1);
    expect(await list(agent)).toHaveLength(3);
  });

  it('says null for a browser it cannot name', async () => {
    const { agent, admin } = await loggedInAgent(t);
    await agent.post('/api/admins/login').set('User-Agent', 'curl/8.5.0').send(admin);
    const [session] = await list(agent);
    expect(session).toMatchObject({ browser: null, os: null, current: true });
  });

  it('answers 401 without a session', async () => {
    const res = await t.http().get('/api/admins/me/sessions');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });
});

describe('DELETE /api/admins/me/sessions/:id', () => {
  it('ends that session at once and records it in the activity log', async () => {
    const { agent, admin, firefox, iphone } = await signedInThrice();
    const target = (await list(agent)).find((session) => session.browser === 'Firefox 130')!;
    const res = await agent.delete(`/api/admins/me/sessions/${target.id}`).set('X-Forwarded-For', '203.0.113.11');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: target.id });
    expect(await isSignedIn(firefox)).toBe(false);
    expect(await isSignedIn(iphone)).toBe(true);
    expect((await agent.get('/api/admins/me')).body.admin.email).toBe(admin.email);
    expect((await list(agent)).map((session) => session.id)).not.toContain(target.id);
    const [entry]: { action: string; kind: string; label: string; address: string }[] = await t.dataSource.query(
      `SELECT action, kind, label, address FROM activity WHERE admin_id = $1 AND action = 'end-session'`,
      [admin.id],
    );
    expect(entry).toEqual({ action: 'end-session', kind: 'session', label: 'Firefox 130 on Windows', address: '203.0.113.11' });
  });

  it('answers 404 for an id that is not one of the caller’s sessions, and ends nothing', async () => {
    const { agent, firefox } = await signedInThrice();
    const other = await loggedInAgent(t);
    const [othersSession] = await list(other.agent);
    for (const id of [othersSession.id, '0'.repeat(32), 'not-an-id', `${othersSession.id}0`]) {
      const res = await agent.delete(`/api/admins/me/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Session not found' });
    }
    expect(await isSignedIn(firefox)).toBe(true);
    expect((await other.agent.get('/api/admins/me')).body.admin).not.toBeNull();
  });

  it('signs out when it ends the caller’s own session, as logout does', async () => {
    const { agent } = await loggedInAgent(t);
    const [own] = await list(agent);
    const res = await agent.delete(`/api/admins/me/sessions/${own.id}`);
    expect(res.status).toBe(200);
    expect((res.headers['set-cookie'] as unknown as string[]).some((cookie) => cookie.startsWith('sid=;'))).toBe(true);
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
  });

  it('answers 404 the second time', async () => {
    const { agent } = await signedInThrice();
    const target = (await list(agent)).find((session) => !session.current)!;
    expect((await agent.delete(`/api/admins/me/sessions/${target.id}`)).status).toBe(200);
    expect((await agent.delete(`/api/admins/me/sessions/${target.id}`)).status).toBe(404);
  });
});

describe('POST /api/admins/me/sessions/end-others', () => {
  it('ends every other session of the admin, keeps this one and the other admins’, and records it', async () => {
    const { agent, admin, firefox, iphone } = await signedInThrice();
    const other = await loggedInAgent(t);
    const res = await agent.post('/api/admins/me/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect(await isSignedIn(firefox)).toBe(false);
    expect(await isSignedIn(iphone)).toBe(false);
    expect((await agent.get('/api/admins/me')).body.admin.email).toBe(admin.email);
    expect((await other.agent.get('/api/admins/me')).body.admin).not.toBeNull();
    expect((await list(agent)).map((session) => session.current)).toEqual([true]);
    const entries: { label: string }[] = await t.dataSource.query(
      `SELECT label FROM activity WHERE admin_id = $1 AND action = 'end-other-sessions'`,
      [admin.id],
    );
    expect(entries).toEqual([{ label: '2 sessions' }]);
    expect((await agent.post('/api/admins/me/sessions/end-others')).body).toEqual({ ended: 0 });
  });

  it('answers 401 without a session', async () => {
    expect((await t.http().post('/api/admins/me/sessions/end-others')).status).toBe(401);
  });

  it('asks for a confirmation made in the last 5 minutes (403 keyed password), and ends nothing without one', async () => {
    const { agent, admin, firefox } = await signedInThrice();
    await staleConfirmation(t, admin.id);
    const refused = await agent.post('/api/admins/me/sessions/end-others');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(CONFIRM_FIRST);
    const [other] = (await list(agent)).filter((session) => !session.current);
    expect((await agent.delete(`/api/admins/me/sessions/${other.id}`)).body).toEqual(CONFIRM_FIRST);
    expect(await isSignedIn(firefox)).toBe(true);
    expect((await agent.post('/api/admins/me/confirm').send({ password: admin.password })).status).toBe(200);
    expect((await agent.post('/api/admins/me/sessions/end-others')).body).toEqual({ ended: 2 });
  });
});
