import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { PhotoSweep } from '../../server/news/photos/photo-sweep.service';
import { contrastWithWhite } from '../../server/common/colour';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { canvas, image } from '../support/images.mjs';
import { newsKit } from '../support/news-kit';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const HOST = 'www.brand.test';
const STORED_PATH = /^\/uploads\/news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Every `style-src` source of a page's policy. */
function styleSources(policy: string): string[] {
  return /style-src ([^;]*)/.exec(policy)![1].split(' ');
}

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

// The brand (issue #23): a logo through the photo pipeline (TEST_STORAGE=s3 runs this file against s3rver) and an accent colour.
describe('the brand', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'site.css')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    t = await createTestApp();
    admin = (await loggedInAgent(t)).agent;
    expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  });
  afterAll(() => t?.close());

  const { storedNames, isStored, readStored } = newsKit(() => ({ t, agent: admin as never }));
  const visitor = (path: string) => t.http().get(path).set('Host', HOST);
  const uploadLogo = (file: Buffer, name = 'logo.png') => admin.post('/api/settings/logo').attach('photo', file, name);

  describe('POST and DELETE /api/settings/logo', () => {
    it('stores the logo as a 256 px square WebP where photos are, and the settings, the header and the favicon show it', async () => {
      expect((await admin.get('/api/settings')).body.logo).toBeNull();
      const res = await uploadLogo(await image('png', 400, 200));
      expect(res.status).toBe(200);
      expect(res.body.logo).toMatch(STORED_PATH);
      expect(await isStored(res.body.logo)).toBe(true);
      const meta = await sharp(await readStored(res.body.logo)).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 256, 256, true]);
      expect((await admin.get('/api/settings')).body.logo).toBe(res.body.logo);

      const served = await t.http().get(res.body.logo);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const page = await visitor('/');
      expect(page.text).toContain(`<a class="brand" href="/"><img src="${res.body.logo}" alt="" width="36" height="36"/>`);
      expect(page.text).toContain(`<link rel="icon" href="${res.body.logo}" type="image/webp"/>`);
      expect(page.text).not.toContain('/favicon.svg');
    });

    it('replaces the logo, removing the old file, and DELETE goes back to the default logo and removes the file', async () => {
      const first = (await uploadLogo(await image('jpeg', 120))).body.logo as string;
      const second = await uploadLogo(await image('webp', 90), 'logo.webp');
      expect(second.status).toBe(200);
      expect(second.body.logo).not.toBe(first);
      expect(await isStored(first)).toBe(false);
      expect(await isStored(second.body.logo)).toBe(true);

      const removed = await admin.delete('/api/settings/logo');
      expect(removed.status).toBe(200);
      expect(removed.body.logo).toBeNull();
      expect(await isStored(second.body.logo)).toBe(false);
      expect(await storedNames()).toEqual([]);
      const page = await visitor('/');
      expect(page.text).toContain('<img src="/logo.svg" alt="" width="36" height="36"/>');
      expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
      // Removing it again changes nothing.
      expect((await admin.delete('/api/settings/logo')).body.logo).toBeNull();
    });

    it('records the changes in the activity log', async () => {
      await uploadLogo(await image('png', 50));
      await admin.delete('/api/settings/logo');
      const rows: { fields: string[] }[] = await t.dataSource.query(
        `SELECT fields FROM activity WHERE kind = 'settings' ORDER BY at DESC LIMIT 2`,
      );
      expect(rows.map((row) => row.fields)).toEqual([['logo'], ['logo']]);
    });

    it('refuses what is not a JPEG, PNG or WebP image, and no file, storing nothing', async () => {
      const before = await storedNames();
      const svg = await uploadLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg');
      expect(svg.status).toBe(415);
      expect(svg.body).toEqual({ error: { photo: { msg: 'Photo must be a JPEG, PNG or WebP image' } } });
      const none = await admin.post('/api/settings/logo').field('other', 'x');
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ error: { photo: { msg: 'Choose an image for the logo' } } });
      expect(await storedNames()).toEqual(before);
      expect((await admin.get('/api/settings')).body.logo).toBeNull();
    });

    it('is for administrators only', async () => {
      expect(
        (
          await t
            .http()
            .post('/api/settings/logo')
            .attach('photo', await image('png', 20), 'a.png')
        ).status,
      ).toBe(401);
      expect((await t.http().delete('/api/settings/logo')).status).toBe(401);
    });

    it('is kept by the orphan sweep, which takes only photos nothing points at', async () => {
      const { logo } = (await uploadLogo(await image('png', 30))).body as { logo: string };
      const swept = await t.app.get(PhotoSweep).sweep(Date.now() + 3 * 3600_000);
      expect(swept?.removed).toBe(0);
      expect(await isStored(logo)).toBe(true);
      await admin.delete('/api/settings/logo');
    });
  });

  describe('the accent colour', () => {
    it('is saved in lower case, and the public pages set it in a stylesheet of their own, allowed by its hash', async () => {
      const res = await admin.patch('/api/settings').send({ accentColor: '#7A1F5C' });
      expect(res.status).toBe(200);
      expect(res.body.accentColor).toBe('#7a1f5c');
      for (const path of ['/', '/news', '/no/such/page']) {
        const page = await visitor(path);
        const css = /<style>(:root\{--brand:#7a1f5c;[^<]*)<\/style>/.exec(page.text)?.[1] ?? '';
        // One colour for the brand areas, the links, the buttons and the highlights, white text on
        // it (computed), and a tint of it for links on the dark theme's page.
        for (const token of [
          '--brand:#7a1f5c;',
          '--brand-text:#ffffff;',
          '--accent:#7a1f5c;',
          '--on-accent:#ffffff;',
          '--primary:light-dark(#7a1f5c,color-mix(in srgb,#7a1f5c 40%,#ffffff));',
          '--on-hero-action:#7a1f5c;',
        ])
          expect(css).toContain(token);
        const sources = styleSources(page.headers['content-security-policy']);
        expect(sources).toContain(hashOf(css));
        // The site's stylesheet, and nothing else.
        expect(sources).toHaveLength(2);
        expect(sources.every((source) => source.startsWith("'sha256-"))).toBe(true);
      }
    });

    it('refuses a colour under which white text falls below 4.5:1, with a field error in plain words, and keeps the one saved', async () => {
      expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
      const saved = (await admin.patch('/api/settings').send({ accentColor: '#767676' })).body.accentColor;
      expect(saved).toBe('#767676');
      // In plain words, not contrast ratios (issue 38).
      for (const colour of ['#777777', '#f2b134', '#ffffff']) {
        const res = await admin.patch('/api/settings').send({ accentColor: colour });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: {
            accentColor: {
              msg: `${colour} is too light: links in this colour, and white text on it, would be hard to read. Choose a darker shade.`,
            },
          },
        });
      }
      expect((await admin.get('/api/settings')).body.accentColor).toBe('#767676');
    });

    it('refuses what is not a #rrggbb colour', async () => {
      for (const value of ['red', '#12345', '#1234567', 'rgb(0,0,0)', '#ggg000']) {
        const res = await admin.patch('/api/settings').send({ accentColor: value });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: { accentColor: { msg: 'Accent colour must be a hex colour such as #1f3a5f' } } });
      }
      expect((await admin.patch('/api/settings').send({ accentColor: 5 })).body).toEqual({
        error: { accentColor: { msg: 'Accent colour must be text' } },
      });
    });

    it('empty goes back to the stylesheet’s own colours and the site’s one policy', async () => {
      expect((await admin.patch('/api/settings').send({ accentColor: '' })).body.accentColor).toBe('');
      const page = await visitor('/');
      expect(page.text).not.toContain('<style>:root{--brand:');
      expect(styleSources(page.headers['content-security-policy'])).toHaveLength(1);
    });
  });

  it('keeps a transparent logo transparent and a tall one whole (contained, not cropped)', async () => {
    const tall = await canvas(60, 240).png().toBuffer();
    const { logo } = (await uploadLogo(tall)).body as { logo: string };
    const { data, info } = await sharp(await readStored(logo))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // A corner lies outside the contained image: fully transparent.
    expect(data[info.channels - 1]).toBe(0);
    await admin.delete('/api/settings/logo');
  });
});
