import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const STORED_PATH = new RegExp(`^/uploads/news/${UUID}\\.webp$`);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const TYPE_MESSAGE = { error: { photo: { msg: 'Photo must be a JPEG, PNG or WebP image' } } };

// Images made in memory: every test builds exactly the file it needs.
function canvas(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
}

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

/** Every file under `dir`, as paths relative to it ([] when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

describe('news', () => {
  let t: TestApp;
  let agent: SuperAgentTest;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
    uploadsDir = join(t.config.dataDir, 'uploads', 'news');
  });
  afterAll(() => t.close());

  async function createNews(fields: Partial<{ title: string; description: string; about: string }> = {}) {
    const res = await agent
      .post('/api/news')
      .send({ title: unique('Title '), description: 'A description', about: 'About text', ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; title: string; photo: string | null };
  }

  function upload(id: string, file: Buffer, filename = 'photo.jpg') {
    return agent.post(`/api/news/${id}/upload`).attach('photo', file, filename);
  }

  function storedFile(publicPath: string): string {
    return join(t.config.dataDir, publicPath);
  }

  // The same assertions hold on either driver (TEST_STORAGE=s3 runs this file against s3rver).
  const onDisk = () => t.config.storage === 'local';
  /** What the storage holds: every file under uploads/news on disk (temporary ones too), or every object. */
  async function storedNames(): Promise<string[]> {
    if (onDisk()) return filesUnder(uploadsDir);
    const names: string[] = [];
    for await (const photo of t.app.get(PhotoStorage).list()) names.push(photo.name);
    return names.sort();
  }
  async function readStored(publicPath: string): Promise<Buffer> {
    const data = await t.app.get(PhotoStorage).get(publicPath.slice('/uploads/news/'.length));
    if (!data) throw new Error(`${publicPath} is not stored`);
    return data;
  }
  async function isStored(publicPath: string): Promise<boolean> {
    if (onDisk()) return existsSync(storedFile(publicPath));
    return (await t.app.get(PhotoStorage).get(publicPath.slice('/uploads/news/'.length))) !== undefined;
  }

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

    it('ignores unknown fields, including a photo path sent as JSON', async () => {
      const res = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A', photo: '/etc/passwd', id: MISSING_ID });
      expect(res.status).toBe(201);
      expect(res.body.photo).toBeNull();
      expect(res.body.id).not.toBe(MISSING_ID);
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
      expect(Object.keys(first.body.data[0]).sort()).toEqual(['about', 'createdAt', 'description', 'id', 'photo', 'title', 'updatedAt']);

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
        `INSERT INTO news (title, description, about, created_at)
         SELECT $1 || ' item ' || i, 'd', 'a', now() - make_interval(secs => i) FROM generate_series(1, 105) AS i`,
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

    it('does not let JSON set the photo', async () => {
      const created = await createNews();
      const res = await agent.patch(`/api/news/${created.id}`).send({ photo: '/uploads/news/other.webp' });
      expect(res.status).toBe(200);
      expect(res.body.photo).toBeNull();
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
        expect(everything.filter((file) => !file.startsWith('uploads/news/') && file !== 'session-secret')).toEqual([]);
      } else {
        expect(everything.filter((file) => file !== 'session-secret')).toEqual([]);
        expect(await storedNames()).toContain(res.body.photo.slice('/uploads/news/'.length));
        expect((await storedNames()).filter((name) => name.includes('evil'))).toEqual([]);
      }
    });

    it('replaces a photo and removes the old file from disk', async () => {
      const { id } = await createNews();
      const first = await upload(id, await canvas(40, 40).png().toBuffer(), 'one.png');
      const second = await upload(id, await canvas(60, 60).png().toBuffer(), 'two.png');
      expect(second.status).toBe(200);
      expect(second.body.photo).not.toBe(first.body.photo);
      expect(await isStored(first.body.photo)).toBe(false);
      expect(await isStored(second.body.photo)).toBe(true);
      expect(new Date(second.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.body.updatedAt).getTime());
    });

    it('leaves exactly the photo the row points to when uploads race', async () => {
      const { id } = await createNews();
      const before = await storedNames();
      const replies = await Promise.all(
        [30, 40, 50, 60].map(async (size) => upload(id, await canvas(size, size).png().toBuffer(), `${size}.png`)),
      );
      expect(replies.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      const { photo } = (await agent.get(`/api/news/${id}`)).body;
      const added = (await storedNames()).filter((file) => !before.includes(file));
      expect(added).toEqual([photo.slice('/uploads/news/'.length)]);
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
      const save = storage.save.bind(storage);
      // The article disappears between writing the file and updating the row.
      const spy = vi.spyOn(storage, 'save').mockImplementationOnce(async (data) => {
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
