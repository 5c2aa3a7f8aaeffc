import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import type { components } from '../../client/src/lib/api-types';
import { unique, uniqueEmail } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Entry = components['schemas']['ActivityEntry'];

const PASSWORD = 'correct horse battery';

describe('activity log', () => {
  let t: TestApp;
  let agent: Agent;
  let admin: { id: string; name: string; email: string };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent, admin } = await loggedInAgent(t, { name: unique('Auditor ') }));
  });
  afterAll(() => t.close());

  async function entries(query = ''): Promise<Entry[]> {
    const res = await agent.get(`/api/activity${query}`);
    expect(res.status).toBe(200);
    return res.body.data as Entry[];
  }

  it('answers 401 without a session', async () => {
    const res = await t.http().get('/api/activity');
    expect(res.status).toBe(401);
  });

  it('records create, edit (the fields that changed), delete, restore and purge, by whom and from where, newest first', async () => {
    const title = unique('Audited ');
    const created = await agent.post('/api/services').send({ title, about: 'About.' });
    const id = created.body.id as string;
    await agent.patch(`/api/services/${id}`).send({ title, about: 'Changed.' });
    await agent.delete(`/api/services/${id}`);
    await agent.post(`/api/trash/services/${id}/restore`);
    await agent.delete(`/api/services/${id}`);
    await agent.delete(`/api/trash/services/${id}`);

    const mine = (await entries(`?kind=services`)).filter((e) => e.itemId === id);
    expect(mine.map((e) => e.action)).toEqual(['purge', 'delete', 'restore', 'delete', 'edit', 'create']);
    for (const entry of mine) {
      expect(entry).toMatchObject({ admin: { id: admin.id, name: admin.name }, kind: 'services', label: title });
      expect(entry.address).toMatch(/^(127\.0\.0\.1|::1)$/);
    }
    expect(mine.find((e) => e.action === 'edit')?.fields).toEqual(['about']);
  });

  it('records news edits and photo changes by field name, and a message delete by its sender, never the contents', async () => {
    const news = await agent.post('/api/news').send({ title: unique('Audited news '), description: 'D', about: 'Secret body text' });
    await agent.patch(`/api/news/${news.body.id}`).send({ about: 'Another secret body' });
    const sender = unique('Sender ');
    const message = await t.http().post('/api/contactus').send({ name: sender, email: 'v@example.com', msg: 'Private words' });
    await agent.delete(`/api/contactus/${message.body.id}`);

    const all = await entries();
    expect(all.find((e) => e.itemId === news.body.id && e.action === 'edit')?.fields).toEqual(['about']);
    expect(all.find((e) => e.itemId === message.body.id)).toMatchObject({ action: 'delete', kind: 'contactus', label: sender });
    const text = JSON.stringify(await t.dataSource.query('SELECT * FROM activity'));
    expect(text).not.toContain('secret body');
    expect(text).not.toContain('Private words');
  });

  it('records sign-in, sign-out and registration by a logged-in admin', async () => {
    const email = uniqueEmail();
    const name = unique('Newcomer ');
    const reg = await agent.post('/api/admins/register').send({ name, email, password: PASSWORD });
    expect(reg.status).toBe(201);
    const other = t.agent();
    expect((await other.post('/api/admins/login').send({ email, password: PASSWORD })).status).toBe(200);
    expect((await other.post('/api/admins/logout')).status).toBe(200);

    const all = await entries();
    expect(all.find((e) => e.action === 'add' && e.itemId === reg.body.admin.id)).toMatchObject({
      kind: 'admins',
      label: name,
      admin: { id: admin.id, name: admin.name },
    });
    const theirs = await entries(`?admin=${reg.body.admin.id}`);
    expect(theirs.map((e) => e.action)).toEqual(['sign-out', 'sign-in']);
    expect(theirs.every((e) => e.kind === 'session' && e.admin?.name === name)).toBe(true);
  });

  it("records a failed sign-in by address; the account only when the email is an admin's; never the password", async () => {
    const wrong = 'not the password at all';
    expect((await t.http().post('/api/admins/login').send({ email: admin.email, password: wrong })).status).toBe(401);
    const stranger = `${unique('stranger')}@example.com`;
    expect((await t.http().post('/api/admins/login').send({ email: stranger, password: wrong })).status).toBe(401);

    const failed = (await entries('?kind=session')).filter((e) => e.action === 'sign-in-failed');
    expect(failed[0]).toMatchObject({ admin: null, itemId: null, label: null });
    expect(failed[0].address).toMatch(/127\.0\.0\.1|::1/);
    expect(failed[1]).toMatchObject({ admin: { id: admin.id }, itemId: admin.id, label: admin.email });
    const text = JSON.stringify(await t.dataSource.query('SELECT * FROM activity'));
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(stranger);
  });

  it('filters by administrator and by kind together', async () => {
    const other = await loggedInAgent(t, { name: unique('Other ') });
    await other.agent.post('/api/services').send({ title: unique('Theirs '), about: 'A' });
    await agent.post('/api/services').send({ title: unique('Mine '), about: 'A' });
    const theirs = await entries(`?admin=${other.admin.id}&kind=services`);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ action: 'create', admin: { id: other.admin.id } });
    expect((await entries(`?kind=news`)).every((e) => e.kind === 'news')).toBe(true);
  });

  it.each([
    ['admin=not-a-uuid', 'admin'],
    ['admin=1&admin=2', 'admin'],
    ['kind=everything', 'kind'],
    ['kind=news&kind=services', 'kind'],
    ['page=0', 'page'],
  ])('answers 400 keyed by the parameter for ?%s', async (query, key) => {
    const res = await agent.get(`/api/activity?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error)).toEqual([key]);
  });

  it('pages newest first with the shared links', async () => {
    const res = await agent.get('/api/activity?page=1');
    expect(res.body.meta).toEqual({ page: 1, pageSize: 10 });
    const times = (res.body.data as Entry[]).map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.links.nextPage).toBe(2);
  });

  it('offers no route to edit or delete an entry', async () => {
    const [entry] = await entries();
    for (const method of ['patch', 'put', 'delete'] as const) {
      expect((await agent[method](`/api/activity/${entry.id}`).send({ label: 'x' })).status).toBe(404);
    }
    const list = await agent.delete('/api/activity');
    expect(list.status).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD');
    expect((await entries()).map((e) => e.id)).toContain(entry.id);
  });

  it('writes a change and its entry together: a failing entry undoes the change', async () => {
    await t.dataSource.query(`
      CREATE FUNCTION refuse_activity() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'activity refused by test'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_activity BEFORE INSERT ON activity FOR EACH ROW EXECUTE FUNCTION refuse_activity();`);
    try {
      const title = unique('Never stored ');
      const res = await agent.post('/api/services').send({ title, about: 'A' });
      expect(res.status).toBe(500);
      expect(await t.dataSource.query('SELECT id FROM services WHERE title = $1', [title])).toEqual([]);
    } finally {
      await t.dataSource.query('DROP TRIGGER refuse_activity ON activity; DROP FUNCTION refuse_activity()');
    }
  });

  it('lists the administrators the log can be filtered by', async () => {
    const res = await agent.get('/api/activity/admins');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: admin.id, name: admin.name });
    expect(JSON.stringify(res.body)).not.toMatch(/email|password/);
  });

  it('reads the filtered lists from their indexes', async () => {
    const plan = async (where: string) => {
      const rows: { 'QUERY PLAN': string }[] = await t.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        return manager.query(`EXPLAIN SELECT * FROM activity ${where} ORDER BY at DESC, id DESC LIMIT 10`);
      });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await plan('')).toMatch(/Index Scan using activity_at_id_idx/);
    expect(await plan(`WHERE admin_id = '${admin.id}'`)).toMatch(/activity_admin_at_id_idx/);
    expect(await plan(`WHERE kind = 'news'`)).toMatch(/activity_kind_at_id_idx/);
  });
});
