import { relative } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas } from '../support/images.mjs';
import { filesUnder, newsKit } from '../support/news-kit';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STORED_PATH = new RegExp(`^/uploads/news/${UUID}\\.webp$`);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
/** The keys the app keeps in DATA_DIR when the environment gives none (session secret, secrets key). */
const KEY_FILES = ['session-secret', 'secrets-key'];
const TYPE_MESSAGE = { error: { photo: { msg: 'Photo must be a JPEG, PNG or WebP image' } } };

/** A JPEG as a phone writes it: camera make and model and a GPS position in its EXIF. */
function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return canvas(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 15', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
    })
    .toBuffer();
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  const check = Buffer.alloc(4);
  check.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, check]);
}

/** A valid PNG header that claims 20000×20000 pixels (400 megapixels) in about 80 bytes. */
function pixelFloodPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

// The photo uploads and how stored photos are served (TEST_STORAGE=s3 runs this file against s3rver).
describe('news', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  const { createNews, upload, storedFile, onDisk, storedNames, readStored, isStored } = newsKit(() => ({ t, agent }));

  describe('POST /api/news/:id/upload', () => {
    it('stores a JPEG as an upright WebP of at most 1600 px, without EXIF or GPS, under a random name', async () => {
      const { id } = await createNews();
      const original = await jpegWithGps(2400, 1800);
      expect((await sharp(original).metadata()).exif).toBeDefined();

      const res = await upload(id, original, 'holiday.jpg');
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
      expect(res.body.photo).toMatch(STORED_PATH);
      expect(res.body.photo).not.toContain('holiday');
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBe(res.body.photo);

      const stored = await readStored(res.body.photo);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([1600, 1200]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
      expect(stored.includes(Buffer.from('GPS'))).toBe(false);
    });

    it('turns a photo upright by its EXIF orientation', async () => {
      const { id } = await createNews();
      // 300×200 pixels, with the camera's note that they are to be shown turned 90°.
      const sideways = await canvas(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const res = await upload(id, sideways);
      expect(res.status).toBe(200);
      const meta = await sharp(await readStored(res.body.photo)).metadata();
      expect([meta.width, meta.height]).toEqual([200, 300]);
      expect(meta.orientation).toBeUndefined();
    });

    it('accepts a PNG and a WebP, and does not enlarge a small image', async () => {
      const { id } = await createNews();
      const png = await upload(id, await canvas(320, 240).png().toBuffer(), 'small.png');
      expect(png.status).toBe(200);
      const pngMeta = await sharp(await readStored(png.body.photo)).metadata();
      expect([pngMeta.format, pngMeta.width, pngMeta.height]).toEqual(['webp', 320, 240]);

      const webp = await upload(id, await canvas(1000, 3000).webp().toBuffer(), 'tall.webp');
      expect(webp.status).toBe(200);
      const webpMeta = await sharp(await readStored(webp.body.photo)).metadata();
      expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', 533, 1600]);
    });

    it('judges the type by the bytes, not the name or the declared type', async () => {
      const { id } = await createNews();
      const res = await agent
        .post(`/api/news/${id}/upload`)
        .attach('photo', await canvas(50, 50).png().toBuffer(), { filename: 'notes.txt', contentType: 'text/plain' });
      expect(res.status).toBe(200);
      expect(res.body.photo).toMatch(STORED_PATH);
    });

    it.each([
      ['an SVG', SVG, 'logo.svg'],
      ['an SVG renamed .png', SVG, 'logo.png'],
      ['an HTML page renamed .png', HTML, 'page.png'],
      ['a text file', Buffer.from('hello'), 'hello.jpg'],
    ])('answers 415 for %s and stores nothing', async (_label, file, filename) => {
      const { id } = await createNews();
      const before = await storedNames();
      const res = await upload(id, file, filename);
      expect(res.status).toBe(415);
      expect(res.body).toEqual(TYPE_MESSAGE);
      expect(await storedNames()).toEqual(before);
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBeNull();
    });

    it('answers 415 for a GIF, an image type it does not take', async () => {
      const { id } = await createNews();
      const res = await upload(id, await canvas(20, 20).gif().toBuffer(), 'anim.gif');
      expect(res.status).toBe(415);
      expect(res.body).toEqual(TYPE_MESSAGE);
    });

    it('answers 415 with a clear message for a damaged JPEG', async () => {
      const { id } = await createNews();
      const whole = await canvas(400, 300).jpeg().toBuffer();
      const res = await upload(id, whole.subarray(0, 200), 'cut.jpg');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: { photo: { msg: 'Photo could not be read: the file may be damaged' } } });
    });

    it('answers 413 for one byte over UPLOAD_MAX_BYTES and stores nothing', async () => {
      const { id } = await createNews();
      const before = await storedNames();
      const res = await upload(id, Buffer.alloc(t.config.uploadMaxBytes + 1, 0xff), 'huge.jpg');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { photo: { msg: 'Photo must be at most 5 MB' } } });
      expect(await storedNames()).toEqual(before);
    });

    it('answers 413 for a pixel flood: a tiny file claiming 20000×20000 pixels', async () => {
      const { id } = await createNews();
      const before = await storedNames();
      const flood = pixelFloodPng();
      expect(flood.length).toBeLessThan(200);
      const res = await upload(id, flood, 'flood.png');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: { photo: { msg: 'Photo must be at most 40 megapixels' } } });
      expect(await storedNames()).toEqual(before);
    });

    it('ignores a path in the file name: the stored name is random and nothing lands outside uploads', async () => {
      const { id } = await createNews();
      const res = await upload(id, await canvas(30, 30).png().toBuffer(), '../../evil.png');
      expect(res.status).toBe(200);
      expect(res.body.photo).toMatch(STORED_PATH);
      const everything = filesUnder(t.config.dataDir).map((file) => file.split('\\').join('/'));
      expect(everything.filter((file) => file.includes('evil'))).toEqual([]);
      if (onDisk()) {
        const stored = relative(t.config.dataDir, storedFile(res.body.photo));
        expect(everything).toContain(stored);
        expect(everything.filter((file) => !file.startsWith('uploads/news/') && !KEY_FILES.includes(file))).toEqual([]);
      } else {
        expect(everything.filter((file) => !KEY_FILES.includes(file))).toEqual([]);
        expect(await storedNames()).toContain(res.body.photo.slice('/uploads/news/'.length));
        expect((await storedNames()).filter((name) => name.includes('evil'))).toEqual([]);
      }
    });

    it('replaces a photo and keeps the old file while a revision names it', async () => {
      const { id } = await createNews();
      const first = await upload(id, await canvas(40, 40).png().toBuffer(), 'one.png');
      const second = await upload(id, await canvas(60, 60).png().toBuffer(), 'two.png');
      expect(second.status).toBe(200);
      expect(second.body.photo).not.toBe(first.body.photo);
      expect(await isStored(first.body.photo)).toBe(true);
      expect(await isStored(second.body.photo)).toBe(true);
      expect(new Date(second.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.body.updatedAt).getTime());
    });

    it('leaves exactly the photos the row and its revisions name when uploads race', async () => {
      const { id } = await createNews();
      const before = await storedNames();
      const replies = await Promise.all(
        [30, 40, 50, 60].map(async (size) => upload(id, await canvas(size, size).png().toBuffer(), `${size}.png`)),
      );
      expect(replies.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      const { photo } = (await agent.get(`/api/news/${id}`)).body;
      const added = (await storedNames()).filter((file) => !before.includes(file));
      const named: { files: string[] }[] = await t.dataSource.query(`SELECT files FROM revisions WHERE item_id = $1`, [id]);
      const kept = new Set([photo, ...named.flatMap((row) => row.files)].map((path: string) => path.slice('/uploads/news/'.length)));
      expect(added.sort()).toEqual([...kept].sort());
      expect(added).toContain(photo.slice('/uploads/news/'.length));
    });

    it('answers 200 and changes nothing when no file is sent', async () => {
      const { id } = await createNews();
      const withPhoto = await upload(id, await canvas(40, 40).png().toBuffer());
      const before = await storedNames();
      const multipartWithoutFile = await agent.post(`/api/news/${id}/upload`).field('note', 'no file chosen');
      expect(multipartWithoutFile.status).toBe(200);
      expect(multipartWithoutFile.body.photo).toBe(withPhoto.body.photo);
      const noBody = await agent.post(`/api/news/${id}/upload`);
      expect(noBody.status).toBe(200);
      expect(noBody.body.photo).toBe(withPhoto.body.photo);
      expect(await storedNames()).toEqual(before);
    });

    it('answers 400 keyed photo for a file in another field or for two files', async () => {
      const { id } = await createNews();
      const png = await canvas(20, 20).png().toBuffer();
      const otherField = await agent.post(`/api/news/${id}/upload`).attach('image', png, 'a.png');
      expect(otherField.status).toBe(400);
      expect(otherField.body).toEqual({ error: { photo: { msg: 'Send one photo, in the field photo' } } });
      const twoFiles = await agent.post(`/api/news/${id}/upload`).attach('photo', png, 'a.png').attach('photo', png, 'b.png');
      expect(twoFiles.status).toBe(400);
      expect(twoFiles.body).toEqual({ error: { photo: { msg: 'Send one photo, in the field photo' } } });
    });

    it.each([MISSING_ID, 'not-a-uuid'])('answers 404 for %s and stores nothing', async (id) => {
      const before = await storedNames();
      const res = await upload(id, await canvas(20, 20).png().toBuffer());
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'News not found' });
      expect(await storedNames()).toEqual(before);
    });

    it('removes the new file when the row update fails, and keeps the old photo', async () => {
      const { id } = await createNews();
      const kept = await upload(id, await canvas(40, 40).png().toBuffer());
      const before = await storedNames();
      // A trigger makes the database refuse this article's photo change, deterministically, after
      // the new file has been written.
      await t.dataSource.query(`
        CREATE FUNCTION refuse_photo_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'photo change refused by test'; END $$`);
      await t.dataSource.query(`
        CREATE TRIGGER refuse_photo_change BEFORE UPDATE OF photo ON news
        FOR EACH ROW WHEN (OLD.id = '${id}') EXECUTE FUNCTION refuse_photo_change()`);
      try {
        const res = await upload(id, await canvas(80, 80).png().toBuffer());
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: 'Something went wrong' });
      } finally {
        await t.dataSource.query(`DROP TRIGGER refuse_photo_change ON news`);
        await t.dataSource.query(`DROP FUNCTION refuse_photo_change()`);
      }
      expect(await storedNames()).toEqual(before);
      expect((await agent.get(`/api/news/${id}`)).body.photo).toBe(kept.body.photo);
      expect(await isStored(kept.body.photo)).toBe(true);
    });

    it('answers 404 and removes the new file when the article is deleted while its photo is stored', async () => {
      const { id } = await createNews();
      const before = await storedNames();
      const storage = t.app.get(PhotoStorage);
      const save = storage.savePhoto.bind(storage);
      // The article disappears between writing the file and updating the row.
      const spy = vi.spyOn(storage, 'savePhoto').mockImplementationOnce(async (data) => {
        const path = await save(data);
        expect(await isStored(path)).toBe(true);
        await t.dataSource.query('DELETE FROM news WHERE id = $1', [id]);
        return path;
      });
      try {
        const res = await upload(id, await canvas(40, 40).png().toBuffer());
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'News not found' });
      } finally {
        spy.mockRestore();
      }
      expect(await storedNames()).toEqual(before);
    });
  });

  describe('serving photos', () => {
    it('serves a stored photo as image/webp with nosniff and an immutable cache lifetime', async () => {
      const { id } = await createNews();
      const res = await upload(id, await canvas(40, 40).png().toBuffer());
      const photo = await t.http().get(res.body.photo).buffer(true);
      expect(photo.status).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      expect(photo.headers['cache-control']).toContain('immutable');
      expect(photo.headers['content-security-policy']).toContain('sandbox');
      expect(Buffer.compare(photo.body as Buffer, await readStored(res.body.photo))).toBe(0);
    });

    it('answers a Range request with 206 and Content-Range, and a matching ETag with 304', async () => {
      const { id } = await createNews();
      const res = await upload(id, await canvas(40, 40).png().toBuffer());
      const whole = await readStored(res.body.photo);
      const part = await t.http().get(res.body.photo).set('Range', 'bytes=0-9').buffer(true);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.length}`);
      expect(Buffer.compare(part.body as Buffer, whole.subarray(0, 10))).toBe(0);
      expect(part.headers['content-security-policy']).toContain('sandbox');

      const first = await t.http().get(res.body.photo);
      expect(first.headers.etag).toBeTruthy();
      const again = await t.http().get(res.body.photo).set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
    });

    it('answers 404 for a photo that is not stored, and for a name the storage never writes', async () => {
      for (const path of [
        '/uploads/news/00000000-0000-4000-8000-000000000000.webp',
        '/uploads/news/..%2Fsession-secret',
        '/uploads/other',
      ]) {
        const res = await t.http().get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Not found' });
      }
    });
  });
});
