import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { BEACON_SCRIPT } from '../../server/http/visitor-beacon';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

// Issue #42: an administrator's preview lives at its own address (/admin/preview/<site path>) and
// can never be stored under a visitor's; the visitors' addresses answer the visitors' page whoever asks.

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const PUBLIC_URL = 'https://www.preview.test';
const HOST = 'www.preview.test';
const MAINTENANCE = 'Our website is under maintenance';
const DRAFT = 'Draft — only signed-in administrators see this';
const LIVE_BANNER = 'Drafts, schedules and unpublished changes are shown to you alone; visitors see the published site.';
const MAINTENANCE_BANNER = 'Visitors see the maintenance page while maintenance is on.';
const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
  { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
];

/** The hrefs of a page's links (`<a href>`) and its forms' actions. */
function links(res: Response): string[] {
  return [...res.text.matchAll(/<(?:a|form)\s[^>]*?\b(?:href|action)="([^"]*)"/g)].map((match) => match[1]);
}

/** What a preview answers with, whatever page it shows: for this administrator alone, never kept by a cache, nor tagged for one. */
function expectPreviewHeaders(res: Response) {
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex');
  expect(res.headers['cache-tag']).toBeUndefined();
  expect(res.headers['surrogate-key']).toBeUndefined();
  expect(res.headers.xkey).toBeUndefined();
}

