import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookiePair, sessionCookie } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { linkIn, startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { uniqueEmail } from '../support/unique.mjs';

// PUBLIC_URL: every absolute link the app writes starts with it, whatever a request's Host or
// X-Forwarded-* headers say; an https:// one makes the session cookie `__Host-sid`, Secure even
// when the app itself is reached over plain HTTP (a TLS proxy in front).

const PUBLIC_URL = 'https://www.example.com';
/** What a request that wants its own links written would send (honoured by Express under TRUST_PROXY). */
const HOSTILE = { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example', 'X-Forwarded-Proto': 'http' };

describe('production with PUBLIC_URL=https://…, reached over plain HTTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let setupLog: string | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const warn = vi.spyOn(Logger.prototype, 'warn');
    try {
      t = await createTestApp({
        nodeEnv: 'production',
        registration: 'first-admin',
        publicUrl: PUBLIC_URL,
        // X-Forwarded-Host and -Proto from the test client would be believed: links must still ignore them.
        trustProxy: 'loopback',
        mail: { url: sink.url, from: 'Example Co <site@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
      });
      setupLog = warn.mock.calls.map(([message]) => String(message)).find((message) => message.includes('setup='));
    } finally {
      warn.mockRestore();
    }
  }, APP_TEST_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    await t.dataSource.query('DELETE FROM rate_limits');
    sink.messages.length = 0;
  });

  const credentials = async () => {
    const { admin } = await loggedInAgent(t);
    return { email: admin.email, password: admin.password };
  };

  it('sets `__Host-sid` with Secure, Path=/ and no Domain on a login over plain HTTP', async () => {
    const res = await t
      .http()
      .post('/api/admins/login')
      .send(await credentials());
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/^__Host-sid=[^;]+;/);
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['path=/', 'secure', 'httponly', 'samesite=lax']));
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    // One session cookie, and beside it the device cookie, Secure under its __Host- name too.
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies.filter((c) => /^(__Host-)?sid=/.test(c))).toHaveLength(1);
    expect(cookies.find((c) => c.startsWith('__Host-device='))?.toLowerCase()).toMatch(/; secure/);

    const pair = cookiePair(cookie);
    expect((await t.http().get('/api/admins/me').set('Cookie', pair)).body.admin?.email).toBeDefined();
    // The same session under the old name is nobody's.
    const renamed = pair.replace(/^__Host-sid=/, 'sid=');
    expect((await t.http().get('/api/admins/me').set('Cookie', renamed)).body).toEqual({ admin: null });
  });

  it('clears `__Host-sid` at logout with the attributes a browser needs to drop it', async () => {
    const login = await t
      .http()
      .post('/api/admins/login')
      .send(await credentials());
    const res = await t
      .http()
      .post('/api/admins/logout')
      .set('Cookie', cookiePair(sessionCookie(login)));
    expect(res.status).toBe(200);
    const cleared = sessionCookie(res)!;
    expect(cleared).toMatch(/^__Host-sid=;/);
    expect(cleared).toMatch(/; Path=\/;/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).not.toMatch(/Domain=/i);
  });

  it("names `__Host-sid` in the API document's security scheme", async () => {
    const doc = await t.http().get('/api/openapi.json');
    expect(doc.body.components.securitySchemes.session.name).toBe('__Host-sid');
  });

  it("accepts PUBLIC_URL's origin as well as the request's own host, and refuses others", async () => {
    const input = await credentials();
    const send = (origin: string, host: string) => t.http().post('/api/admins/login').set('Host', host).set('Origin', origin).send(input);
    expect((await send(PUBLIC_URL, 'app.internal:3000')).status).toBe(200);
    expect((await send('http://app.internal:3000', 'app.internal:3000')).status).toBe(200);
    expect((await send('https://attacker.example', 'app.internal:3000')).status).toBe(403);
    expect((await send('https://example.com', 'app.internal:3000')).status).toBe(403);
  });

  it('logs the setup link on PUBLIC_URL', () => {
    expect(setupLog).toMatch(/Open https:\/\/www\.example\.com\/admin\/register\?setup=[A-Za-z0-9_-]{40,} to register the first one/);
  });

  it('writes the password-reset link on PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const { admin } = await loggedInAgent(t);
    const res = await t.http().post('/api/admins/password-reset').set(HOSTILE).send({ email: admin.email });
    expect(res.status).toBe(202);
    const [mail] = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email)));
    expect(new URL(linkIn(mail, '/admin/reset-password')).origin).toBe(PUBLIC_URL);
    expect(mail.text).not.toContain('attacker.example');
  });

  it('writes the contact-message and invitation links on PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const { agent, admin } = await loggedInAgent(t);
    const posted = await t.http().post('/api/contactus').set(HOSTILE).send({ name: 'Vera', email: 'vera@example.org', msg: 'Hello there' });
    expect(posted.status).toBe(201);
    const invited = uniqueEmail('invited');
    expect((await agent.post('/api/admins/invitations').set(HOSTILE).send({ email: invited })).status).toBe(201);
    const mails = await sink.waitFor((all) => all.some((m) => m.to.includes(invited)) && all.some((m) => m.to.includes(admin.email)));
    const notice = mails.find((m) => m.to.includes(admin.email))!;
    expect(notice.text).toContain(`${PUBLIC_URL}/admin/adminContactUs?view=${posted.body.id}`);
    expect(
      new URL(
        linkIn(
          mails.find((m) => m.to.includes(invited))!,
          '/admin/accept-invitation',
        ),
      ).origin,
    ).toBe(PUBLIC_URL);
    for (const mail of mails) expect(mail.text).not.toContain('attacker.example');
  });

  it('writes the sitemap, robots.txt, the feed and canonical links on PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const { agent } = await loggedInAgent(t);
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    const sitemap = await t.http().get('/sitemap.xml').set(HOSTILE);
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    const robots = await t.http().get('/robots.txt').set(HOSTILE);
    expect(robots.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const feed = await t.http().get('/news/feed.xml').set(HOSTILE);
    expect(feed.text).toContain(`href="${PUBLIC_URL}/news/feed.xml"`);
    const page = await t.http().get('/news').set(HOSTILE);
    expect(page.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/news"`);
    for (const res of [sitemap, robots, feed, page]) expect(res.text).not.toContain('attacker.example');
  });
});

describe('with PUBLIC_URL=http://… (a trial on one machine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'http://192.168.1.20:3000' });
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('keeps the cookie `sid`, Secure only on a request that came over HTTPS', async () => {
    const { admin } = await loggedInAgent(t);
    const res = await t.http().post('/api/admins/login').send({ email: admin.email, password: admin.password });
    expect(sessionCookie(res)).toMatch(/^sid=[^;]+;/);
    expect(sessionCookie(res)).not.toMatch(/; Secure/i);
    expect((await t.http().get('/api/openapi.json')).body.components.securitySchemes.session.name).toBe('sid');
  });
});

describe('without PUBLIC_URL (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('writes links on http://localhost:PORT, never on the Host a request names', async () => {
    expect(t.config.publicUrl).toBe(`http://localhost:${t.config.port}`);
    const { agent } = await loggedInAgent(t);
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    const sitemap = await t.http().get('/sitemap.xml').set(HOSTILE);
    expect(sitemap.text).toContain(`<loc>${t.config.publicUrl}/</loc>`);
    expect(sitemap.text).not.toContain('attacker.example');
  });
});
