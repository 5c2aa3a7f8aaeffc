import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { NOT_LOGGED_IN } from '../support/admin-helpers';
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
});
