import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_FIRST, cookiePair, logIn, NOT_LOGGED_IN, sessionCookie, staleConfirmation } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { newToken } from '../../server/admins/admin-tokens';
import { LoginLockoutService } from '../../server/rate-limit/login-lockout.service';

// Passkeys end to end with a software authenticator (test/support/soft-authenticator.ts): real
// ES256 signatures over hand-built authenticator data, checked by the app as a browser's would be.

const ORIGIN = 'https://www.example.com';
const RP_ID = 'www.example.com';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    publicUrl: ORIGIN,
    mail: { url: sink.url, from: '"Example Co" <site@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
  });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});
beforeEach(async () => {
  await t.dataSource.query('DELETE FROM rate_limits');
});

type Agent = ReturnType<TestApp['agent']>;

/** Adds a passkey through the two steps, as Your account does; answers the authenticator and the reply. */
async function addPasskey(agent: Agent, name = 'Work laptop', { origin = ORIGIN } = {}) {
  const options = await agent.post('/api/admins/me/passkeys/options');
  expect(options.status).toBe(200);
  const authenticator = new SoftAuthenticator();
  const response = authenticator.register({ challenge: options.body.challenge, origin, rpId: RP_ID }, options.body.user.id);
  const added = await agent.post('/api/admins/me/passkeys').send({ name, response });
  return { authenticator, options, response, added };
}

/** Asks for sign-in options on `agent` (a fresh browser: the challenge comes back in a cookie) and answers them with `counter`. */
async function signIn(agent: Agent, authenticator: SoftAuthenticator, counter: number, { origin = ORIGIN, rpId = RP_ID } = {}) {
  const options = await agent.post('/api/admins/login/passkey/options');
  expect(options.status).toBe(200);
  const response = authenticator.assert({ challenge: options.body.challenge, origin, rpId }, counter);
  const res = await agent.post('/api/admins/login/passkey').send({ response });
  return { options, response, res };
}

function challengeCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = res.headers['set-cookie'] as string[] | undefined;
  return cookies?.find((cookie) => cookie.startsWith('__Host-passkey-challenge='));
}

async function activity(agent: Agent, kind: string) {
  const res = await agent.get(`/api/activity?kind=${kind}`);
  return res.body.data as { action: string; label: string | null; admin: { id: string } | null }[];
}

describe('POST /api/admins/me/passkeys', () => {
  it('registers a passkey for the PUBLIC_URL relying party, lists it, logs it and mails the admin', async () => {
    const { agent, admin } = await loggedInAgent(t, { name: 'Ada' });
    const { options, added } = await addPasskey(agent, '  Work laptop ');
    expect(options.body).toMatchObject({
      rp: { id: RP_ID },
      user: { id: Buffer.from(admin.id).toString('base64url'), name: admin.email, displayName: 'Ada' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(String), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null });

    const list = await agent.get('/api/admins/me/passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [added.body] });
    // The next options leave out the passkey already there.
    const again = await agent.post('/api/admins/me/passkeys/options');
    expect(again.body.excludeCredentials).toEqual([{ id: expect.any(String), type: 'public-key', transports: ['internal'] }]);

    expect((await activity(agent, 'admins')).find((e) => e.action === 'passkey-add')).toMatchObject({
      label: 'Work laptop',
      admin: { id: admin.id },
    });
    const [mail] = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email)));
    expect(mail.subject).toMatch(/^A passkey was added to your account on /);
    expect(mail.text).toContain('The passkey “Work laptop” was added');
  });

  it('uses a challenge once: the same answer again is a 400 keyed response', async () => {
    const { agent } = await loggedInAgent(t);
    const { response, added } = await addPasskey(agent);
    expect(added.status).toBe(201);
    const replayed = await agent.post('/api/admins/me/passkeys').send({ name: 'Again', response });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.response.msg).toBe('The passkey could not be verified. Please try again.');
  });

  it('refuses a registration made on another origin', async () => {
    const { agent } = await loggedInAgent(t);
    const { added } = await addPasskey(agent, 'Phished', { origin: 'https://www.examp1e.com' });
    expect(added.status).toBe(400);
    expect(added.body.error).toHaveProperty('response');
    expect((await agent.get('/api/admins/me/passkeys')).body).toEqual({ data: [] });
  });

  it.each([
    [{ response: {} }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(101), response: {} }, 'name', 'Name must be at most 100 characters'],
    [{ name: 'Laptop' }, 'response', 'The passkey response is required'],
    [{ name: 'Laptop', response: 'text' }, 'response', 'The passkey response is required'],
  ])('answers 400 for %j', async (body, field, msg) => {
    const { agent } = await loggedInAgent(t);
    await agent.post('/api/admins/me/passkeys/options');
    const res = await agent.post('/api/admins/me/passkeys').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { [field]: { msg } } });
  });

  it('is for a signed-in admin only', async () => {
    for (const res of [
      await t.http().get('/api/admins/me/passkeys'),
      await t.http().post('/api/admins/me/passkeys/options'),
      await t.http().post('/api/admins/me/passkeys').send({}),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_LOGGED_IN);
    }
  });
});

