import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryFile } from '../../server/http/static-assets';
import { BEACON_HASH, BEACON_SCRIPT } from '../../server/http/visitor-beacon';
import { CLIENT_DIST } from '../../server/config/paths';
import { MAX_ENTRIES, PAGE_TTL_MS, PageCache, type BuiltPage } from '../../server/site/page-cache.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const MAINTENANCE = 'Our website is under maintenance';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const PAGE_SIZE = 3;
/** Visitors ask for one host, as a browser does (supertest listens on a new port per request). */
const HOST = 'www.site.test';
const origin = `http://${HOST}`;

/** The head of a page as a search engine reads it. */
function head(res: Response) {
  return {
    title: /<title>([^<]*)<\/title>/.exec(res.text)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(res.text)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(res.text)?.[1],
  };
}

/** Decodes the few entities React writes in text. */
function text(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The article addresses (slugs) a page links to, in order. */
function articleLinks(res: Response): string[] {
  return [...res.text.matchAll(/href="\/news\/([a-z0-9-]+)"/g)].map((match) => match[1]);
}

// These serve the built client's maintenance page (`npm run build`; `npm test` builds first).
describe('the public site', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    t = await createTestApp({ pageSize: PAGE_SIZE, publicUrl: origin });
    admin = (await loggedInAgent(t)).agent;
  });
  afterAll(() => t?.close());

  /** A visitor: no cookie, the site's host. */
  const visitor = {
    get: (path: string) => t.http().get(path).set('Host', HOST),
    post: (path: string) => t.http().post(path).set('Host', HOST),
    put: (path: string) => t.http().put(path).set('Host', HOST),
    delete: (path: string) => t.http().delete(path).set('Host', HOST),
  };

  async function setSettings(fields: Record<string, unknown>): Promise<void> {
    const res = await admin.patch('/api/settings').send(fields);
    expect(res.status).toBe(200);
  }

  async function createService(title = unique('Service ')): Promise<{ id: string; title: string }> {
    const res = await admin.post('/api/services').send({ title, about: `What ${title} does.\nSecond line.` });
    expect(res.status).toBe(201);
    return res.body as { id: string; title: string };
  }

  async function createArticle(
    options: { photo?: boolean } = {},
  ): Promise<{ id: string; slug: string; title: string; description: string }> {
    const title = unique('Article ');
    const res = await admin.post('/api/news').send({ title, description: `About ${title}`, about: `All about ${title}.` });
    expect(res.status).toBe(201);
    if (options.photo) {
      const photo = await image('png', 64, 36);
      expect((await admin.post(`/api/news/${res.body.id}/upload`).attach('photo', photo, 'photo.png')).status).toBe(200);
    }
    return res.body as { id: string; slug: string; title: string; description: string };
  }

  async function storedMessages(name: string): Promise<number> {
    const rows: { n: number }[] = await t.dataSource.query('SELECT count(*)::int AS n FROM contact_messages WHERE name = $1', [name]);
    return rows[0].n;
  }

  describe('while maintenance is on (a new site)', () => {
    beforeEach(() => setSettings({ maintenance: true }));

    it.each([
      '/',
      '/news',
      '/services',
      '/contact',
      '/contact/thanks',
      '/sitemap.xml',
      '/robots.txt',
      `/news/${MISSING_ID}`,
      '/no/such/page',
    ])('answers a visitor’s %s with the maintenance page, 503 and Retry-After', async (path) => {
      const res = await visitor.get(path);
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.text).toContain(MAINTENANCE);
    });

    it('answers a visitor’s contact post with the maintenance page and stores nothing', async () => {
      const name = unique('During maintenance ');
      const res = await visitor.post('/contact').type('form').send({ name, email: 'ada@example.com', msg: 'Hello' });
      expect(res.status).toBe(503);
      expect(res.text).toContain(MAINTENANCE);
      expect(await storedMessages(name)).toBe(0);
    });

    it('shows a logged-in administrator a preview of the site at its own address, marked as such and kept by no cache', async () => {
      const service = await createService();
      const res = await admin.get('/admin/preview/');
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(MAINTENANCE);
      expect(res.text).toContain(service.title);
      expect(res.text).toContain('Visitors see the maintenance page while maintenance is on.');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.text).toContain('<meta name="robots" content="noindex"/>');

      // At the same moment, a visitor still gets the maintenance page, and so does the administrator at the visitors' address.
      expect((await visitor.get('/')).status).toBe(503);
      const visitorsAddress = await admin.get('/');
      expect(visitorsAddress.status).toBe(503);
      expect(visitorsAddress.text).toContain(MAINTENANCE);
    });

    it('lets the previewing administrator open every page, and answers unknown ones with the 404 page', async () => {
      const article = await createArticle();
      for (const path of ['/services', '/news', `/news/${article.slug}`, '/contact', '/sitemap.xml', '/robots.txt']) {
        const res = await admin.get(`/admin/preview${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers['cache-control'], path).toBe('private, no-store');
      }
      const unknown = await admin.get('/admin/preview/no/such/page');
      expect(unknown.status).toBe(404);
      expect(unknown.headers['cache-control']).toBe('private, no-store');
    });

    it('sends a session cookie that is forged, unknown or logged out from the preview to the login screen', async () => {
      const forged = await visitor.get('/admin/preview/').set('Cookie', 'sid=s%3Aabc.forged-signature');
      expect(forged.status).toBe(302);
      expect(forged.headers.location).toBe('/admin/login?from=%2Fadmin%2Fpreview%2F');
      const { agent } = await loggedInAgent(t);
      expect((await agent.get('/admin/preview/')).status).toBe(200);
      expect((await agent.post('/api/admins/logout')).status).toBe(200);
      const cookieAfterLogout = await agent.get('/admin/preview/');
      expect(cookieAfterLogout.status).toBe(302);
    });
  });

  describe('while maintenance is off', () => {
    beforeEach(async () => {
      await setSettings({ maintenance: false, companyName: 'Harbour Lane Studio', tagline: 'Websites that work.', email: '', phone: '' });
      await t.dataSource.query('DELETE FROM rate_limits');
    });

    it.each([
      ['/', 'Harbour Lane Studio', '/'],
      ['/services', 'Services – Harbour Lane Studio', '/services'],
      ['/news', 'News – Harbour Lane Studio', '/news'],
      ['/contact', 'Contact us – Harbour Lane Studio', '/contact'],
    ])('serves %s with 200, its title, a description and an absolute canonical link', async (path, title, canonical) => {
      const res = await visitor.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
      const meta = head(res);
      expect(text(meta.title!)).toBe(title);
      expect(meta.description!.length).toBeGreaterThan(10);
      expect(meta.canonical).toBe(`${origin}${canonical}`);
    });

    it('sends no script but the visitor-count beacon, and a policy that allows only it and its own inline stylesheet', async () => {
      const article = await createArticle({ photo: true });
      for (const path of ['/', '/services', '/news', `/news/${article.slug}`, '/contact', '/contact/thanks', '/no/such/page']) {
        const res = await visitor.get(path);
        // No script but the beacon and JSON-LD data, which a browser never runs.
        const scripts = res.text.replace(`<script>${BEACON_SCRIPT}</script>`, '');
        expect(scripts.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, ''), path).not.toMatch(/<script/i);
        expect(res.text, path).not.toMatch(/ on[a-z]+=/i);
        const policy = res.headers['content-security-policy'];
        expect(policy, path).toContain("default-src 'none'");
        expect(policy, path).toContain("frame-ancestors 'none'");
        expect(policy, path).toContain(`script-src ${BEACON_HASH};`);
        const styles = [...res.text.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
        expect(styles, path).toHaveLength(1);
        const hash = createHash('sha256').update(styles[0]).digest('base64');
        expect(policy, path).toContain(`style-src 'sha256-${hash}'`);
      }
    });

    it('shows the company, its newest services and its latest news on the home page', async () => {
      await setSettings({ email: 'hello@harbour.example', phone: '+44 20 7946 0018' });
      const service = await createService();
      const article = await createArticle({ photo: true });
      const res = await visitor.get('/');
      expect(res.text).toContain('<h1 id="company">Harbour Lane Studio</h1>');
      expect(res.text).toContain('Websites that work.');
      expect(res.text).toContain(service.title);
      expect(res.text).toContain(`href="/news/${article.slug}"`);
      expect(res.text).toContain('href="mailto:hello@harbour.example"');
      expect(res.text).toContain('href="tel:+442079460018"');
      expect(res.text).toMatch(/<a href="\/" aria-current="page">Home<\/a>/);
    });

    it('lists services a page at a time, with links between the pages', async () => {
      const created = [];
      for (let i = 0; i < PAGE_SIZE + 1; i++) created.push(await createService());
      const first = await visitor.get('/services');
      for (const service of created.slice(1)) expect(first.text).toContain(service.title);
      expect(first.text).not.toContain(created[0].title);
      expect(first.text).toContain('href="/services?page=2"');
      expect(first.text).toMatch(/<a href="\/services" aria-current="page">Services<\/a>/);
      const second = await visitor.get('/services?page=2');
      expect(second.status).toBe(200);
      expect(second.text).toContain(created[0].title);
      expect(head(second).canonical).toBe(`${origin}/services?page=2`);
    });

    it('lists news a page at a time, newest first, each linking to its article', async () => {
      const created = [];
      for (let i = 0; i < PAGE_SIZE + 1; i++) created.push(await createArticle());
      const first = await visitor.get('/news');
      expect(articleLinks(first).slice(0, PAGE_SIZE)).toEqual(
        created
          .slice(1)
          .reverse()
          .map((article) => article.slug),
      );
      expect(first.text).toContain('<a href="/news?page=2" rel="next">Next</a>');
      const second = await visitor.get('/news?page=2');
      expect(second.status).toBe(200);
      expect(articleLinks(second)[0]).toBe(created[0].slug);
      expect(second.text).toContain('<a href="/news" rel="prev">Previous</a>');
      expect(text(head(second).title!)).toBe('News, page 2 – Harbour Lane Studio');
      expect(head(second).canonical).toBe(`${origin}/news?page=2`);
      // Page 1 named explicitly is the same page as the list's own path.
      expect(head(await visitor.get('/news?page=1')).canonical).toBe(`${origin}/news`);
    });

    it('shows an article with its photo (with its size), title, description and About', async () => {
      const article = await createArticle({ photo: true });
      const res = await visitor.get(`/news/${article.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<h1>${article.title}</h1>`);
      expect(res.text).toContain(article.description);
      expect(res.text).toContain(`All about ${article.title}.`);
      expect(res.text).toMatch(
        /<img class="photo" src="\/uploads\/news\/[0-9a-f-]+\.webp" srcSet="[^"]+" sizes="[^"]+" alt="" width="64" height="36"/,
      );
      expect(text(head(res).title!)).toBe(`${article.title} – Harbour Lane Studio`);
      expect(head(res).description).toBe(article.description);
      expect(head(res).canonical).toBe(`${origin}/news/${article.slug}`);
      // The article belongs to News, without being News's own page.
      expect(res.text).toMatch(/<a href="\/news" aria-current="true">News<\/a>/);
    });

    it.each([
      ['an unknown path', '/no/such/page'],
      ['a path under a page', '/services/extra'],
      ['an unknown article', `/news/${MISSING_ID}`],
      ['an unknown article address', '/news/no-such-article'],
      ['a malformed article address', '/news/Not_A_Slug'],
      ['page 0', '/news?page=0'],
      ['a page that is not a number', '/news?page=abc'],
      ['a fractional page', '/services?page=1.5'],
      ['a page given twice', '/news?page=1&page=2'],
      ['a page past the end', '/news?page=9999'],
      ['a page past the limit', '/services?page=100001'],
    ])('answers %s with the 404 page, its navigation and a link home', async (_label, path) => {
      const res = await visitor.get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<h1>Page not found</h1>');
      expect(res.text).toContain('<nav class="nav" aria-label="Main">');
      expect(res.text).toContain('Go to the home page');
      expect(head(res).canonical).toBeUndefined();
    });

    it.each([
      ['a NUL in an article id', '/news/%00', 404],
      ['a broken percent-encoding', '/news/%E0%A4%A', 400],
      ['a page of 5,000 digits', `/news?page=${'9'.repeat(5000)}`, 404],
      ['a NUL as the page', '/services?page=%00', 404],
      ['a climb out of the site', '/..%2f..%2fpackage.json', 404],
      ['a climb out of the news', '/news/..%2f..%2fpackage.json', 404],
      ['a path 1,000 characters deep', `/${'a/'.repeat(500)}`, 404],
      // Parameters a page does not read are ignored, as a tracking parameter would be.
      ['a page in brackets', '/news?page[]=2', 200],
    ])('answers %s with a page of its own (%s), never a 500', async (_label, path, status) => {
      const res = await visitor.get(path);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).not.toContain('"dependencies"');
    });

    it('answers 404 for an article once it is in the trash, and lists it nowhere', async () => {
      const article = await createArticle();
      expect((await visitor.get(`/news/${article.slug}`)).status).toBe(200);
      expect((await admin.delete(`/api/news/${article.id}`)).status).toBe(200);
      expect((await visitor.get(`/news/${article.slug}`)).status).toBe(404);
      expect((await visitor.get('/news')).text).not.toContain(article.slug);
      expect((await visitor.get('/sitemap.xml')).text).not.toContain(article.slug);
    });

    it('answers a method a page does not take with 405 and Allow', async () => {
      const res = await visitor.put('/news');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect((await visitor.delete('/contact')).headers.allow).toBe('GET, HEAD, POST');
    });

    it('answers a repeated request from its ETag with 304, and caches nothing in shared caches unchecked', async () => {
      const first = await visitor.get('/news');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const again = await visitor.get('/news').set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const compressed = await visitor.get('/news').set('Accept-Encoding', 'br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toBe('Accept-Encoding');
    });

    it('shows an administrator’s change on the very next request, despite the cache', async () => {
      const before = await visitor.get('/services');
      const service = await createService();
      expect(before.text).not.toContain(service.title);
      expect((await visitor.get('/services')).text).toContain(service.title);

      const etag = (await visitor.get('/')).headers.etag;
      await setSettings({ companyName: 'Renamed Studio' });
      const renamed = await visitor.get('/').set('If-None-Match', etag);
      expect(renamed.status).toBe(200);
      expect(renamed.text).toContain('<h1 id="company">Renamed Studio</h1>');
    });

    it('lists the pages and every live article, with its last change, in the sitemap', async () => {
      const article = await createArticle();
      const res = await visitor.get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.text).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      for (const path of ['/', '/services', '/news', '/contact']) expect(res.text).toContain(`<url><loc>${origin}${path}</loc></url>`);
      expect(res.text).toMatch(
        new RegExp(`<url><loc>${origin}/news/${article.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`),
      );
    });

    it('lets crawlers read all but the admin app and the API, and names the sitemap', async () => {
      const res = await visitor.get('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.text).toBe(`User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${origin}/sitemap.xml\n`);
    });

    it('keeps the admin app, the API and the built files where they were', async () => {
      expect((await visitor.get('/admin/login')).text).toContain('<div id="root"></div>');
      expect((await visitor.get('/api/health')).body).toEqual({ status: 'ok' });
      expect((await visitor.get('/logo.svg')).headers['content-type']).toMatch(/image\/svg\+xml/);
    });

    describe('the contact form', () => {
      const VALID = { name: '', phno: '+44 20 7946 0018', email: 'ada@example.com', msg: 'Hello there', website: '' };

      const post = (fields: Record<string, string>) => visitor.post('/contact').type('form').send(fields);

      it('shows labelled fields that post to /contact without script, and the hidden honeypot', async () => {
        const res = await visitor.get('/contact');
        // Its post names its origin (under `no-referrer` a browser would send `Origin: null`).
        expect(res.headers['referrer-policy']).toBe('same-origin');
        const form = /<form [^>]*>/.exec(res.text)![0];
        expect(form).toContain('method="post"');
        expect(form).toContain('action="/contact"');
        for (const [id, label] of [
          ['contact-name', 'Name'],
          ['contact-phno', 'Phone'],
          ['contact-email', 'Email'],
          ['contact-msg', 'Message'],
        ]) {
          expect(res.text).toContain(`<label for="${id}">${label}`);
        }
        expect(res.text).toMatch(
          /<div class="trap" aria-hidden="true">.*<input id="contact-website" type="text" tabindex="-1"[^>]* name="website"/,
        );
      });

      it('stores a message, answers 303 to the thank-you page, and the admin finds it in Contact Us', async () => {
        const name = unique('Visitor ');
        const res = await post({ ...VALID, name });
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/contact/thanks');
        expect(await storedMessages(name)).toBe(1);
        const thanks = await visitor.get('/contact/thanks');
        expect(thanks.status).toBe(200);
        expect(thanks.text).toContain('<h1>Thank you</h1>');
        expect(thanks.text).toContain('<meta name="robots" content="noindex"/>');
        const list = await admin.get(`/api/contactus?name=${encodeURIComponent(name)}`);
        expect(list.body.data).toEqual([expect.objectContaining({ name, phno: VALID.phno, email: VALID.email, msg: VALID.msg })]);
      });

      it('answers field errors with 400 and the form again: the values kept, each message under its field, a summary on top', async () => {
        const name = unique('Typo ');
        const res = await post({ name, phno: 'call me', email: 'not-an-address', msg: '', website: '' });
        expect(res.status).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(text(head(res).title!)).toBe('Error: Contact us – Harbour Lane Studio');
        expect(res.text).toContain('<div class="errors" role="alert"');
        expect(res.text).toContain('<a href="#contact-email">Email must be a valid email address</a>');
        expect(res.text).toMatch(/id="contact-name"[^>]*value="Typo [^"]+"/);
        expect(res.text).toMatch(
          /id="contact-email"[^>]*aria-invalid="true" aria-describedby="contact-email-error"[^>]*value="not-an-address"/,
        );
        expect(res.text).toContain('<p class="field-error" id="contact-email-error">Email must be a valid email address</p>');
        expect(res.text).toContain('<p class="field-error" id="contact-phno-error">Phone may contain only digits, spaces and + ( ) -</p>');
        expect(res.text).toContain('<p class="field-error" id="contact-msg-error">Message is required</p>');
        expect(res.text).toMatch(/id="contact-phno"[^>]*autofocus=""/);
        expect(await storedMessages(name)).toBe(0);
      });

      it('answers an empty or foreign body with the required-field messages, never a 500', async () => {
        const empty = await visitor.post('/contact').type('form').send('');
        expect(empty.status).toBe(400);
        expect(empty.text).toContain('Name is required');
        const json = await visitor.post('/contact').send({ name: 'Ada', email: 'ada@example.com', msg: 'Hi' });
        expect(json.status).toBe(400);
        const repeated = await visitor.post('/contact').type('form').send('name=a&name=b&email=ada@example.com&msg=Hi');
        expect(repeated.status).toBe(400);
        expect(repeated.text).toContain('Name must be text');
      });

      it('refuses a body over the form’s limit with 413 and stores nothing', async () => {
        const name = unique('Huge ');
        const res = await post({ ...VALID, name, msg: 'x'.repeat(70_000) });
        expect(res.status).toBe(413);
        expect(res.text).toContain('Message too long');
        expect(await storedMessages(name)).toBe(0);
      });

      it('answers a filled honeypot like a success and stores nothing', async () => {
        const name = unique('Bot ');
        const res = await post({ ...VALID, name, website: 'https://spam.example' });
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/contact/thanks');
        expect(await storedMessages(name)).toBe(0);
      });

      it('refuses a sixth message from one address within the window with 429: the form again, as typed, saying when it can be sent', async () => {
        for (let i = 0; i < 5; i++) expect((await post({ ...VALID, name: unique('Busy ') })).status).toBe(303);
        const name = unique('One too many ');
        const msg = 'Line one & <two>\nLine "three"';
        const res = await post({ ...VALID, name, msg, website: '' });
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.text).toMatch(/<form class="form"[^>]* action="\/contact" method="post">/);
        expect(res.text).toMatch(/<div class="errors" role="alert"[^>]*>.*Your message was not sent yet/);
        expect(text(res.text)).toMatch(/You can send this one in \d+ (minutes|minute|seconds): everything you typed is still here\./);
        // Everything typed is back in its field.
        expect(res.text).toMatch(new RegExp(`id="contact-name"[^>]*value="${name}"`));
        expect(res.text).toMatch(/id="contact-phno"[^>]*value="\+44 20 7946 0018"/);
        expect(res.text).toMatch(/id="contact-email"[^>]*value="ada@example.com"/);
        expect(text(/<textarea[^>]*id="contact-msg"[^>]*>([^<]*)<\/textarea>/.exec(res.text)?.[1] ?? '')).toBe(msg);
        expect(head(res).title).toMatch(/^Error: Contact us/);
        expect(await storedMessages(name)).toBe(0);
        // The form and the API share the count.
        expect((await visitor.post('/api/contactus').send({ name, email: VALID.email, msg: VALID.msg })).status).toBe(429);
      });

      it('refuses a post from another site with 403 before reading it', async () => {
        const name = unique('Forged ');
        const foreign = await post({ ...VALID, name }).set('Origin', 'https://evil.example');
        expect(foreign.status).toBe(403);
        expect(foreign.text).toContain('<h1>Request refused</h1>');
        const marked = await post({ ...VALID, name }).set('Sec-Fetch-Site', 'cross-site');
        expect(marked.status).toBe(403);
        // An opaque origin (a sandboxed frame, or a page under `no-referrer`) is not this site either.
        expect((await post({ ...VALID, name }).set('Origin', 'null')).status).toBe(403);
        expect(await storedMessages(name)).toBe(0);
        const own = await post({ ...VALID, name }).set('Origin', origin);
        expect(own.status).toBe(303);
      });
    });
  });

  describe('with PUBLIC_URL', () => {
    let site: TestApp;
    beforeAll(async () => {
      site = await createTestApp({ publicUrl: 'https://www.example.com' });
      const { agent } = await loggedInAgent(site);
      expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    });
    afterAll(() => site?.close());

    it('writes canonical links, the sitemap and robots.txt on that origin, whatever the Host header says', async () => {
      const res = await site.http().get('/news').set('Host', 'attacker.example');
      expect(head(res).canonical).toBe('https://www.example.com/news');
      expect((await site.http().get('/sitemap.xml')).text).toContain('<loc>https://www.example.com/</loc>');
      expect((await site.http().get('/robots.txt')).text).toContain('Sitemap: https://www.example.com/sitemap.xml');
    });
  });

  describe('the page cache', () => {
    const page = (text: string): BuiltPage => ({ file: memoryFile('text/plain', text), status: 200 });
    afterEach(() => vi.useRealTimers());

    it('renders a page once for requests that miss together, and serves it from memory until it is stale', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const cache = new PageCache();
      let renders = 0;
      const render = () => Promise.resolve(page(`render ${++renders}`));
      const [a, b] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
      expect(a).toBe(b);
      expect(renders).toBe(1);
      vi.setSystemTime(Date.now() + PAGE_TTL_MS - 1);
      expect(await cache.get('k', render)).toBe(a);
      vi.setSystemTime(Date.now() + 1);
      expect((await cache.get('k', render))!.file.variants.identity.body.toString()).toBe('render 2');
    });

    it('keeps neither a not-found answer nor a page whose rendering began before clear()', async () => {
      const cache = new PageCache();
      expect(await cache.get('missing', () => Promise.resolve(null))).toBeNull();
      let finish: (value: BuiltPage) => void = () => undefined;
      const slow = cache.get('slow', () => new Promise<BuiltPage>((resolve) => (finish = resolve)));
      cache.clear();
      finish(page('old'));
      await slow;
      expect(cache.size).toBe(0);
      expect((await cache.get('slow', () => Promise.resolve(page('new'))))!.file.variants.identity.body.toString()).toBe('new');
    });

    it(`holds at most ${MAX_ENTRIES} pages, dropping the oldest`, async () => {
      const cache = new PageCache();
      for (let i = 0; i < MAX_ENTRIES + 50; i++) await cache.get(`page ${i}`, () => Promise.resolve(page(String(i))));
      expect(cache.size).toBe(MAX_ENTRIES);
      let rendered = false;
      await cache.get('page 0', () => {
        rendered = true;
        return Promise.resolve(page('0'));
      });
      expect(rendered).toBe(true);
    });
  });
});
