import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config/paths';
import { resizeStoredPhotos } from '../../server/news/photos/photo-resize';
import { PhotoStorage } from '../../server/news/photos/photo-storage.service';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';

const nameOf = (path: string) => path.slice('/uploads/news/'.length);
const sized = (path: string, width: number) => path.replace(/\.webp$/, `-${width}.webp`);

// Responsive photos (issue #23): every upload at 480, 960 and its own width up to 1600 (TEST_STORAGE=s3 runs this file against s3rver).
describe('photo sizes', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp();
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  });
  afterAll(() => t.close());

  const { createNews, upload, storedNames, readStored, isStored } = newsKit(() => ({ t, agent }));

  async function widthOf(path: string): Promise<number> {
    const meta = await sharp(await readStored(path)).metadata();
    expect(meta.format).toBe('webp');
    return meta.width!;
  }

  it('stores a wide photo at 480, 960 and 1600 px wide, answers the largest as `photo` with its size', async () => {
    const { id } = await createNews();
    const res = await upload(id, await canvas(2400, 1350).jpeg().toBuffer());
    expect(res.status).toBe(200);
    const { photo } = res.body as { photo: string };
    expect(res.body).toMatchObject({ photoWidth: 1600, photoHeight: 900 });
    expect(await widthOf(photo)).toBe(1600);
    expect(await widthOf(sized(photo, 960))).toBe(960);
    expect(await widthOf(sized(photo, 480))).toBe(480);
    expect((await sharp(await readStored(sized(photo, 480))).metadata()).height).toBe(270);
    expect((await storedNames()).filter((name) => name.startsWith(nameOf(photo).slice(0, 36))).sort()).toEqual(
      [nameOf(photo), nameOf(sized(photo, 480)), nameOf(sized(photo, 960))].sort(),
    );
  });

  it('makes no copy wider than the original', async () => {
    const { id } = await createNews();
    const middle = await upload(id, await canvas(700, 500).png().toBuffer(), 'middle.png');
    expect(middle.body).toMatchObject({ photoWidth: 700, photoHeight: 500 });
    expect(await isStored(sized(middle.body.photo, 480))).toBe(true);
    expect(await isStored(sized(middle.body.photo, 960))).toBe(false);
    const small = await upload(id, await canvas(300, 200).png().toBuffer(), 'small.png');
    expect(await isStored(sized(small.body.photo, 480))).toBe(false);
    expect((await storedNames()).filter((name) => name.startsWith(nameOf(small.body.photo).slice(0, 36)))).toEqual([
      nameOf(small.body.photo),
    ]);
  });

  it('keeps every size of the photo it replaces for its revision, and removes all once the article is purged: no file is left', async () => {
    const before = await storedNames();
    const { id } = await createNews();
    const first = (await upload(id, await canvas(1200, 800).png().toBuffer())).body.photo as string;
    const second = (await upload(id, await canvas(1100, 700).png().toBuffer())).body.photo as string;
    for (const path of [first, sized(first, 480), sized(first, 960)]) expect(await isStored(path)).toBe(true);
    for (const path of [second, sized(second, 480), sized(second, 960)]) expect(await isStored(path)).toBe(true);

    expect((await agent.delete(`/api/news/${id}`)).status).toBe(200);
    expect(await isStored(sized(second, 480))).toBe(true);
    expect((await agent.delete(`/api/trash/news/${id}`)).status).toBe(200);
    expect(await storedNames()).toEqual(before);
  });

  it('serves every size on the article page and in the list: srcset, sizes, width and height', async () => {
    const { id } = await createNews({ title: 'Sizes on the page' });
    const { photo } = (await upload(id, await canvas(2000, 1000).jpeg().toBuffer())).body as { photo: string };
    const { slug } = (await agent.get(`/api/news/${id}`)).body as { slug: string };
    const article = await t.http().get(`/news/${slug}`);
    const srcset = `${sized(photo, 480)} 480w, ${sized(photo, 960)} 960w, ${photo} 1600w`;
    expect(article.text).toContain(
      `<img class="photo" src="${photo}" srcSet="${srcset}" sizes="(min-width: 46rem) 43.5rem, calc(100vw - 2.5rem)" alt="" width="1600" height="800" fetchPriority="high"/>`,
    );
    const list = await t.http().get('/news');
    expect(list.text).toContain(`srcSet="${srcset}" sizes="(min-width: 68rem) 21rem`);
    for (const path of [sized(photo, 480), sized(photo, 960)]) {
      const served = await t.http().get(path);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    }
  });

  describe('npm run photos:resize', () => {
    it('gives a photo stored before sizes existed its copies and its size, once, and can run again', async () => {
      const storage = t.app.get(PhotoStorage);
      const { id } = await createNews();
      // As the app stored photos before: the largest alone, the row without a size.
      const old = await storage.save(await canvas(1600, 900).webp().toBuffer());
      await t.dataSource.query('UPDATE news SET photo = $1 WHERE id = $2', [old, id]);
      const page = async () => (await t.http().get(`/news/${(await agent.get(`/api/news/${id}`)).body.slug}`)).text;
      // Until then its page shows it in the 16:9 frame, without srcset.
      expect(await page()).toContain(`<img class="photo" src="${old}" alt="" width="1600" height="900"`);

      const first = await resizeStoredPhotos(t.dataSource, storage);
      expect(first.resized).toBeGreaterThanOrEqual(1);
      expect(first).toMatchObject({ missing: 0, failed: 0 });
      expect(await widthOf(sized(old, 480))).toBe(480);
      expect(await widthOf(sized(old, 960))).toBe(960);
      expect((await agent.get(`/api/news/${id}`)).body).toMatchObject({ photo: old, photoWidth: 1600, photoHeight: 900 });

      const names = await storedNames();
      expect(await resizeStoredPhotos(t.dataSource, storage)).toMatchObject({ resized: 0, missing: 0, failed: 0 });
      expect(await storedNames()).toEqual(names);
      // The page cache keeps a page 5 s; a fresh settings version is a fresh page.
      await agent.patch('/api/settings').send({ tagline: 'After the resize' });
      expect(await page()).toContain(`srcSet="${sized(old, 480)} 480w, ${sized(old, 960)} 960w, ${old} 1600w"`);
    });

    it('counts a row whose photo is not in the storage as missing', async () => {
      const { id } = await createNews();
      const gone = '/uploads/news/00000000-0000-4000-8000-00000000beef.webp';
      await t.dataSource.query('UPDATE news SET photo = $1 WHERE id = $2', [gone, id]);
      expect((await resizeStoredPhotos(t.dataSource, t.app.get(PhotoStorage))).missing).toBe(1);
      await t.dataSource.query('UPDATE news SET photo = NULL WHERE id = $1', [id]);
    });

    it(
      'is a built command that opens the database and the storage like the app',
      async () => {
        const cli = join(PROJECT_ROOT, 'dist/server/cli/photos-resize.js');
        if (!existsSync(cli)) throw new Error(`${cli} is not built: run \`npm run build\` first.`);
        const dataDir = mkdtempSync(join(tmpdir(), 'photos-resize-'));
        try {
          const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, STORAGE: 'local' };
          delete env.DATABASE_URL;
          const { stdout } = await promisify(execFile)(process.execPath, [cli], { env });
          expect(stdout).toContain('photos:resize: 0 resized, 0 already done, 0 missing, 0 failed');
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      APP_TEST_TIMEOUT,
    );
  });
});
