import { utimes } from 'node:fs/promises';
import sharp from 'sharp';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoSweep } from '../../server/news/photos/photo-sweep.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const STORED_PATH = /^\/uploads\/news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const HOUR = 3600_000;
const NOT_A_STORED_PATH = { error: { photo: { msg: 'Photo must be the path of a photo stored by POST /api/photos' } } };
const NOT_STORED = { error: { photo: { msg: 'Photo is not stored, or was stored too long ago: choose it again' } } };
const TAKEN = { error: { photo: { msg: 'Photo belongs to another article or to the logo' } } };

// Issue #34: one save per article. A photo is stored first (POST /api/photos, no row changes) and
// the article's save names it (`photo` in POST /api/news and PATCH /api/news/:id). TEST_STORAGE=s3
// runs this file against s3rver.
describe('photos', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  const { createNews, upload, storedNames, storedFile, readStored, isStored } = newsKit(() => ({ t, agent }));

  function storePhoto(file: Buffer, filename = 'photo.png') {
    return agent.post('/api/photos').attach('photo', file, filename);
  }

  async function stored(width = 60, height = 40): Promise<{ photo: string; photoWidth: number; photoHeight: number }> {
    const res = await storePhoto(await canvas(width, height).png().toBuffer());
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Every article row as the database holds it, and how many activity entries there are. */
  async function snapshot() {
    const rows: unknown[] = await t.dataSource.query('SELECT * FROM news ORDER BY id');
    const [{ count }]: { count: string }[] = await t.dataSource.query('SELECT count(*) FROM activity');
    return { rows, activity: count };
  }

  async function photoEdits(id: string) {
    const res = await agent.get('/api/activity?kind=news');
    expect(res.status).toBe(200);
    return (res.body.data as { itemId: string; action: string; fields: string[] | null }[]).filter(
      (entry) => entry.itemId === id && entry.action === 'edit' && entry.fields?.includes('photo'),
    );
  }

  describe('POST /api/photos', () => {
    it('stores the photo at every size and answers its path and size, touching no row', async () => {
      await createNews();
      const before = await snapshot();
      const names = await storedNames();

      const res = await storePhoto(await canvas(1200, 800).jpeg().toBuffer(), 'wide.jpg');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ photo: expect.stringMatching(STORED_PATH), photoWidth: 1200, photoHeight: 800 });
      const name = (res.body.photo as string).slice('/uploads/news/'.length);
      const added = (await storedNames()).filter((file) => !names.includes(file));
      expect(added.sort()).toEqual([name, name.replace('.webp', '-480.webp'), name.replace('.webp', '-960.webp')].sort());
      expect((await t.http().get(res.body.photo)).headers['content-type']).toBe('image/webp');
      expect(await snapshot()).toEqual(before);
    });

    it('answers 413 over UPLOAD_MAX_BYTES and 415 for a file that is not an accepted image, storing nothing', async () => {
      const names = await storedNames();
      const tooLarge = await storePhoto(Buffer.alloc(t.config.uploadMaxBytes + 1), 'big.jpg');
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({ error: { photo: { msg: 'Photo must be at most 5 MB' } } });
      const gif = await storePhoto(await canvas(20, 20).gif().toBuffer(), 'a.gif');
      expect(gif.status).toBe(415);
      expect(gif.body).toEqual({ error: { photo: { msg: 'Photo must be a JPEG, PNG or WebP image' } } });
      const text = await storePhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png');
      expect(text.status).toBe(415);
      expect(await storedNames()).toEqual(names);
    });

    it('answers 400 keyed photo without a file, or with one in another field', async () => {
      const none = await agent.post('/api/photos').field('note', 'no file');
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ error: { photo: { msg: 'Choose a photo' } } });
      const otherField = await agent.post('/api/photos').attach('image', await canvas(20).png().toBuffer(), 'a.png');
      expect(otherField.status).toBe(400);
      expect(otherField.body).toEqual({ error: { photo: { msg: 'Send one photo, in the field photo' } } });
    });

    it('answers 401 without a session and stores nothing', async () => {
      const names = await storedNames();
      const res = await t
        .http()
        .post('/api/photos')
        .attach('photo', await canvas(20).png().toBuffer(), 'a.png');
      expect(res.status).toBe(401);
      expect(await storedNames()).toEqual(names);
    });

    it('is kept by the orphan sweep within its grace period, long enough to be saved, and swept after', async () => {
      const { photo } = await stored();
      const sweep = t.app.get(PhotoSweep);
      await sweep.sweep(Date.now());
      expect(await isStored(photo)).toBe(true);
      await sweep.sweep(Date.now() + 2 * HOUR);
      expect(await isStored(photo)).toBe(false);
    });
  });

  describe('PATCH /api/news/:id with photo', () => {
    it('saves the article with a new photo in one request, its size read from the stored photo', async () => {
      const { id } = await createNews();
      const { photo } = await stored(300, 200);
      // The size the client claims is not taken: unknown fields are ignored.
      const res = await agent.patch(`/api/news/${id}`).send({ title: 'With a photo', photo, photoWidth: 1, photoHeight: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, title: 'With a photo', photo, photoWidth: 300, photoHeight: 200 });
      expect((await agent.get(`/api/news/${id}`)).body).toMatchObject({ photo, photoWidth: 300, photoHeight: 200 });
      const [edit] = await photoEdits(id);
      expect(edit.fields).toEqual(expect.arrayContaining(['title', 'photo']));
    });

    it('keeps the photo it replaces while a revision names it, and removes every size once the article is purged', async () => {
      const { id } = await createNews();
      const first = await stored(1200, 900);
      expect((await agent.patch(`/api/news/${id}`).send({ photo: first.photo })).status).toBe(200);
      const second = await stored(50, 50);
      const res = await agent.patch(`/api/news/${id}`).send({ photo: second.photo });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ photo: second.photo, photoWidth: 50, photoHeight: 50 });
      const sizesOfFirst = async () =>
        (await storedNames()).filter((name) => name.startsWith(first.photo.slice('/uploads/news/'.length, -'.webp'.length)));
      // The revision before this save names it (issue #36): it may be restored.
      expect(await sizesOfFirst()).not.toEqual([]);
      expect(await isStored(second.photo)).toBe(true);
      await agent.delete(`/api/news/${id}`).expect(200);
      await agent.delete(`/api/trash/news/${id}`).expect(200);
      expect(await sizesOfFirst()).toEqual([]);
      expect(await isStored(second.photo)).toBe(false);
    });

    it('changes nothing when the photo sent is the one the article has', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      const saved = await agent.patch(`/api/news/${id}`).send({ photo });
      const edits = await photoEdits(id);
      const again = await agent.patch(`/api/news/${id}`).send({ photo });
      expect(again.status).toBe(200);
      expect(again.body.updatedAt).toBe(saved.body.updatedAt);
      expect(await photoEdits(id)).toEqual(edits);
      expect(await isStored(photo)).toBe(true);
    });

    it('takes the photo away with null: the row (its files stay while a revision names them), recorded once', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      await agent.patch(`/api/news/${id}`).send({ photo });
      const before = await photoEdits(id);
      const res = await agent.patch(`/api/news/${id}`).send({ photo: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, photo: null, photoWidth: null, photoHeight: null });
      expect(await isStored(photo)).toBe(true);
      expect(await photoEdits(id)).toHaveLength(before.length + 1);
      // An article without a photo is answered as it is, with nothing recorded.
      const again = await agent.patch(`/api/news/${id}`).send({ photo: null });
      expect(again.status).toBe(200);
      expect(await photoEdits(id)).toHaveLength(before.length + 1);
    });

    it('takes the photo away through DELETE /api/news/:id/photo as through a PATCH with null', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      await agent.patch(`/api/news/${id}`).send({ photo });
      const res = await agent.delete(`/api/news/${id}/photo`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, photo: null, photoWidth: null, photoHeight: null });
      expect((await agent.get(`/api/news/${id}`)).body).toMatchObject({ photo: null });
      // Its files stay while a kept revision names the photo, as after a PATCH with null.
      expect(await isStored(photo)).toBe(true);
      expect((await agent.delete('/api/news/00000000-0000-4000-8000-000000000000/photo')).status).toBe(404);
    });

    it.each([
      ['a random string', 'not a path'],
      ['a path out of the photos', '../x.webp'],
      ['a path that climbs out of the photos', '/uploads/news/../../secret.webp'],
      ['another kind of file', '/uploads/news/0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10.png'],
      ['a number', 42],
    ])('refuses %s with 400 on photo, and changes nothing', async (_, photo) => {
      const { id } = await createNews();
      const before = await snapshot();
      const res = await agent.patch(`/api/news/${id}`).send({ title: 'Changed', photo });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(NOT_A_STORED_PATH);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a smaller copy of a stored photo: only the path POST /api/photos answers is a photo', async () => {
      const { id } = await createNews();
      const { photo } = await stored(1200, 900);
      const res = await agent.patch(`/api/news/${id}`).send({ photo: photo.replace('.webp', '-480.webp') });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(NOT_A_STORED_PATH);
    });

    it('refuses a well-formed path that is not stored, and one stored too long ago', async () => {
      const { id } = await createNews();
      const before = await snapshot();
      const missing = await agent.patch(`/api/news/${id}`).send({ photo: '/uploads/news/0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10.webp' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual(NOT_STORED);

      // The sweep may be about to take a photo this old: a save no longer names it.
      if (t.config.storage === 'local') {
        const { photo } = await stored();
        const old = new Date(Date.now() - HOUR);
        await utimes(storedFile(photo), old, old);
        const stale = await agent.patch(`/api/news/${id}`).send({ photo });
        expect(stale.status).toBe(400);
        expect(stale.body).toEqual(NOT_STORED);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("refuses the photo of another article (in the trash too) and the logo's: removing one would lose the other", async () => {
      const owner = await createNews();
      const { photo } = await stored();
      expect((await agent.patch(`/api/news/${owner.id}`).send({ photo })).status).toBe(200);
      const trashed = await createNews();
      const { photo: trashedPhoto } = await stored();
      expect((await agent.patch(`/api/news/${trashed.id}`).send({ photo: trashedPhoto })).status).toBe(200);
      expect((await agent.delete(`/api/news/${trashed.id}`)).status).toBe(200);
      const logo = await agent.post('/api/settings/logo').attach('photo', await canvas(40).png().toBuffer(), 'logo.png');
      expect(logo.status).toBe(200);

      const { id } = await createNews();
      for (const taken of [photo, trashedPhoto, logo.body.logo as string]) {
        const res = await agent.patch(`/api/news/${id}`).send({ photo: taken });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(TAKEN);
        const created = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', photo: taken });
        expect(created.status).toBe(400);
        expect(created.body).toEqual(TAKEN);
      }
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBeNull();
      expect(await isStored(photo)).toBe(true);
      expect(await isStored(trashedPhoto)).toBe(true);
    });

    it('gives one photo to one article when two saves name it at once', async () => {
      const [a, b] = [await createNews(), await createNews()];
      const { photo } = await stored();
      const replies = await Promise.all([a, b].map(({ id }) => agent.patch(`/api/news/${id}`).send({ photo })));
      const [saved, refused] = [...replies].sort((x, y) => x.status - y.status);
      expect(saved.status).toBe(200);
      // Refused by the check (400), or by news_photo_key when both checked before either committed (409).
      expect([400, 409]).toContain(refused.status);
      expect(refused.body).toEqual(TAKEN);
      const [rows]: [{ count: string }] = await t.dataSource.query('SELECT count(*) FROM news WHERE photo = $1', [photo]);
      expect(rows.count).toBe('1');
    });

    it('answers 404 for an unknown id, a malformed id and an article in the trash, and keeps the photo', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      await agent.patch(`/api/news/${id}`).send({ photo });
      expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
      const other = await stored();
      for (const target of [MISSING_ID, 'not-a-uuid', id]) {
        for (const sent of [null, other.photo]) {
          const res = await agent.patch(`/api/news/${target}`).send({ photo: sent });
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ error: 'News not found' });
        }
      }
      expect(await isStored(photo)).toBe(true);
    });

    it('keeps both photos when the change cannot commit; the new one is left to the orphan sweep', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      await agent.patch(`/api/news/${id}`).send({ photo });
      const next = await stored();
      // The activity entry is written in the same transaction: refusing it rolls the change back.
      await t.dataSource.query(`
        CREATE FUNCTION refuse_activity() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'activity refused by test'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_activity BEFORE INSERT ON activity FOR EACH ROW EXECUTE FUNCTION refuse_activity();`);
      try {
        for (const sent of [next.photo, null]) {
          const res = await agent.patch(`/api/news/${id}`).send({ photo: sent });
          expect(res.status).toBe(500);
          expect(res.body).toEqual({ error: 'Something went wrong' });
        }
      } finally {
        await t.dataSource.query('DROP TRIGGER refuse_activity ON activity; DROP FUNCTION refuse_activity()');
      }
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBe(photo);
      expect(await isStored(photo)).toBe(true);
      expect(await isStored(next.photo)).toBe(true);
    });
  });

  describe('POST /api/news with photo', () => {
    it('creates the article with its photo in one request, its size read from the stored photo', async () => {
      const { photo } = await stored(90, 120);
      const res = await agent.post('/api/news').send({ title: 'New with photo', description: 'D', about: 'A', photo });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'New with photo', photo, photoWidth: 90, photoHeight: 120 });
      expect((await agent.get(`/api/news/${res.body.id}`)).body).toMatchObject({ photo, photoWidth: 90, photoHeight: 120 });
    });

    it('creates an article without a photo when photo is null or left out', async () => {
      for (const fields of [{ photo: null }, {}]) {
        const res = await agent.post('/api/news').send({ title: 'No photo', description: 'D', about: 'A', ...fields });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ photo: null, photoWidth: null, photoHeight: null });
      }
    });

    it('refuses a path that is not a stored photo with 400 on photo, and creates nothing', async () => {
      const before = await snapshot();
      for (const [photo, reply] of [
        ['../x.webp', NOT_A_STORED_PATH],
        ['/uploads/news/0b5c4f8e-3d1a-4c53-9a0e-2f6f1d7a9b10.webp', NOT_STORED],
      ] as const) {
        const res = await agent.post('/api/news').send({ title: 'Refused', description: 'D', about: 'A', photo });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(reply);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('POST /api/news/:id/upload (stores and saves in one)', () => {
    it('stores the photo and points the article at it, keeping the one it replaces for its revision', async () => {
      const { id } = await createNews();
      const { photo } = await stored();
      await agent.patch(`/api/news/${id}`).send({ photo });
      const res = await upload(id, await canvas(64, 48).png().toBuffer(), 'a.png');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, photo: expect.stringMatching(STORED_PATH), photoWidth: 64, photoHeight: 48 });
      expect((await sharp(await readStored(res.body.photo)).metadata()).width).toBe(64);
      expect(await isStored(photo)).toBe(true);
    });
  });
});
