import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair, sessionCookie } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { linkIn, startSmtpSink, tokenOf, type SmtpSink } from '../support/smtp-sink.mjs';

// Issue #28 item 1: a password change (or a reset by mail, or the admin's removal) ends every
// other session, those of logins in flight included: each session carries the credential version
// its login read with the password hash, and the session query refuses an older one.

const PASSWORDS = [
  'first quiet meadow lantern',
  'second amber harbour violin',
  'third silver orchard kettle',
  'fourth pale canyon whistle',
];
const LOGINS = 12;

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    publicUrl: 'https://www.example.com',
    mail: { url: sink.url, from: '"Example Co" <site@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
  });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The device cookie a sign-in gave (`__Host-device=…` under this https:// PUBLIC_URL), ready to send back. */
function deviceCookie(res: Response): string {
  const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = cookies.find((each) => /^(__Host-)?device=/.test(each));
  if (!cookie) throw new Error('no device cookie was set');
  return cookie.split(';')[0];
}

/** Who a session cookie signs in, if anyone. */
async function whoIs(cookie: string): Promise<string | null> {
  const res = await t.http().get('/api/admins/me').set('Cookie', cookie);
  return (res.body as { admin: { email: string } | null }).admin?.email ?? null;
}

/**
 * Devices that signed in before, one per racing login: each is then judged by its own failures,
 * so the account's lockout of untrusted clients holds none of the simultaneous logins back.
 */
async function devicesOf(email: string, password: string): Promise<string[]> {
  const devices: string[] = [];
  for (let i = 0; i < LOGINS; i += 1) {
    const res = await t.http().post('/api/admins/login').send({ email, password });
    expect(res.status).toBe(200);
    devices.push(deviceCookie(res));
  }
  return devices;
}

/** LOGINS logins with `password`, all sent at once together with `change`; answers the sessions they got. */
async function race(email: string, password: string, devices: string[], change: () => PromiseLike<Response>) {
  const logins = devices.map((device) => t.http().post('/api/admins/login').set('Cookie', device).send({ email, password }));
  const [changed, ...replies] = await Promise.all([change(), ...logins]);
  expect(changed.status).toBe(200);
  // Each login either got in before the change (its session is then ended) or was refused after
  // it: 401, or 429 once a removed admin's email counts as an unknown one (no device is trusted for it).
  expect(replies.map((res) => res.status).filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
  return replies.filter((res) => res.status === 200).map((res) => cookiePair(sessionCookie(res)));
}

describe('a password change and the logins in flight', () => {
  it('leaves none of 12 racing logins signed in, three times over, and keeps the changer signed in', async () => {
    const { agent, admin } = await loggedInAgent(t, { password: PASSWORDS[0] });
    for (let round = 0; round < 3; round += 1) {
      const [before, after] = [PASSWORDS[round], PASSWORDS[round + 1]];
      // Each round starts with no failures counted: the last round's logins that came after its
      // change failed (how many depends on the machine's pace), and the address's limit and the
      // account's lockout would otherwise refuse this round's sign-ins (429), which is theirs to do.
      await t.dataSource.query('DELETE FROM rate_limits');
      const devices = await devicesOf(admin.email, before);
      const sessions = await race(admin.email, before, devices, () =>
        agent.post('/api/admins/me/password').send({ currentPassword: before, newPassword: after }),
      );
      for (const session of sessions) expect(await whoIs(session)).toBeNull();
      expect((await agent.get('/api/admins/me')).body.admin.email).toBe(admin.email);
      // The changer's session carries the new version in its row, not only in its reply.
      const rows: { version: string }[] = await t.dataSource.query(
        `SELECT sess ->> 'credentialVersion' AS version FROM session WHERE sess -> 'passport' ->> 'user' = $1`,
        [admin.id],
      );
      expect(rows.map((row) => Number(row.version))).toEqual([round + 1]);
    }
    // The new password works, on a new session (the last round's failures forgotten, as above).
    await t.dataSource.query('DELETE FROM rate_limits');
    const fresh = await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORDS[3] });
    expect(await whoIs(cookiePair(sessionCookie(fresh)))).toBe(admin.email);
  });

  it('refuses a session whose login read the password before a change, even when its row was written after', async () => {
    const { agent, admin } = await loggedInAgent(t, { password: PASSWORDS[0] });
    const late = await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORDS[0] });
    const session = cookiePair(sessionCookie(late));
    const changed = await agent.post('/api/admins/me/password').send({ currentPassword: PASSWORDS[0], newPassword: PASSWORDS[1] });
    expect(changed.status).toBe(200);
    // As if the login's session row had been saved just after the change had deleted the others,
    // stamped with the version its password check read.
    const sid = decodeURIComponent(session.slice('sid='.length)).replace(/^s:/, '').split('.')[0];
    await t.dataSource.query(
      `INSERT INTO session (sid, sess, expire)
       VALUES ($1, json_build_object('cookie', json_build_object('originalMaxAge', 3600000), 'passport', json_build_object('user', $2::text),
                                     'credentialVersion', 0, 'startedAt', $3::bigint), now() + interval '1 hour')`,
      [sid, admin.id, Date.now()],
    );
    expect(await whoIs(session)).toBeNull();
  });

  it('keeps a session made before credential versions existed (none stamped) until the password changes', async () => {
    const { agent, admin } = await loggedInAgent(t, { password: PASSWORDS[0] });
    const other = await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORDS[0] });
    const session = cookiePair(sessionCookie(other));
    await t.dataSource.query(
      `UPDATE session SET sess = (sess::jsonb - 'credentialVersion')::json WHERE sess -> 'passport' ->> 'user' = $1`,
      [admin.id],
    );
    expect(await whoIs(session)).toBe(admin.email);
    await agent.post('/api/admins/me/password').send({ currentPassword: PASSWORDS[0], newPassword: PASSWORDS[1] });
    expect(await whoIs(session)).toBeNull();
    expect((await agent.get('/api/admins/me')).body.admin.email).toBe(admin.email);
  });
});

describe('a reset by mail and the logins in flight', () => {
  it('leaves none of 12 racing logins signed in', async () => {
    const { admin } = await loggedInAgent(t, { password: PASSWORDS[0] });
    const devices = await devicesOf(admin.email, PASSWORDS[0]);
    sink.messages.length = 0;
    expect((await t.http().post('/api/admins/password-reset').send({ email: admin.email })).status).toBe(202);
    const [mail] = await sink.waitFor((all) => all.some((each) => each.to.includes(admin.email)));
    const token = tokenOf(linkIn(mail, '/admin/reset-password'));
    const sessions = await race(admin.email, PASSWORDS[0], devices, () =>
      t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: PASSWORDS[1] }),
    );
    for (const session of sessions) expect(await whoIs(session)).toBeNull();
    const [{ version }]: { version: number }[] = await t.dataSource.query(
      `SELECT credential_version AS version FROM admins WHERE id = $1`,
      [admin.id],
    );
    expect(version).toBe(1);
  });
});

describe("an admin's removal and the logins in flight", () => {
  it('leaves none of 12 racing logins of the removed admin signed in', async () => {
    const remover = await loggedInAgent(t);
    const { admin } = await loggedInAgent(t, { password: PASSWORDS[0] });
    const devices = await devicesOf(admin.email, PASSWORDS[0]);
    const sessions = await race(admin.email, PASSWORDS[0], devices, () => remover.agent.delete(`/api/admins/${admin.id}`));
    for (const session of sessions) expect(await whoIs(session)).toBeNull();
  });
});
