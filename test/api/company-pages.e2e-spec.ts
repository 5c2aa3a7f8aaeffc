import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { ContentEvents, type ContentChange } from '../../server/content/events/content-events.service';
import { PublishSchedule } from '../../server/news/publish-schedule.job';
import { PageCache } from '../../server/site/page-cache.service';
import { RESERVED_SEGMENTS } from '../../server/site/site-routes';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Page = { id: string; slug: string; title: string; status: string; publishAt: string | null; version: number; hasDraft: boolean };

const HOST = 'www.site.test';

// Issue #37: the company's own pages, at the site's top level (/about-us), through the content-kind registry.
describe('pages (the company’s own: About us, a privacy policy…)', () => {
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

  async function create(fields: Record<string, unknown>): Promise<Page> {
    const res = await admin.post('/api/pages').send({ description: 'Who we are', body: 'We are **small**.', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Page;
  }

  describe('the API', () => {
    it('creates, reads, lists, searches, updates and deletes a page', async () => {
      const title = unique('About us ');
      const page = await create({ title });
      expect(page).toMatchObject({ title, status: 'published', publishAt: null, version: 1, hasDraft: false, photo: null });
      expect(page.slug).toBe(title.toLowerCase().replace(/ +/g, '-'));

      const read = await admin.get(`/api/pages/${page.id}`);
      expect(read.status).toBe(200);
      expect(read.headers.etag).toBe('"1"');
      expect(read.body.bodyHtml).toContain('<strong>small</strong>');

      const list = await admin.get('/api/pages?page=1');
      expect(list.status).toBe(200);
      expect(list.body.data.map((p: Page) => p.id)).toContain(page.id);
      const found = await admin.get(`/api/pages?title=${encodeURIComponent(title.slice(-8))}`);
      expect(found.body.data.map((p: Page) => p.id)).toEqual([page.id]);

      const changed = await admin.patch(`/api/pages/${page.id}`).send({ body: 'Changed' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ body: 'Changed', version: 2 });

      expect((await admin.delete(`/api/pages/${page.id}`)).body).toEqual({ id: page.id });
      expect((await admin.get(`/api/pages/${page.id}`)).status).toBe(404);
      expect((await admin.get(`/api/pages/${page.id}`)).body).toEqual({ error: 'Page not found' });
    });

    it('returns 400 with field errors for a missing title, description or body, and a bad status or time', async () => {
      const res = await admin.post('/api/pages').send({ title: ' ', status: 'secret', publishAt: 'tomorrow' });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        title: { msg: 'Title is required' },
        description: { msg: 'Description is required' },
        body: { msg: 'Body is required' },
        status: { msg: 'Status must be draft or published' },
        publishAt: { msg: 'Publish time must be a date and time' },
      });
      expect((await admin.get('/api/pages?title=%20')).status).toBe(200);
    });

    it('refuses a reserved address with a field error, and gives a title whose slug is reserved a suffix', async () => {
      for (const slug of ['news', 'services', 'contact', 'admin', 'api', 'uploads', 'assets', 'metrics']) {
        const res = await admin.post('/api/pages').send({ title: 'T', description: 'D', body: 'B', slug });
        expect(res.status, slug).toBe(400);
        expect(res.body).toEqual({ error: { slug: { msg: 'This address is used by the site itself: choose another' } } });
      }
      // The route table is the one list: every first segment of the site's routes and the app's folders.
      expect([...RESERVED_SEGMENTS]).toEqual(
        expect.arrayContaining(['news', 'services', 'contact', 'sitemap.xml', 'robots.txt', 'api', 'admin']),
      );
      const page = await create({ title: 'News' });
      expect(page.slug).toMatch(/^news-\d+$/);
      const renamed = await admin.patch(`/api/pages/${page.id}`).send({ slug: 'contact' });
      expect(renamed.status).toBe(400);
      expect(renamed.body.error.slug.msg).toBe('This address is used by the site itself: choose another');
    });

    it('refuses an address another page has with a 409 on slug', async () => {
      const taken = await create({ title: unique('Careers ') });
      const other = await create({ title: unique('Team ') });
      const res = await admin.patch(`/api/pages/${other.id}`).send({ slug: taken.slug });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { slug: { msg: 'Another page already has this address' } } });
    });

    it('keeps revisions of a page and restores one', async () => {
      const page = await create({ title: unique('History ') });
      await admin.patch(`/api/pages/${page.id}`).send({ body: 'Second' });
      const revisions = await admin.get(`/api/pages/${page.id}/revisions`);
      expect(revisions.status).toBe(200);
      expect(revisions.body.data.map((r: { reason: string }) => r.reason)).toEqual(['saved', 'created']);
      const restored = await admin.post(`/api/pages/${page.id}/revisions/1/restore`).send({ to: 'live' });
      expect(restored.status).toBe(200);
      expect(restored.body.item.body).toBe('We are **small**.');
    });

    it('keeps a working copy that visitors do not see, and publishes it', async () => {
      const page = await create({ title: unique('Working ') });
      const draft = await admin.put(`/api/pages/${page.id}/draft`).send({ body: 'Not yet public' });
      expect(draft.status).toBe(200);
      expect((await admin.get(`/api/pages/${page.id}`)).body.hasDraft).toBe(true);
      expect((await visit(`/${page.slug}`)).text).not.toContain('Not yet public');
      const published = await admin.post(`/api/pages/${page.id}/draft/publish`);
      expect(published.status).toBe(200);
      expect(published.body.body).toBe('Not yet public');
      t.app.get(PageCache).clear();
      expect((await visit(`/${page.slug}`)).text).toContain('Not yet public');
    });

    it('moves a page to the trash and restores it, with the activity log naming it', async () => {
      const page = await create({ title: unique('Trashed ') });
      expect((await admin.delete(`/api/pages/${page.id}`)).status).toBe(200);
      const trash = await admin.get('/api/trash');
      expect(trash.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'pages', id: page.id, label: page.title })]));
      expect((await visit(`/${page.slug}`)).status).toBe(404);
      expect((await admin.post(`/api/trash/pages/${page.id}/restore`)).status).toBe(200);
      t.app.get(PageCache).clear();
      expect((await visit(`/${page.slug}`)).status).toBe(200);
      const activity = await admin.get('/api/activity?kind=pages');
      expect(activity.status).toBe(200);
      expect(activity.body.data.map((entry: { action: string; itemId: string }) => [entry.action, entry.itemId])).toEqual(
        expect.arrayContaining([
          ['create', page.id],
          ['delete', page.id],
        ]),
      );
    });

    it('takes a photo stored by POST /api/photos, with its alternative text, and shows it on the page and its cards', async () => {
      const stored = await admin.post('/api/photos').attach('photo', await image('jpeg', 1200, 675), 'team.jpg');
      expect(stored.status).toBe(201);
      const page = await create({ title: unique('With photo '), photo: stored.body.photo, photoAlt: 'The team at work' });
      expect(page).toMatchObject({ photo: stored.body.photo, photoWidth: 1200, photoHeight: 675, photoAlt: 'The team at work' });
      const html = (await visit(`/${page.slug}`)).text;
      expect(html).toContain(`src="${stored.body.photo}"`);
      expect(html).toContain('alt="The team at work"');
      expect(html).toContain(`<meta property="og:image" content="http://${HOST}${stored.body.photo}"/>`);
      // One photo, one owner: another page (or an article) naming it is refused.
      const again = await admin.post('/api/pages').send({ title: 'T', description: 'D', body: 'B', photo: stored.body.photo });
      expect(again.status).toBe(400);
      expect(Object.keys(again.body.error)).toEqual(['photo']);
      const removed = await admin.patch(`/api/pages/${page.id}`).send({ photo: null });
      expect(removed.body).toMatchObject({ photo: null, photoWidth: null });
    });

    it('counts the pages on the dashboard', async () => {
      await create({ title: unique('Counted ') });
      const res = await admin.get('/api/dashboard');
      expect(res.status).toBe(200);
      expect(res.body.counts.pages.count).toBeGreaterThan(0);
    });
  });

  describe('the public site', () => {
    it("outlines the body's headings under the page's h1: # is an h2, with no gaps", async () => {
      const page = await create({ title: unique('Outline '), body: '# Who we are\n\nText\n\n### How we work\n\nMore' });
      const html = (await visit(`/${page.slug}`)).text;
      expect(html).toContain('<h2>Who we are</h2>');
      expect(html).toContain('<h3>How we work</h3>');
      expect((await admin.post('/api/pages/preview').send({ body: '## Hello' })).body).toEqual({ html: '<h2>Hello</h2>\n' });
    });

    it('serves a published page at /<slug> with its tags, its WebPage and BreadcrumbList', async () => {
      const page = await create({ title: unique('Our team '), description: 'The people behind it' });
      const res = await visit(`/${page.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<link rel="canonical" href="http://${HOST}/${page.slug}"/>`);
      expect(res.text).toContain(`<meta property="og:title" content="${page.title}"/>`);
      expect(res.text).toContain('<meta name="twitter:description" content="The people behind it"/>');
      expect(res.text).toContain('"@type":"WebPage"');
      expect(res.text).toContain('"@type":"BreadcrumbList"');
      expect(res.text).toContain(`"item":"http://${HOST}/${page.slug}"`);
      expect(res.text).toContain('<strong>small</strong>');
      expect((await visit('/sitemap.xml')).text).toContain(`<loc>http://${HOST}/${page.slug}</loc>`);
    });

    it("answers a renamed page's old address with 301 to the new one", async () => {
      const page = await create({ title: unique('Jobs ') });
      const renamed = await admin.patch(`/api/pages/${page.id}`).send({ slug: `${page.slug}-now` });
      expect(renamed.body.slug).toBe(`${page.slug}-now`);
      const res = await visit(`/${page.slug}`);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`/${page.slug}-now`);
      expect((await visit(`/${page.slug}-now`)).status).toBe(200);
    });

    it('answers a draft or future page with 404 and leaves it out of the sitemap', async () => {
      const draft = await create({ title: unique('Draft page '), status: 'draft' });
      const future = await create({ title: unique('Future page '), publishAt: new Date(Date.now() + 3600_000).toISOString() });
      for (const page of [draft, future]) {
        expect((await visit(`/${page.slug}`)).status, page.slug).toBe(404);
        expect((await visit('/sitemap.xml')).text).not.toContain(page.slug);
      }
      expect((await admin.patch(`/api/pages/${draft.id}`).send({ status: 'published' })).status).toBe(200);
      expect((await visit(`/${draft.slug}`)).status).toBe(200);
    });

    it('announces a scheduled page when it falls due (its published event refreshes every page), once', async () => {
      const page = await create({ title: unique('Scheduled '), publishAt: new Date(Date.now() + 3600_000).toISOString() });
      const heard: ContentChange[] = [];
      t.app.get(ContentEvents).subscribe((changes) => heard.push(...changes.filter((change) => change.id === page.id)));
      // Its time comes (written past the trigger, which would count an edit to the past as announced).
      await t.dataSource.query(`ALTER TABLE pages DISABLE TRIGGER pages_published_event_at`);
      try {
        await t.dataSource.query(`UPDATE pages SET publish_at = now() - interval '1 second' WHERE id = $1`, [page.id]);
      } finally {
        await t.dataSource.query(`ALTER TABLE pages ENABLE TRIGGER pages_published_event_at`);
      }
      await t.app.get(PublishSchedule).announceDue();
      await t.app.get(PublishSchedule).announceDue();
      expect(heard).toEqual([
        { kind: 'pages', id: page.id, oldPaths: [], newPaths: [`/${page.slug}`, '/sitemap.xml', '/*'], change: 'published' },
      ]);
      expect((await visit(`/${page.slug}`)).status).toBe(200);
    });

    it('answers an unknown address with the 404 page, and /api itself still with the JSON 404', async () => {
      const res = await visit('/no-such-page-here');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect((await visit('/Not_A_Slug')).status).toBe(404);
      const api = await t.http().get('/api');
      expect(api.status).toBe(404);
      expect(api.body).toEqual({ error: 'Not found' });
      expect((await t.http().post('/api')).body).toEqual({ error: 'Not found' });
    });
  });
});
