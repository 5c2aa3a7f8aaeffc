import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const UNKNOWN_ID = '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34';
const MALFORMED_IDS = ['not-a-uuid', '123', `${UNKNOWN_ID}x`, "1' OR '1'='1", '%00'];
const NOT_FOUND = { error: 'Service not found' };
const PAGE_ERROR = { error: { page: { msg: 'Page must be a whole number from 1 to 100000' } } };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function createService(agent: Agent, fields: Partial<{ title: string; about: string }> = {}) {
  const res = await agent.post('/api/services').send({ title: unique('Service '), about: 'What we do.', ...fields });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; about: string; createdAt: string; updatedAt: string };
}

/** Per-field bad values, each with the message the field answers with. */
function badValues(label: string, max: number): [string, unknown, string][] {
  return [
    ['left out', undefined, `${label} is required`],
    ['empty', '', `${label} is required`],
    ['only whitespace', ' \n\t  ', `${label} is required`],
    [`${max + 1} characters long`, 'x'.repeat(max + 1), `${label} must be at most ${max} characters`],
    ['null', null, `${label} is required`],
    ['a number', 42, `${label} must be text`],
    ['a boolean', true, `${label} must be text`],
    ['an array', ['a'], `${label} must be text`],
    ['an object', { text: 'a' }, `${label} must be text`],
  ];
}

const FIELDS = [
  { field: 'title', label: 'Title', max: 200 },
  { field: 'about', label: 'About', max: 5000 },
] as const;

