import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { PageCache } from '../../server/site/page-cache.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Page = { id: string; slug: string; title: string };

const HOST = 'www.site.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TODAY = {
  header: [
    { label: 'Home', target: { kind: 'home' } },
    { label: 'Services', target: { kind: 'services' } },
    { label: 'News', target: { kind: 'news' } },
    { label: 'Contact', target: { kind: 'contact' } },
  ],
  footer: [],
};

/** The header's links as a visitor's page writes them, in order. */
function headerLinks(html: string): string[] {
  const nav = /<nav class="nav" aria-label="Main"><ul>(.*?)<\/ul><\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) => `${label} ${href}`);
}

function footerLinks(html: string): string[] {
  const nav = /<nav aria-label="Footer"><ul>(.*?)<\/ul><\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) => `${label} ${href}`);
}

// Issue #37: the header and footer menus (GET and PUT /api/settings/navigation) and the law's two pages.
describe('navigation and the law’s pages', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    t = await createTestApp({ publicUrl: `http://${HOST}` });
    admin = (await loggedInAgent(t)).agent;
    expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  });
  afterAll(() => t?.close());
  beforeEach(() => t.app.get(PageCache).clear());

  const visit = (path: string) => t.http().get(path).set('Host', HOST);

  async function page(fields: Record<string, unknown> = {}): Promise<Page> {
    const res = await admin.post('/api/pages').send({ title: unique('About us '), description: 'D', body: 'B', ...fields });
    expect(res.status).toBe(201);
    return res.body as Page;
  }

  const put = (navigation: object) => admin.put('/api/settings/navigation').send(navigation);

  it("starts with today's links, so an existing site looks the same", async () => {
    const res = await admin.get('/api/settings/navigation');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      header: TODAY.header.map((item) => ({ ...item, id: expect.stringMatching(UUID), available: true, page: null })),
      footer: [],
    });
    expect(headerLinks((await visit('/')).text)).toEqual(['Home /', 'Services /services', 'News /news', 'Contact /contact']);
    expect((await t.http().get('/api/settings/navigation')).status).toBe(401);
  });

  it('keeps the order given, shows the menus on every page, and a change shows at once', async () => {
    const about = await page();
    const res = await put({
      header: [
        { label: 'About us', target: { kind: 'page', id: about.id } },
        { label: 'Home', target: { kind: 'home' } },
        { label: 'Jobs', target: { kind: 'url', url: 'https://jobs.example.com/openings?team=all' } },
      ],
      footer: [{ label: 'Write to us', target: { kind: 'contact' } }],
    });
    expect(res.status).toBe(200);
    expect(res.body.header.map((item: { label: string }) => item.label)).toEqual(['About us', 'Home', 'Jobs']);
    expect(res.body.header[0]).toEqual({
      id: expect.stringMatching(UUID),
      label: 'About us',
      target: { kind: 'page', id: about.id },
      available: true,
      page: { title: about.title, slug: about.slug, state: 'published' },
    });
    for (const path of ['/', '/news', `/${about.slug}`, '/contact']) {
      const html = (await visit(path)).text;
      expect(headerLinks(html), path).toEqual(['About us /' + about.slug, 'Home /', 'Jobs https://jobs.example.com/openings?team=all']);
      expect(footerLinks(html), path).toEqual(['Write to us /contact']);
    }
    expect((await visit(`/${about.slug}`)).text).toContain(`<a href="/${about.slug}" aria-current="page">About us</a>`);

    // Moved up: the order is what was sent, and the cached pages follow at once (the content event).
    await put({
      header: [
        { label: 'Home', target: { kind: 'home' } },
        { label: 'About us', target: { kind: 'page', id: about.id } },
      ],
      footer: [],
    });
    expect(headerLinks((await visit('/')).text)).toEqual(['Home /', `About us /${about.slug}`]);
    expect((await admin.get('/api/settings/navigation')).body.header.map((item: { label: string }) => item.label)).toEqual([
      'Home',
      'About us',
    ]);
    expect((await admin.get('/api/activity?kind=settings')).body.data[0]).toMatchObject({ action: 'edit', fields: ['navigation'] });
    await put(TODAY);
  });

  it('refuses javascript:, http: and other targets with a field error on the item', async () => {
    for (const url of [
      'javascript:alert(1)',
      'http://example.com',
      'ftp://example.com',
      'https://',
      '//example.com',
      'https://exa mple.com',
    ]) {
      const res = await put({ header: [{ label: 'Bad', target: { kind: 'url', url } }], footer: [] });
      expect(res.status, url).toBe(400);
      expect(res.body.error['header.0.target.url'].msg, url).toMatch(/https:\/\//);
    }
    const footer = await put({
      header: [],
      footer: [
        { label: 'Ok', target: { kind: 'home' } },
        { label: 'x', target: { kind: 'url', url: 'data:text/html,hi' } },
      ],
    });
    expect(Object.keys(footer.body.error)).toEqual(['footer.1.target.url']);
    expect((await put({ header: [{ label: 'x', target: { kind: 'elsewhere' } }], footer: [] })).body.error).toEqual({
      'header.0.target.kind': { msg: 'Target must be a page, home, services, news, contact or url' },
    });
    expect((await admin.get('/api/settings/navigation')).body.header).toHaveLength(4);
  });

  it('requires labels, bounds them, allows at most 8 header items and only pages that exist', async () => {
    const empty = await put({ header: [{ label: ' ', target: { kind: 'home' } }], footer: [] });
    expect(empty.body.error).toEqual({ 'header.0.label': { msg: 'Label is required' } });
    expect((await put({ header: [{ label: 'x'.repeat(41), target: { kind: 'home' } }], footer: [] })).body.error).toEqual({
      'header.0.label': { msg: 'Label must be at most 40 characters' },
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({ label: `Item ${i}`, target: { kind: 'home' } }));
    expect((await put({ header: nine, footer: [] })).body.error).toEqual({
      header: { msg: 'The header menu has room for at most 8 items' },
    });
    expect((await put({ header: nine.slice(0, 8), footer: [] })).status).toBe(200);
    const unknown = await put({
      header: [{ label: 'Gone', target: { kind: 'page', id: '00000000-0000-4000-8000-000000000000' } }],
      footer: [],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ 'header.0.target.id': { msg: 'Page not found' } });
    expect((await put({ header: [{ label: 'x', target: { kind: 'page', id: 'nope' } }], footer: [] })).body.error).toEqual({
      'header.0.target.id': { msg: 'Page must be the id of a page' },
    });
    expect((await put({ footer: [] })).body.error).toEqual({ header: { msg: 'Header must be a list of menu items' } });
    await put(TODAY);
  });

  it('leaves a draft, scheduled or trashed page out of the menus on the site, and marks it unavailable', async () => {
    const draft = await page({ status: 'draft' });
    const future = await page({ publishAt: new Date(Date.now() + 3600_000).toISOString() });
    const trashed = await page();
    await admin.delete(`/api/pages/${trashed.id}`);
    const res = await put({
      header: [
        { label: 'Home', target: { kind: 'home' } },
        { label: 'Draft', target: { kind: 'page', id: draft.id } },
        { label: 'Future', target: { kind: 'page', id: future.id } },
        { label: 'Trashed', target: { kind: 'page', id: trashed.id } },
      ],
      footer: [],
    });
    expect(res.status).toBe(200);
    expect(
      res.body.header.map((item: { available: boolean; page: { state: string } | null }) => [item.available, item.page?.state]),
    ).toEqual([
      [true, undefined],
      [false, 'draft'],
      [false, 'scheduled'],
      [false, 'trash'],
    ]);
    expect(headerLinks((await visit('/')).text)).toEqual(['Home /']);
    // Published: it joins the menu at once.
    await admin.patch(`/api/pages/${draft.id}`).send({ status: 'published' });
    expect(headerLinks((await visit('/')).text)).toEqual(['Home /', `Draft /${draft.slug}`]);
    await put(TODAY);
  });

  it('names the privacy policy and the legal notice: the footer links both, the contact form the privacy policy', async () => {
    const privacy = await page({ title: unique('Privacy policy ') });
    const legal = await page({ title: unique('Legal notice ') });
    const bad = await admin.patch('/api/settings').send({ privacyPage: '00000000-0000-4000-8000-000000000000', legalNoticePage: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ legalNoticePage: { msg: 'Legal notice page must be the id of a page' } });
    expect((await admin.patch('/api/settings').send({ privacyPage: '00000000-0000-4000-8000-000000000000' })).body.error).toEqual({
      privacyPage: { msg: 'Page not found' },
    });
    const saved = await admin.patch('/api/settings').send({ privacyPage: privacy.id, legalNoticePage: legal.id });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ privacyPage: privacy.id, legalNoticePage: legal.id });
    expect((await admin.get('/api/settings')).body).toMatchObject({ privacyPage: privacy.id, legalNoticePage: legal.id });

    for (const path of ['/', '/services', `/${legal.slug}`]) {
      expect(footerLinks((await visit(path)).text), path).toEqual([`${privacy.title} /${privacy.slug}`, `${legal.title} /${legal.slug}`]);
    }
    // Beside the Send button, server-rendered (so without JavaScript too), on the form and on its errors.
    const besideSend = new RegExp(
      `<button class="button button-primary" type="submit">Send message</button><a href="/${privacy.slug}">How we use your data</a>`,
    );
    expect((await visit('/contact')).text).toMatch(besideSend);
    const refused = await t.http().post('/contact').set('Host', HOST).set('Origin', `http://${HOST}`).type('form').send({ name: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(besideSend);

    // A privacy policy that is not published is linked nowhere.
    await admin.patch(`/api/pages/${privacy.id}`).send({ status: 'draft' });
    expect((await visit('/contact')).text).not.toContain('How we use your data');
    expect(footerLinks((await visit('/')).text)).toEqual([`${legal.title} /${legal.slug}`]);
    expect((await admin.patch('/api/settings').send({ privacyPage: null, legalNoticePage: null })).body).toMatchObject({
      privacyPage: null,
      legalNoticePage: null,
    });
    expect(footerLinks((await visit('/')).text)).toEqual([]);
  });
});
