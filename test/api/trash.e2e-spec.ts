import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactUsService } from '../../server/contact-us/contact-us.service';
import { everySize } from '../../server/news/photos/photo-sizes';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { TrashService, trashSlice } from '../../server/trash/trash.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Kind = 'services' | 'news' | 'contactus';

const UNKNOWN_ID = '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34';
const DAY = 24 * 60 * 60 * 1000;

describe('trash', () => {
  let t: TestApp;
  let agent: Agent;
  let admin: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({ pageSize: 4 });
    ({ agent, admin } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  /** Makes an item of a kind and answers its id and its label (title or sender). */
  async function make(kind: Kind, label = unique(`${kind} `)): Promise<{ id: string; label: string }> {
    const res =
      kind === 'services'
        ? await agent.post('/api/services').send({ title: label, about: 'About it.' })
        : kind === 'news'
          ? await agent.post('/api/news').send({ title: label, description: 'Short.', about: 'Long.' })
          : undefined;
    // Visitors' messages are limited per address; the tests make many, so straight through the service.
    if (!res) return { id: await t.app.get(ContactUsService).create({ name: label, email: 'visitor@example.com', msg: 'Hello' }), label };
    expect(res.status).toBe(201);
    return { id: res.body.id as string, label };
  }

  async function trashed(kind: Kind, label?: string) {
    const item = await make(kind, label);
    const res = await agent.delete(`/api/${kind}/${item.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: item.id });
    return item;
  }

  /** Every item in the trash, page by page. */
  async function allTrash() {
    const items: { kind: string; id: string; label: string; deletedAt: string; deletedBy: { id: string; name: string } | null }[] = [];
    for (let page = 1; ; page++) {
      const res = await agent.get(`/api/trash?page=${page}`);
      expect(res.status).toBe(200);
      items.push(...res.body.data);
      if (res.body.links.nextPage === null) return items;
    }
  }

  describe('without a session', () => {
    it.each([
      ['GET', '/api/trash'],
      ['POST', `/api/trash/services/${UNKNOWN_ID}/restore`],
      ['DELETE', `/api/trash/services/${UNKNOWN_ID}`],
    ])('%s %s answers 401 and changes nothing', async (method, path) => {
      const item = await trashed('services');
      const http = t.http();
      const res = await (method === 'GET'
        ? http.get(path)
        : method === 'POST'
          ? http.post(path.replace(UNKNOWN_ID, item.id))
          : http.delete(path.replace(UNKNOWN_ID, item.id)));
      expect(res.status).toBe(401);
      expect((await allTrash()).map((i) => i.id)).toContain(item.id);
    });
  });

  describe('deleting moves an item to the trash', () => {
    it.each(['services', 'news', 'contactus'] as const)('%s: gone from its list and detail at once, listed in the trash', async (kind) => {
      const item = await trashed(kind);
      expect((await agent.get(`/api/${kind}/${item.id}`)).status).toBe(404);
      const list = await agent.get(`/api/${kind}`);
      expect(list.body.data.map((row: { id: string }) => row.id)).not.toContain(item.id);
      const [first] = (await agent.get('/api/trash')).body.data;
      expect(first).toEqual({
        kind,
        id: item.id,
        label: item.label,
        deletedAt: expect.any(String),
        deletedBy: { id: admin.id, name: admin.name },
      });
      // Deleting it again, or editing it, is a 404: it is not there any more.
      expect((await agent.delete(`/api/${kind}/${item.id}`)).status).toBe(404);
    });

    it('leaves the news search and rejects edits and uploads of a trashed article', async () => {
      const item = await trashed('news', unique('Findable trashed '));
      const search = await agent.get(`/api/news?title=${encodeURIComponent(item.label)}`);
      expect(search.body.data).toEqual([]);
      expect((await agent.patch(`/api/news/${item.id}`).send({ title: 'Edited' })).status).toBe(404);
      const png = await image('png', 20);
      expect((await agent.post(`/api/news/${item.id}/upload`).attach('photo', png, 'p.png')).status).toBe(404);
      const [row] = await t.dataSource.query('SELECT title, photo FROM news WHERE id = $1', [item.id]);
      expect(row).toEqual({ title: item.label, photo: null });
    });

    it('leaves the contact search and the CSV export', async () => {
      const name = unique('Exported trashed ');
      const kept = await make('contactus', `${name} kept`);
      const gone = await trashed('contactus', `${name} gone`);
      const search = await agent.get(`/api/contactus?name=${encodeURIComponent(name)}`);
      expect(search.body.data.map((row: { id: string }) => row.id)).toEqual([kept.id]);
      const csv = await agent.get(`/api/contactus/export.csv?name=${encodeURIComponent(name)}`).buffer(true);
      expect(csv.text).toContain(kept.label);
      expect(csv.text).not.toContain(gone.label);
    });

    it('rejects an edit of a trashed service', async () => {
      const item = await trashed('services');
      expect((await agent.patch(`/api/services/${item.id}`).send({ title: 'Edited' })).status).toBe(404);
    });
  });

  describe('GET /api/trash', () => {
    it('pages every kind together, newest deleted first, without duplicates', async () => {
      const made = [
        await trashed('services'),
        await trashed('news'),
        await trashed('contactus'),
        await trashed('services'),
        await trashed('news'),
      ];
      const first = await agent.get('/api/trash?page=1');
      expect(first.body.data).toHaveLength(4);
      expect(first.body.meta).toEqual({ page: 1, pageSize: 4 });
      expect(first.body.links.nextPage).toBe(2);
      expect(first.body.data.map((i: { id: string }) => i.id)).toEqual(
        made
          .reverse()
          .slice(0, 4)
          .map((i) => i.id),
      );
      const items = await allTrash();
      expect(new Set(items.map((i) => `${i.kind}/${i.id}`)).size).toBe(items.length);
      const times = items.map((i) => Date.parse(i.deletedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('answers 400 keyed page for a bad page', async () => {
      const res = await agent.get('/api/trash?page=0');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error)).toEqual(['page']);
    });

    it('says deletedBy null once the admin who deleted it is gone', async () => {
      const other = await loggedInAgent(t);
      const item = await make('services');
      expect((await other.agent.delete(`/api/services/${item.id}`)).status).toBe(200);
      await t.dataSource.query('DELETE FROM admins WHERE id = $1', [other.admin.id]);
      const found = (await allTrash()).find((i) => i.id === item.id);
      expect(found?.deletedBy).toBeNull();
    });

    it("reads a page by merging each kind's partial deleted_at index in order, never sorting the whole trash", async () => {
      await t.dataSource.query('ANALYZE services; ANALYZE news; ANALYZE contact_messages');
      const [sql, parameters] = trashSlice({ offset: 4, limit: 4 });
      const plan: { 'QUERY PLAN': string }[] = await t.dataSource.transaction(async (manager) => {
        // Tiny tables may still be scanned whole; forbid that so the planner shows what it would use.
        await manager.query('SET LOCAL enable_seqscan = off');
        await manager.query('SET LOCAL enable_bitmapscan = off');
        return manager.query(`EXPLAIN ${sql}`, parameters);
      });
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Merge Append/);
      for (const table of ['services', 'news', 'contact_messages'])
        expect(text).toMatch(new RegExp(`Index Scan using ${table}_deleted_at_id_idx`));
    });
  });

  describe('POST /api/trash/:kind/:id/restore', () => {
    it.each(['services', 'news', 'contactus'] as const)('%s: answers 200 with the item, back in its list and detail', async (kind) => {
      const item = await trashed(kind);
      const res = await agent.post(`/api/trash/${kind}/${item.id}/restore`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(item.id);
      expect(res.body).not.toHaveProperty('deletedAt');
      // An article's detail adds its rendered About (aboutHtml) to the fields the restore answers.
      expect((await agent.get(`/api/${kind}/${item.id}`)).body).toMatchObject(res.body);
      expect((await allTrash()).map((i) => i.id)).not.toContain(item.id);
      expect((await agent.post(`/api/trash/${kind}/${item.id}/restore`)).status).toBe(404);
    });

    it('answers 404 for a live item, an unknown or malformed id, and an unknown kind', async () => {
      const live = await make('services');
      expect((await agent.post(`/api/trash/services/${live.id}/restore`)).body).toEqual({ error: 'Service not found' });
      expect((await agent.post(`/api/trash/news/${UNKNOWN_ID}/restore`)).body).toEqual({ error: 'News not found' });
      expect((await agent.post(`/api/trash/contactus/not-a-uuid/restore`)).body).toEqual({ error: 'Message not found' });
      const item = await trashed('services');
      const res = await agent.post(`/api/trash/admins/${item.id}/restore`);
      expect(res.status).toBe(404);
      // A service's id under another kind is not that kind's item.
      expect((await agent.post(`/api/trash/news/${item.id}/restore`)).status).toBe(404);
      expect((await allTrash()).map((i) => i.id)).toContain(item.id);
    });

    it('of two restores at once, one answers 200 and the other 404', async () => {
      for (const kind of ['services', 'news', 'contactus'] as const) {
        const item = await trashed(kind);
        const statuses = await Promise.all([
          agent.post(`/api/trash/${kind}/${item.id}/restore`),
          agent.post(`/api/trash/${kind}/${item.id}/restore`),
        ]).then((replies) => replies.map((r) => r.status).sort());
        expect(statuses).toEqual([200, 404]);
        expect((await agent.get(`/api/${kind}/${item.id}`)).status).toBe(200);
      }
    });
  });

  describe('DELETE /api/trash/:kind/:id', () => {
    it.each(['services', 'news', 'contactus'] as const)('%s: deletes it for good', async (kind) => {
      const item = await trashed(kind);
      const res = await agent.delete(`/api/trash/${kind}/${item.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: item.id });
      const table = { services: 'services', news: 'news', contactus: 'contact_messages' }[kind];
      expect(await t.dataSource.query(`SELECT id FROM ${table} WHERE id = $1`, [item.id])).toEqual([]);
      expect((await agent.delete(`/api/trash/${kind}/${item.id}`)).status).toBe(404);
      expect((await agent.post(`/api/trash/${kind}/${item.id}/restore`)).status).toBe(404);
    });

    // A UUID's last group may be all decimal digits; the storage once took such a photo for a
    // smaller copy (`-<digits>.webp`) and kept it, served, after its article was gone.
    it("removes the photo of an article whose photo's UUID ends in twelve digits, every size of it", async () => {
      const item = await trashed('news');
      const photo = `/uploads/news/${randomUUID().slice(0, 24)}${String(Date.now()).padStart(12, '0').slice(-12)}.webp`;
      const storage = t.app.get(PhotoStorage);
      const data = await image('png', 20);
      const names = everySize(photo).map((path) => path.slice('/uploads/news/'.length));
      for (const name of names) await storage.put(name, data);
      await t.dataSource.query('UPDATE news SET photo = $2 WHERE id = $1', [item.id, photo]);

      expect((await agent.delete(`/api/trash/news/${item.id}`)).status).toBe(200);
      for (const name of names) expect(await storage.get(name), name).toBeUndefined();
    });

    it('refuses to purge a live item or an unknown kind', async () => {
      const live = await make('news');
      expect((await agent.delete(`/api/trash/news/${live.id}`)).status).toBe(404);
      expect((await agent.get(`/api/news/${live.id}`)).status).toBe(200);
      expect((await agent.delete(`/api/trash/everything/${live.id}`)).status).toBe(404);
    });

    it('of a restore and a purge at once, one answers 200 and the other 404', async () => {
      for (const kind of ['services', 'news', 'contactus'] as const) {
        const item = await trashed(kind);
        const [restore, purge] = await Promise.all([
          agent.post(`/api/trash/${kind}/${item.id}/restore`),
          agent.delete(`/api/trash/${kind}/${item.id}`),
        ]);
        expect([restore.status, purge.status].sort()).toEqual([200, 404]);
        // Whichever won, the other left no trace: restored and live, or gone.
        expect((await agent.get(`/api/${kind}/${item.id}`)).status).toBe(restore.status === 200 ? 200 : 404);
        expect((await allTrash()).map((i) => i.id)).not.toContain(item.id);
      }
    });

    it('of two purges at once, one answers 200 and the other 404', async () => {
      const item = await trashed('contactus');
      const statuses = await Promise.all([
        agent.delete(`/api/trash/contactus/${item.id}`),
        agent.delete(`/api/trash/contactus/${item.id}`),
      ]);
      expect(statuses.map((r) => r.status).sort()).toEqual([200, 404]);
    });
  });

  describe('the purge job', () => {
    const backdate = (table: string, id: string, days: number) =>
      t.dataSource.query(`UPDATE ${table} SET deleted_at = now() - $2 * interval '1 day' WHERE id = $1`, [id, days]);

    it(`purges what has been in the trash longer than TRASH_DAYS (${30}), keeps the rest, and removes a purged article's photo then`, async () => {
      expect(t.config.trashDays).toBe(30);
      const old = await make('news');
      const png = await image('png', 30);
      const { body } = await agent.post(`/api/news/${old.id}/upload`).attach('photo', png, 'p.png');
      const photoFile = join(t.config.dataDir, body.photo as string);
      expect((await agent.delete(`/api/news/${old.id}`)).status).toBe(200);
      const oldService = await trashed('services');
      const oldMessage = await trashed('contactus');
      const recent = await trashed('services');
      const live = await make('services');
      await backdate('news', old.id, 31);
      await backdate('services', oldService.id, 31);
      await backdate('contact_messages', oldMessage.id, 30.5);
      await backdate('services', recent.id, 29);

      // Kept while in the trash.
      expect(existsSync(photoFile)).toBe(true);
      const result = await t.app.get(TrashService).purgeExpired();
      expect(result?.purged).toBe(3);
      expect(existsSync(photoFile)).toBe(false);
      const ids = (await allTrash()).map((i) => i.id);
      expect(ids).not.toEqual(expect.arrayContaining([old.id]));
      expect(ids).not.toContain(oldService.id);
      expect(ids).not.toContain(oldMessage.id);
      expect(ids).toContain(recent.id);
      expect((await agent.get(`/api/services/${live.id}`)).status).toBe(200);
      expect(await t.dataSource.query('SELECT id FROM news WHERE id = $1', [old.id])).toEqual([]);
    });

    it('purges as of the time it is given (time moved forward, not waited for)', async () => {
      const item = await trashed('services');
      const service = t.app.get(TrashService);
      expect(await service.purgeExpired(new Date(Date.now() + 29 * DAY))).not.toBeNull();
      expect((await allTrash()).map((i) => i.id)).toContain(item.id);
      await service.purgeExpired(new Date(Date.now() + 31 * DAY));
      expect((await allTrash()).map((i) => i.id)).not.toContain(item.id);
    });

    it('prunes activity entries older than ACTIVITY_DAYS (365)', async () => {
      await make('services');
      const [{ n: before }] = await t.dataSource.query('SELECT count(*)::int AS n FROM activity');
      expect(before).toBeGreaterThan(0);
      await t.dataSource.query(
        `UPDATE activity SET at = now() - interval '366 days' WHERE id = (SELECT id FROM activity ORDER BY at DESC LIMIT 1)`,
      );
      const result = await t.app.get(TrashService).purgeExpired();
      expect(result?.pruned).toBe(1);
      const [{ n: after }] = await t.dataSource.query('SELECT count(*)::int AS n FROM activity');
      expect(after).toBe(before - 1);
    });

    // Sessions of the embedded database share one backend, where an advisory lock cannot exclude
    // anyone (and a held transaction stalls every other connection): replicas need PostgreSQL anyway.
    if (process.env.DATABASE_URL) {
      it('runs on one replica at a time: skips while another holds the lock', async () => {
        const item = await trashed('services');
        await backdate('services', item.id, 40);
        const runner = t.dataSource.createQueryRunner();
        await runner.connect();
        try {
          await runner.startTransaction();
          await runner.query('SELECT pg_advisory_xact_lock(727274013)');
          expect(await t.app.get(TrashService).purgeExpired()).toBeNull();
          expect((await allTrash()).map((i) => i.id)).toContain(item.id);
          await runner.commitTransaction();
        } finally {
          await runner.release();
        }
        expect((await t.app.get(TrashService).purgeExpired())?.purged).toBeGreaterThanOrEqual(1);
        expect((await allTrash()).map((i) => i.id)).not.toContain(item.id);
      });
    }
  });
});