describe('services API', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  const countServices = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM services'))[0].n as number;

  describe('without a session', () => {
    it.each([
      ['GET', '/api/services'],
      ['GET', '/api/services?page=2'],
      ['GET', `/api/services/${UNKNOWN_ID}`],
      ['POST', '/api/services'],
      ['PATCH', `/api/services/${UNKNOWN_ID}`],
      ['DELETE', `/api/services/${UNKNOWN_ID}`],
    ])('%s %s answers 401', async (method, path) => {
      const http = t.http();
      const req =
        method === 'GET' ? http.get(path) : method === 'POST' ? http.post(path) : method === 'PATCH' ? http.patch(path) : http.delete(path);
      const res = await (method === 'GET' || method === 'DELETE' ? req : req.send({ title: 'T', about: 'A' }));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Not logged in' });
    });

    it('neither reads, changes nor deletes an existing service', async () => {
      const service = await createService(agent);
      const before = await countServices();
      expect((await t.http().get(`/api/services/${service.id}`)).status).toBe(401);
      expect((await t.http().patch(`/api/services/${service.id}`).send({ title: 'Hijacked' })).status).toBe(401);
      expect((await t.http().delete(`/api/services/${service.id}`)).status).toBe(401);
      expect((await t.http().post('/api/services').send({ title: 'Sneaky', about: 'A' })).status).toBe(401);
      expect(await countServices()).toBe(before);
      expect((await agent.get(`/api/services/${service.id}`)).body).toEqual(service);
    });
  });

  describe('POST /api/services', () => {
    it('creates a service and answers 201 with exactly id, title, about, createdAt and updatedAt', async () => {
      const title = unique('Service ');
      const res = await agent.post('/api/services').send({ title: `  ${title}  `, about: '\n  Line one\nLine two  \n' });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['about', 'createdAt', 'hasDraft', 'id', 'title', 'updatedAt', 'version']);
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.title).toBe(title);
      expect(res.body.about).toBe('Line one\nLine two');
      expect(res.body.createdAt).toMatch(ISO);
      expect(res.body.updatedAt).toMatch(ISO);

      const read = await agent.get(`/api/services/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    });

    it('accepts a title of 200 and an about of 5,000 characters, measured after trimming', async () => {
      const res = await agent.post('/api/services').send({ title: ` ${'t'.repeat(200)} `, about: `\n${'a'.repeat(5000)}\n` });
      expect(res.status).toBe(201);
      expect(res.body.title).toHaveLength(200);
      expect(res.body.about).toHaveLength(5000);
    });

    it('counts characters, not UTF-16 units: 200 emoji fit in a title', async () => {
      const title = '❤️'.repeat(200);
      const res = await agent.post('/api/services').send({ title, about: '🚀'.repeat(5000) });
      expect(res.status).toBe(201);
      expect((await agent.get(`/api/services/${res.body.id}`)).body.title).toBe(title);
    });

    it('answers 400 keyed by the field for a NUL character, which the database cannot store', async () => {
      const res = await agent.post('/api/services').send({ title: 'Tea\u0000 time', about: 'Hot' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { title: { msg: 'Title must not contain NUL characters' } } });
      const about = await agent.post('/api/services').send({ title: 'Tea time', about: '\u0000' });
      expect(about.status).toBe(400);
      expect(about.body).toEqual({ error: { about: { msg: 'About must not contain NUL characters' } } });
    });

    it('ignores unknown fields, including an id and timestamps of its own', async () => {
      const res = await agent
        .post('/api/services')
        .send({ title: unique('Service '), about: 'A', id: UNKNOWN_ID, createdAt: '2000-01-01T00:00:00.000Z', isAdmin: true });
      expect(res.status).toBe(201);
      expect(res.body.id).not.toBe(UNKNOWN_ID);
      expect(res.body.createdAt.startsWith('2000')).toBe(false);
      expect(res.body).not.toHaveProperty('isAdmin');
      expect((await agent.get(`/api/services/${UNKNOWN_ID}`)).status).toBe(404);
    });

    for (const { field, label, max } of FIELDS) {
      it.each(badValues(label, max))(
        `answers 400 keyed ${field} when the ${field} is %s, and stores nothing`,
        async (_case, value, msg) => {
          const before = await countServices();
          const body: Record<string, unknown> = { title: 'Valid title', about: 'Valid about' };
          if (value === undefined) delete body[field];
          else body[field] = value;
          const res = await agent.post('/api/services').send(body);
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ error: { [field]: { msg } } });
          expect(await countServices()).toBe(before);
        },
      );
    }

    it('answers with an error for each failing field at once', async () => {
      const res = await agent.post('/api/services').send({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { title: { msg: 'Title is required' }, about: { msg: 'About is required' } } });
    });

    it('answers 400, not 500, to a body that is not a JSON object', async () => {
      const malformed = await agent.post('/api/services').set('Content-Type', 'application/json').send('{"title": ');
      expect(malformed.status).toBe(400);
      const array = await agent.post('/api/services').send([{ title: 'T', about: 'A' }]);
      expect(array.status).toBe(400);
    });
  });

  describe('GET /api/services/:id', () => {
    it('answers the service', async () => {
      const service = await createService(agent, { about: 'Plumbing\nand heating' });
      const res = await agent.get(`/api/services/${service.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(service);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await agent.get(`/api/services/${UNKNOWN_ID}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it.each(MALFORMED_IDS)('answers 404, never 500 or another row, for the malformed id %j', async (id) => {
      await createService(agent);
      const res = await agent.get(`/api/services/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('PATCH /api/services/:id', () => {
    it('changes both fields, trimmed, and answers 200 with the service', async () => {
      const service = await createService(agent);
      const res = await agent.patch(`/api/services/${service.id}`).send({ title: '  New title ', about: ' New about ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: service.id, title: 'New title', about: 'New about', createdAt: service.createdAt });
      expect(Object.keys(res.body).sort()).toEqual(['about', 'createdAt', 'hasDraft', 'id', 'title', 'updatedAt', 'version']);
      expect((await agent.get(`/api/services/${service.id}`)).body).toEqual(res.body);
    });

    it('changes only the title when only the title is sent, and moves updatedAt on', async () => {
      const service = await createService(agent, { about: 'Keep me' });
      const res = await agent.patch(`/api/services/${service.id}`).send({ title: 'Only the title' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Only the title', about: 'Keep me', createdAt: service.createdAt });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(service.updatedAt));
    });

    it('changes only the about when only the about is sent', async () => {
      const service = await createService(agent);
      const res = await agent.patch(`/api/services/${service.id}`).send({ about: 'Only the about' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: service.title, about: 'Only the about' });
    });

    it('changes nothing with an empty body, or one of unknown fields only', async () => {
      const service = await createService(agent);
      for (const body of [{}, { id: UNKNOWN_ID, createdAt: '2000-01-01T00:00:00.000Z', colour: 'red' }]) {
        const res = await agent.patch(`/api/services/${service.id}`).send(body);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: service.id, title: service.title, about: service.about, createdAt: service.createdAt });
      }
    });

    it('does not move the service in the newest-first list', async () => {
      const older = await createService(agent);
      const newer = await createService(agent);
      await agent.patch(`/api/services/${older.id}`).send({ title: 'Edited later' });
      const ids = (await agent.get('/api/services')).body.data.map((s: { id: string }) => s.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    });

    for (const { field, label, max } of FIELDS) {
      it.each(badValues(label, max).filter(([, value]) => value !== undefined))(
        `answers 400 keyed ${field} when the ${field} is %s, and changes nothing`,
        async (_case, value, msg) => {
          const service = await createService(agent);
          const res = await agent.patch(`/api/services/${service.id}`).send({ [field]: value });
          expect(res.status).toBe(400);
          expect(res.body).toEqual({ error: { [field]: { msg } } });
          expect((await agent.get(`/api/services/${service.id}`)).body).toEqual(service);
        },
      );
    }

    it('answers 404 for a deleted service and does not bring it back', async () => {
      const service = await createService(agent);
      await agent.delete(`/api/services/${service.id}`);
      const res = await agent.patch(`/api/services/${service.id}`).send({ title: 'Back again?' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect((await agent.get(`/api/services/${service.id}`)).status).toBe(404);
    });

    it('answers 404 for an unknown id', async () => {
      const res = await agent.patch(`/api/services/${UNKNOWN_ID}`).send({ title: 'T' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it.each(MALFORMED_IDS)('answers 404 for the malformed id %j', async (id) => {
      const res = await agent.patch(`/api/services/${encodeURIComponent(id)}`).send({ title: 'T' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });
  });

  describe('DELETE /api/services/:id', () => {
    it('deletes the service and answers 200 with its id; a second delete answers 404', async () => {
      const keep = await createService(agent);
      const service = await createService(agent);
      const res = await agent.delete(`/api/services/${service.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: service.id });
      expect((await agent.get(`/api/services/${service.id}`)).status).toBe(404);

      const again = await agent.delete(`/api/services/${service.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual(NOT_FOUND);
      expect((await agent.get(`/api/services/${keep.id}`)).status).toBe(200);
    });

    it('answers 404 for an unknown id and deletes nothing', async () => {
      await createService(agent);
      const before = await countServices();
      const res = await agent.delete(`/api/services/${UNKNOWN_ID}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(await countServices()).toBe(before);
    });

    it.each(MALFORMED_IDS)('answers 404 for the malformed id %j and deletes nothing', async (id) => {
      await createService(agent);
      const before = await countServices();
      const res = await agent.delete(`/api/services/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(await countServices()).toBe(before);
    });
  });

  describe('GET /api/services', () => {
    it('lists services newest first, each with exactly id, title, about, createdAt and updatedAt', async () => {
      const first = await createService(agent);
      const second = await createService(agent);
      const third = await createService(agent);
      const res = await agent.get('/api/services');
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page: 1, pageSize: 10 });
      // A list item also says which translations the service has (issue #41): none on a site of one language.
      expect(res.body.data.slice(0, 3)).toEqual([third, second, first].map((service) => ({ ...service, translations: [] })));
      for (const item of res.body.data)
        expect(Object.keys(item).sort()).toEqual(['about', 'createdAt', 'hasDraft', 'id', 'title', 'translations', 'updatedAt', 'version']);
    });

    it('reads ?page=1 the same as no page', async () => {
      await createService(agent);
      const plain = await agent.get('/api/services');
      const first = await agent.get('/api/services?page=1');
      expect(first.status).toBe(200);
      expect(first.body).toEqual(plain.body);
    });

    it.each([
      ['0', 'page=0'],
      ['-1', 'page=-1'],
      ['1.5', 'page=1.5'],
      ['abc', 'page=abc'],
      ['100001', 'page=100001'],
      ['a huge number', 'page=99999999999999999999999'],
      ['empty', 'page='],
      ['repeated', 'page=1&page=2'],
    ])('answers 400 keyed page when page is %s', async (_case, query) => {
      const res = await agent.get(`/api/services?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(PAGE_ERROR);
    });

    it('accepts the highest page, 100000, as a page past the end', async () => {
      const res = await agent.get('/api/services?page=100000');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.page).toBe(100000);
    });
  });
});

/** 29 services with known times, 3 to a page: pages 1–9 are full, page 10 holds two. */
describe('paging through services', () => {
  let t: TestApp;
  let agent: Agent;
  const TOTAL = 29;
  const title = (n: number) => `Service ${String(n).padStart(2, '0')}`;
  const titlesOf = (body: { data: { title: string }[] }) => body.data.map((s) => s.title);
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const loop = (from: number, to: number, active?: number) =>
    numbers(from, to).map((number) => (number === active ? { number, active: true } : { number }));

  beforeAll(async () => {
    t = await createTestApp({ pageSize: 3 });
    ({ agent } = await loggedInAgent(t));
    // Service 01 is the newest. Services 10, 11 and 12 share one instant, so only the id orders them.
    await t.dataSource.query(
      `INSERT INTO services (title, about, created_at, updated_at)
       SELECT 'Service ' || lpad(n::text, 2, '0'), 'About ' || n, ts, ts
         FROM generate_series(1, $1::int) AS n,
              LATERAL (SELECT now() - (CASE WHEN n BETWEEN 10 AND 12 THEN 10 ELSE n END) * interval '1 minute' AS ts) AS t`,
      [TOTAL],
    );
  });
  afterAll(() => t.close());

  const get = async (page: number) => {
    const res = await agent.get(`/api/services?page=${page}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it.each([
    ['on the first page links to the first seven pages, with no previous page', 1, [1, 2, 3], null, 2, [1, 7]],
    ['on the second page keeps the window at pages 1 to 7', 2, [4, 5, 6], 1, 3, [1, 7]],
    ['on a middle page shows three pages on each side', 5, [13, 14, 15], 4, 6, [2, 8]],
    ['on the page before the last gives the spare room to the pages before it', 9, [25, 26, 27], 8, 10, [4, 10]],
    ['on the last, part-filled page has no next page', 10, [28, 29], 9, null, [4, 10]],
  ] as const)('%s', async (_behaviour, page, services, previousPage, nextPage, [from, to]) => {
    const body = await get(page);
    expect(titlesOf(body)).toEqual(services.map(title));
    expect(body.links).toEqual({ previousPage, nextPage, loopLink: loop(from, to, page) });
    expect(body.meta).toEqual({ page, pageSize: 3 });
  });

  it.each([11, 500, 100000])('past the end (page %i) answers 200 with no data and links back to the last page', async (page) => {
    const body = await get(page);
    expect(body.data).toEqual([]);
    expect(body.links).toEqual({ previousPage: 10, nextPage: null, loopLink: loop(4, 10) });
    expect(body.meta).toEqual({ page, pageSize: 3 });
  });

  it('walks every service exactly once, newest first, ties broken by id (highest first)', async () => {
    const seen: { id: string; title: string; createdAt: string }[] = [];
    for (let page = 1; page <= 10; page++) seen.push(...(await get(page)).data);
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen.map((s) => s.id)).size).toBe(TOTAL);
    const tied = seen.filter((s) => ['Service 10', 'Service 11', 'Service 12'].includes(s.title));
    expect(tied.map((s) => s.createdAt)).toEqual(Array(3).fill(tied[0].createdAt));
    expect(tied.map((s) => s.id)).toEqual(
      tied
        .map((s) => s.id)
        .sort()
        .reverse(),
    );
    const times = seen.map((s) => Date.parse(s.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('reads the page of live services from the partial index on (created_at DESC, id DESC), not by sorting the table', async () => {
    const indexes: { indexdef: string }[] = await t.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'services'`);
    expect(indexes.map((i) => i.indexdef)).toContainEqual(
      expect.stringMatching(/\(created_at DESC, id DESC\) WHERE \(deleted_at IS NULL\)$/),
    );
    await t.dataSource.query('ANALYZE services');
    const live = 'SELECT * FROM services WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC OFFSET 3 LIMIT 3';
    const plan: { 'QUERY PLAN': string }[] = await t.dataSource.query(`EXPLAIN ${live}`);
    // Tiny tables may still be scanned whole; forbid that so the planner shows what it would use.
    const forced: { 'QUERY PLAN': string }[] = await t.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(`EXPLAIN ${live}`);
    });
    expect(plan.length).toBeGreaterThan(0);
    expect(forced.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using services_created_at_id_idx/);
  });
});

describe('paging a short list', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp({ pageSize: 3 });
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  it('answers no data and no links while there are no services, and a full single page without a next page', async () => {
    for (const page of [1, 2]) {
      const empty = await agent.get(`/api/services?page=${page}`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ data: [], links: { previousPage: null, nextPage: null, loopLink: [] }, meta: { page, pageSize: 3 } });
    }

    for (let i = 0; i < 3; i++) await createService(agent);
    const full = await agent.get('/api/services');
    expect(full.body.data).toHaveLength(3);
    expect(full.body.links).toEqual({ previousPage: null, nextPage: null, loopLink: [{ number: 1, active: true }] });

    await createService(agent);
    const two = await agent.get('/api/services?page=2');
    expect(two.body.data).toHaveLength(1);
    expect(two.body.links).toEqual({ previousPage: 1, nextPage: null, loopLink: [{ number: 1 }, { number: 2, active: true }] });
  });
});
