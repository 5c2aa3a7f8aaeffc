import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';
import { ORPHAN_MIN_AGE_MS, PhotoSweep } from '../../server/news/photos/photo-sweep.service';
import { unique } from '../support/unique.mjs';

// Issue #36: every create, save, publish, unpublish and restore writes a revision; the last 50,
// the live one and the pinned ones are kept; a photo stays while a kept revision names it.
describe('revisions', () => {
  let t: TestApp;
  let agent: SuperAgentTest;
  const kit = newsKit(() => ({ t, agent }));

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = (await loggedInAgent(t)) as unknown as { agent: SuperAgentTest });
  });
  afterAll(() => t.close());

  async function createService() {
    const res = await agent.post('/api/services').send({ title: unique('Service '), about: 'What we do.' });
    expect(res.status).toBe(201);
    return res.body as { id: string; version: number };
  }

  async function history(path: string, query = '') {
    const res = await agent.get(`${path}/revisions${query}`);
    expect(res.status).toBe(200);
    return res.body as {
      data: {
        seq: number;
        reason: string;
        changed: string[];
        pinned: boolean;
        live: boolean;
        draft: boolean;
        restoredFrom: number | null;
        admin: { name: string } | null;
      }[];
      next: number | null;
    };
  }

  async function storePhoto(): Promise<string> {
    const res = await agent.post('/api/photos').attach('photo', await image('jpeg', 64, 48), 'photo.jpg');
    expect(res.status).toBe(201);
    return res.body.photo as string;
  }

  describe('GET /api/services/:id/revisions', () => {
    it('lists the create and each save newest first, with who, why and which fields, and the live one marked', async () => {
      const service = await createService();
      expect(service.version).toBe(1);
      const saved = await agent.patch(`/api/services/${service.id}`).send({ about: 'Now more.' });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(2);
      const { data, next } = await history(`/api/services/${service.id}`);
      expect(next).toBeNull();
      expect(data.map((revision) => [revision.seq, revision.reason, revision.changed, revision.live])).toEqual([
        [2, 'saved', ['about'], true],
        [1, 'created', [], false],
      ]);
      expect(data[0].admin?.name).toBeTruthy();
      const one = await agent.get(`/api/services/${service.id}/revisions/1`);
      expect(one.status).toBe(200);
      expect(one.body.snapshot).toEqual({ title: expect.any(String), about: 'What we do.' });
    });

    it('writes nothing and keeps the version for an identical save', async () => {
      const service = await createService();
      await agent.patch(`/api/services/${service.id}`).send({ about: 'Changed.' }).expect(200);
      const same = await agent.patch(`/api/services/${service.id}`).send({ about: 'Changed.' });
      expect(same.body.version).toBe(2);
      expect((await history(`/api/services/${service.id}`)).data).toHaveLength(2);
    });

    it('keeps the last 50, the live one and a pinned one after 60 saves', async () => {
      const service = await createService();
      const pinned = await agent.patch(`/api/services/${service.id}/revisions/1`).send({ pinned: true, label: 'The first' });
      expect(pinned.status).toBe(200);
      expect(pinned.body).toMatchObject({ seq: 1, pinned: true, label: 'The first' });
      for (let n = 1; n <= 60; n++)
        await agent
          .patch(`/api/services/${service.id}`)
          .send({ about: `Save ${n}` })
          .expect(200);
      const first = await history(`/api/services/${service.id}`, '?limit=100');
      expect(first.data).toHaveLength(51);
      expect(first.data[0]).toMatchObject({ seq: 61, live: true });
      expect(first.data[49].seq).toBe(12);
      expect(first.data[50]).toMatchObject({ seq: 1, pinned: true });
      // The live copy stays even when 50 working-copy checkpoints come after it.
      for (let n = 1; n <= 50; n++)
        await agent
          .put(`/api/services/${service.id}/draft`)
          .send({ about: `Draft ${n}`, checkpoint: true })
          .expect(200);
      const after = await history(`/api/services/${service.id}`, '?limit=100');
      expect(after.data).toHaveLength(52);
      expect(after.data.find((revision) => revision.live)).toMatchObject({ seq: 61, draft: false });
    });

    it('pages with before and limit', async () => {
      const service = await createService();
      for (let n = 1; n <= 4; n++)
        await agent
          .patch(`/api/services/${service.id}`)
          .send({ about: `Save ${n}` })
          .expect(200);
      const page = await history(`/api/services/${service.id}`, '?limit=2');
      expect(page.data.map((revision) => revision.seq)).toEqual([5, 4]);
      expect(page.next).toBe(4);
      const older = await history(`/api/services/${service.id}`, `?limit=2&before=${page.next}`);
      expect(older.data.map((revision) => revision.seq)).toEqual([3, 2]);
      expect((await agent.get(`/api/services/${service.id}/revisions?limit=0`)).status).toBe(400);
      expect((await agent.get(`/api/services/${service.id}/revisions/99`)).status).toBe(404);
    });
  });

  describe('POST /api/{kind}/:id/revisions/:seq/restore', () => {
    it('restores into the working copy by default and straight live when asked, each a restored revision naming its source', async () => {
      const service = await createService();
      await agent.patch(`/api/services/${service.id}`).send({ about: 'Second.' }).expect(200);
      const toDraft = await agent.post(`/api/services/${service.id}/revisions/1/restore`).send({});
      expect(toDraft.status).toBe(200);
      expect(toDraft.body.to).toBe('draft');
      expect(toDraft.body.draft.snapshot.about).toBe('What we do.');
      expect(toDraft.body.item).toMatchObject({ about: 'Second.', hasDraft: true });
      const toLive = await agent.post(`/api/services/${service.id}/revisions/1/restore`).send({ to: 'live' });
      expect(toLive.status).toBe(200);
      expect(toLive.body).toMatchObject({ to: 'live', draft: null, item: { about: 'What we do.', version: 3 } });
      const { data } = await history(`/api/services/${service.id}`);
      expect(data.map((revision) => [revision.seq, revision.reason, revision.draft, revision.restoredFrom])).toEqual([
        [4, 'restored', false, 1],
        [3, 'restored', true, 1],
        [2, 'saved', false, null],
        [1, 'created', false, null],
      ]);
    });

    it('logs each change in Activity with the revision it wrote, a restore as restore-revision', async () => {
      const service = await createService();
      await agent.patch(`/api/services/${service.id}`).send({ about: 'Second.' }).expect(200);
      await agent.post(`/api/services/${service.id}/revisions/1/restore`).send({}).expect(200);
      await agent.post(`/api/services/${service.id}/revisions/1/restore`).send({ to: 'live' }).expect(200);
      const res = await agent.get('/api/activity?kind=services');
      expect(res.status).toBe(200);
      const entries = (res.body.data as { itemId: string; action: string; seq: number | null }[]).filter(
        (entry) => entry.itemId === service.id,
      );
      expect(entries.map((entry) => [entry.action, entry.seq])).toEqual([
        ['restore-revision', 4],
        ['restore-revision', 3],
        ['edit', 2],
        ['create', 1],
      ]);
    });

    it('restores an article with the photo it had, kept while a revision names it', async () => {
      const { id } = await kit.createNews();
      const first = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo: first }).expect(200);
      const second = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo: second }).expect(200);
      // The replaced photo is still stored and served: the revision before names it.
      expect(await kit.isStored(first)).toBe(true);
      expect((await t.http().get(first)).status).toBe(200);
      const { data } = await history(`/api/news/${id}`);
      const withFirst = data.find((revision) => revision.changed.includes('photo') && revision.seq === 2)!;
      const restored = await agent.post(`/api/news/${id}/revisions/${withFirst.seq}/restore`).send({ to: 'live' });
      expect(restored.status).toBe(200);
      expect(restored.body.item.photo).toBe(first);
    });

    it('removes a photo once no kept revision names it', async () => {
      const { id } = await kit.createNews();
      const photo = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo }).expect(200);
      await agent.patch(`/api/news/${id}`).send({ photo: null }).expect(200);
      expect(await kit.isStored(photo)).toBe(true);
      for (let n = 1; n <= 50; n++)
        await agent
          .patch(`/api/news/${id}`)
          .send({ about: `Save ${n}` })
          .expect(200);
      expect(await kit.isStored(photo)).toBe(false);
    });
  });

  describe('the trash and the orphan sweep', () => {
    it('keeps an article’s revisions while it is in the trash; the purge removes them, its working copy and the photos they named', async () => {
      const { id } = await kit.createNews();
      const old = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo: old }).expect(200);
      const current = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo: current }).expect(200);
      const drafted = await storePhoto();
      await agent.put(`/api/news/${id}/draft`).send({ photo: drafted }).expect(200);
      await agent.delete(`/api/news/${id}`).expect(200);
      const count = async (table: string) =>
        (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE item_id = $1`, [id]))[0].n as number;
      expect(await count('revisions')).toBe(3);
      expect(await count('drafts')).toBe(1);
      await agent.delete(`/api/trash/news/${id}`).expect(200);
      expect(await count('revisions')).toBe(0);
      expect(await count('drafts')).toBe(0);
      for (const photo of [old, current, drafted]) expect(await kit.isStored(photo)).toBe(false);
    });

    it('has the orphan sweep keep a photo that only a revision or a working copy names', async () => {
      const { id } = await kit.createNews();
      const replaced = await storePhoto();
      await agent.patch(`/api/news/${id}`).send({ photo: replaced }).expect(200);
      await agent.patch(`/api/news/${id}`).send({ photo: null }).expect(200);
      const drafted = await storePhoto();
      await agent.put(`/api/news/${id}/draft`).send({ photo: drafted }).expect(200);
      const orphan = await storePhoto();
      await t.app.get(PhotoSweep).sweep(Date.now() + 2 * ORPHAN_MIN_AGE_MS);
      expect(await kit.isStored(replaced)).toBe(true);
      expect(await kit.isStored(drafted)).toBe(true);
      expect(await kit.isStored(orphan)).toBe(false);
    });
  });

  describe('settings', () => {
    it('keeps revisions of the settings and restores one live', async () => {
      const before = await agent.get('/api/settings');
      const name = unique('Company ');
      await agent.patch('/api/settings').send({ companyName: name }).expect(200);
      const { data } = await history('/api/settings');
      expect(data[0]).toMatchObject({ reason: 'saved', changed: ['companyName'], live: true });
      const restored = await agent.post(`/api/settings/revisions/${data[1].seq}/restore`).send({});
      expect(restored.status).toBe(200);
      expect(restored.body.item.companyName).toBe(before.body.companyName);
      const after = await history('/api/settings');
      expect(after.data[0]).toMatchObject({ reason: 'restored', restoredFrom: data[1].seq });
      const activity = await agent.get('/api/activity?kind=settings');
      expect(activity.body.data[0]).toMatchObject({ action: 'restore-revision', seq: after.data[0].seq });
      expect(activity.body.data[1]).toMatchObject({ action: 'edit', seq: data[0].seq });
    });
  });
});
