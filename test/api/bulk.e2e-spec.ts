import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactUsService } from '../../server/contact-us/contact-us.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Kind = 'services' | 'news' | 'contactus';

const KINDS: Kind[] = ['services', 'news', 'contactus'];
const TABLES: Record<Kind, string> = { services: 'services', news: 'news', contactus: 'contact_messages' };
const NOT_FOUND: Record<Kind, string> = { services: 'Service not found', news: 'News not found', contactus: 'Message not found' };

describe('bulk actions', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  /** Makes `n` items of a kind straight in the database (fast), answering their ids. */
  async function make(kind: Kind, n: number): Promise<string[]> {
    const label = unique('Bulk ');
    if (kind === 'contactus') {
      const service = t.app.get(ContactUsService);
      return Promise.all(Array.from({ length: n }, (_, i) => service.create({ name: `${label}${i}`, email: 'v@example.com', msg: 'Hi' })));
    }
    const columns = kind === 'news' ? `(title, description, about, slug)` : `(title, about)`;
    const values = kind === 'news' ? `$1 || i, 'Short.', 'Long.', 'bulk-' || gen_random_uuid()` : `$1 || i, 'About.'`;
    const rows: { id: string }[] = await t.dataSource.query(
      `INSERT INTO ${TABLES[kind]} ${columns} SELECT ${values} FROM generate_series(1, ${n}) AS i RETURNING id`,
      [label],
    );
    return rows.map((row) => row.id);
  }

  /** Which of `ids` are live (not in the trash). */
  async function live(kind: Kind, ids: string[]): Promise<string[]> {
    const rows: { id: string }[] = await t.dataSource.query(
      `SELECT id FROM ${TABLES[kind]} WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  async function deleteEntries(ids: string[]): Promise<{ item_id: string; action: string }[]> {
    return t.dataSource.query(`SELECT item_id, action FROM activity WHERE item_id = ANY($1::uuid[]) AND action = 'delete'`, [ids]);
  }

  describe.each(KINDS)('POST /api/%s/bulk-delete', (kind) => {
    const path = `/api/${kind}/bulk-delete`;

    it('moves every item named to the trash, answers their ids and records one activity entry each', async () => {
      const ids = await make(kind, 3);
      const res = await agent.post(path).send({ ids });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ids });
      expect(await live(kind, ids)).toEqual([]);
      const entries = await deleteEntries(ids);
      expect(entries.map((e) => e.item_id).sort()).toEqual([...ids].sort());
      const trash = await agent.get('/api/trash');
      for (const id of ids) expect(trash.body.data.map((item: { id: string }) => item.id)).toContain(id);
    });

    it('takes 100 items at once; 101 answer 400 keyed ids and change nothing', async () => {
      const ids = await make(kind, 101);
      const tooMany = await agent.post(path).send({ ids });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({ error: { ids: { msg: 'Ids must name at most 100 items' } } });
      expect(await live(kind, ids)).toHaveLength(101);

      const res = await agent.post(path).send({ ids: ids.slice(0, 100) });
      expect(res.status).toBe(200);
      expect(res.body.ids).toHaveLength(100);
      expect(await live(kind, ids)).toEqual([ids[100]]);
    });

    it('answers 404 for an unknown id among known ones, and nothing changes', async () => {
      const ids = await make(kind, 3);
      const res = await agent.post(path).send({ ids: [...ids, randomUUID()] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: NOT_FOUND[kind] });
      expect((await live(kind, ids)).sort()).toEqual([...ids].sort());
      expect(await deleteEntries(ids)).toEqual([]);
    });

    it('answers 404 when one of them is already in the trash, and nothing changes', async () => {
      const ids = await make(kind, 3);
      expect((await agent.delete(`/api/${kind}/${ids[0]}`)).status).toBe(200);
      const res = await agent.post(path).send({ ids });
      expect(res.status).toBe(404);
      expect((await live(kind, ids)).sort()).toEqual(ids.slice(1).sort());
    });

    it('of two bulk deletes of the same items at once, one answers 200 and the other 404; one entry per item', async () => {
      const ids = await make(kind, 5);
      const [first, second] = await Promise.all([agent.post(path).send({ ids }), agent.post(path).send({ ids: [...ids].reverse() })]);
      expect([first.status, second.status].sort()).toEqual([200, 404]);
      expect(await live(kind, ids)).toEqual([]);
      expect(await deleteEntries(ids)).toHaveLength(5);
    });

    it('judges an id in the body as a path judges it: a well-formed UUID of no RFC version names nothing, a 404 in both', async () => {
      const id = 'e3e70682-c209-4cac-629f-6fbed82c07cd';
      const inPath = await agent.delete(`/api/${kind}/${id}`);
      const inBody = await agent.post(path).send({ ids: [id] });
      expect([inPath.status, inBody.status]).toEqual([404, 404]);
      expect(inBody.body).toEqual(inPath.body);
    });

    it('names each item once however often the list repeats it', async () => {
      const [id] = await make(kind, 1);
      const res = await agent.post(path).send({ ids: [id, id, id.toUpperCase()] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ids: [id] });
      expect(await deleteEntries([id])).toHaveLength(1);
    });

    it.each([
      [{}, 'Ids must be a list of ids'],
      [{ ids: 'abc' }, 'Ids must be a list of ids'],
      [{ ids: [] }, 'Ids must name at least one item'],
      [{ ids: ['not-a-uuid'] }, 'Each id must be a UUID'],
      [{ ids: [42] }, 'Each id must be a UUID'],
      [{ ids: [{ id: 'x' }] }, 'Each id must be a UUID'],
    ])('answers 400 keyed ids for %j', async (body, msg) => {
      const res = await agent.post(path).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { ids: { msg } } });
    });

    it('answers 401 without a session and changes nothing', async () => {
      const ids = await make(kind, 2);
      const res = await t.http().post(path).send({ ids });
      expect(res.status).toBe(401);
      expect(await live(kind, ids)).toHaveLength(2);
    });
  });

  it('deletes, restores and purges an item whose id is a UUID of no RFC version, as its own path does', async () => {
    const id = 'a1b2c3d4-0000-0000-0000-00000000beef';
    await t.dataSource.query(`INSERT INTO services (id, title, about) VALUES ($1, 'Old id', 'About.')`, [id]);
    expect((await agent.get(`/api/services/${id}`)).status).toBe(200);
    expect((await agent.post('/api/services/bulk-delete').send({ ids: [id.toUpperCase()] })).body).toEqual({ ids: [id] });
    expect((await agent.post('/api/trash/bulk-restore').send({ items: [{ kind: 'services', id }] })).body).toEqual({ ids: [id] });
    expect((await agent.get(`/api/services/${id}`)).status).toBe(200);
  });

  /** Makes items of each kind and moves them to the trash, answering them as the bulk routes name them. */
  async function trashed(counts: Partial<Record<Kind, number>>): Promise<{ kind: Kind; id: string }[]> {
    const items: { kind: Kind; id: string }[] = [];
    for (const kind of KINDS) {
      const n = counts[kind] ?? 0;
      if (n === 0) continue;
      const ids = await make(kind, n);
      // At most 100 to a request.
      for (let i = 0; i < ids.length; i += 100)
        expect((await agent.post(`/api/${kind}/bulk-delete`).send({ ids: ids.slice(i, i + 100) })).status).toBe(200);
      items.push(...ids.map((id) => ({ kind, id })));
    }
    return items;
  }

  /** Which of the items are in the trash, and which exist at all. */
  async function state(items: { kind: Kind; id: string }[]) {
    const inTrash: string[] = [];
    const existing: string[] = [];
    for (const kind of KINDS) {
      const ids = items.filter((item) => item.kind === kind).map((item) => item.id);
      if (ids.length === 0) continue;
      const rows: { id: string; trashed: boolean }[] = await t.dataSource.query(
        `SELECT id, deleted_at IS NOT NULL AS trashed FROM ${TABLES[kind]} WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      existing.push(...rows.map((row) => row.id));
      inTrash.push(...rows.filter((row) => row.trashed).map((row) => row.id));
    }
    return { inTrash: inTrash.sort(), existing: existing.sort() };
  }

  const idsOf = (items: { id: string }[]) => items.map((item) => item.id).sort();

  async function entries(action: string, items: { id: string }[]): Promise<{ item_id: string; kind: string }[]> {
    return t.dataSource.query(`SELECT item_id, kind FROM activity WHERE item_id = ANY($1::uuid[]) AND action = $2`, [
      items.map((item) => item.id),
      action,
    ]);
  }

  describe.each([
    ['bulk-restore', 'restore'],
    ['bulk-purge', 'purge'],
  ])('POST /api/trash/%s', (route, action) => {
    const path = `/api/trash/${route}`;
    const restoring = action === 'restore';

    it('takes items of every kind at once, answers their ids and records one activity entry each', async () => {
      const items = await trashed({ services: 2, news: 1, contactus: 2 });
      const res = await agent.post(path).send({ items });
      expect(res.status).toBe(200);
      expect([...res.body.ids].sort()).toEqual(idsOf(items));
      const after = await state(items);
      expect(after.inTrash).toEqual([]);
      expect(after.existing).toEqual(restoring ? idsOf(items) : []);
      const recorded = await entries(action, items);
      expect(recorded.map((entry) => entry.item_id).sort()).toEqual(idsOf(items));
      expect(recorded.find((entry) => entry.item_id === items[0].id)?.kind).toBe('services');
    });

    it('takes 100 items; 101 answer 400 keyed items and change nothing', async () => {
      const items = await trashed({ contactus: 101 });
      const tooMany = await agent.post(path).send({ items });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toEqual({ error: { items: { msg: 'Items must name at most 100 items' } } });
      expect((await state(items)).inTrash).toHaveLength(101);

      const res = await agent.post(path).send({ items: items.slice(0, 100) });
      expect(res.status).toBe(200);
      expect(res.body.ids).toHaveLength(100);
      expect((await state(items)).inTrash).toEqual([items[100].id]);
    });

    it('answers 404 for an unknown id among known ones, and nothing changes', async () => {
      const items = await trashed({ services: 2, news: 2 });
      const res = await agent.post(path).send({ items: [...items, { kind: 'news', id: randomUUID() }] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
      expect((await state(items)).inTrash).toEqual(idsOf(items));
      expect(await entries(action, items)).toEqual([]);
    });

    it('answers 404 for a live item (not in the trash) or one named with another kind, and nothing changes', async () => {
      const items = await trashed({ services: 2 });
      const [live] = await make('services', 1);
      expect((await agent.post(path).send({ items: [...items, { kind: 'services', id: live }] })).status).toBe(404);
      expect((await agent.post(path).send({ items: [...items, { kind: 'news', id: items[0].id }] })).status).toBe(404);
      expect((await state(items)).inTrash).toEqual(idsOf(items));
    });

    it('of two at once on the same items, one answers 200 and the other 404; one entry per item', async () => {
      const items = await trashed({ services: 3, contactus: 3 });
      const [first, second] = await Promise.all([agent.post(path).send({ items }), agent.post(path).send({ items: [...items].reverse() })]);
      expect([first.status, second.status].sort()).toEqual([200, 404]);
      expect((await state(items)).inTrash).toEqual([]);
      expect(await entries(action, items)).toHaveLength(6);
    });

    it.each([
      [{}, 'items', 'Items must be a list of { kind, id }'],
      [{ items: [] }, 'items', 'Items must name at least one item'],
      [{ items: ['x'] }, 'items.0', 'Each item must be { kind, id }'],
      [
        { items: [{ kind: 'admins', id: '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34' }] },
        'items.0.kind',
        'Kind must be services, news, pages or contactus',
      ],
      [{ items: [{ kind: 'news', id: 'nope' }] }, 'items.0.id', 'Id must be a UUID'],
    ])('answers 400 for %j', async (body, field, msg) => {
      const res = await agent.post(path).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    });

    it('takes an id of any UUID version, as a path does: an unknown one is the 404', async () => {
      const res = await agent.post(path).send({ items: [{ kind: 'news', id: 'e3e70682-c209-4cac-629f-6fbed82c07cd' }] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
    });

    it('answers 401 without a session and changes nothing', async () => {
      const items = await trashed({ news: 2 });
      const res = await t.http().post(path).send({ items });
      expect(res.status).toBe(401);
      expect((await state(items)).inTrash).toEqual(idsOf(items));
    });
  });

  it('a restore racing a purge of the same items: one answers 200, the other 404', async () => {
    const items = await trashed({ services: 2, news: 2 });
    const [restored, purged] = await Promise.all([
      agent.post('/api/trash/bulk-restore').send({ items }),
      agent.post('/api/trash/bulk-purge').send({ items }),
    ]);
    expect([restored.status, purged.status].sort()).toEqual([200, 404]);
    const after = await state(items);
    expect(after.inTrash).toEqual([]);
    expect(after.existing).toEqual(restored.status === 200 ? idsOf(items) : []);
  });
});
