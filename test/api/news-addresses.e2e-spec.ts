import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { BEACON_SCRIPT } from '../../server/http/visitor-beacon';
import { PageCache } from '../../server/site/page-cache.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Article = { id: string; slug: string; title: string; status: string; publishAt: string | null; photoAlt: string | null };

const HOST = 'www.site.test';

/** What the feed test reads of an XML element (the API tests' TypeScript has no DOM types). */
interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  children: Iterable<XmlElement>;
  getAttribute(name: string): string | null;
}
// jsdom (the client tests' DOM) parses XML strictly: anything not well-formed throws. Untyped here.
const { JSDOM } = createRequire(__filename)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: { documentElement: XmlElement } } };
};

// Issue #23 items 2 and 6: addresses (slugs, 301s from UUIDs and earlier slugs), drafts and scheduling.
describe('article addresses, drafts and scheduling', () => {
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
  // Each test reads what it just wrote; the 5 s page cache is this file's subject only where it polls.
  beforeEach(() => t.app.get(PageCache).clear());

  const visit = (path: string) => t.http().get(path).set('Host', HOST);

  async function create(fields: Record<string, unknown>): Promise<Article> {
    const res = await admin.post('/api/news').send({ description: 'A description', about: 'About text', ...fields });
    expect(res.status).toBe(201);
    return res.body as Article;
  }

  it('makes the slug from the title: lower case, ASCII, words joined by hyphens; a clash gets -2, then -3', async () => {
    const token = unique('').trim().toLowerCase();
    const first = await create({ title: `Crème  Brûlée: ${token} Straße!` });
    const expected = `creme-brulee-${token}-strasse`;
    expect(first.slug).toBe(expected);
    expect((await create({ title: `Crème Brûlée ${token} Straße` })).slug).toBe(`${expected}-2`);
    expect((await create({ title: `crème brûlée — ${token} STRASSE` })).slug).toBe(`${expected}-3`);
    expect((await admin.get(`/api/news/${first.id}`)).body.slug).toBe(expected);
  });

  it('serves /news/<slug>, links it, and makes it canonical', async () => {
    const article = await create({ title: unique('Second office ') });
    const page = await visit(`/news/${article.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="http://${HOST}/news/${article.slug}"`);
    expect((await visit('/news')).text).toContain(`href="/news/${article.slug}"`);
    expect((await visit('/sitemap.xml')).text).toContain(`<loc>http://${HOST}/news/${article.slug}</loc>`);
    expect((await visit('/sitemap.xml')).text).not.toContain(article.id);
  });

  it('answers the UUID and every earlier slug with 301 to the current one', async () => {
    const article = await create({ title: unique('Moving article ') });
    const first = article.slug;
    const second = `${first}-renamed`;
    expect((await admin.patch(`/api/news/${article.id}`).send({ slug: second })).body.slug).toBe(second);
    const third = `${first}-again`;
    expect((await admin.patch(`/api/news/${article.id}`).send({ slug: third })).body.slug).toBe(third);
    for (const old of [article.id, article.id.toUpperCase(), first, second]) {
      const res = await visit(`/news/${old}`);
      expect(res.status, old).toBe(301);
      expect(res.headers.location).toBe(`/news/${third}`);
    }
    expect((await visit(`/news/${third}`)).status).toBe(200);
    // Back to an earlier slug: it is current again, and answers 200.
    expect((await admin.patch(`/api/news/${article.id}`).send({ slug: first })).body.slug).toBe(first);
    expect((await visit(`/news/${first}`)).status).toBe(200);
    expect((await visit(`/news/${third}`)).headers.location).toBe(`/news/${first}`);
  });

  it('refuses an address typed by hand that another article has or had, and one that is no slug', async () => {
    const taken = await create({ title: unique('Taken ') });
    const other = await create({ title: unique('Other ') });
    const clash = await admin.patch(`/api/news/${other.id}`).send({ slug: taken.slug });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ error: { slug: { msg: 'Another article already has this address' } } });
    await admin.patch(`/api/news/${taken.id}`).send({ slug: `${taken.slug}-new` });
    expect((await admin.patch(`/api/news/${other.id}`).send({ slug: taken.slug })).status).toBe(409);
    for (const slug of ['Upper', 'two--hyphens', 'spa ce', '-lead', 'a/b', 'x'.repeat(81)]) {
      const res = await admin.post('/api/news').send({ title: 'T', description: 'D', about: 'A', slug });
      expect(res.status, slug).toBe(400);
      expect(Object.keys(res.body.error)).toEqual(['slug']);
    }
  });

  it('a blank address on a change is made again from the (new) title; the old one redirects', async () => {
    const article = await create({ title: unique('Before ') });
    const title = unique('After ');
    const res = await admin.patch(`/api/news/${article.id}`).send({ title, slug: '' });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(title.toLowerCase().replace(/ +/g, '-'));
    expect((await visit(`/news/${article.slug}`)).headers.location).toBe(`/news/${res.body.slug}`);
  });

  it('keeps drafts out of every public page, the sitemap and the UUID redirect until published', async () => {
    const draft = await create({ title: unique('Draft '), status: 'draft' });
    expect(draft.status).toBe('draft');
    const hidden = async () => {
      t.app.get(PageCache).clear();
      expect((await visit(`/news/${draft.slug}`)).status).toBe(404);
      expect((await visit(`/news/${draft.id}`)).status).toBe(404);
      for (const path of ['/', '/news', '/sitemap.xml']) expect((await visit(path)).text, path).not.toContain(draft.slug);
    };
    await hidden();
    // The admin still lists and reads it.
    expect((await admin.get(`/api/news?title=${encodeURIComponent(draft.title)}`)).body.data.map((a: Article) => a.id)).toEqual([draft.id]);
    expect((await admin.patch(`/api/news/${draft.id}`).send({ status: 'published' })).body.status).toBe('published');
    t.app.get(PageCache).clear();
    expect((await visit(`/news/${draft.slug}`)).status).toBe(200);
    expect((await visit('/news')).text).toContain(`href="/news/${draft.slug}"`);
    expect((await visit('/sitemap.xml')).text).toContain(`/news/${draft.slug}<`);
  });

  it('keeps a scheduled article out until its time, then shows it with no job (within the page cache lifetime)', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    const future = await create({ title: unique('Future '), publishAt: later });
    expect(new Date(future.publishAt!).toISOString()).toBe(later);
    expect((await visit(`/news/${future.slug}`)).status).toBe(404);
    expect((await visit('/sitemap.xml')).text).not.toContain(future.slug);
    // Due in two seconds: the pages show it by themselves once the time has come.
    const soon = new Date(Date.now() + 2000).toISOString();
    expect((await admin.patch(`/api/news/${future.id}`).send({ publishAt: soon })).status).toBe(200);
    expect((await visit(`/news/${future.slug}`)).status).toBe(404);
    await expect.poll(async () => (await visit(`/news/${future.slug}`)).status, { timeout: 15_000, interval: 500 }).toBe(200);
    await expect.poll(async () => (await visit('/news')).text.includes(future.slug), { timeout: 15_000, interval: 500 }).toBe(true);
    // In the past: public at once.
    const past = await create({ title: unique('Past '), publishAt: new Date(Date.now() - 60_000).toISOString() });
    expect((await visit(`/news/${past.slug}`)).status).toBe(200);
  });

  it('shows a draft to an administrator previewing the site under maintenance, marked', async () => {
    const draft = await create({ title: unique('Preview draft '), status: 'draft' });
    await admin.patch('/api/settings').send({ maintenance: true });
    try {
      const res = await admin.get(`/admin/preview/news/${draft.slug}`).set('Host', HOST);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Draft — only signed-in administrators see this');
      // Its visitors' address is the maintenance page, session or not.
      expect((await admin.get(`/news/${draft.slug}`).set('Host', HOST)).status).toBe(503);
    } finally {
      await admin.patch('/api/settings').send({ maintenance: false });
    }
  });

  // Issue #38 item 3, at the preview's own address (issue #42): the editor's Preview opens the page while the site is live.
  it('shows a signed-in administrator a draft, a scheduled article and unpublished changes at the preview address of the live site, marked and kept by no cache; a visitor gets 404', async () => {
    const draft = await create({ title: unique('Live draft '), status: 'draft' });
    const visitor = await visit(`/news/${draft.slug}`);
    expect(visitor.status).toBe(404);
    // The visitors' address answers the visitors' page, whatever cookie comes with it.
    expect((await admin.get(`/news/${draft.slug}`).set('Host', HOST)).status).toBe(404);
    const seen = await admin.get(`/admin/preview/news/${draft.slug}`).set('Host', HOST);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('Draft — only signed-in administrators see this');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    // The maintenance banner's words are for maintenance only; the live site's preview says what it shows.
    expect(seen.text).not.toContain('Visitors see the maintenance page while maintenance is on.');
    expect(seen.text).toContain('Drafts, schedules and unpublished changes are shown to you alone; visitors see the published site.');
    // An administrator's look is not a visitor's view: no beacon.
    expect(seen.text).not.toContain(BEACON_SCRIPT);

    const scheduled = await create({ title: unique('Live scheduled '), publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await visit(`/news/${scheduled.slug}`)).status).toBe(404);
    const early = await admin.get(`/admin/preview/news/${scheduled.slug}`).set('Host', HOST);
    expect(early.status).toBe(200);
    expect(early.text).toContain('Scheduled: visitors see this article from its date.');

    const live = await create({ title: unique('Live changed ') });
    expect((await admin.put(`/api/news/${live.id}/draft`).send({ title: 'The title not yet published' })).status).toBe(200);
    expect((await visit(`/news/${live.slug}`)).text).not.toContain('The title not yet published');
    const changed = await admin.get(`/admin/preview/news/${live.slug}`).set('Host', HOST);
    expect(changed.text).toContain('The title not yet published');
    expect(changed.text).toContain('Unpublished changes: visitors see the published version.');
    expect((await admin.get(`/news/${live.slug}`).set('Host', HOST)).text).not.toContain('The title not yet published');
    // The lists stay the visitors' ones, in the preview too: a draft is not listed.
    expect((await admin.get('/admin/preview/news').set('Host', HOST)).text).not.toContain(draft.slug);
  });

  it('validates status, publishAt and photoAlt', async () => {
    const bad = [
      [{ status: 'hidden' }, 'status', 'Status must be draft or published'],
      [{ publishAt: 'tomorrow' }, 'publishAt', 'Publish time must be a date and time'],
      [{ publishAt: 5 }, 'publishAt', 'Publish time must be a date and time'],
      [{ photoAlt: 'x'.repeat(201) }, 'photoAlt', 'Alternative text must be at most 200 characters'],
    ] as const;
    for (const [fields, field, msg] of bad) {
      const res = await admin.post('/api/news').send({ title: 'T', description: 'D', about: 'A', ...fields });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    }
    const article = await create({ title: unique('Alt '), photoAlt: '  Two people at a desk  ' });
    expect(article.photoAlt).toBe('Two people at a desk');
    expect((await admin.patch(`/api/news/${article.id}`).send({ photoAlt: null })).body.photoAlt).toBeNull();
    expect((await admin.patch(`/api/news/${article.id}`).send({ publishAt: null })).body.publishAt).toBeNull();
  });

  it('renders About as Markdown: headings, lists, links, emphasis, quotes; raw HTML and javascript: links are inert', async () => {
    const about = [
      '# Our news',
      '',
      'Some *emphasis*, **strong** and [a link](https://example.com/a) and [mail](mailto:a@example.com).',
      '',
      '- one',
      '- two',
      '',
      '> quoted',
      '',
      '<script>alert(1)</script> <img src=x onerror=alert(2)>',
      '',
      '[bad](javascript:alert(3)) [worse](JAVASCRIPT:alert(4)) [data](data:text/html,hi) [rel](/news)',
      'a second line',
    ].join('\n');
    const article = await create({ title: unique('Markdown '), about });
    const page = (await visit(`/news/${article.slug}`)).text;
    expect(page).toContain('<h3>Our news</h3>');
    expect(page).toContain('<em>emphasis</em>');
    expect(page).toContain('<strong>strong</strong>');
    expect(page).toContain('<a href="https://example.com/a">a link</a>');
    expect(page).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(page).toContain('<a href="/news">rel</a>');
    expect(page).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(page).toMatch(/<blockquote>\s*<p>quoted<\/p>\s*<\/blockquote>/);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // No script but the page's JSON-LD data and the visitor-count beacon.
    const data = page.replace(`<script>${BEACON_SCRIPT}</script>`, '');
    expect(data.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '')).not.toContain('<script');
    expect(page).not.toContain('<img src="x"');
    expect(page).not.toMatch(/href="(?:javascript|data):/i);
    expect(page).toContain('[bad](javascript:alert(3))');
    expect(page).toContain('<br>\na second line');
    // The admin detail carries the same rendering.
    const detail = await admin.get(`/api/news/${article.id}`);
    expect(detail.body.about).toBe(about);
    expect(detail.body.aboutHtml).toContain('<h3>Our news</h3>');
    expect(detail.body.aboutHtml).not.toContain('<script');
    // The form's preview renders the same way, without saving anything.
    const preview = await admin.post('/api/news/preview').send({ about: '**bold** [x](javascript:y)' });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ html: '<p><strong>bold</strong> [x](javascript:y)</p>\n' });
    expect((await admin.post('/api/news/preview').send({ about: 5 })).status).toBe(400);
  });

  it("gives headings an outline without gaps under the page's About h2: # is an h3, and none is more than one level below the one before", async () => {
    const preview = await admin.post('/api/news/preview').send({ about: '## Where\n\n#### Deep\n\n# Top\n\n###### Six\n\n## Next' });
    expect(preview.status).toBe(200);
    const headings = [...(preview.body.html as string).matchAll(/<(h\d)>([^<]*)<\/h\d>/g)].map(([, tag, text]) => `${tag} ${text}`);
    expect(headings).toEqual(['h3 Where', 'h4 Deep', 'h3 Top', 'h4 Six', 'h4 Next']);
  });

  it('renders a plain text written before Markdown as before: paragraphs and line breaks', async () => {
    const article = await create({ title: unique('Plain '), about: 'First line\nsecond line\n\nNew paragraph' });
    expect((await visit(`/news/${article.slug}`)).text).toContain('<p>First line<br>\nsecond line</p>\n<p>New paragraph</p>');
  });

  /** The feed as an XML document (jsdom's XML parser throws on anything not well-formed). */
  async function feed(): Promise<XmlElement> {
    t.app.get(PageCache).clear();
    const res = await visit('/news/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    return new JSDOM(res.text, { contentType: 'application/xml' }).window.document.documentElement;
  }
  const ATOM = 'http://www.w3.org/2005/Atom';
  const child = (element: XmlElement, name: string) => [...element.children].find((c) => c.localName === name && c.namespaceURI === ATOM);

  it('serves an Atom feed of the latest published articles, with absolute links, linked from every page', async () => {
    const published = await create({ title: unique('Feed <news> & more ') });
    const draft = await create({ title: unique('Feed draft '), status: 'draft' });
    const future = await create({ title: unique('Feed future '), publishAt: new Date(Date.now() + 3600_000).toISOString() });
    const root = await feed();
    const doc = root;
    expect(root.localName).toBe('feed');
    expect(root.namespaceURI).toBe(ATOM);
    for (const name of ['id', 'title', 'updated', 'author']) expect(child(doc, name), name).toBeDefined();
    expect(Number.isNaN(Date.parse(child(doc, 'updated')!.textContent!))).toBe(false);
    const self = [...root.children].find((c) => c.localName === 'link' && c.getAttribute('rel') === 'self');
    expect(self?.getAttribute('href')).toBe(`http://${HOST}/news/feed.xml`);
    const entries = [...root.children].filter((c) => c.localName === 'entry');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(20);
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated', 'link']) expect(child(entry, name), name).toBeDefined();
      expect(child(entry, 'link')!.getAttribute('href')).toMatch(new RegExp(`^http://${HOST.replace(/\./g, '\\.')}/news/[a-z0-9-]+$`));
    }
    const mine = entries.find((entry) => child(entry, 'id')!.textContent === `urn:uuid:${published.id}`)!;
    expect(child(mine, 'title')!.textContent).toBe(published.title);
    expect(child(mine, 'link')!.getAttribute('href')).toBe(`http://${HOST}/news/${published.slug}`);
    const ids = entries.map((entry) => child(entry, 'id')!.textContent);
    expect(ids).not.toContain(`urn:uuid:${draft.id}`);
    expect(ids).not.toContain(`urn:uuid:${future.id}`);
    // Published, and due: in the feed.
    await admin.patch(`/api/news/${draft.id}`).send({ status: 'published' });
    await admin.patch(`/api/news/${future.id}`).send({ publishAt: new Date(Date.now() - 1000).toISOString() });
    const after = [...(await feed()).children].map((c) => (c.localName === 'entry' ? child(c, 'id')!.textContent : null));
    expect(after).toContain(`urn:uuid:${draft.id}`);
    expect(after).toContain(`urn:uuid:${future.id}`);
    for (const path of ['/', '/news', `/news/${published.slug}`, '/contact', '/no/such/page'])
      expect((await visit(path)).text, path).toMatch(
        /<link rel="alternate" type="application\/atom\+xml" title="[^"]*" href="\/news\/feed.xml"\/>/,
      );
  });
});
