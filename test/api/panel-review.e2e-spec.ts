import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

// Issue #26's API: removing a news photo, and how long the trash keeps an item.
describe('panel review', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp({ trashDays: 12 });
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  const { createNews, upload, storedNames, isStored } = newsKit(() => ({ t, agent }));

  async function withPhoto() {
    const { id } = await createNews();
    const res = await upload(id, await canvas(60, 40).png().toBuffer());
    expect(res.status).toBe(200);
    return { id, photo: res.body.photo as string };
  }

  async function photoEdits(id: string) {
    const res = await agent.get('/api/activity?kind=news');
    expect(res.status).toBe(200);
    return (res.body.data as { itemId: string; action: string; fields: string[] | null }[]).filter(
      (entry) => entry.itemId === id && entry.action === 'edit' && entry.fields?.includes('photo'),
    );
  }

  describe('DELETE /api/news/:id/photo', () => {
    it('answers 200 with the article without its photo, removes the file and records the change', async () => {
      const { id, photo } = await withPhoto();
      expect(await isStored(photo)).toBe(true);
      const before = await photoEdits(id);

      const res = await agent.delete(`/api/news/${id}/photo`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, photo: null });
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBeNull();
      expect(await isStored(photo)).toBe(false);
      expect(await photoEdits(id)).toHaveLength(before.length + 1);
    });

    it('answers an article that has no photo as it is, with nothing recorded', async () => {
      const { id } = await createNews();
      const before = await photoEdits(id);
      const res = await agent.delete(`/api/news/${id}/photo`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, photo: null });
      expect(await photoEdits(id)).toHaveLength(before.length);
    });

    it('answers 404 for an unknown id, a malformed id and an article in the trash, and keeps the photo', async () => {
      const { id, photo } = await withPhoto();
      expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
      for (const target of [MISSING_ID, 'not-a-uuid', id]) {
        const res = await agent.delete(`/api/news/${target}/photo`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'News not found' });
      }
      expect(await isStored(photo)).toBe(true);
    });

    it('answers 401 without a session and changes nothing', async () => {
      const { id, photo } = await withPhoto();
      const res = await t.http().delete(`/api/news/${id}/photo`);
      expect(res.status).toBe(401);
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBe(photo);
      expect(await isStored(photo)).toBe(true);
    });

    it('keeps the photo and its file when the change cannot commit', async () => {
      const { id, photo } = await withPhoto();
      const before = await storedNames();
      // The activity entry is written in the same transaction: refusing it rolls the change back.
      await t.dataSource.query(`
        CREATE FUNCTION refuse_activity() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'activity refused by test'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_activity BEFORE INSERT ON activity FOR EACH ROW EXECUTE FUNCTION refuse_activity();`);
      try {
        const res = await agent.delete(`/api/news/${id}/photo`);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: 'Something went wrong' });
      } finally {
        await t.dataSource.query('DROP TRIGGER refuse_activity ON activity; DROP FUNCTION refuse_activity()');
      }
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBe(photo);
      expect(await isStored(photo)).toBe(true);
      expect(await storedNames()).toEqual(before);
    });
  });

  describe('GET /api/trash', () => {
    it('says how many days an item is kept (TRASH_DAYS), on every page', async () => {
      for (const page of [1, 2]) {
        const res = await agent.get(`/api/trash?page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body.trashDays).toBe(12);
      }
    });
  });
});
