import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { NOT_LOGGED_IN } from '../support/admin-helpers';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const ENGLISH = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true };
const GERMAN = { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false };
const ARABIC = { code: 'ar', name: 'العربية', dir: 'rtl', enabled: true, default: false };

describe('languages API', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  const put = (languages: unknown) => agent.put('/api/settings/languages').send({ languages });

  it('answers 401 without a session', async () => {
    const res = await t.http().get('/api/settings/languages');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });

  it('starts with English alone, the default, whose words do not fall back', async () => {
    const res = await agent.get('/api/settings/languages');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ languages: [{ ...ENGLISH, fallback: false }] });
  });

  it('saves the default and more, canonical codes, the default first, and says which fall back to English', async () => {
    const res = await put([GERMAN, { ...ARABIC, code: 'AR' }, ENGLISH]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      languages: [
        { ...ENGLISH, fallback: false },
        { ...GERMAN, fallback: false },
        { ...ARABIC, fallback: true },
      ],
    });
    expect((await agent.get('/api/settings/languages')).body).toEqual(res.body);
  });

  it('moves the settings version on (every page is rendered again) and logs the change', async () => {
    const before = (await agent.get('/api/settings')).body.version as number;
    expect((await put([ENGLISH, { ...GERMAN, enabled: false }])).status).toBe(200);
    const after = (await agent.get('/api/settings')).body;
    expect(after.version).toBe(before + 1);
    expect(Object.keys(after)).not.toContain('languages');
    const entries = (await agent.get('/api/activity?kind=settings')).body.data as { fields: string[] }[];
    expect(entries[0].fields).toEqual(['languages']);
  });

  const bad: [string, unknown, string, string][] = [
    ['no list', 'en', 'languages', 'Languages must be a list of { code, name, dir, enabled, default }'],
    ['an empty list', [], 'languages', 'Languages must name the default language'],
    [
      'seven languages',
      ['en', 'de', 'fr', 'es', 'nl', 'it', 'pt'].map((code, i) => ({ ...GERMAN, code, default: i === 0 })),
      'languages',
      'Languages must be the default and at most 5 more',
    ],
    [
      'a code that is no BCP 47 code',
      [ENGLISH, { ...GERMAN, code: 'german!' }],
      'languages.1.code',
      'Code must be a BCP 47 language code such as de, fr-CA or zh-Hant',
    ],
    [
      'a code naming a page of the site',
      [ENGLISH, { ...GERMAN, code: 'contact' }],
      'languages.1.code',
      'Code must be a BCP 47 language code such as de, fr-CA or zh-Hant',
    ],
    ['a missing name', [ENGLISH, { ...GERMAN, name: ' ' }], 'languages.1.name', 'Name is required'],
    ['a direction of neither', [ENGLISH, { ...GERMAN, dir: 'up' }], 'languages.1.dir', 'Direction must be ltr or rtl'],
    ['enabled as text', [ENGLISH, { ...GERMAN, enabled: 'yes' }], 'languages.1.enabled', 'Enabled must be true or false'],
    ['no default', [{ ...ENGLISH, default: false }, GERMAN], 'languages', 'Exactly one language must be the default'],
    ['two defaults', [ENGLISH, { ...GERMAN, default: true }], 'languages', 'Exactly one language must be the default'],
    ['a disabled default', [{ ...ENGLISH, enabled: false }, GERMAN], 'languages.0.enabled', 'The default language must be enabled'],
    [
      'the same code twice',
      [ENGLISH, GERMAN, { ...GERMAN, code: 'DE', name: 'Deutsch (2)' }],
      'languages.2.code',
      'Another language already has this code',
    ],
  ];
  it.each(bad)('answers 400 for %s, and changes nothing', async (_name, languages, field, msg) => {
    const before = (await agent.get('/api/settings/languages')).body;
    const res = await put(languages);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { [field]: { msg } } });
    expect((await agent.get('/api/settings/languages')).body).toEqual(before);
  });

  describe("the company's name and tagline per language", () => {
    beforeAll(async () => {
      expect((await put([ENGLISH, GERMAN])).status).toBe(200);
      expect((await agent.patch('/api/settings').send({ companyName: 'Acme', tagline: 'We fix things' })).status).toBe(200);
    });

    it('answers empty texts while untranslated, and 404 for the default or an unknown language', async () => {
      expect((await agent.get('/api/settings/translations/de')).body).toEqual({
        lang: 'de',
        companyName: '',
        tagline: '',
        menuLabels: expect.any(Object),
        outdated: false,
      });
      for (const lang of ['en', 'fr']) {
        const res = await agent.get(`/api/settings/translations/${lang}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Language not found' });
      }
    });

    it('saves a translation, marks it outdated when the default text changes, and a save clears it', async () => {
      const saved = await agent.put('/api/settings/translations/de').send({ companyName: 'Acme GmbH', tagline: 'Wir reparieren' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ lang: 'de', companyName: 'Acme GmbH', tagline: 'Wir reparieren', outdated: false });
      await agent.patch('/api/settings').send({ tagline: 'We fix everything' });
      expect((await agent.get('/api/settings/translations/de')).body.outdated).toBe(true);
      const again = await agent.put('/api/settings/translations/de').send({ companyName: 'Acme GmbH', tagline: 'Wir reparieren alles' });
      expect(again.body.outdated).toBe(false);
    });

    it('answers 400 for a missing company name', async () => {
      const res = await agent.put('/api/settings/translations/de').send({ companyName: '', tagline: '' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { companyName: { msg: 'Company name is required' } } });
    });

    it('answers 400 for menu labels that are no texts by item id', async () => {
      for (const menuLabels of ['Neuigkeiten', ['Neuigkeiten'], { x: 3 }]) {
        const res = await agent.put('/api/settings/translations/de').send({ companyName: 'Acme GmbH', tagline: '', menuLabels });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: { menuLabels: { msg: 'Menu labels must be texts by menu item id' } } });
      }
    });

    it('removes a translation', async () => {
      expect((await agent.delete('/api/settings/translations/de')).status).toBe(204);
      expect((await agent.get('/api/settings/translations/de')).body.companyName).toBe('');
    });
  });

  describe('on the public site', () => {
    beforeAll(async () => {
      expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    });

    it('is as it was with one language: no prefix, no hreflang, no switcher', async () => {
      expect((await put([ENGLISH, { ...GERMAN, enabled: false }])).status).toBe(200);
      const home = await t.http().get('/');
      expect(home.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
      expect(home.text).not.toContain('hrefLang');
      expect(home.text).not.toContain('class="languages"');
      expect(home.text).not.toContain('og:locale');
      expect((await t.http().get('/de/')).status).toBe(404);
    });

    it('lays a right-to-left language out right to left, its words in English for want of a catalog', async () => {
      expect((await put([ENGLISH, ARABIC])).status).toBe(200);
      const home = await t.http().get('/ar/');
      expect(home.status).toBe(200);
      expect(home.text.startsWith('<!DOCTYPE html><html lang="ar" dir="rtl">')).toBe(true);
      expect(home.headers['content-language']).toBe('ar');
      expect(home.text).toContain('Skip to content');
      expect(home.text).toContain('href="/" hrefLang="en" lang="en" dir="ltr">English</a>');
      expect(home.text).toContain('border-inline-start');
      const english = await t.http().get('/');
      expect(english.text.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
      expect(english.text).toContain(`href="/ar/" hrefLang="ar" lang="ar" dir="rtl">${ARABIC.name}</a>`);
    });
  });

  describe("the menus' labels per language", () => {
    type Item = { id: string; label: string; target: { kind: string } };
    let menus: { header: Item[]; footer: Item[] };
    const byLabel = (label: string) => [...menus.header, ...menus.footer].find((item) => item.label === label)!.id;
    const saveMenus = async (header: unknown[], footer: unknown[]) => {
      const res = await agent.put('/api/settings/navigation').send({ header, footer });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      menus = res.body;
    };
    const menuLinks = (html: string) =>
      [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => `${text} ${href}`);

    beforeAll(async () => {
      expect((await put([ENGLISH, GERMAN])).status).toBe(200);
      expect((await agent.patch('/api/settings').send({ maintenance: false, companyName: 'Acme', tagline: 'We fix things' })).status).toBe(
        200,
      );
      await saveMenus(
        [
          { label: 'News', target: { kind: 'news' } },
          { label: 'Jobs', target: { kind: 'url', url: 'https://jobs.example.com/' } },
        ],
        [{ label: 'Write to us', target: { kind: 'contact' } }],
      );
    });

    it("answers an empty label for each menu item while untranslated, keyed by the item's id", async () => {
      await agent.delete('/api/settings/translations/de');
      const res = await agent.get('/api/settings/translations/de');
      expect(res.body.menuLabels).toEqual({ [byLabel('News')]: '', [byLabel('Jobs')]: '', [byLabel('Write to us')]: '' });
    });

    it("saves labels by item id, shows them in the language's menus only, an empty one falling back to the default", async () => {
      const saved = await agent.put('/api/settings/translations/de').send({
        companyName: 'Acme GmbH',
        tagline: 'Wir reparieren',
        menuLabels: { [byLabel('News')]: ' Neuigkeiten ', [byLabel('Jobs')]: '', [byLabel('Write to us')]: 'Schreiben Sie uns' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.menuLabels).toEqual({
        [byLabel('News')]: 'Neuigkeiten',
        [byLabel('Jobs')]: '',
        [byLabel('Write to us')]: 'Schreiben Sie uns',
      });
      expect(saved.body.outdated).toBe(false);
      const german = await t.http().get('/de/');
      expect(german.status).toBe(200);
      const links = menuLinks(german.text);
      expect(links).toContain('Neuigkeiten /de/news');
      expect(links).toContain('Jobs https://jobs.example.com/');
      expect(links).toContain('Schreiben Sie uns /de/contact');
      const english = menuLinks((await t.http().get('/')).text);
      expect(english).toContain('News /news');
      expect(english).toContain('Write to us /contact');
      expect(english).not.toContain('Neuigkeiten /news');
    });

    it('keeps the labels with their items when the menus are reordered, and forgets a removed item', async () => {
      const [news, jobs] = menus.header;
      await saveMenus([jobs, news], []);
      const res = await agent.get('/api/settings/translations/de');
      expect(res.body.menuLabels).toEqual({ [news.id]: 'Neuigkeiten', [jobs.id]: '' });
      expect(menuLinks((await t.http().get('/de/news')).text)).toContain('Neuigkeiten /de/news');
      // A new item gets a new id, untranslated; the ids sent back are kept.
      await saveMenus([jobs, news, { label: 'Home', target: { kind: 'home' } }], []);
      expect(menus.header.slice(0, 2).map((item) => item.id)).toEqual([jobs.id, news.id]);
      expect((await agent.get('/api/settings/translations/de')).body.menuLabels).toEqual({
        [jobs.id]: '',
        [news.id]: 'Neuigkeiten',
        [menus.header[2].id]: '',
      });
    });

    it('keeps the labels when a translation is saved without them, and ignores an id no menu has', async () => {
      const news = byLabel('News');
      const res = await agent.put('/api/settings/translations/de').send({ companyName: 'Acme GmbH', tagline: 'Wir reparieren' });
      expect(res.body.menuLabels[news]).toBe('Neuigkeiten');
      const unknown = await agent
        .put('/api/settings/translations/de')
        .send({ companyName: 'Acme GmbH', tagline: 'Wir reparieren', menuLabels: { '00000000-0000-4000-8000-000000000000': 'Weg' } });
      expect(unknown.status).toBe(200);
      expect(Object.keys(unknown.body.menuLabels)).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(unknown.body.menuLabels[news]).toBe('');
    });

    it("marks the translation outdated when a translated item's default label changes, and a save clears it", async () => {
      await agent.put('/api/settings/translations/de').send({
        companyName: 'Acme GmbH',
        tagline: 'Wir reparieren',
        menuLabels: { [byLabel('News')]: 'Neuigkeiten' },
      });
      const header = menus.header.map((item) => (item.label === 'News' ? { ...item, label: 'Latest news' } : item));
      const news = byLabel('News');
      await saveMenus(header, []);
      const outdated = await agent.get('/api/settings/translations/de');
      expect(outdated.body).toMatchObject({ outdated: true, menuLabels: { [news]: 'Neuigkeiten' } });
      const saved = await agent
        .put('/api/settings/translations/de')
        .send({ companyName: 'Acme GmbH', tagline: 'Wir reparieren', menuLabels: { [news]: 'Aktuelles' } });
      expect(saved.body.outdated).toBe(false);
    });

    it('answers 400 at the label for one too long, and 400 for an item id twice in the menus', async () => {
      const news = byLabel('Latest news');
      const long = await agent
        .put('/api/settings/translations/de')
        .send({ companyName: 'Acme GmbH', tagline: '', menuLabels: { [news]: 'x'.repeat(41) } });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ error: { [`menuLabels.${news}`]: { msg: 'Label must be at most 40 characters' } } });
      const twice = await agent.put('/api/settings/navigation').send({ header: [menus.header[0]], footer: [menus.header[0]] });
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ error: { 'footer.0.id': { msg: 'Another menu item has this id' } } });
      const notAnId = await agent.put('/api/settings/navigation').send({ header: [{ ...menus.header[0], id: 'x' }], footer: [] });
      expect(notAnId.body).toEqual({ error: { 'header.0.id': { msg: 'Id must be the id of a menu item' } } });
    });
  });

  describe("the company's pages (issue #37) in a site of two languages", () => {
    let page: { id: string; slug: string };

    beforeAll(async () => {
      expect((await put([ENGLISH, GERMAN])).status).toBe(200);
      const res = await agent
        .post('/api/pages')
        .send({ title: 'About us', slug: 'about-us', description: 'Who we are', body: 'We are small.', status: 'published' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      page = res.body;
      const menus = {
        header: [
          { label: 'News', target: { kind: 'news' } },
          { label: 'About', target: { kind: 'page', id: page.id } },
        ],
        footer: [{ label: 'Contact', target: { kind: 'contact' } }],
      };
      expect((await agent.put('/api/settings/navigation').send(menus)).status).toBe(200);
    });

    it("shows an untranslated page at its default-language address only: another language's is not found", async () => {
      expect((await t.http().get('/about-us')).status).toBe(200);
      expect((await t.http().get('/de/about-us')).status).toBe(404);
      const sitemap = (await t.http().get('/sitemap.xml')).text;
      expect(sitemap).toContain('<loc>http://localhost:3000/about-us</loc>');
      expect(sitemap).not.toContain('/de/about-us');
    });

    it("renders the menus in every language, the sections' links in the page's language", async () => {
      const german = await t.http().get('/de/news');
      expect(german.status).toBe(200);
      expect(german.text).toContain('<a href="/de/news" aria-current="page">News</a>');
      // The page has no German version (issue #41): its link leads to the German home page.
      expect(german.text).toContain('<a href="/de/">About</a>');
      expect(german.text).toContain('<a href="/de/contact">Contact</a>');
      const english = await t.http().get('/news');
      expect(english.text).toContain('<a href="/news" aria-current="page">News</a>');
      expect(english.text).toContain('<a href="/contact">Contact</a>');
    });

    it("refuses a page's address that is a language's code, and makes another from a title", async () => {
      const typed = await agent.post('/api/pages').send({ title: 'Deutsch', slug: 'de', description: 'D', body: 'B' });
      expect(typed.status).toBe(400);
      expect(typed.body).toEqual({ error: { slug: { msg: "This address is a language's prefix on the site: choose another" } } });
      const made = await agent.post('/api/pages').send({ title: 'DE', description: 'D', body: 'B' });
      expect(made.status).toBe(201);
      expect(made.body.slug).toBe('de-2');
    });

    it("refuses a language whose code is a page's address (409), and changes nothing", async () => {
      const taken = await agent.post('/api/pages').send({ title: 'Français', slug: 'fr', description: 'D', body: 'B' });
      expect(taken.status).toBe(201);
      const conflict = await put([ENGLISH, GERMAN, { code: 'fr', name: 'Français', dir: 'ltr', enabled: true, default: false }]);
      expect(conflict.status).toBe(409);
      expect(conflict.body).toEqual({ error: { 'languages.2.code': { msg: 'A page has this address: change it first' } } });
      expect((await agent.get('/api/settings/languages')).body.languages.map((language: { code: string }) => language.code)).toEqual([
        'en',
        'de',
      ]);
    });
  });
});