describe('an administrator’s preview at /admin/preview (behind a CDN)', () => {
  let t: TestApp;
  let admin: Agent;
  // Varnish's purge address, standing in: the purges the content below raises are taken and forgotten.
  let purges: Server;

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'admin.html')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    purges = createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((done) => purges.listen(0, '127.0.0.1', done));
    const purgeUrl = `http://127.0.0.1:${(purges.address() as AddressInfo).port}/`;
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      analytics: true,
      cdn: { provider: 'varnish', maxAge: 86_400, purgeUrl, apiToken: undefined, zone: undefined, service: undefined, apiUrl: purgeUrl },
    });
    admin = (await loggedInAgent(t)).agent;
    expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  }, APP_TEST_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await new Promise((done) => purges?.close(done));
  });

  const visitor = (path: string) => t.http().get(path).set('Host', HOST);
  const preview = (path: string) => admin.get(path).set('Host', HOST);

  async function article(fields: Record<string, unknown> = {}): Promise<{ id: string; slug: string; title: string }> {
    const res = await admin.post('/api/news').send({ title: unique('Preview article '), description: 'd', about: 'Text', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  async function maintenance(on: boolean): Promise<void> {
    expect((await admin.patch('/api/settings').send({ maintenance: on })).status).toBe(200);
  }

  it('needs a session: without one, the login screen with the way back; the admin app is not served there', async () => {
    const draft = await article({ status: 'draft' });
    for (const path of ['/admin/preview', '/admin/preview/', `/admin/preview/news/${draft.slug}`, '/admin/preview/news?page=2']) {
      const res = await visitor(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location, path).toBe(`/admin/login?from=${encodeURIComponent(path)}`);
      expect(res.headers['cache-control'], path).toBe('private, no-store');
      expect(res.text, path).not.toContain(draft.title);
    }
    // A forged cookie is no session either.
    expect((await visitor('/admin/preview/').set('Cookie', 'sid=s%3Aabc.forged')).status).toBe(302);
    // The rest of /admin is still the admin app.
    const login = await visitor('/admin/login');
    expect(login.status).toBe(200);
    expect(login.text).toContain('<div id="root">');
  });

  it('shows a signed-in administrator a draft, marked, with the banner, private, no-store, noindex and no cache tags', async () => {
    const draft = await article({ status: 'draft', about: 'See [our services](/services) and [elsewhere](https://example.org/x).' });
    const res = await preview(`/admin/preview/news/${draft.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(draft.title);
    expect(res.text).toContain(DRAFT);
    expect(res.text).toContain(LIVE_BANNER);
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expectPreviewHeaders(res);
    // Counted by no visitor count.
    expect(res.text).not.toContain(BEACON_SCRIPT);
    expect(res.text).not.toContain('/api/collect');
  });

  it('keeps the page’s links inside the preview; the canonical link and other sites stay as they are', async () => {
    const draft = await article({ status: 'draft', about: 'See [our services](/services) and [elsewhere](https://example.org/x).' });
    const res = await preview(`/admin/preview/news/${draft.slug}`);
    const hrefs = links(res);
    expect(hrefs).toEqual(
      expect.arrayContaining(['/admin/preview/', '/admin/preview/news', '/admin/preview/services', '/admin/preview/contact']),
    );
    expect(hrefs).toContain('https://example.org/x');
    // Every site link the page writes is a preview address; the banner's leads back to the panel.
    const sitePaths = hrefs.filter((href) => href.startsWith('/') && !href.startsWith('/admin'));
    expect(sitePaths).toEqual([]);
    expect(hrefs).toContain('/admin');
    expect(res.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/news/${draft.slug}"/>`);

    const home = await preview('/admin/preview/');
    expect(home.status).toBe(200);
    expect(links(home)).toContain('/admin/preview/contact');
    const contact = await preview('/admin/preview/contact');
    expect(contact.text).toContain('action="/admin/preview/contact"');
  });

  it('answers the visitors’ page at the visitors’ address whatever cookie comes with it: shared cache headers, tags, no Set-Cookie', async () => {
    const draft = await article({ status: 'draft' });
    const forAdmin = await preview(`/news/${draft.slug}`);
    expect(forAdmin.status).toBe(404);
    expect(forAdmin.text).not.toContain(draft.title);

    const published = await article();
    const title = unique('Not yet public ');
    expect((await admin.put(`/api/news/${published.id}/draft`).send({ title })).status).toBe(200);
    const page = await preview(`/news/${published.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(title);
    expect(page.text).not.toContain(LIVE_BANNER);
    expect(page.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=86400/);
    expect(page.headers.xkey).toContain(`news-${published.id}`);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.text).toContain(BEACON_SCRIPT);
    // The same page in the preview shows the working copy.
    const previewed = await preview(`/admin/preview/news/${published.slug}`);
    expect(previewed.text).toContain(title);
    expectPreviewHeaders(previewed);
  });

  it('shows the site with maintenance on, while every visitors’ address is the maintenance page (for the administrator too)', async () => {
    const draft = await article({ status: 'draft' });
    await maintenance(true);
    try {
      const res = await preview(`/admin/preview/news/${draft.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(DRAFT);
      expect(res.text).toContain(MAINTENANCE_BANNER);
      expect(res.text).toContain('href="/admin/settings"');
      expectPreviewHeaders(res);
      for (const path of ['/', '/news', `/news/${draft.slug}`]) {
        const closed = await preview(path);
        expect(closed.status, path).toBe(503);
        expect(closed.text, path).toContain(MAINTENANCE);
        expect(closed.headers['cache-control'], path).toBe('private, no-store');
      }
    } finally {
      await maintenance(false);
    }
  });

  it('keeps redirects and the contact form inside the preview', async () => {
    const published = await article();
    const moved = await preview(`/admin/preview/news/${published.id}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/admin/preview/news/${published.slug}`);
    expectPreviewHeaders(moved);

    const name = unique('From the preview ');
    const sent = await admin
      .post('/admin/preview/contact')
      .set('Host', HOST)
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ name, email: 'ada@example.com', msg: 'Hello' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe('/admin/preview/contact/thanks');
    const thanks = await preview('/admin/preview/contact/thanks');
    expect(thanks.status).toBe(200);
    expectPreviewHeaders(thanks);
  });

  it('shows a company page and another language’s page at their preview addresses', async () => {
    const slug = unique('about-preview-')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-');
    const page = await admin
      .post('/api/pages')
      .send({ title: unique('About '), slug, description: 'Who we are', body: 'Us.', status: 'draft' });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    const shown = await preview(`/admin/preview/${page.body.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(DRAFT);
    expect((await visitor(`/${page.body.slug}`)).status).toBe(404);

    expect((await admin.put('/api/settings/languages').send({ languages: LANGUAGES })).status).toBe(200);
    try {
      const german = await preview('/admin/preview/de/news');
      expect(german.status).toBe(200);
      expect(german.headers['content-language']).toBe('de');
      expect(links(german)).toContain('/admin/preview/de/news');
      expectPreviewHeaders(german);
    } finally {
      expect((await admin.put('/api/settings/languages').send({ languages: [LANGUAGES[0]] })).status).toBe(200);
    }
  });

  it('answers a path under it that is not the site’s with 404, never the API or a file', async () => {
    for (const path of [
      '/admin/preview/api/health',
      '/admin/preview/admin/preview/',
      '/admin/preview/uploads/x.webp',
      '/admin/preview/assets/x.js',
    ]) {
      const res = await preview(path);
      expect(res.status, path).toBe(404);
    }
    const unknown = await preview('/admin/preview/no/such/page');
    expect(unknown.status).toBe(404);
    expectPreviewHeaders(unknown);
  });
});
