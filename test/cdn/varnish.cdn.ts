import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from '../faults/support/app-process';
import { freePort } from '../support/free-port.mjs';
import type { ScratchDatabase } from '../support/scratch-database.mjs';
import { api, cacheSeesApp, type Cache, purged, purgeQueue, sleep, startApp, startVarnish, visit, within } from './support';

/**
 * Through a real Varnish with vmod xkey (deploy/varnish/default.vcl) in front of the built app
 * (CDN=varnish). CDN_MAX_AGE is 8 s so that "served stale while the app is down" shows within the
 * suite's time; every "stays a hit" is checked within a few seconds of the page being cached.
 */
const MAX_AGE = 8;
let app: AppProcess;
let database: ScratchDatabase;
let cookie: string;
let varnish: Cache;

const article = async (title: string, extra: Record<string, unknown> = {}) =>
  (
    await api(app, cookie, 'POST', '/news', {
      title,
      description: `${title} in brief`,
      about: `About ${title}.`,
      status: 'published',
      ...extra,
    })
  ).json as {
    id: string;
    slug: string;
  };

/** Once the purges queued so far are sent, visits each path twice: the second is a hit. */
async function warm(...paths: string[]): Promise<void> {
  await purged(database.url);
  for (const path of paths) {
    await visit(varnish.port, path);
    const second = await visit(varnish.port, path);
    expect(second.hit, `${path} is a hit on the second visit`).toBe(true);
  }
}

async function expectHits(...paths: string[]): Promise<void> {
  for (const path of paths) expect((await visit(varnish.port, path)).hit, `${path} stays a hit`).toBe(true);
}

