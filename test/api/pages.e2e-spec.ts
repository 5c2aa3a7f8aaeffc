import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { createTestApp, type TestApp } from '../support/create-test-app';

// These serve the built client (`npm run build`; `npm test` builds first).
describe('pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'index.html')) || !existsSync(join(CLIENT_DIST, 'admin.html'))) {
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    }
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  describe('the maintenance page', () => {
    it.each(['/', '/some/other/path', '/about', '/index.html', '/admin.html', '/administrator', '/apis'])(
      'answers %s with 503, Retry-After and the maintenance page',
      async (path) => {
        const res = await t.http().get(path);
        expect(res.status).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.text).toContain('Our website is under maintenance');
        expect(res.text).not.toMatch(/<script/i);
      },
    );

    it('is one HTML response plus its logo: the stylesheet is inline and allowed by its hash, nothing else is', async () => {
      const res = await t.http().get('/');
      const logo = res.text.match(/<img[^>]+src="([^"]+)"/)?.[1];
      expect(logo).toBe('/logo.svg');
      expect(res.text).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const css = res.text.match(/<style>([\s\S]*?)<\/style>/)?.[1];
      expect(css).toContain('animation');
      const policy = res.headers['content-security-policy'] as string;
      expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toMatch(/script-src|unsafe-inline/);
      const logoRes = await t.http().get(logo!);
      expect(logoRes.status).toBe(200);
      expect(logoRes.headers['content-type']).toMatch(/image\/svg\+xml/);
    });

    it('does not ask search engines to drop the site while it is down', async () => {
      const res = await t.http().get('/');
      expect(res.text).not.toMatch(/<meta[^>]+name="robots"[^>]*noindex/i);
      expect(res.headers['x-robots-tag']).toBeUndefined();
    });

    it('is not cached as if it were the site for good', async () => {
      const res = await t.http().get('/');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('carries the security headers', async () => {
      const res = await t.http().get('/');
      // No script at all: the page's own policy allows nothing but its inline style and images.
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
    });
  });

  describe('the admin app', () => {
    it.each([
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/register',
      '/admin/service?page=2',
      '/admin/anything/deep',
      '/admin/news/NewsDetails/123',
    ])('answers %s with 200 and the app’s HTML', async (path) => {
      const res = await t.http().get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toMatch(/<script type="module"[^>]+src="\/assets\/[^"]+\.js"/);
      expect(res.text).not.toContain('Our website is under maintenance');
    });

    it('asks browsers to revalidate the HTML, so a new build is picked up', async () => {
      const res = await t.http().get('/admin/login');
      expect(res.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('built assets', () => {
    it('serves every built asset with a long immutable cache lifetime', async () => {
      const assets = readdirSync(join(CLIENT_DIST, 'assets'));
      expect(assets.length).toBeGreaterThan(0);
      for (const name of assets) {
        const res = await t.http().get(`/assets/${name}`);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers['cache-control']).toContain('max-age=31536000');
      }
    });

    it('does not serve files from outside the asset folder', async () => {
      for (const path of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json', '/uploads/..%2f..%2fpackage.json']) {
        const res = await t.http().get(path);
        expect(res.status).not.toBe(200);
        expect(res.text).not.toContain('"dependencies"');
      }
    });
  });

  describe('stored photos', () => {
    it('serves a stored photo with an immutable cache lifetime, locked down on its own', async () => {
      const dir = join(t.config.dataDir, 'uploads', 'news');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'stored-photo.webp'), Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'binary'));
      const res = await t.http().get('/uploads/news/stored-photo.webp');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('does not serve hidden files from the uploads folder', async () => {
      const dir = join(t.config.dataDir, 'uploads');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '.secret'), 'hidden');
      const res = await t.http().get('/uploads/.secret');
      expect(res.status).not.toBe(200);
      expect(res.text).not.toContain('hidden');
    });
  });

  it.each([
    ['asset', '/assets/missing-0000.js'],
    ['photo', '/uploads/missing.webp'],
  ])('answers a missing %s with 404, not the maintenance page', async (_kind, path) => {
    const res = await t.http().get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Our website is under maintenance');
  });

  describe('the API beside the pages', () => {
    it('answers /api/health with 200', async () => {
      const res = await t.http().get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('answers an unknown /api path with JSON, never the maintenance page', async () => {
      for (const path of ['/api', '/api/', '/api/unknown']) {
        const res = await t.http().get(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Not found' });
      }
    });
  });
});
