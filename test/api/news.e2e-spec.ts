import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';
import { unique } from '../support/unique.mjs';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('news', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  const { createNews, upload, storedNames, isStored } = newsKit(() => ({ t, agent }));

  describe('without a session', () => {
    it('answers 401 on every route', async () => {
      const { id } = await createNews();
      const http = t.http;
      const replies = await Promise.all([
        http().get('/api/news'),
        http().get('/api/news?title=x'),
        http().get(`/api/news/${id}`),
        http().post('/api/news').send({ title: 'a', description: 'b', about: 'c' }),
        http().patch(`/api/news/${id}`).send({ title: 'changed' }),
        http()
          .post(`/api/news/${id}/upload`)
          .attach('photo', await canvas(20, 20).png().toBuffer(), 'a.png'),
        http().delete(`/api/news/${id}`),
      ]);
      for (const res of replies) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Not logged in' });
      }
      expect((await agent.get(`/api/news/${id}`)).body.title).not.toBe('changed');
      expect(await storedNames()).toEqual([]);
    });

    it('refuses an anonymous upload before reading its body', async () => {
      // A request that announces 50 MB and sends none of it: if the body were read first, no
      // answer would come until the client gave up. The session guard answers at once.
      const server: Server = createServer(t.app.getHttpAdapter().getInstance());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/news/${MISSING_ID}/upload`,
            headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
          });
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
            req.destroy();
          });
          req.on('error', reject);
          req.flushHeaders();
        });
        expect(status).toBe(401);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      expect(await storedNames()).toEqual([]);
    });
  });

  describe('POST /api/news', () => {
    it('creates an article with trimmed fields and answers 201 with its id', async () => {
      const res = await agent
        .post('/api/news')
        .send({ title: '  Launch day  ', description: ' We launched. ', about: '\nLine one\nLine two\n' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Launch day', description: 'We launched.', about: 'Line one\nLine two', photo: null });
      expect(res.body.id).toMatch(new RegExp(`^${UUID}$`));
      expect(new Date(res.body.createdAt).getTime()).not.toBeNaN();
      expect(new Date(res.body.updatedAt).getTime()).not.toBeNaN();
    });

    it('ignores unknown fields', async () => {
      const res = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', id: MISSING_ID });
      expect(res.status).toBe(201);
      expect(res.body.photo).toBeNull();
      expect(res.body.id).not.toBe(MISSING_ID);
    });

    it('refuses a photo that is not the path of a stored photo (photos.e2e-spec.ts has the rest)', async () => {
      const res = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', photo: '/etc/passwd' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { photo: { msg: 'Photo must be the path of a photo stored by POST /api/photos' } } });
    });

    it('answers 400 with one message per missing field', async () => {
      const res = await agent.post('/api/news').send({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          title: { msg: 'Title is required' },
          description: { msg: 'Description is required' },
          about: { msg: 'About is required' },
        },
      });
    });

    it.each([
      ['title', '   ', 'Title is required'],
      ['title', 'x'.repeat(201), 'Title must be at most 200 characters'],
      ['title', 42, 'Title must be text'],
      ['title', ['a', 'b'], 'Title must be text'],
      ['description', '', 'Description is required'],
      ['description', 'x'.repeat(1001), 'Description must be at most 1000 characters'],
      ['description', { nested: true }, 'Description must be text'],
      ['about', ' \n ', 'About is required'],
      ['about', 'x'.repeat(20_001), 'About must be at most 20000 characters'],
      ['about', true, 'About must be text'],
    ])('answers 400 keyed %s for %j', async (field, value, msg) => {
      const res = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    });

    it.each([
      ['title', 'Title'],
      ['description', 'Description'],
      ['about', 'About'],
    ])('answers 400 keyed %s for a NUL character, which PostgreSQL cannot store', async (field, label) => {
      const res = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', [field]: 'bad\u0000text' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg: `${label} must not contain NUL characters` } } });
    });

    it('accepts each field at its longest', async () => {
      const res = await agent.post('/api/news').send({ title: 't'.repeat(200), description: 'd'.repeat(1000), about: 'a'.repeat(20_000) });
      expect(res.status).toBe(201);
      expect(res.body.about).toHaveLength(20_000);
    });
  });

  describe('GET /api/news', () => {
    it('pages newest first with links from the server', async () => {
      const prefix = unique('Page ');
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await createNews({ title: `${prefix} ${i}` })).id);
      const newestFirst = [...ids].reverse();

      const first = await agent.get('/api/news');
      expect(first.status).toBe(200);
      expect(first.body.meta).toEqual({ page: 1, pageSize: 10 });
      expect(first.body.data.map((n: { id: string }) => n.id)).toEqual(newestFirst.slice(0, 10));
      expect(first.body.links.previousPage).toBeNull();
      expect(first.body.links.nextPage).toBe(2);
      expect(first.body.links.loopLink[0]).toEqual({ number: 1, active: true });
      expect(Object.keys(first.body.data[0]).sort()).toEqual([
        'about',
        'createdAt',
        'createdBy',
        'description',
        'hasDraft',
        'id',
        'photo',
        'photoAlt',
        'photoHeight',
        'photoWidth',
        'publishAt',
        'review',
        'reviewNote',
        'slug',
        'status',
        'title',
        'translations',
        'updatedAt',
        'version',
      ]);

      const second = await agent.get('/api/news?page=2');
      expect(second.status).toBe(200);
      expect(second.body.data.slice(0, 2).map((n: { id: string }) => n.id)).toEqual(newestFirst.slice(10, 12));
      expect(second.body.links.previousPage).toBe(1);
    });

    it('answers 200 with no data for a page past the end', async () => {
      const res = await agent.get('/api/news?page=100000');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
    });

    it.each(['0', '-1', 'abc', '100001', '1.5'])('answers 400 keyed page for page=%s', async (page) => {
      const res = await agent.get('/api/news').query({ page });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error)).toEqual(['page']);
    });
  });

  describe('GET /api/news?title=', () => {
    async function search(text: string) {
      const res = await agent.get('/api/news').query({ title: text });
      expect(res.status).toBe(200);
      return res.body as { data: { id: string; title: string }[]; links: unknown; meta: unknown };
    }
    const titles = (body: { data: { title: string }[] }) => body.data.map((n) => n.title).sort();

    it('matches a case-insensitive substring, newest first, without paging links', async () => {
      const u = unique('case');
      const older = await createNews({ title: `${u} MiXeD Case Words` });
      const newer = await createNews({ title: `Prefix ${u} mixed case` });
      await createNews({ title: `${u} unrelated` });
      const body = await search(`${u.toUpperCase()} MIXED`);
      expect(body.data.map((n) => n.id)).toEqual([newer.id, older.id]);
      expect(body.links).toEqual({ previousPage: null, nextPage: null, loopLink: [] });
    });

    it('treats % as itself', async () => {
      const u = unique('pct');
      await createNews({ title: `${u} 100% sure` });
      await createNews({ title: `${u} 100 sure` });
      expect(titles(await search(`${u} 100%`))).toEqual([`${u} 100% sure`]);
    });

    it('treats _ as itself', async () => {
      const u = unique('usc');
      await createNews({ title: `${u} snake_case` });
      await createNews({ title: `${u} snakeXcase` });
      expect(titles(await search(`${u} snake_c`))).toEqual([`${u} snake_case`]);
    });

    it('treats a backslash as itself', async () => {
      const u = unique('bsl');
      await createNews({ title: `${u} a\\b` });
      await createNews({ title: `${u} ab` });
      await createNews({ title: `${u} a\\\\b` });
      expect(titles(await search(`${u} a\\b`))).toEqual([`${u} a\\b`]);
      expect(titles(await search(`${u} a\\`))).toEqual([`${u} a\\\\b`, `${u} a\\b`]);
    });

    it('finds titles with single and double quotes', async () => {
      const u = unique('qte');
      await createNews({ title: `${u} it's "quoted"` });
      await createNews({ title: `${u} its quoted` });
      expect(titles(await search(`${u} it's "quo`))).toEqual([`${u} it's "quoted"`]);
      expect(titles(await search(`'; DROP TABLE news; --`))).toEqual([]);
      expect((await agent.get('/api/news')).status).toBe(200);
    });

    it('answers at most 100 articles, the newest', async () => {
      const u = unique('cap');
      await t.dataSource.query(
        `INSERT INTO news (title, slug, description, about, created_at)
         SELECT $1 || ' item ' || i, md5($1) || '-' || i, 'd', 'a', now() - make_interval(secs => i) FROM generate_series(1, 105) AS i`,
        [u],
      );
      const body = await search(`${u} item`);
      expect(body.data).toHaveLength(100);
      expect(body.data[0].title).toBe(`${u} item 1`);
      expect(body.data[99].title).toBe(`${u} item 100`);
      expect(body.links).toEqual({ previousPage: null, nextPage: null, loopLink: [] });
    });

    it('answers an empty list when nothing matches', async () => {
      const body = await search(unique('nothing'));
      expect(body.data).toEqual([]);
    });

    it('answers an empty list, not an error, for text no title can hold', async () => {
      expect((await search('x'.repeat(201))).data).toEqual([]);
      expect((await search('a\u0000b')).data).toEqual([]);
    });

    it('treats an empty title as the normal paged list', async () => {
      await createNews();
      for (const text of ['', '   ']) {
        const body = await search(text);
        expect(body.meta).toEqual({ page: 1, pageSize: 10 });
        expect(body.data.length).toBeGreaterThan(0);
      }
    });

    it('answers 400 keyed title when title is given twice', async () => {
      const res = await agent.get('/api/news?title=a&title=b');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { title: { msg: 'Title must be text' } } });
    });
  });

  describe('GET /api/news/:id', () => {
    it('answers the article', async () => {
      const created = await createNews({ about: 'Line one\nLine two' });
      const res = await agent.get(`/api/news/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.id, title: created.title, about: 'Line one\nLine two', photo: null });
    });

    it.each([MISSING_ID, 'not-a-uuid', "1' OR '1'='1"])('answers 404 for %s', async (id) => {
      const res = await agent.get(`/api/news/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
    });
  });

  describe('PATCH /api/news/:id', () => {
    it('changes only the fields sent, trimmed', async () => {
      const created = await createNews({ description: 'Old description' });
      const res = await agent.patch(`/api/news/${created.id}`).send({ title: '  New title ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.id, title: 'New title', description: 'Old description' });
      expect((await agent.get(`/api/news/${created.id}`)).body.title).toBe('New title');
    });

    it('keeps the photo, and answers the article unchanged for an empty body', async () => {
      const created = await createNews();
      const { body: withPhoto } = await upload(created.id, await canvas(40, 40).png().toBuffer());
      const changed = await agent.patch(`/api/news/${created.id}`).send({ about: 'New about' });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ about: 'New about', photo: withPhoto.photo });
      expect(await isStored(withPhoto.photo)).toBe(true);
      const unchanged = await agent.patch(`/api/news/${created.id}`).send({});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body).toMatchObject({ title: created.title, about: 'New about', photo: withPhoto.photo });
    });

    it('answers 400 keyed title for a null title instead of clearing it', async () => {
      const created = await createNews();
      const res = await agent.patch(`/api/news/${created.id}`).send({ title: null });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { title: { msg: 'Title is required' } } });
    });

    it('refuses a photo path that POST /api/photos did not answer, and keeps none', async () => {
      const created = await createNews();
      const res = await agent.patch(`/api/news/${created.id}`).send({ photo: '/uploads/news/other.webp' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { photo: { msg: 'Photo must be the path of a photo stored by POST /api/photos' } } });
      expect((await agent.get(`/api/news/${created.id}`)).body.photo).toBeNull();
    });

    it.each([
      ['title', '', 'Title is required'],
      ['description', 'x'.repeat(1001), 'Description must be at most 1000 characters'],
      ['about', 7, 'About must be text'],
    ])('answers 400 keyed %s', async (field, value, msg) => {
      const created = await createNews();
      const res = await agent.patch(`/api/news/${created.id}`).send({ [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    });

    it.each([MISSING_ID, 'nope'])('answers 404 for %s', async (id) => {
      const res = await agent.patch(`/api/news/${id}`).send({ title: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
    });
  });

  describe('DELETE /api/news/:id', () => {
    it('moves the article to the trash, keeping its photo until the article is purged', async () => {
      const { id } = await createNews();
      const { body } = await upload(id, await canvas(40, 40).png().toBuffer());
      expect(await isStored(body.photo)).toBe(true);

      const res = await agent.delete(`/api/news/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id });
      expect((await agent.get(`/api/news/${id}`)).status).toBe(404);
      expect(await isStored(body.photo)).toBe(true);

      expect((await agent.delete(`/api/trash/news/${id}`)).status).toBe(200);
      expect(await isStored(body.photo)).toBe(false);
      expect((await t.http().get(body.photo)).status).toBe(404);
    });

    it('deletes an article without a photo', async () => {
      const { id } = await createNews();
      expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
      expect((await agent.delete(`/api/news/${id}`)).status).toBe(404);
    });

    it.each([MISSING_ID, 'not-a-uuid'])('answers 404 for %s', async (id) => {
      const res = await agent.delete(`/api/news/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
    });
  });
});
