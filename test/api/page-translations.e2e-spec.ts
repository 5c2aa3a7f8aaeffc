import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminsService } from '../../server/admins/admins.service';
import { cacheTags } from '../../server/content/content-kinds';
import { ContentEvents, type ContentChange } from '../../server/content/events/content-events.service';
import { AUTHOR_PUBLISH } from '../../server/roles/permissions';
import { PageCache } from '../../server/site/page-cache.service';
import { LANGUAGE_MESSAGE, RESERVED_MESSAGE } from '../../server/site/site-routes';
import { newAdmin } from '../support/admin-helpers';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Page = { id: string; slug: string; title: string; version: number };

const PUBLIC_URL = 'https://www.firma.test';
const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
  { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
  { code: 'fr', name: 'Français', dir: 'ltr', enabled: true, default: false },
];

/** The hreflang links of a page: language → absolute URLs, as a search engine reads them. */
function hreflangs(html: string): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const [, lang, href] of html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)) {
    links.set(lang, [...(links.get(lang) ?? []), href]);
  }
  return links;
}

const titleOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

/** The header menu's links as a visitor's page writes them, in order. */
function headerLinks(html: string): string[] {
  const nav = /<nav class="nav" aria-label="[^"]*"><ul>(.*?)<\/ul><\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) => `${label} ${href}`);
}