describe('POST /api/admins/login/passkey', () => {
  it('signs the admin in with a new session, as a password login does, and records when and how', async () => {
    const { agent: owner, admin } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(owner);
    const browser = t.agent();
    const { options, res } = await signIn(browser, authenticator, 1);
    expect(options.body).toEqual({ rpId: RP_ID, challenge: expect.any(String), timeout: 300000, userVerification: 'required' });
    expect(res.status).toBe(200);
    expect(res.body.admin).toMatchObject({ id: admin.id, email: admin.email });
    // The options start no session (their challenge is a signed cookie); the sign-in does.
    expect(sessionCookie(options)).toBeUndefined();
    expect(challengeCookie(options)).toMatch(/^__Host-passkey-challenge=[^;]+;.*HttpOnly/i);
    expect(cookiePair(sessionCookie(res))).toMatch(/sid=/);
    // Taken by the answer: the cookie is cleared.
    expect(challengeCookie(res)).toMatch(/^__Host-passkey-challenge=;/);
    expect((await browser.get('/api/admins/me')).body.admin).toMatchObject({ id: admin.id });

    const [passkey] = (await owner.get('/api/admins/me/passkeys')).body.data;
    expect(passkey.lastUsedAt).toEqual(expect.any(String));
    expect((await activity(owner, 'session')).find((e) => e.admin?.id === admin.id)).toMatchObject({ action: 'sign-in-passkey' });
  });

  it('refuses a counter that did not grow, and the same answer twice', async () => {
    const { agent } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(agent);
    const first = await signIn(t.agent(), authenticator, 5);
    expect(first.res.status).toBe(200);
    for (const counter of [5, 4, 0]) {
      const { res } = await signIn(t.agent(), authenticator, counter);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'The passkey was not accepted. Try again, or log in with your password.' });
    }
    // The first answer replayed after asking for new options: its challenge is not the browser's any more.
    const replay = t.agent();
    await replay.post('/api/admins/login/passkey/options');
    expect((await replay.post('/api/admins/login/passkey').send({ response: first.response })).status).toBe(401);
    expect((await signIn(t.agent(), authenticator, 6)).res.status).toBe(200);
  });

  it('signs in once when one answer arrives twice at once, from an authenticator that keeps no counter', async () => {
    const { agent } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(agent);
    const browser = t.agent();
    const options = await browser.post('/api/admins/login/passkey/options');
    const response = authenticator.assert({ challenge: options.body.challenge, origin: ORIGIN, rpId: RP_ID }, 0);
    const replies = await Promise.all([1, 2].map(() => browser.post('/api/admins/login/passkey').send({ response })));
    expect(replies.map((res) => res.status).sort()).toEqual([200, 401]);
    // Counters of 0 every time pass the counter check; each answer still needs a challenge of its own.
    expect((await signIn(t.agent(), authenticator, 0)).res.status).toBe(200);
  });

  it('refuses an answer made on another origin or for another relying party', async () => {
    const { agent } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(agent);
    expect((await signIn(t.agent(), authenticator, 1, { origin: 'https://www.examp1e.com' })).res.status).toBe(401);
    expect((await signIn(t.agent(), authenticator, 2, { rpId: 'examp1e.com' })).res.status).toBe(401);
    expect((await signIn(t.agent(), authenticator, 3)).res.status).toBe(200);
  });

  it('refuses an unknown passkey, one signed by another key, and an answer without options', async () => {
    const { agent } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(agent);
    expect((await signIn(t.agent(), new SoftAuthenticator(), 1)).res.status).toBe(401);
    const forger = new SoftAuthenticator();
    Object.defineProperty(forger, 'credentialId', { value: authenticator.credentialId });
    forger.userHandle = authenticator.userHandle;
    expect((await signIn(t.agent(), forger, 1)).res.status).toBe(401);
    const response = authenticator.assert({ challenge: 'never-asked', origin: ORIGIN, rpId: RP_ID }, 1);
    expect((await t.agent().post('/api/admins/login/passkey').send({ response })).status).toBe(401);
    expect((await t.http().post('/api/admins/login/passkey').send({})).body).toEqual({
      error: { response: { msg: 'The passkey response is required' } },
    });
  });
});

