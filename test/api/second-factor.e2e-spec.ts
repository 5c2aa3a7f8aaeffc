import { TotpService } from '../../server/second-factor/totp.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_FIRST, NOT_LOGGED_IN, PASSWORD, sessionCookie, staleConfirmation } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { activityOf, adminWithTotp, codeAt } from '../support/second-factor';

// Authenticator codes (TOTP) and recovery codes, and the two-step sign-in (REQUIRE_SECOND_FACTOR and
// the reset command: second-factor-policy.e2e-spec.ts). Codes are computed with otplib, as an app computes them.

const SIGN_IN_AGAIN = { error: 'Your sign-in has expired. Enter your password again.' };

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    mail: { url: sink.url, from: 'site@example.com', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
  });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A new client that has given the right password of an admin with a second factor: its session is half open. */
async function halfOpen(admin: { email: string }) {
  const agent = t.agent();
  const res = await agent.post('/api/admins/login').send({ email: admin.email, password: PASSWORD });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ twoFactor: 'required' });
  return agent;
}

describe('authenticator codes in Your account', () => {
  it('sets up with a secret and a QR code, turns on with a right code and gives 10 recovery codes once', async () => {
    const { agent, admin } = await loggedInAgent(t);
    expect((await agent.get('/api/admins/me/second-factor')).body).toEqual({
      enabled: false,
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await agent.post('/api/admins/me/totp');
    expect(setup.status).toBe(201);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Our%20company:${encodeURIComponent(admin.email)}?secret=${setup.body.secret}&issuer=Our%20company`,
    );
    expect(Buffer.from(setup.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg /);
    // Not on until a code confirms it: the password alone still signs in.
    expect((await agent.get('/api/admins/me/second-factor')).body.totp).toBe(false);
    expect((await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORD })).body.admin.id).toBe(admin.id);

    const wrong = await agent.post('/api/admins/me/totp/confirm').send({ code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { code: { msg: 'This code is not right. Enter the code your authenticator app shows now.' } } });
    expect((await agent.post('/api/admins/me/totp/confirm').send({ code: '12345' })).body).toEqual({
      error: { code: { msg: 'Enter the 6-digit code from your authenticator app' } },
    });

    const confirmed = await agent.post('/api/admins/me/totp/confirm').send({ code: await codeAt(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    // 32 characters of 5 random bits: a 6-character lookup id and 130 secret bits.
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){7}$/);
    // Only the lookup ids and salted argon2id hashes of the secret parts are kept.
    const rows: { lookup: string; code_phc: string; code_hash: null }[] = await t.dataSource.query(
      `SELECT * FROM admin_recovery_codes WHERE admin_id = $1`,
      [admin.id],
    );
    expect(rows.map((row) => row.lookup).sort()).toEqual(
      confirmed.body.recoveryCodes.map((code: string) => code.slice(0, 4) + code.slice(5, 7)).sort(),
    );
    for (const row of rows) expect(row).toMatchObject({ code_phc: expect.stringMatching(/^\$argon2id\$/), code_hash: null });
    expect(new Set(rows.map((row) => row.code_phc.split('$')[4])).size).toBe(10);
    const stored = JSON.stringify(rows);
    for (const code of confirmed.body.recoveryCodes) expect(stored).not.toContain(code.replaceAll('-', '').slice(6));

    expect((await agent.get('/api/admins/me/second-factor')).body).toEqual({
      enabled: true,
      totp: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await agent.post('/api/admins/me/totp')).status).toBe(409);
    expect(await activityOf(t, admin.id)).toContain('totp-on');
    const mail = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email)));
    expect(mail.find((m) => m.to.includes(admin.email))?.subject).toBe('Authenticator codes were turned on for Our company');
  });

  it('turns off with the password only, and then the password alone signs in again', async () => {
    const { agent, admin } = await adminWithTotp(t);
    const wrong = await agent.delete('/api/admins/me/totp').send({ password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { password: { msg: 'Password is incorrect' } } });
    expect((await agent.delete('/api/admins/me/totp').send({})).body).toEqual({ error: { password: { msg: 'Password is required' } } });

    expect((await agent.delete('/api/admins/me/totp').send({ password: PASSWORD })).body).toEqual({ ok: true });
    expect((await agent.get('/api/admins/me/second-factor')).body).toEqual({
      enabled: false,
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    expect((await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORD })).body.admin.id).toBe(admin.id);
    expect(await activityOf(t, admin.id)).toContain('totp-off');
    await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email) && m.subject.startsWith('Authenticator codes were turned off')));
  });
});

describe('authenticator codes without a recent confirmation', () => {
  it('refuses to set them up on a session alone (403 keyed password) until the password is confirmed again', async () => {
    const { agent, admin } = await loggedInAgent(t);
    await staleConfirmation(t, admin.id);
    expect((await agent.post('/api/admins/me/totp')).body).toEqual(CONFIRM_FIRST);
    expect((await agent.post('/api/admins/me/totp/confirm').send({ code: '123456' })).body).toEqual(CONFIRM_FIRST);
    expect((await agent.post('/api/admins/me/confirm').send({ password: PASSWORD })).status).toBe(200);
    expect((await agent.post('/api/admins/me/totp')).status).toBe(201);
  });
});

describe('signing in in two steps', () => {
  it('answers the right password with twoFactor required and a half-open session, then a code signs in on a new session', async () => {
    const { admin, secret } = await adminWithTotp(t);
    const agent = t.agent();
    const first = await agent.post('/api/admins/login').send({ email: admin.email, password: PASSWORD });
    expect(first.body).toEqual({ twoFactor: 'required' });
    const halfOpenCookie = sessionCookie(first);
    expect(halfOpenCookie).toBeDefined();

    const done = await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      admin: { id: admin.id, name: admin.name, email: admin.email, role: 'administrator', createdAt: expect.any(String) },
    });
    expect(sessionCookie(done)?.split(';')[0]).not.toBe(halfOpenCookie?.split(';')[0]);
    expect((await agent.get('/api/admins/me')).body.admin.id).toBe(admin.id);
    expect((await agent.get('/api/services')).status).toBe(200);
    expect(await activityOf(t, admin.id)).toContain('sign-in-code');
  });

  it('refuses a code used once already (no replay within its window)', async () => {
    const { admin, secret } = await adminWithTotp(t);
    const code = await codeAt(secret);
    expect((await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ code })).status).toBe(200);

    const again = await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { code: { msg: 'This code was used already. Wait for the next one.' } } });
    // The code that confirmed the setup (an earlier step) is spent too.
    const older = await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ code: await codeAt(secret, -30) });
    expect(older.status).toBe(400);
  });

  it("refuses the next step's code and one two steps old: the current step's and the previous one's only", async () => {
    const { admin, secret } = await adminWithTotp(t);
    const agent = await halfOpen(admin);
    for (const offset of [30, -60]) {
      const res = await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret, offset) });
      expect(res.body).toEqual({ error: { code: { msg: 'This code is not right. Enter the code your authenticator app shows now.' } } });
    }
    expect((await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret) })).status).toBe(200);
  });

  it('takes each recovery code once, typed in any case and without its dashes', async () => {
    const { agent, admin, recoveryCodes } = await adminWithTotp(t);
    const typed = recoveryCodes[3].replaceAll('-', '').toUpperCase();
    const first = await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: typed });
    expect(first.status).toBe(200);
    expect(first.body.admin.id).toBe(admin.id);
    expect(await activityOf(t, admin.id)).toContain('sign-in-recovery-code');

    const again = await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: recoveryCodes[3] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { recoveryCode: { msg: 'This is not one of your recovery codes, or it was used already.' } } });
    expect((await agent.get('/api/admins/me/second-factor')).body.recoveryCodesLeft).toBe(9);
  });

  it('keeps the authenticator secret sealed under SECRETS_KEY, and seals one stored in clear at start', async () => {
    const { admin, secret } = await adminWithTotp(t);
    const [row] = await t.dataSource.query(`SELECT secret FROM admin_totp WHERE admin_id = $1`, [admin.id]);
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    // As an archive or a database from before sealing holds it.
    await t.dataSource.query(`UPDATE admin_totp SET secret = $2 WHERE admin_id = $1`, [admin.id, secret]);
    await t.app.get(TotpService).onApplicationBootstrap();
    const [again] = await t.dataSource.query(`SELECT secret FROM admin_totp WHERE admin_id = $1`, [admin.id]);
    expect(again.secret).toMatch(/^v1:/);
    expect((await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ code: await codeAt(secret) })).status).toBe(200);
  });

  it('still takes a recovery code made before lookup ids (SHA-256), once', async () => {
    const { admin } = await adminWithTotp(t);
    const legacy = 'abcd-efgh-jkmn-pqrs';
    await t.dataSource.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) VALUES ($1, sha256($2::bytea))`, [
      admin.id,
      'abcdefghjkmnpqrs',
    ]);
    expect((await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: legacy })).status).toBe(200);
    expect((await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: legacy })).status).toBe(400);
  });

  it("refuses a made-up code whose lookup id is one of the admin's", async () => {
    const { admin, recoveryCodes } = await adminWithTotp(t);
    const forged = `${recoveryCodes[0].slice(0, 10)}${'0000-'.repeat(5)}0000`;
    const res = await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: forged });
    expect(res.body).toEqual({ error: { recoveryCode: { msg: 'This is not one of your recovery codes, or it was used already.' } } });
    expect((await (await halfOpen(admin)).post('/api/admins/login/second-factor').send({ recoveryCode: recoveryCodes[0] })).status).toBe(
      200,
    );
  });

  it('lets a half-open session reach nothing else', async () => {
    const { admin } = await adminWithTotp(t);
    const agent = await halfOpen(admin);
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
    expect((await agent.get('/api/services')).body).toEqual(NOT_LOGGED_IN);
    expect((await agent.get('/api/admins/me/second-factor')).status).toBe(401);
    expect((await agent.post('/api/admins/me/totp')).status).toBe(401);
    expect((await agent.delete('/api/admins/me/totp').send({ password: PASSWORD })).status).toBe(401);
    expect((await agent.get('/api/activity')).status).toBe(401);
  });

  it('answers 401 to a second step without a half-open session, or after its 5 minutes', async () => {
    const { admin, secret } = await adminWithTotp(t);
    expect((await t.agent().post('/api/admins/login/second-factor').send({ code: '123456' })).body).toEqual(SIGN_IN_AGAIN);

    const agent = await halfOpen(admin);
    // Its password step six minutes ago, as the half-open state records it.
    await t.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{secondStep,at}', to_jsonb($2::bigint))::json WHERE sess::jsonb #>> '{secondStep,adminId}' = $1`,
      [admin.id, Date.now() - 6 * 60 * 1000],
    );
    const late = await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret) });
    expect(late.status).toBe(401);
    expect(late.body).toEqual(SIGN_IN_AGAIN);
  });

  it('refuses a missing or malformed code with a 400 keyed code', async () => {
    const { admin } = await adminWithTotp(t);
    const agent = await halfOpen(admin);
    expect((await agent.post('/api/admins/login/second-factor').send({})).body).toEqual({
      error: { code: { msg: 'Enter the 6-digit code from your authenticator app' } },
    });
    expect((await agent.post('/api/admins/login/second-factor').send({ code: ['123456'] })).status).toBe(400);
    expect((await agent.post('/api/admins/login/second-factor').send({ recoveryCode: 'x'.repeat(41) })).status).toBe(400);
  });

  it('counts wrong codes toward the account lockout: after 5 failures even the right password and code wait', async () => {
    const { admin, secret } = await adminWithTotp(t);
    const agent = await halfOpen(admin); // the password step counts one attempt until the second step succeeds
    for (let i = 0; i < 4; i++) {
      expect((await agent.post('/api/admins/login/second-factor').send({ code: '000000' })).status).toBe(400);
    }
    const locked = await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.http().post('/api/admins/login').send({ email: admin.email, password: PASSWORD })).status).toBe(429);
    expect((await activityOf(t, admin.id)).filter((action) => action === 'sign-in-failed')).toHaveLength(4);
  });

  it('clears the count once the second step succeeds', async () => {
    const { admin, secret } = await adminWithTotp(t);
    const agent = await halfOpen(admin);
    for (let i = 0; i < 3; i++) await agent.post('/api/admins/login/second-factor').send({ code: '000000' });
    expect((await agent.post('/api/admins/login/second-factor').send({ code: await codeAt(secret) })).status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM rate_limits WHERE key = $1`, [`login:account:${admin.email}`]);
    expect(row.n).toBe(0);
  });
});
