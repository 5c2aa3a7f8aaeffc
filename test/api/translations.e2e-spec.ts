import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { newAdmin, NOT_LOGGED_IN } from '../support/admin-helpers';
import { AdminsService } from '../../server/admins/admins.service';
import { AUTHOR_PUBLISH, PUBLISHED_BY_EDITORS } from '../../server/roles/permissions';
import { DRAFT_OF_PUBLISHED_ONLY } from '../../server/translations/translations.service';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const PUBLIC_URL = 'https://www.firma.test';
const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
  { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
  { code: 'fr', name: 'Français', dir: 'ltr', enabled: true, default: false },
];

describe('translations API', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    ({ agent } = await loggedInAgent(t));
    expect((await agent.put('/api/settings/languages').send({ languages: LANGUAGES })).status).toBe(200);
  });
  afterAll(() => t.close());

  async function article(fields: Record<string, unknown> = {}) {
    const title = unique('Opening hours ');
    const res = await agent.post('/api/news').send({ title, description: 'When we are open', about: 'Every day', ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string; title: string; version: number };
  }

  async function service() {
    const res = await agent.post('/api/services').send({ title: unique('Repairs '), about: 'We repair things' });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  const translate = (kind: string, id: string, lang: string, body: Record<string, unknown>) =>
    agent.put(`/api/${kind}/${id}/translations/${lang}`).send(body);

  it('answers 401 without a session', async () => {
    const { id } = await article();
    const res = await t.http().get(`/api/news/${id}/translations`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });

  it("saves an article's translation with its own status, and lists it", async () => {
    const { id, version } = await article();
    const res = await translate('news', id, 'de', {
      title: 'Öffnungszeiten',
      description: 'Wann wir offen haben',
      about: 'Jeden Tag',
      photoAlt: 'Die Tür',
      status: 'draft',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lang: 'de',
      title: 'Öffnungszeiten',
      slug: 'offnungszeiten',
      description: 'Wann wir offen haben',
      about: 'Jeden Tag',
      photoAlt: 'Die Tür',
      status: 'draft',
      publishAt: null,
      outdated: false,
      sourceVersion: version,
      version: 1,
    });
    const list = await agent.get(`/api/news/${id}/translations`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
  });

  it('takes the same address in two languages, and refuses one another article has in the same language (409)', async () => {
    const first = await article();
    const second = await article();
    expect((await translate('news', first.id, 'de', { title: 'A', slug: first.slug, description: 'd', about: 'a' })).body.slug).toBe(
      first.slug,
    );
    expect((await translate('news', first.id, 'fr', { title: 'A', slug: first.slug, description: 'd', about: 'a' })).body.slug).toBe(
      first.slug,
    );
    const taken = await translate('news', second.id, 'de', { title: 'B', slug: first.slug, description: 'd', about: 'a' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: { slug: { msg: 'Another news already has this address in this language' } } });
    const made = await translate('news', second.id, 'de', { title: first.slug, description: 'd', about: 'a' });
    expect(made.body.slug).toBe(`${first.slug}-2`);
  });

  it('marks a translation outdated when the default text changes, and a save clears it', async () => {
    const { id } = await article();
    const body = { title: 'Neu', description: 'd', about: 'a' };
    expect((await translate('news', id, 'de', body)).body.outdated).toBe(false);
    expect((await agent.patch(`/api/news/${id}`).send({ slug: unique('moved-').toLowerCase() })).status).toBe(200);
    expect((await agent.get(`/api/news/${id}/translations`)).body[0].outdated).toBe(false);
    const edited = await agent.patch(`/api/news/${id}`).send({ about: 'Every day but Sunday' });
    expect(edited.status).toBe(200);
    expect((await agent.get(`/api/news/${id}/translations`)).body[0].outdated).toBe(true);
    const saved = await translate('news', id, 'de', { ...body, about: 'Jeden Tag außer Sonntag' });
    expect(saved.body).toMatchObject({ outdated: false, sourceVersion: edited.body.version, version: 2 });
  });

  it("translates a service's title and about", async () => {
    const { id } = await service();
    const res = await translate('services', id, 'fr', { title: 'Réparations', about: 'Nous réparons' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lang: 'fr', title: 'Réparations', about: 'Nous réparons', status: 'published', outdated: false });
    expect(Object.keys(res.body)).not.toContain('slug');
  });

  it('answers 400 with the field for bad text, a bad status or publish time', async () => {
    const { id } = await article();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '', description: 'd', about: 'a' }, 'title', 'Title is required'],
      [
        { title: 'T', description: 'd', about: 'a', slug: 'Not A Slug' },
        'slug',
        'Address may use only lower-case letters a–z, digits and single hyphens between words',
      ],
      [{ title: 'T', description: 'd', about: 'a', status: 'live' }, 'status', 'Status must be draft or published'],
      [{ title: 'T', description: 'd', about: 'a', publishAt: 'tomorrow' }, 'publishAt', 'Publish time must be a date and time'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await translate('news', id, 'de', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    }
    expect((await agent.get(`/api/news/${id}/translations`)).body).toEqual([]);
  });

  it('answers 404 for an unknown item, the default language or one the site does not have', async () => {
    const { id } = await article();
    const body = { title: 'T', description: 'd', about: 'a' };
    expect((await translate('news', '00000000-0000-4000-8000-000000000000', 'de', body)).body).toEqual({ error: 'News not found' });
    expect((await translate('news', 'nope', 'de', body)).status).toBe(404);
    for (const lang of ['en', 'it']) {
      const res = await translate('news', id, lang, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Language not found' });
    }
    expect((await agent.delete(`/api/news/${id}/translations/de`)).body).toEqual({ error: 'Translation not found' });
  });

  it('lets an author translate their own article as a draft only, never publish, change or remove a published translation', async () => {
    const account = newAdmin();
    await t.app.get(AdminsService).create(account, { role: 'author' });
    const author = t.agent();
    expect((await author.post('/api/admins/login').send({ email: account.email, password: account.password })).status).toBe(200);
    const created = await author.post('/api/news').send({ title: unique('Author '), description: 'D', about: 'A' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const text = { title: 'Entwurf', description: 'D', about: 'A' };
    const draft = await author.put(`/api/news/${id}/translations/de`).send({ ...text, status: 'draft' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.status).toBe('draft');
    // A PUT without a status publishes: an editor's step.
    for (const body of [text, { ...text, status: 'published' }]) {
      const res = await author.put(`/api/news/${id}/translations/de`).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { status: { msg: AUTHOR_PUBLISH } } });
    }
    expect((await agent.put(`/api/news/${id}/translations/de`).send({ ...text, status: 'published' })).status).toBe(200);
    for (const res of [
      await author.put(`/api/news/${id}/translations/de`).send({ ...text, status: 'draft' }),
      await author.delete(`/api/news/${id}/translations/de`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { status: { msg: PUBLISHED_BY_EDITORS } } });
    }
    expect((await author.get(`/api/news/${id}/translations`)).body[0].status).toBe('published');
    // Services are written by editors and administrators only.
    const { id: serviceId } = await service();
    expect((await author.get(`/api/services/${serviceId}/translations`)).status).toBe(403);
  });

  it('removes a translation', async () => {
    const { id } = await service();
    await translate('services', id, 'de', { title: 'Reparaturen', about: 'Wir reparieren' });
    expect((await agent.delete(`/api/services/${id}/translations/de`)).status).toBe(204);
    expect((await agent.get(`/api/services/${id}/translations`)).body).toEqual([]);
  });

  it("purges an item's translations with it, and keeps them while it is in the trash", async () => {
    const { id } = await article();
    await translate('news', id, 'de', { title: 'Weg', description: 'd', about: 'a' });
    expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
    const count = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM translations WHERE item_id = $1`, [id]))[0].n);
    expect(await count()).toBe(1);
    expect((await agent.get(`/api/news/${id}/translations`)).status).toBe(404);
    expect((await agent.delete(`/api/trash/news/${id}`)).status).toBeLessThan(300);
    expect(await count()).toBe(0);
  });

  it('answers 409 to a save made from another version (If-Match), with the stored one and who saved it; "0" means none yet', async () => {
    const { id } = await article();
    const put = (ifMatch: string, title: string) =>
      agent.put(`/api/news/${id}/translations/de`).set('If-Match', ifMatch).send({ title, description: 'd', about: 'a', status: 'draft' });
    const first = await put('"0"', 'Erste');
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    // A second tab that also opened it before there was a translation.
    const stale = await put('"0"', 'Zweite');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: { version: { msg: 'Someone else saved this since you opened it' } },
      current: { lang: 'de', title: 'Erste', version: 1 },
      changedBy: { name: expect.any(String) },
    });
    expect((await agent.get(`/api/news/${id}/translations`)).body[0].title).toBe('Erste');
    const second = await put('W/"1"', 'Zweite');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ title: 'Zweite', version: 2 });
    // Without If-Match a save replaces whatever is there (as every other save).
    expect((await translate('news', id, 'de', { title: 'Dritte', description: 'd', about: 'a', status: 'draft' })).body.version).toBe(3);
    // Deleted since the form was opened: the 409 says so (version 0), and "0" creates it again.
    expect((await agent.delete(`/api/news/${id}/translations/de`)).status).toBe(204);
    const gone = await put('"3"', 'Vierte');
    expect(gone.status).toBe(409);
    expect(gone.body.current).toMatchObject({ lang: 'de', title: null, version: 0 });
    expect((await put('"0"', 'Vierte')).status).toBe(200);
    const malformed = await put('soon', 'Fünfte');
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.error)).toEqual(['version']);
  });

  it("keeps each translation's history: saves that change it, publishing, a delete; nothing for an identical save; gone with the purge", async () => {
    const { id } = await article();
    const history = async (lang = 'de') => {
      const res = await agent.get(`/api/news/${id}/translations/${lang}/revisions`);
      expect(res.status).toBe(200);
      return res.body as {
        seq: number;
        reason: string;
        changed: string[];
        snapshot: Record<string, unknown>;
        admin: { name: string } | null;
      }[];
    };
    expect(await history()).toEqual([]);
    const fields = { title: 'Zeiten', description: 'd', about: 'Jeden Tag', status: 'draft' };
    await translate('news', id, 'de', fields);
    await translate('news', id, 'de', fields);
    await translate('news', id, 'de', { ...fields, about: 'Jeden Tag außer Sonntag' });
    await translate('news', id, 'de', { ...fields, about: 'Jeden Tag außer Sonntag', status: 'published' });
    expect((await agent.delete(`/api/news/${id}/translations/de`)).status).toBe(204);
    const entries = await history();
    expect(entries.map(({ seq, reason, changed }) => ({ seq, reason, changed }))).toEqual([
      { seq: 4, reason: 'deleted', changed: [] },
      { seq: 3, reason: 'published', changed: ['status'] },
      { seq: 2, reason: 'saved', changed: ['about'] },
      { seq: 1, reason: 'created', changed: [] },
    ]);
    expect(entries[1].snapshot).toMatchObject({
      title: 'Zeiten',
      about: 'Jeden Tag außer Sonntag',
      slug: 'zeiten',
      status: 'published',
      publishAt: null,
    });
    expect(entries[3].snapshot).toMatchObject({ about: 'Jeden Tag', status: 'draft' });
    expect(entries[0].admin?.name).toBeTruthy();
    expect(await history('fr')).toEqual([]);
    expect((await agent.get(`/api/news/${id}/translations/it/revisions`)).status).toBe(404);
    expect((await agent.get(`/api/news/not-an-id/translations/de/revisions`)).status).toBe(404);
    expect((await t.http().get(`/api/news/${id}/translations/de/revisions`)).status).toBe(401);
    // Kept: the last 50.
    for (let n = 0; n < 52; n++) await translate('news', id, 'de', { ...fields, about: `Fassung ${n}` });
    const kept = await history();
    expect(kept).toHaveLength(50);
    expect(kept[0].snapshot.about).toBe('Fassung 51');
    // The item's purge takes them.
    expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
    expect((await agent.delete(`/api/trash/news/${id}`)).status).toBeLessThan(300);
    const left = await t.dataSource.query(`SELECT count(*)::int AS n FROM translation_revisions WHERE item_id = $1`, [id]);
    expect(left[0].n).toBe(0);
  });

  describe("a published translation's working copy", () => {
    const text = { title: 'Öffnungszeiten', description: 'Wann wir offen haben', about: 'Jeden Tag' };
    /** An article published in German, and its German page as a visitor reads it. */
    async function published() {
      const item = await article();
      const res = await translate('news', item.id, 'de', text);
      expect(res.status).toBe(200);
      const page = () => t.http().get(`/de/news/${res.body.slug as string}`);
      return { id: item.id, slug: res.body.slug as string, page };
    }
    const draftOf = (id: string) => `/api/news/${id}/translations/de/draft`;
    beforeAll(async () => {
      expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    });

    it('keeps saved text off the site until it is published, then it is the translation’s, with its history', async () => {
      const { id, page } = await published();
      expect((await agent.get(draftOf(id))).status).toBe(404);
      const saved = await agent
        .put(draftOf(id))
        .set('If-Match', '"0"')
        .send({ ...text, title: 'Neue Öffnungszeiten', status: 'draft' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({
        lang: 'de',
        fields: { title: 'Neue Öffnungszeiten', about: 'Jeden Tag' },
        version: 1,
        updatedBy: { name: expect.any(String) },
      });
      expect((await agent.get(draftOf(id))).body).toEqual(saved.body);
      // Visitors and the translation itself are as they were; the list says a working copy waits.
      const before = await page();
      expect(before.status).toBe(200);
      expect(before.text).toContain('Öffnungszeiten');
      expect(before.text).not.toContain('Neue Öffnungszeiten');
      const [listed] = (await agent.get(`/api/news/${id}/translations`)).body;
      expect(listed).toMatchObject({ title: 'Öffnungszeiten', status: 'published', hasDraft: true, version: 1 });
      // A second save of it moves its own version.
      const again = await agent
        .put(draftOf(id))
        .set('If-Match', '"1"')
        .send({ ...text, title: 'Neueste Öffnungszeiten' });
      expect(again.body.version).toBe(2);

      const live = await agent.post(`${draftOf(id)}/publish`).set('If-Match', '"1"');
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      expect(live.body).toMatchObject({ title: 'Neueste Öffnungszeiten', status: 'published', version: 2, hasDraft: false });
      // Its address is made from the new title, as any save's without one.
      expect((await t.http().get(`/de/news/${live.body.slug as string}`)).text).toContain('Neueste Öffnungszeiten');
      expect((await agent.get(draftOf(id))).status).toBe(404);
      const history = (await agent.get(`/api/news/${id}/translations/de/revisions`)).body as { reason: string; changed: string[] }[];
      expect(history[0]).toMatchObject({ reason: 'saved', changed: expect.arrayContaining(['title', 'slug']) });
    });

    it('answers 409 to a working copy written from an older version of it, or published over a newer translation', async () => {
      const { id } = await published();
      expect(
        (
          await agent
            .put(draftOf(id))
            .set('If-Match', '"0"')
            .send({ ...text, title: 'Tab eins' })
        ).status,
      ).toBe(200);
      const stale = await agent
        .put(draftOf(id))
        .set('If-Match', '"0"')
        .send({ ...text, title: 'Tab zwei' });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ current: { fields: { title: 'Tab eins' }, version: 1 }, changedBy: { name: expect.any(String) } });
      // A colleague saved the live translation since the working copy was made over version 1.
      expect((await translate('news', id, 'de', { ...text, title: 'Live geändert' })).body.version).toBe(2);
      const over = await agent.post(`${draftOf(id)}/publish`).set('If-Match', '"1"');
      expect(over.status).toBe(409);
      expect(over.body.current).toMatchObject({ title: 'Live geändert', version: 2, hasDraft: true });
      expect((await agent.get(draftOf(id))).body.fields.title).toBe('Tab eins');
    });

    it('has none for a translation that is not on the site, or not there at all', async () => {
      const { id } = await article();
      expect((await agent.put(draftOf(id)).send(text)).status).toBe(409);
      expect((await translate('news', id, 'de', { ...text, status: 'draft' })).status).toBe(200);
      const res = await agent.put(draftOf(id)).send(text);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: DRAFT_OF_PUBLISHED_ONLY });
      expect((await agent.post(`${draftOf(id)}/publish`)).status).toBe(404);
      expect((await agent.delete(draftOf(id))).status).toBe(404);
      expect((await agent.get(`/api/news/${id}/translations/xx/draft`)).status).toBe(404);
    });

    it('checks its text as the translation’s, and its address when it is published', async () => {
      const { id } = await published();
      const bad = await agent.put(draftOf(id)).send({ ...text, title: 'x'.repeat(201) });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error)).toEqual(['title']);
      const other = await published();
      expect((await agent.put(draftOf(id)).send({ ...text, slug: other.slug })).status).toBe(200);
      const taken = await agent.post(`${draftOf(id)}/publish`);
      expect(taken.status).toBe(409);
      expect(Object.keys(taken.body.error)).toEqual(['slug']);
      expect((await agent.get(draftOf(id))).status).toBe(200);
    });

    it('is discarded, and goes with the translation’s delete and the item’s purge', async () => {
      const { id, page } = await published();
      await agent.put(draftOf(id)).send({ ...text, title: 'Verworfen' });
      expect((await agent.delete(draftOf(id))).status).toBe(204);
      expect((await agent.get(draftOf(id))).status).toBe(404);
      expect((await page()).text).toContain('Öffnungszeiten');
      const drafts = async () =>
        Number((await t.dataSource.query(`SELECT count(*) AS n FROM translation_drafts WHERE item_id = $1`, [id]))[0].n);
      await agent.put(draftOf(id)).send(text);
      expect((await agent.delete(`/api/news/${id}/translations/de`)).status).toBe(204);
      expect(await drafts()).toBe(0);
      const second = await published();
      await agent.put(draftOf(second.id)).send(text);
      expect((await agent.delete(`/api/news/${second.id}`)).status).toBe(200);
      expect((await agent.delete(`/api/trash/news/${second.id}`)).status).toBeLessThan(300);
      expect(Number((await t.dataSource.query(`SELECT count(*) AS n FROM translation_drafts WHERE item_id = $1`, [second.id]))[0].n)).toBe(
        0,
      );
    });

    it('lets an author save one of a published translation, and only an editor publish it', async () => {
      const account = newAdmin();
      await t.app.get(AdminsService).create(account, { role: 'author' });
      const author = t.agent();
      expect((await author.post('/api/admins/login').send({ email: account.email, password: account.password })).status).toBe(200);
      const created = await author.post('/api/news').send({ title: unique('Author '), description: 'D', about: 'A' });
      const id = created.body.id as string;
      expect((await agent.put(`/api/news/${id}/translations/de`).send({ ...text, status: 'published' })).status).toBe(200);
      expect((await author.put(draftOf(id)).send({ ...text, title: 'Vorschlag' })).status).toBe(200);
      const refused = await author.post(`${draftOf(id)}/publish`);
      expect(refused.status).toBe(403);
      expect((await agent.post(`${draftOf(id)}/publish`)).body.title).toBe('Vorschlag');
    });
  });

  describe('the lists: translation states and the needs-translation filter', () => {
    /** The article's list item, found by its (unique) title, with `needsTranslation` when given. */
    async function listed(title: string, needsTranslation?: string) {
      const res = await agent.get('/api/news').query({ title, ...(needsTranslation === undefined ? {} : { needsTranslation }) });
      expect(res.status).toBe(200);
      return res.body.data as { id: string; translations: { lang: string; status: string; outdated: boolean }[] }[];
    }

    it("gives each article its translations' states in the languages' order, a missing one left out", async () => {
      const { id, title } = await article();
      expect((await listed(title))[0]).toMatchObject({ id, translations: [], hasDraft: false });
      await translate('news', id, 'fr', { title: 'Heures', description: 'd', about: 'a', status: 'draft' });
      await translate('news', id, 'de', { title: 'Zeiten', description: 'd', about: 'a' });
      expect((await listed(title))[0].translations).toEqual([
        { lang: 'de', status: 'published', outdated: false },
        { lang: 'fr', status: 'draft', outdated: false },
      ]);
      expect((await agent.patch(`/api/news/${id}`).send({ description: 'Changed' })).status).toBe(200);
      expect((await listed(title))[0].translations).toEqual([
        { lang: 'de', status: 'published', outdated: true },
        { lang: 'fr', status: 'draft', outdated: true },
      ]);
    });

    it('keeps the list items as they were besides translations (the paged list too)', async () => {
      const { id } = await article();
      const res = await agent.get('/api/news').query({ page: 1 });
      const item = (res.body.data as { id: string }[]).find((row) => row.id === id);
      const detail = (await agent.get(`/api/news/${id}`)).body as Record<string, unknown>;
      const { aboutHtml: _rendered, ...fields } = detail;
      expect(item).toEqual({ ...fields, translations: [] });
    });

    it('filters the articles missing or with an outdated translation, in one language or in any', async () => {
      const { id, title } = await article();
      const ids = async (needs: string) => (await listed(title, needs)).map((row) => row.id);
      expect(await ids('any')).toEqual([id]);
      expect(await ids('de')).toEqual([id]);
      await translate('news', id, 'de', { title: 'Zeiten', description: 'd', about: 'a', status: 'draft' });
      expect(await ids('de')).toEqual([]);
      expect(await ids('DE')).toEqual([]);
      expect(await ids('fr')).toEqual([id]);
      expect(await ids('any')).toEqual([id]);
      await translate('news', id, 'fr', { title: 'Heures', description: 'd', about: 'a' });
      expect(await ids('any')).toEqual([]);
      expect((await agent.patch(`/api/news/${id}`).send({ photoAlt: 'A door' })).status).toBe(200);
      expect(await ids('fr')).toEqual([id]);
      expect(await ids('any')).toEqual([id]);
      await translate('news', id, 'fr', { title: 'Heures', description: 'd', about: 'a', photoAlt: 'Une porte' });
      expect(await ids('fr')).toEqual([]);
      expect(await ids('any')).toEqual([id]);
      await translate('news', id, 'de', { title: 'Zeiten', description: 'd', about: 'a', photoAlt: 'Eine Tür', status: 'draft' });
      expect(await ids('any')).toEqual([]);
      expect(await ids('')).toEqual([id]);
    });

    it('states and filters the services too, on the paged list', async () => {
      const { id } = await service();
      const page = async (needsTranslation?: string) => {
        const res = await agent.get('/api/services').query(needsTranslation === undefined ? {} : { needsTranslation });
        expect(res.status).toBe(200);
        return res.body.data as { id: string; translations: unknown[] }[];
      };
      expect((await page('fr')).map((row) => row.id)).toContain(id);
      await translate('services', id, 'fr', { title: 'Réparations', about: 'Nous réparons', status: 'draft' });
      expect((await page()).find((row) => row.id === id)?.translations).toEqual([{ lang: 'fr', status: 'draft', outdated: false }]);
      expect((await page('fr')).map((row) => row.id)).not.toContain(id);
      expect((await page('any')).map((row) => row.id)).toContain(id);
    });

    it('states and filters the pages too, in the search and the paged list', async () => {
      const created = await agent
        .post('/api/pages')
        .send({ title: unique('Careers '), description: 'Jobs', body: 'Join us', status: 'published' });
      expect(created.status).toBe(201);
      const { id, title } = created.body as { id: string; title: string };
      const search = async (needsTranslation?: string) => {
        const res = await agent.get('/api/pages').query({ title, ...(needsTranslation === undefined ? {} : { needsTranslation }) });
        expect(res.status).toBe(200);
        return res.body.data as { id: string; translations: unknown[] }[];
      };
      expect((await search())[0]).toMatchObject({ id, translations: [] });
      expect((await search('de')).map((row) => row.id)).toEqual([id]);
      await translate('pages', id, 'de', { title: 'Karriere', description: 'Stellen', body: 'Komm zu uns', status: 'draft' });
      expect((await search())[0].translations).toEqual([{ lang: 'de', status: 'draft', outdated: false }]);
      expect(await search('de')).toEqual([]);
      expect((await search('any')).map((row) => row.id)).toEqual([id]);
      expect((await agent.patch(`/api/pages/${id}`).send({ body: 'Join our team' })).status).toBe(200);
      expect((await search())[0].translations).toEqual([{ lang: 'de', status: 'draft', outdated: true }]);
      expect((await search('de')).map((row) => row.id)).toEqual([id]);
      const paged = await agent.get('/api/pages').query({ needsTranslation: 'de' });
      expect(paged.status).toBe(200);
      expect((paged.body.data as { id: string }[]).map((row) => row.id)).toContain(id);
      expect((await agent.get('/api/pages').query({ needsTranslation: 'en' })).status).toBe(400);
    });

    it('answers 400 on needsTranslation for the default language, one the site does not have, or a list of values', async () => {
      for (const needsTranslation of ['en', 'it', 'x'.repeat(40)]) {
        const res = await agent.get('/api/news').query({ needsTranslation });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: { needsTranslation: { msg: 'Needs translation must be any or an enabled language other than the default' } },
        });
      }
      const twice = await agent.get('/api/services?needsTranslation=de&needsTranslation=fr');
      expect(twice.status).toBe(400);
      expect(Object.keys(twice.body.error)).toEqual(['needsTranslation']);
    });
  });
});

/** The hreflang links of a page: language → absolute URL, as a search engine reads them. */
function hreflangs(html: string): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const [, lang, href] of html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)) {
    links.set(lang, [...(links.get(lang) ?? []), href]);
  }
  return links;
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const titleOf = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the public site in three languages', () => {
  let t: TestApp;
  let agent: Agent;
  const visitor = (path: string) => t.http().get(path);
  const articles: Record<'both' | 'german' | 'english' | 'same', { id: string; slug: string; title: string }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL, pageSize: 50 });
    ({ agent } = await loggedInAgent(t));
    expect((await agent.put('/api/settings/languages').send({ languages: LANGUAGES })).status).toBe(200);
    expect((await agent.patch('/api/settings').send({ maintenance: false, companyName: 'Acme' })).status).toBe(200);
    expect((await agent.put('/api/settings/translations/de').send({ companyName: 'Acme GmbH', tagline: '' })).status).toBe(200);
    const create = async (title: string) => {
      const res = await agent.post('/api/news').send({ title, description: `About ${title}`, about: `All about ${title}` });
      expect(res.status).toBe(201);
      return res.body as { id: string; slug: string; title: string };
    };
    articles.both = await create(unique('Both languages '));
    articles.german = await create(unique('German only '));
    articles.english = await create(unique('English only '));
    articles.same = await create(unique('Same address '));
    const de = (id: string, body: Record<string, unknown>) => agent.put(`/api/news/${id}/translations/de`).send(body);
    const fr = (id: string, body: Record<string, unknown>) => agent.put(`/api/news/${id}/translations/fr`).send(body);
    expect((await de(articles.both.id, { title: 'Beide Sprachen', description: 'Auf Deutsch', about: 'Alles' })).status).toBe(200);
    expect((await fr(articles.both.id, { title: 'Les deux langues', description: 'En français', about: 'Tout' })).status).toBe(200);
    expect((await de(articles.german.id, { title: 'Nur Deutsch', description: 'Auf Deutsch', about: 'Alles' })).status).toBe(200);
    // French is a draft while German is published.
    expect((await fr(articles.german.id, { title: 'Brouillon', description: 'Pas encore', about: 'Rien', status: 'draft' })).status).toBe(
      200,
    );
    expect((await de(articles.same.id, { title: 'Gleiche Adresse', slug: articles.same.slug, description: 'd', about: 'a' })).status).toBe(
      200,
    );
    const service = await agent.post('/api/services').send({ title: unique('Repairs '), about: 'We repair things' });
    await agent.put(`/api/services/${service.body.id}/translations/de`).send({ title: 'Reparaturen', about: 'Wir reparieren' });
  });
  afterAll(() => t.close());

  it('serves the default language at the addresses it had, and the others under their prefix, in their words', async () => {
    const home = await visitor('/de/');
    expect(home.status).toBe(200);
    expect(home.text.startsWith('<!DOCTYPE html><html lang="de" dir="ltr">')).toBe(true);
    expect(home.headers['content-language']).toBe('de');
    expect(home.text).toContain('Neuigkeiten');
    expect(home.text).toContain('Acme GmbH');
    expect(home.text).toContain('Reparaturen');
    expect((await visitor('/de')).status).toBe(200);
    const english = await visitor('/');
    expect(english.headers['content-language']).toBe('en');
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    expect(english.text).not.toContain('Acme GmbH');
  });

  it('lists only the articles published in the language, and a feed per language', async () => {
    const news = await visitor('/de/news');
    expect(news.status).toBe(200);
    for (const title of ['Beide Sprachen', 'Nur Deutsch', 'Gleiche Adresse']) expect(news.text).toContain(title);
    expect(news.text).not.toContain(articles.english.title);
    expect(news.text).toContain(`href="/de/news/beide-sprachen"`);
    const french = await visitor('/fr/news');
    expect(french.text).toContain('Les deux langues');
    expect(french.text).not.toContain('Brouillon');
    const feed = await visitor('/de/news/feed.xml');
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(feed.text).toContain('xml:lang="de"');
    expect(feed.text).toContain(`href="${PUBLIC_URL}/de/news/nur-deutsch"`);
    expect(feed.text).not.toContain(articles.english.title);
    expect((await visitor('/news/feed.xml')).text).toContain(articles.english.title);
  });

  it('publishes one language while another is a draft: the draft is not found, the untranslated too', async () => {
    expect((await visitor('/de/news/nur-deutsch')).status).toBe(200);
    expect((await visitor('/fr/news/brouillon')).status).toBe(404);
    const untranslated = await visitor(`/de/news/${articles.english.slug}`);
    expect(untranslated.status).toBe(404);
    expect(untranslated.text).toContain('Seite nicht gefunden');
    expect((await visitor(`/fr/news/${articles.german.id}`)).status).toBe(404);
    const byId = await visitor(`/de/news/${articles.german.id}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.location).toBe('/de/news/nur-deutsch');
  });

  it('serves the same address in two languages, each with its own text', async () => {
    const english = await visitor(`/news/${articles.same.slug}`);
    const german = await visitor(`/de/news/${articles.same.slug}`);
    expect(titleOf(english.text)).toBe(articles.same.title);
    expect(titleOf(german.text)).toBe('Gleiche Adresse');
    expect(canonicalOf(german.text)).toBe(`${PUBLIC_URL}/de/news/${articles.same.slug}`);
  });

  it("switches language to the same article's translation, else to that language's home page", async () => {
    const page = await visitor('/de/news/nur-deutsch');
    const switcher = /<nav class="languages" aria-label="Sprachen">(.*?)<\/nav>/.exec(page.text)![1];
    expect(switcher).toContain(`href="/news/${articles.german.slug}" hrefLang="en" lang="en" dir="ltr">English</a>`);
    expect(switcher).toContain('href="/de/news/nur-deutsch" hrefLang="de" lang="de" dir="ltr" aria-current="true">Deutsch</a>');
    expect(switcher).toContain('href="/fr/" hrefLang="fr" lang="fr" dir="ltr">Français</a>');
  });

  it('tells social networks and search engines the language: og:locale, its alternates, inLanguage', async () => {
    const page = await visitor('/de/news/beide-sprachen');
    expect(page.text).toContain('<meta property="og:locale" content="de_DE"/>');
    expect(page.text).toContain('<meta property="og:locale:alternate" content="en_US"/>');
    expect(page.text).toContain('<meta property="og:locale:alternate" content="fr_FR"/>');
    expect(page.text).toContain('"inLanguage":"de"');
    expect(page.text).toContain(`"url":"${PUBLIC_URL}/de/news/beide-sprachen"`);
  });

  it('lists every language version in the sitemap with its xhtml:link alternates, and serves it at the root only', async () => {
    const sitemap = await visitor('/sitemap.xml');
    expect(sitemap.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = new RegExp(`<url><loc>${PUBLIC_URL}/fr/news/les-deux-langues</loc>.*?</url>`).exec(sitemap.text)![0];
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/news/${articles.both.slug}"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${PUBLIC_URL}/de/news/beide-sprachen"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/news/${articles.both.slug}"/>`);
    expect(sitemap.text).not.toContain('/fr/news/brouillon');
    expect((await visitor('/de/sitemap.xml')).status).toBe(404);
  });

  it('answers 404 under a prefix that is no enabled language of the site', async () => {
    for (const path of ['/it/', '/en/news', '/de/api/news', '/de/admin']) expect((await visitor(path)).status, path).toBe(404);
  });

  it('gives every public page a complete, reciprocal hreflang set with absolute URLs and one x-default', async () => {
    const paths = new Set<string>();
    for (const prefix of ['', '/de', '/fr']) {
      for (const path of ['/', '/services', '/news', '/contact']) paths.add(prefix + (path === '/' && prefix ? '/' : path));
      for (const [, href] of (await visitor(`${prefix}/news`)).text.matchAll(/<h2><a href="([^"]+)"/g)) paths.add(href);
    }
    const sets = new Map<string, Map<string, string[]>>();
    for (const path of paths) {
      const res = await visitor(path);
      expect(res.status, path).toBe(200);
      sets.set(`${PUBLIC_URL}${path}`, hreflangs(res.text));
    }
    // Three languages for the lists, and each article's published ones.
    expect(sets.size).toBe(12 + 4 + 3 + 1);
    for (const [url, links] of sets) {
      expect(links.get('x-default'), url).toHaveLength(1);
      for (const [lang, hrefs] of links) {
        expect(hrefs, `${url} ${lang}`).toHaveLength(1);
        expect(hrefs[0].startsWith(`${PUBLIC_URL}/`), hrefs[0]).toBe(true);
      }
      // Its own URL is among its versions, and each version names exactly the same set.
      expect([...links.values()].flat(), url).toContain(url);
      for (const [lang, [href]] of links) {
        if (lang === 'x-default') continue;
        expect(sets.get(href), `${url} → ${href}`).toEqual(links);
      }
    }
    const both = sets.get(`${PUBLIC_URL}/news/${articles.both.slug}`)!;
    expect([...both.keys()].sort()).toEqual(['de', 'en', 'fr', 'x-default']);
    const german = sets.get(`${PUBLIC_URL}/de/news/nur-deutsch`)!;
    expect([...german.keys()].sort()).toEqual(['de', 'en', 'x-default']);
    expect(german.get('x-default')).toEqual([`${PUBLIC_URL}/news/${articles.german.slug}`]);
  });

  it('takes the contact form in every language, records the language and says it in the mails', async () => {
    const form = await visitor('/fr/contact');
    expect(form.text).toContain('action="/fr/contact"');
    const name = unique('Visiteur ');
    const res = await t
      .http()
      .post('/fr/contact')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ name, email: 'vera@example.org', msg: 'Bonjour', phno: '', website: '' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/fr/contact/thanks');
    expect((await visitor('/fr/contact/thanks')).text).toContain('Merci');
    const [stored] = await t.dataSource.query(`SELECT lang FROM contact_messages WHERE name = $1`, [name]);
    expect(stored.lang).toBe('fr');
  });

  it('drops a page from its language once the translation is removed or its article unpublished', async () => {
    expect((await agent.delete(`/api/news/${articles.same.id}/translations/de`)).status).toBe(204);
    expect((await visitor(`/de/news/${articles.same.slug}`)).status).toBe(404);
    expect((await agent.patch(`/api/news/${articles.both.id}`).send({ status: 'draft' })).status).toBe(200);
    expect((await visitor('/de/news/beide-sprachen')).status).toBe(404);
    expect((await visitor('/de/news')).text).not.toContain('Beide Sprachen');
  });
});