describe('DELETE /api/admins/me/passkeys/:id', () => {
  it('removes the passkey: it signs nobody in any more; logged and mailed', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const { authenticator, added } = await addPasskey(agent, 'Old phone');
    const removed = await agent.delete(`/api/admins/me/passkeys/${added.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: added.body.id });
    expect((await agent.get('/api/admins/me/passkeys')).body).toEqual({ data: [] });
    expect((await signIn(t.agent(), authenticator, 1)).res.status).toBe(401);
    expect((await activity(agent, 'admins')).find((e) => e.action === 'passkey-remove')).toMatchObject({ label: 'Old phone' });
    const mails = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email) && m.subject.includes('removed')));
    expect(mails.find((m) => m.subject.includes('removed'))?.text).toContain('The passkey “Old phone” was removed');
  });

  it("answers 404 for another admin's passkey, an unknown id and a malformed one", async () => {
    const { agent: ada } = await loggedInAgent(t);
    const { agent: bob } = await loggedInAgent(t);
    const { added } = await addPasskey(ada);
    for (const id of [added.body.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await bob.delete(`/api/admins/me/passkeys/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Passkey not found' });
    }
    expect((await ada.get('/api/admins/me/passkeys')).body.data).toHaveLength(1);
  });
});

describe('re-authentication for lasting changes (ASVS 7.5)', () => {
  it('refuses a session alone a passkey (403 keyed password); a fresh password confirmation lets it, for 5 minutes', async () => {
    const { agent, admin } = await loggedInAgent(t);
    // A session signed in minutes ago (an unlocked laptop): its sign-in no longer counts as a confirmation.
    await staleConfirmation(t, admin.id);
    const refused = await agent.post('/api/admins/me/passkeys/options');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(CONFIRM_FIRST);
    expect((await agent.post('/api/admins/me/passkeys').send({ name: 'Mine now', response: {} })).body).toEqual(CONFIRM_FIRST);
    expect((await agent.get('/api/admins/me/passkeys')).body).toEqual({ data: [] });

    const wrong = await agent.post('/api/admins/me/confirm').send({ password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { password: { msg: 'Password is incorrect' } } });
    expect((await agent.post('/api/admins/me/confirm').send({})).body).toEqual({ error: { password: { msg: 'Password is required' } } });
    const confirmed = await agent.post('/api/admins/me/confirm').send({ password: admin.password });
    expect(confirmed.status).toBe(200);
    expect(new Date(confirmed.body.confirmedUntil).getTime()).toBeGreaterThan(Date.now() + 4 * 60 * 1000);
    const { added } = await addPasskey(agent);
    expect(added.status).toBe(201);

    await staleConfirmation(t, admin.id);
    const stale = await agent.delete(`/api/admins/me/passkeys/${added.body.id}`);
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual(CONFIRM_FIRST);
    expect((await agent.get('/api/admins/me/passkeys')).body.data).toHaveLength(1);
  });

  it('takes one of the admin’s own passkeys as the confirmation, never another admin’s', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const { authenticator, added } = await addPasskey(agent);
    const { agent: bob, admin: bobAdmin } = await loggedInAgent(t);
    const { authenticator: bobs } = await addPasskey(bob);
    await staleConfirmation(t, admin.id);
    await staleConfirmation(t, bobAdmin.id);

    const options = await agent.post('/api/admins/me/confirm/passkey-options');
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([
      { id: authenticator.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    // Bob's passkey answering Ada's challenge on Ada's session.
    const foreign = bobs.assert({ challenge: options.body.challenge, origin: ORIGIN, rpId: RP_ID }, 1);
    const refused = await agent.post('/api/admins/me/confirm').send({ response: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { response: { msg: 'The passkey was not accepted. Try again, or enter your password.' } } });

    const again = await agent.post('/api/admins/me/confirm/passkey-options');
    const response = authenticator.assert({ challenge: again.body.challenge, origin: ORIGIN, rpId: RP_ID }, 1);
    expect((await agent.post('/api/admins/me/confirm').send({ response })).status).toBe(200);
    expect((await agent.delete(`/api/admins/me/passkeys/${added.body.id}`)).status).toBe(200);
    // The confirmation was Ada's session's only: Bob's stays stale.
    expect((await bob.post('/api/admins/me/passkeys/options')).status).toBe(403);
  });

  it('answers 401, not 403, without a session', async () => {
    expect((await t.http().post('/api/admins/me/confirm').send({ password: 'x' })).body).toEqual(NOT_LOGGED_IN);
    expect((await t.http().post('/api/admins/me/passkeys/options')).body).toEqual(NOT_LOGGED_IN);
  });
});

describe('a password reset', () => {
  it('ends every session and removes every passkey of the account, and the mail says so', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const { authenticator } = await addPasskey(agent);
    const { token, hash } = newToken();
    await t.dataSource.query(
      `INSERT INTO admin_tokens (purpose, token_hash, admin_id, email, expires_at) VALUES ('password-reset', $1, $2, $3, now() + interval '1 hour')`,
      [hash, admin.id, admin.email],
    );
    const done = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'a brand new password' });
    expect(done.status).toBe(200);
    expect((await agent.get('/api/admins/me/passkeys')).body).toEqual(NOT_LOGGED_IN);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM passkeys WHERE admin_id = $1`, [admin.id]);
    expect(count).toBe(0);
    expect((await signIn(t.agent(), authenticator, 1)).res.status).toBe(401);
    const mails = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email) && m.subject.includes('was reset')));
    expect(mails.find((m) => m.subject.includes('was reset'))?.text).toContain(
      'Every session of your account has been signed out, and every passkey and trusted browser of your account removed',
    );
  });

  it('untrusts the browsers the account signed in from: their device cookies no longer count', async () => {
    const { admin } = await loggedInAgent(t);
    const login = await logIn(t, admin);
    const device = (login.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('__Host-device='));
    const req = { headers: { cookie: device?.split(';')[0] } } as never;
    const [{ version }] = await t.dataSource.query(`SELECT credential_version AS version FROM admins WHERE id = $1`, [admin.id]);
    const lockout = t.app.get(LoginLockoutService);
    expect(lockout.deviceOf(req, { id: admin.id, credentialVersion: version })).toEqual(expect.any(String));
    // The version a reset (or a change) raises: the same cookie proves nothing any more.
    expect(lockout.deviceOf(req, { id: admin.id, credentialVersion: version + 1 })).toBeNull();
  });
});

describe('a password change', () => {
  it('removes the passkeys too when asked, and keeps them otherwise', async () => {
    const { agent, admin } = await loggedInAgent(t);
    await addPasskey(agent, 'Kept');
    const kept = await agent
      .post('/api/admins/me/password')
      .send({ currentPassword: admin.password, newPassword: 'another long passphrase' });
    expect(kept.status).toBe(200);
    expect((await agent.get('/api/admins/me/passkeys')).body.data).toHaveLength(1);
    const removed = await agent
      .post('/api/admins/me/password')
      .send({ currentPassword: 'another long passphrase', newPassword: 'a third long passphrase', removePasskeys: true });
    expect(removed.status).toBe(200);
    expect((await agent.get('/api/admins/me/passkeys')).body).toEqual({ data: [] });
  });
});

describe('POST /api/admins/login/passkey/options', () => {
  it('stores nothing for 200 anonymous calls (no session row) and slows an address that keeps asking', async () => {
    const count = async () => ((await t.dataSource.query(`SELECT count(*)::int AS count FROM session`)) as { count: number }[])[0].count;
    const before = await count();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await t.http().post('/api/admins/login/passkey/options')).status);
    expect(await count()).toBe(before);
    expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(100).every((status) => status === 429)).toBe(true);
  });
});
