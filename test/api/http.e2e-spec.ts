import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AllExceptionsFilter } from '../../server/http/all-exceptions.filter';
import { ApiError } from '../../server/common/api-error';
import {
  NOT_LOGGED_IN,
  PASSWORD,
  ProbeModule,
  PublicProbeModule,
  createAdmin,
  logIn,
  newAdmin,
  sessionCookie,
} from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { apiRoutes, registeredRoutes } from '../support/routes';
import { uniqueEmail } from '../support/unique.mjs';

// The HTTP layer every route shares: closed by default, cross-site requests and body types, the
// one error path, headers.

/** No stack, query or file path in an error reply. */
function expectNoInternals(res: Response) {
  const text = res.text ?? '';
  expect(text).not.toMatch(/\bat .+\(|\/work\/|node_modules|server\/|\.ts:|SELECT|INSERT|QueryFailed|stack/i);
}

// One app for the describes that need no particular configuration: REGISTRATION=open, with the
// probe route. Describes that need another configuration build their own.
let shared: TestApp;
beforeAll(async () => {
  shared = await createTestApp({ registration: 'open' }, { imports: [ProbeModule] });
});
afterAll(() => shared.close());

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
  // Issue 21: a forgotten password and an invitation are used by someone who cannot sign in.
  'GET /api/admins/password-reset',
  'POST /api/admins/password-reset',
  'POST /api/admins/password-reset/confirm',
  'POST /api/admins/invitations/accept',
  // The link mailed to a new address: it works on the token alone, signed in or not.
  'POST /api/admins/me/email/confirm',
  // Issue 22: the second step of a sign-in and a passkey sign-in come before any session.
  'POST /api/admins/login/second-factor',
  'POST /api/admins/login/passkey/options',
  'POST /api/admins/login/passkey',
  // Issue 26: the register screen asks whether registration is open before anyone signs in.
  'GET /api/admins/register',
  // Issue 40: the public pages' visitor-count beacon and its <noscript> image.
  'POST /api/collect',
  'GET /api/collect.gif',
]);

/** Asks every route that is not in the allow-list without a session; returns those that did not refuse. */
async function routesOpenWithoutSession(t: TestApp): Promise<string[]> {
  const open: string[] = [];
  for (const { method, path } of apiRoutes(t)) {
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
    const input = await createAdmin(t);
    const res = await logIn(t, input, { Origin: 'https://evil.example' });
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
    const input = await createAdmin(t);
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

  it.each([
    ['PATCH', '/api/admins/me/preferences'],
    ['DELETE', '/api/admins/me'],
  ])('refuses %s %s from a foreign origin with 403', async (method, path) => {
    const { agent } = await loggedInAgent(t);
    const res = await agent[method.toLowerCase() as 'patch' | 'delete'](path).set('Origin', 'https://evil.example');
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
    const input = await createAdmin(t);
    const res = await logIn(t, input, { Host: 'site.example', Origin: 'http://site.example', 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(200);
  });

  it('accepts an origin listed in CORS_ORIGINS with credentials, never with *', async () => {
    const input = await createAdmin(t);
    const res = await logIn(t, input, { Origin: 'https://admin.example', 'Sec-Fetch-Site': 'cross-site' });
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
    const input = await createAdmin(t);
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

  it('answers a foreign body type sent to /api itself in JSON, never with a page of the website (a fuzz finding)', async () => {
    for (const path of ['/api', '/api/']) {
      const res = await t.http().patch(path).set('Content-Type', 'application/vnd.api+json').send('{"title":"x"}');
      expect(res.status, path).toBe(415);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(res.body, path).toEqual({ error: expect.any(String) });
    }
  });

  it('judges the body’s type before the session (AppModule’s guards in order): 415, not 401, without one', async () => {
    const res = await t.http().post('/api/services').set('Content-Type', 'text/plain').send('title=x');
    expect(res.status).toBe(415);
    expect((await t.http().post('/api/services').send({ title: 'x' })).status).toBe(401);
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

describe('one error path', () => {
  let t: TestApp;
  let filterCatch: MockInstance<AllExceptionsFilter['catch']>;
  beforeAll(async () => {
    // Watched, not replaced: the filter still answers. Nest binds it when the app starts, so the
    // spy goes in first.
    filterCatch = vi.spyOn(AllExceptionsFilter.prototype, 'catch');
    t = await createTestApp({ registration: 'open' });
  });
  afterAll(async () => {
    await t.close();
    filterCatch.mockRestore();
  });
  beforeEach(() => {
    filterCatch.mockClear();
  });

  /** What the exception filter was handed for the one request just made. */
  function caught(): unknown {
    expect(filterCatch).toHaveBeenCalledTimes(1);
    return filterCatch.mock.calls[0][0];
  }

  it.each([
    ['a cross-site request', () => t.http().post('/api/admins/logout').set('Origin', 'https://evil.example'), 403],
    ['malformed JSON', () => t.http().post('/api/admins/login').set('Content-Type', 'application/json').send('{"email":'), 400],
    ['a JSON body that is not an object', () => t.http().post('/api/admins/login').set('Content-Type', 'application/json').send('[]'), 400],
    [
      'a body over 1 MB',
      () =>
        t
          .http()
          .post('/api/admins/login')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ email: 'x'.repeat(1_100_000) })),
      413,
    ],
    ['a text/plain body', () => t.http().post('/api/admins/login').set('Content-Type', 'text/plain').send('email=a'), 415],
    ['a missing built asset', () => t.http().get('/assets/missing-0000.js'), 404],
    ['a missing stored photo', () => t.http().get('/uploads/news/missing.webp'), 404],
  ])('answers %s through the exception filter, in its shape', async (_case, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    const error = caught();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).getStatus()).toBe(status);
    expect(res.body).toEqual((error as ApiError).getResponse());
    expect(res.body).toEqual({ error: expect.anything() });
  });

  it('maps a taken email to the field error the entity declares, also when two registrations race', async () => {
    const input = newAdmin();
    const [a, b] = await Promise.all([
      t.http().post('/api/admins/register').send(input),
      t.http().post('/api/admins/register').send(input),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((a.status === 409 ? a : b).body).toEqual({ error: { email: { msg: 'Email is already registered' } } });
    // The service let the database's unique violation through; the filter alone turned it into a 409.
    expect(caught()).not.toBeInstanceOf(ApiError);
    expect(caught()).toMatchObject({ driverError: { code: '23505', constraint: 'admins_email_key' } });
  });

  it('judges the body’s type before the session: an anonymous text/plain post to an admin route is a 415', async () => {
    const res = await t.http().post('/api/services').set('Content-Type', 'text/plain').send('title=x');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Send the request body as application/json' });
  });

  it('takes multipart only on a route that declares it (the photo upload)', async () => {
    const { agent } = await loggedInAgent(t);
    const res = await agent.post('/api/services').field('title', 'Multipart').field('about', 'Not here');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Send the request body as application/json' });
    const rows: unknown[] = await t.dataSource.query(`SELECT 1 FROM services WHERE title = 'Multipart'`);
    expect(rows).toEqual([]);
  });
});