// Issue #41: the company's own pages (issue #37) translated like articles, `/de/<slug>` on the site.
describe('translations of pages', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    ({ agent } = await loggedInAgent(t));
    expect((await agent.put('/api/settings/languages').send({ languages: LANGUAGES })).status).toBe(200);
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  });
  afterAll(() => t?.close());
  beforeEach(() => t.app.get(PageCache).clear());

  const visitor = (path: string) => t.http().get(path);
  const translate = (id: string, lang: string, body: Record<string, unknown>) =>
    agent.put(`/api/pages/${id}/translations/${lang}`).send(body);

  async function page(fields: Record<string, unknown> = {}): Promise<Page> {
    const res = await agent
      .post('/api/pages')
      .send({ title: unique('About us '), description: 'Who we are', body: 'We are **small**.', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Page;
  }

  describe('the API', () => {
    it("saves a page's translation with its own status, and lists it", async () => {
      const { id, version } = await page();
      const res = await translate(id, 'de', {
        title: 'Über uns',
        description: 'Wer wir sind',
        body: 'Wir sind **klein**.',
        photoAlt: 'Das Büro',
        status: 'draft',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({
        lang: 'de',
        title: 'Über uns',
        slug: 'uber-uns',
        description: 'Wer wir sind',
        body: 'Wir sind **klein**.',
        photoAlt: 'Das Büro',
        status: 'draft',
        publishAt: null,
        outdated: false,
        sourceVersion: version,
        version: 1,
        updatedAt: expect.any(String),
        hasDraft: false,
      });
      const list = await agent.get(`/api/pages/${id}/translations`);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([res.body]);
      expect((await t.http().get(`/api/pages/${id}/translations`)).status).toBe(401);
    });

    it('takes the same address in two languages, and refuses one another page has in the same language (409)', async () => {
      const first = await page();
      const second = await page();
      const text = { title: 'Wir', description: 'd', body: 'b' };
      expect((await translate(first.id, 'de', { ...text, slug: first.slug })).body.slug).toBe(first.slug);
      expect((await translate(first.id, 'fr', { ...text, slug: first.slug })).body.slug).toBe(first.slug);
      const taken = await translate(second.id, 'de', { ...text, slug: first.slug });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: { slug: { msg: 'Another page already has this address in this language' } } });
      const made = await translate(second.id, 'de', { ...text, title: first.slug });
      expect(made.body.slug).toBe(`${first.slug}-2`);
    });

    it("refuses an address the site uses itself or a language's prefix, as in the default language; one made from a title gets a suffix", async () => {
      const { id } = await page();
      const text = { title: 'Neuigkeiten', description: 'd', body: 'b' };
      for (const [slug, msg] of [
        ['news', RESERVED_MESSAGE],
        ['admin', RESERVED_MESSAGE],
        ['sitemap-xml', null],
        ['fr', LANGUAGE_MESSAGE],
      ] as const) {
        const res = await translate(id, 'de', { ...text, slug });
        if (msg === null) {
          expect(res.status, slug).toBe(200);
          continue;
        }
        expect(res.status, slug).toBe(400);
        expect(res.body).toEqual({ error: { slug: { msg } } });
      }
      expect((await translate(id, 'de', { ...text, title: 'News' })).body.slug).toBe('news-2');
      expect((await translate(id, 'de', { ...text, title: 'FR' })).body.slug).toBe('fr-2');
    });

    it('marks a translation outdated when the default text changes (not its address), and a save clears it', async () => {
      const { id } = await page();
      const text = { title: 'Neu', description: 'd', body: 'Jeden Tag' };
      expect((await translate(id, 'fr', text)).body.outdated).toBe(false);
      expect((await agent.patch(`/api/pages/${id}`).send({ slug: unique('moved-').toLowerCase() })).status).toBe(200);
      expect((await agent.get(`/api/pages/${id}/translations`)).body[0].outdated).toBe(false);
      const edited = await agent.patch(`/api/pages/${id}`).send({ body: 'Every day but Sunday' });
      expect(edited.status).toBe(200);
      expect((await agent.get(`/api/pages/${id}/translations`)).body[0].outdated).toBe(true);
      const saved = await translate(id, 'fr', { ...text, body: 'Tous les jours sauf le dimanche' });
      expect(saved.body).toMatchObject({ outdated: false, sourceVersion: edited.body.version, version: 2 });
    });

    it('answers 400 with the field for bad text, 404 for an unknown page or language', async () => {
      const { id } = await page();
      const bad = await translate(id, 'de', { title: 'T', description: 'd', body: '' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: { body: { msg: 'Body is required' } } });
      const body = { title: 'T', description: 'd', body: 'b' };
      expect((await translate('00000000-0000-4000-8000-000000000000', 'de', body)).body).toEqual({ error: 'Page not found' });
      expect((await translate(id, 'en', body)).body).toEqual({ error: 'Language not found' });
      expect((await agent.delete(`/api/pages/${id}/translations/de`)).body).toEqual({ error: 'Translation not found' });
    });

    it('lets an author translate their own page as a draft only, never publish it', async () => {
      const account = newAdmin();
      await t.app.get(AdminsService).create(account, { role: 'author' });
      const author = t.agent();
      expect((await author.post('/api/admins/login').send({ email: account.email, password: account.password })).status).toBe(200);
      const created = await author.post('/api/pages').send({ title: unique('Author '), description: 'D', body: 'B' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const text = { title: 'Entwurf', description: 'D', body: 'B' };
      const draft = await author.put(`/api/pages/${created.body.id}/translations/de`).send({ ...text, status: 'draft' });
      expect(draft.status, JSON.stringify(draft.body)).toBe(200);
      const published = await author.put(`/api/pages/${created.body.id}/translations/de`).send(text);
      expect(published.status).toBe(403);
      expect(published.body).toEqual({ error: { status: { msg: AUTHOR_PUBLISH } } });
    });

    it("raises a change of the page for its translation's address (its cache tags), and purges the translations with the page", async () => {
      const { id } = await page();
      const heard: ContentChange[] = [];
      t.app.get(ContentEvents).subscribe((changes) => heard.push(...changes.filter((change) => change.id === id)));
      expect((await translate(id, 'de', { title: 'Gelöscht', description: 'd', body: 'b' })).status).toBe(200);
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      expect(heard[0]).toMatchObject({ kind: 'pages', oldPaths: [], newPaths: ['/de/geloscht', '/sitemap.xml', '/*'] });
      expect(cacheTags('pages', id)).toContain(`page-${id}`);

      expect((await agent.delete(`/api/pages/${id}`)).status).toBe(200);
      const count = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM translations WHERE item_id = $1`, [id]))[0].n);
      expect(await count()).toBe(1);
      expect((await agent.delete(`/api/trash/pages/${id}`)).status).toBeLessThan(300);
      expect(await count()).toBe(0);
    });
  });

  describe('the public site in three languages', () => {
    const pages: Record<'all' | 'german' | 'english' | 'same', Page> = {} as never;

    beforeAll(async () => {
      pages.all = await page({ title: unique('All languages ') });
      pages.german = await page({ title: unique('German only ') });
      pages.english = await page({ title: unique('English only ') });
      pages.same = await page({ title: unique('Same address ') });
      const ok = async (res: Promise<{ status: number; body: unknown }>) =>
        expect((await res).status, JSON.stringify((await res).body)).toBe(200);
      const all = pages.all.slug.replace('all-languages', '');
      await ok(
        translate(pages.all.id, 'de', { title: 'Alle Sprachen', slug: `alle-sprachen${all}`, description: 'Auf Deutsch', body: 'Alles' }),
      );
      await ok(
        translate(pages.all.id, 'fr', { title: 'Toutes les langues', slug: `toutes${all}`, description: 'En français', body: 'Tout' }),
      );
      await ok(translate(pages.german.id, 'de', { title: 'Nur Deutsch', slug: `nur-deutsch${all}`, description: 'd', body: 'b' }));
      // French is a draft while German is published.
      await ok(
        translate(pages.german.id, 'fr', { title: 'Brouillon', slug: `brouillon${all}`, description: 'd', body: 'b', status: 'draft' }),
      );
      await ok(translate(pages.same.id, 'de', { title: 'Gleiche Adresse', slug: pages.same.slug, description: 'd', body: 'b' }));
    });

    it('serves a translated page under its prefix in its language, and an untranslated or draft one is not found there', async () => {
      const german = await visitor(`/de/${(await agent.get(`/api/pages/${pages.german.id}/translations`)).body[0].slug}`);
      expect(german.status).toBe(200);
      expect(german.text.startsWith('<!DOCTYPE html><html lang="de" dir="ltr">')).toBe(true);
      expect(titleOf(german.text)).toBe('Nur Deutsch');
      expect(german.text).toContain('"inLanguage":"de"');
      const [, french] = (await agent.get(`/api/pages/${pages.german.id}/translations`)).body;
      expect(french.status).toBe('draft');
      expect((await visitor(`/fr/${french.slug}`)).status).toBe(404);
      const untranslated = await visitor(`/de/${pages.english.slug}`);
      expect(untranslated.status).toBe(404);
      expect(untranslated.text).toContain('Seite nicht gefunden');
      expect((await visitor(`/${pages.english.slug}`)).status).toBe(200);
    });

    it('serves the same address in two languages, each with its own text and canonical link', async () => {
      const english = await visitor(`/${pages.same.slug}`);
      const german = await visitor(`/de/${pages.same.slug}`);
      expect(titleOf(english.text)).toBe(pages.same.title);
      expect(titleOf(german.text)).toBe('Gleiche Adresse');
      expect(canonicalOf(german.text)).toBe(`${PUBLIC_URL}/de/${pages.same.slug}`);
      expect(canonicalOf(english.text)).toBe(`${PUBLIC_URL}/${pages.same.slug}`);
    });

    it('gives each version of a page a complete, reciprocal hreflang set of its published translations, with one x-default', async () => {
      const translations = async (id: string) =>
        (await agent.get(`/api/pages/${id}/translations`)).body as { lang: string; slug: string; status: string }[];
      for (const item of [pages.all, pages.german, pages.same, pages.english]) {
        const published = (await translations(item.id)).filter((translation) => translation.status === 'published');
        const urls = new Map([
          ['en', `${PUBLIC_URL}/${item.slug}`],
          ...published.map(({ lang, slug }): [string, string] => [lang, `${PUBLIC_URL}/${lang}/${slug}`]),
        ]);
        for (const url of urls.values()) {
          const res = await visitor(url.slice(PUBLIC_URL.length));
          expect(res.status, url).toBe(200);
          // Its own URL among them (alone for a page in the default language only, as an article's), each named once.
          const links = hreflangs(res.text);
          expect(links, url).toEqual(
            new Map([...[...urls].map(([lang, href]): [string, string[]] => [lang, [href]]), ['x-default', [urls.get('en')!]]]),
          );
        }
      }
      const all = hreflangs((await visitor(`/${pages.all.slug}`)).text);
      expect([...all.keys()].sort()).toEqual(['de', 'en', 'fr', 'x-default']);
      const german = hreflangs((await visitor(`/${pages.german.slug}`)).text);
      expect([...german.keys()].sort()).toEqual(['de', 'en', 'x-default']);
    });

    it("switches language to the same page's translation, else to that language's home page", async () => {
      const res = await visitor(`/${pages.german.slug}`);
      const switcher = /<nav class="languages" aria-label="[^"]*">(.*?)<\/nav>/.exec(res.text)![1];
      const [german] = (await agent.get(`/api/pages/${pages.german.id}/translations`)).body;
      expect(switcher).toContain(`href="/de/${german.slug}" hrefLang="de"`);
      expect(switcher).toContain('href="/fr/" hrefLang="fr"');
    });

    it('lists every language version of a page in the sitemap with its xhtml:link alternates', async () => {
      const sitemap = (await visitor('/sitemap.xml')).text;
      const [german, french] = (await agent.get(`/api/pages/${pages.all.id}/translations`)).body;
      const entry = new RegExp(`<url><loc>${PUBLIC_URL}/fr/${french.slug}</loc>.*?</url>`).exec(sitemap)![0];
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/${pages.all.slug}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${PUBLIC_URL}/de/${german.slug}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/${pages.all.slug}"/>`);
      expect(sitemap).not.toContain('/fr/brouillon');
      expect(sitemap).not.toContain(`/de/${pages.english.slug}<`);
    });

    it("links a menu's page to its translation in the language, else to that language's home page; the law's links too", async () => {
      const put = await agent.put('/api/settings/navigation').send({
        header: [
          { label: 'About', target: { kind: 'page', id: pages.german.id } },
          { label: 'English', target: { kind: 'page', id: pages.english.id } },
        ],
        footer: [],
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect((await agent.patch('/api/settings').send({ privacyPage: pages.all.id, legalNoticePage: pages.english.id })).status).toBe(200);
      const [german] = (await agent.get(`/api/pages/${pages.german.id}/translations`)).body;
      const [allGerman] = (await agent.get(`/api/pages/${pages.all.id}/translations`)).body;
      const html = (await visitor('/de/')).text;
      expect(headerLinks(html)).toEqual([`About /de/${german.slug}`, 'English /de/']);
      expect(html).toContain(`<a href="/de/${allGerman.slug}">Alle Sprachen</a>`);
      // The legal notice has no German version: the English page, which the law wants reachable.
      expect(html).toContain(`<a href="/${pages.english.slug}">${pages.english.title}</a>`);
      expect(headerLinks((await visitor('/')).text)).toEqual([`About /${pages.german.slug}`, `English /${pages.english.slug}`]);
    });

    it('drops a page from its language once the translation is removed or the page unpublished', async () => {
      expect((await agent.delete(`/api/pages/${pages.same.id}/translations/de`)).status).toBe(204);
      expect((await visitor(`/de/${pages.same.slug}`)).status).toBe(404);
      const [german] = (await agent.get(`/api/pages/${pages.all.id}/translations`)).body;
      expect((await visitor(`/de/${german.slug}`)).status).toBe(200);
      expect((await agent.patch(`/api/pages/${pages.all.id}`).send({ status: 'draft' })).status).toBe(200);
      expect((await visitor(`/de/${german.slug}`)).status).toBe(404);
    });
  });

  describe('contact messages', () => {
    it('answer the language they were written from in the list and the detail', async () => {
      const name = unique('Besucher ');
      const sent = await t
        .http()
        .post('/de/contact')
        .set('Origin', PUBLIC_URL)
        .type('form')
        .send({ name, email: 'vera@example.org', msg: 'Hallo', phno: '', website: '' });
      expect(sent.status).toBe(303);
      const list = await agent.get('/api/contactus').query({ name });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([expect.objectContaining({ name, lang: 'de' })]);
      const detail = await agent.get(`/api/contactus/${list.body.data[0].id}`);
      expect(detail.body).toMatchObject({ name, lang: 'de' });
      const read = await agent.post(`/api/contactus/${list.body.data[0].id}/read`);
      expect(read.body).toMatchObject({ name, lang: 'de' });

      const english = unique('Visitor ');
      expect(
        (
          await t
            .http()
            .post('/contact')
            .set('Origin', PUBLIC_URL)
            .type('form')
            .send({ name: english, email: 'vera@example.org', msg: 'Hello', phno: '', website: '' })
        ).status,
      ).toBe(303);
      expect((await agent.get('/api/contactus').query({ name: english })).body.data[0].lang).toBe('en');
      const byApi = await t
        .http()
        .post('/api/contactus')
        .send({ name: unique('Api '), email: 'a@example.org', msg: 'Hi', phno: '' });
      expect((await agent.get(`/api/contactus/${byApi.body.id}`)).body.lang).toBeNull();
    });
  });
});
