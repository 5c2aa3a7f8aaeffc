import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registry } from '../../server/common/metrics';
import { CLIENT_DIST } from '../../server/config/paths';
import { CachedPageHandler } from '../../server/site/cached-page-handler';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

// A visitor's page that the page cache holds is answered ahead of Express (CachedPageHandler,
// issues #37 and #41: the visitors' pages at 0.30× a bare server). These tests put the handler
// alone behind a second HTTP server, where whatever it leaves to Express is a 418: so each shows
// which requests it takes, and that what it sends is what SiteController sent.

const HOST = 'www.site.test';
const origin = `http://${HOST}`;
/** The handler's server's answer to a request the handler left to Express. */
const LEFT_TO_EXPRESS = 418;
/** Headers that differ between any two replies, or belong to the connection. */
const PER_REPLY = ['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding'];

function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries(Object.entries(res.headers as Record<string, string>).filter(([name]) => !PER_REPLY.includes(name)));
}

/** The requests counted in http_request_duration_seconds for GET `route` with a 2xx. */
async function counted(route: string): Promise<number> {
  const text = await registry.getSingleMetricAsString('http_request_duration_seconds');
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes(`route="${route}"`) &&
        l.includes('method="GET"') &&
        l.includes('status_class="2xx"'),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('a visitor’s page from the page cache, ahead of Express', () => {
  let t: TestApp;
  let admin: Agent;
  let alone: Server;
  let article: { id: string; slug: string; title: string };
  let page: { slug: string };

  /** Through the app, as a visitor: Express's way the first time, the handler's after. */
  const visit = (path: string) => t.http().get(path).set('Host', HOST);
  /** The handler alone: a 418 when it leaves the request to Express. */
  const cached = () => request(alone);
  /** Express alone, without what answers ahead of it. */
  const expressAlone = () => request(t.app.getHttpAdapter().getInstance() as Parameters<typeof request>[0]);

  async function setSettings(fields: Record<string, unknown>): Promise<void> {
    expect((await admin.patch('/api/settings').send(fields)).status).toBe(200);
  }

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    t = await createTestApp({ publicUrl: origin });
    admin = (await loggedInAgent(t)).agent;
    const handler = t.app.get(CachedPageHandler);
    alone = createServer((req, res) => {
      if (handler.answers(req, res)) return;
      res.statusCode = LEFT_TO_EXPRESS;
      res.end();
    });
    await new Promise<void>((resolve) => alone.listen(0, '127.0.0.1', resolve));
    const created = await admin.post('/api/news').send({ title: unique('Cached '), description: 'A cached article', about: 'Its text.' });
    expect(created.status).toBe(201);
    article = created.body as typeof article;
    const made = await admin.post('/api/pages').send({ title: unique('About us '), description: 'Who we are', body: 'We are **small**.' });
    expect(made.status).toBe(201);
    page = made.body as typeof page;
    await setSettings({ maintenance: false });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await new Promise((resolve) => alone?.close(resolve));
    await t?.close();
  });

  it.each([
    ['the home page', '/'],
    ['the news', '/news'],
    ['the services', '/services'],
    ['the contact form', '/contact'],
    ['the feed', '/news/feed.xml'],
    ['the sitemap', '/sitemap.xml'],
    ['robots.txt', '/robots.txt'],
  ])('answers %s, once SiteController has sent it, with its status, headers and bytes', async (_name, path) => {
    expect((await cached().get(path)).status).toBe(LEFT_TO_EXPRESS);
    const first = await visit(path);
    expect(first.status).toBe(200);
    const again = await cached().get(path);
    expect(again.status).toBe(200);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.text).toBe(first.text);
    // Its own request id, as every reply has.
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('answers an article and a company page, with their policies and security headers', async () => {
    for (const path of [`/news/${article.slug}`, `/${page.slug}`]) {
      const first = await visit(path);
      expect(first.status).toBe(200);
      const again = await cached().get(path);
      expect(again.status).toBe(200);
      expect(headersOf(again)).toEqual(headersOf(first));
      expect(again.headers['content-security-policy']).toContain("default-src 'none'");
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      expect(again.headers['referrer-policy']).toBe('same-origin');
      expect(again.text).toContain(path === `/${page.slug}` ? 'We are <strong>small</strong>.' : article.title);
    }
  });

  it('sends each encoding, a 304 for the ETag it sent, and no body to HEAD, as SiteController does', async () => {
    const path = '/news';
    await visit(path);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const express = await visit(path).set('Accept-Encoding', encoding);
      const handler = await cached().get(path).set('Accept-Encoding', encoding);
      expect(handler.status).toBe(200);
      expect(handler.headers['content-encoding']).toBe(express.headers['content-encoding']);
      expect(handler.headers.etag).toBe(express.headers.etag);
    }
    const { etag } = (await cached().get(path).set('Accept-Encoding', 'br')).headers as { etag: string };
    const notModified = await cached().get(path).set('Accept-Encoding', 'br').set('If-None-Match', etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    const head = await cached().head(path);
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('counts what it answers in the metrics, under the route SiteController matched', async () => {
    const path = `/news/${article.slug}`;
    await visit(path);
    const before = await counted('/news/:id');
    expect((await cached().get(path)).status).toBe(200);
    await vi.waitFor(async () => expect(await counted('/news/:id')).toBe(before + 1));
  });

  it.each([
    ['a trailing slash', () => '/news/'],
    ['another case', () => '/NEWS'],
    ['page 1 spelt out', () => '/news?page=1'],
    ['a campaign’s query', () => '/news?utm_source=mail'],
    ['an encoded address', () => `/news/${article.slug.replace('-', '%2D')}`],
  ])('leaves %s to Express, which answers it', async (_name, address) => {
    const path = address();
    await visit('/news');
    await visit(`/news/${article.slug}`);
    const express = await visit(path);
    expect([200, 301]).toContain(express.status);
    expect((await cached().get(path)).status).toBe(LEFT_TO_EXPRESS);
  });

  it('never answers a not-found page, a preview, the API, the panel or a form’s post', async () => {
    const missing = '/news/no-such-article';
    expect((await visit(missing)).status).toBe(404);
    expect((await visit(missing)).status).toBe(404);
    expect((await cached().get(missing)).status).toBe(LEFT_TO_EXPRESS);
    await visit('/news');
    for (const path of ['/admin/preview/news', '/api/health', '/admin', '/assets/none.js', '/api/news']) {
      expect((await cached().get(path)).status, path).toBe(LEFT_TO_EXPRESS);
    }
    await visit('/contact');
    expect((await cached().post('/contact').type('form').send('name=A')).status).toBe(LEFT_TO_EXPRESS);
  });

  it('leaves a page to Express from the moment its content changes, until it is rendered again', async () => {
    expect((await visit('/news')).status).toBe(200);
    expect((await cached().get('/news')).status).toBe(200);
    const title = unique('Fresh ');
    expect((await admin.post('/api/news').send({ title, description: 'New', about: 'New.' })).status).toBe(201);
    expect((await cached().get('/news')).status).toBe(LEFT_TO_EXPRESS);
    expect((await visit('/news')).text).toContain(title);
    const again = await cached().get('/news');
    expect(again.status).toBe(200);
    expect(again.text).toContain(title);
  });

  it('answers the maintenance page, as SiteGate does, from the moment it is switched on until it is off', async () => {
    expect((await visit('/')).status).toBe(200);
    expect((await cached().get('/')).status).toBe(200);
    await setSettings({ maintenance: true });
    try {
      for (const path of ['/', '/news', '/no/such/page', `/news/${article.slug}`]) {
        const express = await expressAlone().get(path).set('Host', HOST);
        const handler = await cached().get(path);
        expect(handler.status, path).toBe(503);
        expect(handler.text).toContain('Our website is under maintenance');
        expect(handler.text).toBe(express.text);
        expect(headersOf(handler)).toEqual(headersOf(express));
      }
      // Not the logo, a file that Express answers before the gate, nor any other name with a dot.
      expect((await cached().get('/logo.svg')).status).toBe(LEFT_TO_EXPRESS);
      expect((await cached().get('/sitemap.xml')).status).toBe(LEFT_TO_EXPRESS);
      expect((await visit('/logo.svg')).status).toBe(200);
      // Not a form's post: that is Express's, and its answer is the same page.
      expect((await cached().post('/contact').type('form').send('name=A')).status).toBe(LEFT_TO_EXPRESS);
      expect((await expressAlone().post('/contact').set('Host', HOST).type('form').send('name=A')).status).toBe(503);
    } finally {
      await setSettings({ maintenance: false });
    }
    expect((await cached().get('/')).status).toBe(LEFT_TO_EXPRESS);
    expect((await visit('/')).status).toBe(200);
    expect((await cached().get('/')).status).toBe(200);
  });

  it('leaves a page to Express once its settings copy is older than a second (the other replicas’ changes)', async () => {
    expect((await visit('/services')).status).toBe(200);
    expect((await cached().get('/services')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1500 });
    // The page itself is still fresh (5 s); the settings, which say whether the site is open, are not.
    expect((await cached().get('/services')).status).toBe(LEFT_TO_EXPRESS);
    expect((await visit('/services')).status).toBe(200);
    expect((await cached().get('/services')).status).toBe(200);
  });

  it('answers a language’s address under its prefix, in that language', async () => {
    const languages = [
      { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
      { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
    ];
    expect((await admin.put('/api/settings/languages').send({ languages })).status).toBe(200);
    try {
      for (const path of ['/de/', '/de/news']) {
        const first = await visit(path);
        expect(first.status).toBe(200);
        expect(first.headers['content-language']).toBe('de');
        const again = await cached().get(path);
        expect(again.status).toBe(200);
        expect(headersOf(again)).toEqual(headersOf(first));
        expect(again.text).toBe(first.text);
      }
      // The default language's page at the same address without the prefix is its own.
      await visit('/news');
      expect((await cached().get('/news')).headers['content-language']).toBe('en');
    } finally {
      expect((await admin.put('/api/settings/languages').send({ languages: [languages[0]] })).status).toBe(200);
    }
  });
});