beforeAll(async () => {
  const [varnishPort, appPort] = [await freePort(), await freePort()];
  varnish = await startVarnish(appPort, varnishPort);
  ({ app, database, cookie } = await startApp(
    { CDN: 'varnish', CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}`, CDN_MAX_AGE: String(MAX_AGE) },
    appPort,
  ));
  await api(app, cookie, 'PATCH', '/settings', { maintenance: false, companyName: 'Acme Cached' });
  await cacheSeesApp(varnish.port);
  await purged(database.url);
});

afterAll(async () => {
  await varnish?.stop();
  varnish?.dispose();
  await app?.dispose();
  await database?.drop();
});

describe('the built app behind Varnish with xkey', () => {
  it('is a hit on the second visit, says s-maxage and its tags to Varnish, and no cached reply carries Set-Cookie', async () => {
    const first = await visit(varnish.port, '/services');
    expect(first.status).toBe(200);
    expect(first.hit).toBe(false);
    expect(first.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${MAX_AGE}, stale-while-revalidate=300, stale-if-error=86400`);
    expect(first.headers['vary']).toBe('Accept-Encoding');
    expect(first.headers['etag']).toBeTruthy();
    // The tags are Varnish's own: stripped before the visitor.
    expect(first.headers['xkey']).toBeUndefined();
    const second = await visit(varnish.port, '/services');
    expect(second.hit).toBe(true);
    expect(second.headers['set-cookie']).toBeUndefined();
    // A visitor sending a cookie gets the same cached page, and none back.
    const withCookie = await visit(varnish.port, '/services', { Cookie: 'tracking=1' });
    expect(withCookie.hit).toBe(true);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('shows an edited, unpublished, trashed, restored or new article through the cache within 2 s, and other pages stay hits', async () => {
    const a = await article('Alpha launch');
    const b = await article('Beta office');
    await warm(`/news/${a.slug}`, `/news/${b.slug}`, '/news', '/', '/services', '/contact');

    await api(app, cookie, 'PATCH', `/news/${a.id}`, { title: 'Alpha launched' });
    await within(2000, varnish.port, `/news/${a.slug}`, (r) => r.text.includes('Alpha launched'));
    await within(2000, varnish.port, '/news', (r) => r.text.includes('Alpha launched'));
    await within(2000, varnish.port, '/', (r) => r.text.includes('Alpha launched'));
    await expectHits(`/news/${b.slug}`, '/services', '/contact');

    await warm(`/news/${a.slug}`, '/news');
    await api(app, cookie, 'PATCH', `/news/${a.id}`, { status: 'draft' });
    await within(2000, varnish.port, `/news/${a.slug}`, (r) => r.status === 404);
    await within(2000, varnish.port, '/news', (r) => !r.text.includes('Alpha launched'));
    await expectHits(`/news/${b.slug}`, '/services');

    await warm(`/news/${b.slug}`, `/news/${a.slug}`);
    await api(app, cookie, 'DELETE', `/news/${b.id}`);
    await within(2000, varnish.port, `/news/${b.slug}`, (r) => r.status === 404);
    await expectHits('/services', '/contact');
    await warm(`/news/${b.slug}`);
    await api(app, cookie, 'POST', `/trash/news/${b.id}/restore`);
    await within(2000, varnish.port, `/news/${b.slug}`, (r) => r.status === 200 && r.text.includes('Beta office'));

    // Published again: its 404, cached meanwhile, goes too.
    await api(app, cookie, 'PATCH', `/news/${a.id}`, { status: 'published' });
    await within(2000, varnish.port, `/news/${a.slug}`, (r) => r.status === 200 && r.text.includes('Alpha launched'));

    await warm('/news', '/news/feed.xml');
    const c = await article('Gamma news');
    await within(2000, varnish.port, '/news', (r) => r.text.includes('Gamma news'));
    await within(2000, varnish.port, '/news/feed.xml', (r) => r.text.includes('Gamma news'));
    await within(2000, varnish.port, `/news/${c.slug}`, (r) => r.status === 200);
  });

  it('shows a new company name on every page within 2 s', async () => {
    const b = await article('Delta story');
    await warm('/', '/services', '/contact', `/news/${b.slug}`);
    await api(app, cookie, 'PATCH', '/settings', { companyName: 'Acme Renamed' });
    for (const path of ['/', '/services', '/contact', `/news/${b.slug}`]) {
      await within(2000, varnish.port, path, (r) => r.text.includes('Acme Renamed'));
    }
  });

  it('shows the maintenance switch within 2 s both ways, and an administrator’s preview at /admin/preview is never stored', async () => {
    await warm('/', '/services');
    await api(app, cookie, 'PATCH', '/settings', { maintenance: true });
    await within(2000, varnish.port, '/', (r) => r.status === 503);
    await within(2000, varnish.port, '/services', (r) => r.status === 503);
    const maintenance = await visit(varnish.port, '/services');
    expect(maintenance.headers['cache-control']).toBe('private, no-store');

    // The administrator's preview lives at its own address: to the app and back, never kept.
    for (let i = 0; i < 2; i += 1) {
      const preview = await visit(varnish.port, '/admin/preview/services', { Cookie: cookie });
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('Visitors see the maintenance page while maintenance is on.');
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers.xkey).toBeUndefined();
      expect(preview.hit).toBe(false);
    }
    // Without the session it is the login screen, never a copy of someone's preview.
    const signedOut = await visit(varnish.port, '/admin/preview/services');
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.location).toBe('/admin/login?from=%2Fadmin%2Fpreview%2Fservices');
    // The visitors' address is the maintenance page, the session cookie or not.
    expect((await visit(varnish.port, '/services', { Cookie: cookie })).status).toBe(503);
    expect((await visit(varnish.port, '/services')).status).toBe(503);

    await api(app, cookie, 'PATCH', '/settings', { maintenance: false });
    await within(2000, varnish.port, '/services', (r) => r.status === 200);
    // Live again: the visitors' page for everyone, the administrator's cookie too (served from the cache).
    await warm('/services');
    const withCookie = await visit(varnish.port, '/services', { Cookie: cookie });
    expect(withCookie.hit).toBe(true);
    expect(withCookie.text).not.toContain('Preview.');
  });

  it('sends every purge once after Varnish comes back from a 30-second outage during edits', { timeout: 150_000 }, async () => {
    const a = await article('Epsilon');
    await sleep(500);
    const before = await purgeQueue(database.url);
    expect(before.pending).toBe(0);
    await varnish.stop();
    const down = Date.now();
    for (const title of ['Epsilon 1', 'Epsilon 2', 'Epsilon 3']) await api(app, cookie, 'PATCH', `/news/${a.id}`, { title });
    await sleep(2500);
    const during = await purgeQueue(database.url);
    expect(during.pending).toBe(3);
    // Down for the 30 s: the sender keeps retrying (1 s, 2 s, 4 s … with backoff) meanwhile.
    await sleep(30_000 - (Date.now() - down));
    expect((await purgeQueue(database.url)).pending).toBe(3);
    await varnish.start();
    await warm(`/news/${a.slug}`);
    // The retry after a 30-second outage is due at most about 32 s after the one before it.
    const until = Date.now() + 60_000;
    let after = await purgeQueue(database.url);
    while (after.pending > 0 && Date.now() < until) {
      await sleep(200);
      after = await purgeQueue(database.url);
    }
    expect(after).toEqual({ pending: 0, done: before.done + 3, failed: 0 });
    const status = (await api(app, cookie, 'GET', '/settings/cdn')).json as { lastDoneAt: string | null };
    expect(status).toMatchObject({ provider: 'varnish', waiting: 0, failedCount: 0, failed: [] });
    expect(status.lastDoneAt).toBeTruthy();
  });

  it('keeps serving the pages, stale, while the app is stopped', async () => {
    const a = await article('Zeta stays');
    await warm(`/news/${a.slug}`, '/services');
    await app.terminate();
    // Past CDN_MAX_AGE: only stale-if-error (Varnish's grace) serves them now.
    await sleep((MAX_AGE + 1) * 1000);
    for (const path of [`/news/${a.slug}`, '/services']) {
      const stale = await visit(varnish.port, path);
      expect(stale.status, path).toBe(200);
    }
    expect((await visit(varnish.port, `/news/${a.slug}`)).text).toContain('Zeta stays');
  });
});
