import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLockoutService } from '../../server/rate-limit/login-lockout.service';
import { cookiePair, createAdmin, sessionCookie } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { uniqueEmail } from '../support/unique.mjs';

// Issue #28 item 2: a lockout strangers cannot use against the admin (OWASP's device cookies), and
// item 3: addresses checked before use. Behind a trusted proxy (TRUST_PROXY=loopback: the test
// client speaks from the loopback address), so each request names its address in X-Forwarded-For.

let sink: SmtpSink;
let t: TestApp;
let ip = 0;
/** An address no other test used, so the per-address limit of one test never spills into another. */
const newAddress = () => `198.51.100.${++ip}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    trustProxy: 'loopback',
    mail: { url: sink.url, from: 'site@example.com', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
  });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function setCookies(res: Response): string[] {
  return (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
}

/** The device cookie a reply set (`device=…` over HTTP, `__Host-device=…` over HTTPS), whole. */
function deviceSetCookie(res: Response): string | undefined {
  return setCookies(res).find((cookie) => /^(__Host-)?device=/.test(cookie));
}

function login(address: string, email: string, password: string, cookie?: string) {
  const req = t.http().post('/api/admins/login').set('X-Forwarded-For', address);
  return (cookie ? req.set('Cookie', cookie) : req).send({ email, password });
}

describe('the device cookie', () => {
  it('is set by a sign-in: signed, HttpOnly, for the whole site, a year', async () => {
    const admin = await createAdmin(t);
    const res = await login(newAddress(), admin.email, admin.password);
    expect(res.status).toBe(200);
    const cookie = deviceSetCookie(res)!;
    expect(cookie).toMatch(/^device=[0-9a-f-]{36}\.[\w-]{22}\.[0-9a-z]+\.[\w-]{43};/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Max-Age=31536000/i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(cookie).toContain(res.body.admin.id);
  });

  it('is `__Host-device` and Secure over HTTPS', async () => {
    const admin = await createAdmin(t);
    const res = await login(newAddress(), admin.email, admin.password).set('X-Forwarded-Proto', 'https');
    const cookie = deviceSetCookie(res)!;
    expect(cookie).toMatch(/^__Host-device=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
  });

  it('is kept at sign-out, while the session cookie is cleared', async () => {
    const admin = await createAdmin(t);
    const signedIn = await login(newAddress(), admin.email, admin.password);
    const out = await t
      .http()
      .post('/api/admins/logout')
      .set('Cookie', `${cookiePair(sessionCookie(signedIn))}; ${cookiePair(deviceSetCookie(signedIn))}`);
    expect(out.status).toBe(200);
    expect(setCookies(out).some((cookie) => cookie.startsWith('sid=;'))).toBe(true);
    expect(deviceSetCookie(out)).toBeUndefined();
  });

  it('is never set by a failed sign-in, nor is a session cookie', async () => {
    const admin = await createAdmin(t);
    const res = await login(newAddress(), admin.email, 'not the password');
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the login lockout', () => {
  it('locks strangers out after 6 wrong passwords from 6 addresses, but not the admin’s own browser, until it fails 5 times itself', async () => {
    const admin = await createAdmin(t);
    const home = newAddress();
    const earlier = await login(home, admin.email, admin.password);
    let device = cookiePair(deviceSetCookie(earlier));

    const attack: number[] = [];
    for (let i = 0; i < 6; i += 1) attack.push((await login(newAddress(), admin.email, 'guess the password')).status);
    expect(attack).toEqual([401, 401, 401, 401, 401, 429]);

    // A stranger with the right password, from yet another address: locked out with the attackers.
    const stranger = await login(newAddress(), admin.email, admin.password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(stranger)).toBeUndefined();

    // The admin's own browser, from where it signed in before: judged by its own failures only.
    const own = await login(home, admin.email, admin.password, device);
    expect(own.status).toBe(200);
    expect(sessionCookie(own)).toBeDefined();
    device = cookiePair(deviceSetCookie(own));

    // 5 wrong passwords on that browser lock it, whatever its address.
    for (let i = 0; i < 5; i += 1) expect((await login(newAddress(), admin.email, 'my own typo', device)).status).toBe(401);
    const locked = await login(home, admin.email, admin.password, device);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('lets a trusted browser’s failures leave the strangers’ counter and other browsers alone', async () => {
    const admin = await createAdmin(t);
    const first = cookiePair(deviceSetCookie(await login(newAddress(), admin.email, admin.password)));
    const second = cookiePair(deviceSetCookie(await login(newAddress(), admin.email, admin.password)));
    for (let i = 0; i < 6; i += 1) await login(newAddress(), admin.email, 'typo', first);
    expect((await login(newAddress(), admin.email, admin.password, first)).status).toBe(429);
    expect((await login(newAddress(), admin.email, admin.password, second)).status).toBe(200);
    expect((await login(newAddress(), admin.email, admin.password)).status).toBe(200);
  });

  it('treats a forged device cookie, or one of another admin, as a stranger', async () => {
    const admin = await createAdmin(t);
    const other = await createAdmin(t);
    const own = cookiePair(deviceSetCookie(await login(newAddress(), admin.email, admin.password)));
    const othersDevice = cookiePair(deviceSetCookie(await login(newAddress(), other.email, other.password)));
    const forged = own.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    const renamed = othersDevice.replace(/=[0-9a-f-]{36}\./, `=${own.split('=')[1].split('.')[0]}.`);
    for (let i = 0; i < 5; i += 1) await login(newAddress(), admin.email, 'guess', i % 2 ? forged : renamed);
    expect((await login(newAddress(), admin.email, admin.password, forged)).status).toBe(429);
    expect((await login(newAddress(), admin.email, admin.password, othersDevice)).status).toBe(429);
    expect((await login(newAddress(), admin.email, admin.password, own)).status).toBe(200);
  });

  it('keeps the per-address limit for trusted browsers too', async () => {
    const admin = await createAdmin(t);
    const address = newAddress();
    const device = cookiePair(deviceSetCookie(await login(newAddress(), admin.email, admin.password)));
    for (let i = 0; i < 30; i += 1) expect((await login(address, uniqueEmail('spray'), 'wrong')).status).toBe(401);
    expect((await login(address, admin.email, admin.password, device)).status).toBe(429);
  });

  it('counts failures recorded through recordFailure (a second factor’s) toward the same locks', async () => {
    const admin = await createAdmin(t);
    const signedIn = await login(newAddress(), admin.email, admin.password);
    const device = cookiePair(deviceSetCookie(signedIn));
    const deviceId = device.split('=')[1].split('.')[1];
    const lockout = t.app.get(LoginLockoutService);
    for (let i = 0; i < 5; i += 1) await lockout.recordFailure(signedIn.body.admin.id, deviceId);
    expect((await login(newAddress(), admin.email, admin.password, device)).status).toBe(429);
    expect(await lockout.blockedFor(signedIn.body.admin.id, { address: newAddress(), device: null })).toBe(0);
    for (let i = 0; i < 5; i += 1) await lockout.recordFailure(signedIn.body.admin.id, null);
    expect((await login(newAddress(), admin.email, admin.password)).status).toBe(429);
  });
});

describe('addresses checked before use', () => {
  it.each([
    ['300 characters long', `198.51.100.250, ${'7'.repeat(300)}`],
    ['no address at all', 'not an address'],
  ])('signs in normally when X-Forwarded-For is %s', async (_case, header) => {
    const admin = await createAdmin(t);
    const res = await t.http().post('/api/admins/login').set('X-Forwarded-For', header).send(admin);
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).toBeDefined();
    // The activity log has the socket's own address.
    const [row]: { address: string }[] = await t.dataSource.query(
      `SELECT address FROM activity WHERE action = 'sign-in' AND item_id = $1::uuid`,
      [res.body.admin.id],
    );
    expect(row.address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });

  it('counts 7 contact messages from one IPv6 /64 as from one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const res = await t
        .http()
        .post('/api/contactus')
        .set('X-Forwarded-For', `2001:db8:77:64:${i.toString(16)}::${(i * 31).toString(16)}`)
        .send({ name: `Neighbour ${i}`, email: 'n@example.com', phno: '0123 456', msg: 'Hello from one subscriber' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('counts password-reset requests from one IPv6 /64 as from one client', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      const res = await t
        .http()
        .post('/api/admins/password-reset')
        .set('X-Forwarded-For', `2001:db8:78:64::${i.toString(16)}`)
        .send({ email: uniqueEmail('reset') });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
  });

  it('sets no session cookie on a failed login, even for a client that sends one', async () => {
    const admin = await createAdmin(t);
    const res = await login(newAddress(), admin.email, 'wrong', 'sid=s%3Aplanted.signature');
    expect(res.status).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
    // A signed-in browser that fails to sign in (as someone else, say) gets no new session either.
    const signedIn = cookiePair(sessionCookie(await login(newAddress(), admin.email, admin.password)));
    const failed = await login(newAddress(), admin.email, 'wrong', signedIn);
    expect(failed.status).toBe(401);
    const after = sessionCookie(failed);
    if (after) expect(cookiePair(after)).toBe(signedIn);
  });
});
