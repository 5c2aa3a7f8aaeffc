import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from '../faults/support/app-process';
import { freePort } from '../support/free-port.mjs';
import type { ScratchDatabase } from '../support/scratch-database.mjs';
import { api, type Cache, cacheSeesApp, purged, sleep, startApp, startNginx, visit, within } from './support';

/** Through a real nginx with the cache_purge module (deploy/nginx/cdn.conf) in front of the built app (CDN=nginx): a PURGE per page. */
const MAX_AGE = 8;
let app: AppProcess;
let database: ScratchDatabase;
let cookie: string;
let nginx: Cache;

const article = async (title: string) =>
  (await api(app, cookie, 'POST', '/news', { title, description: `${title} in brief`, about: `About ${title}.`, status: 'published' }))
    .json as {
    id: string;
    slug: string;
  };

async function warm(...paths: string[]): Promise<void> {
  await purged(database.url);
  for (const path of paths) {
    await visit(nginx.port, path);
    expect((await visit(nginx.port, path)).hit, `${path} is a hit on the second visit`).toBe(true);
  }
}

beforeAll(async () => {
  const [nginxPort, appPort] = [await freePort(), await freePort()];
  nginx = await startNginx(appPort, nginxPort);
  ({ app, database, cookie } = await startApp(
    { CDN: 'nginx', CDN_PURGE_URL: `http://127.0.0.1:${nginxPort}/purge`, CDN_MAX_AGE: String(MAX_AGE) },
    appPort,
  ));
  await api(app, cookie, 'PATCH', '/settings', { maintenance: false, companyName: 'Acme Proxied' });
  await cacheSeesApp(nginx.port);
  await purged(database.url);
});

afterAll(async () => {
  await nginx?.stop();
  nginx?.dispose();
  await app?.dispose();
  await database?.drop();
});

describe('the built app behind nginx with cache_purge', () => {
  it('is a hit on the second visit, without Set-Cookie or the tags', async () => {
    await warm('/contact');
    const hit = await visit(nginx.port, '/contact', { Cookie: 'tracking=1' });
    expect(hit.hit).toBe(true);
    expect(hit.headers['set-cookie']).toBeUndefined();
    expect(hit.headers['xkey']).toBeUndefined();
    expect(hit.headers['cache-tag']).toBeUndefined();
  });

  it('purges an edited article’s page, the lists and the home page by address within 2 s; other pages stay hits', async () => {
    const a = await article('Kappa');
    const b = await article('Lambda');
    await warm(`/news/${a.slug}`, `/news/${b.slug}`, '/news', '/news?page=1', '/', '/contact');
    await api(app, cookie, 'PATCH', `/news/${a.id}`, { title: 'Kappa edited' });
    await within(2000, nginx.port, `/news/${a.slug}`, (r) => r.text.includes('Kappa edited'));
    await within(2000, nginx.port, '/news', (r) => r.text.includes('Kappa edited'));
    // A later page of the list goes with its first (a PURGE of /news?page=*).
    await within(2000, nginx.port, '/news?page=1', (r) => r.text.includes('Kappa edited'));
    await within(2000, nginx.port, '/', (r) => r.text.includes('Kappa edited'));
    expect((await visit(nginx.port, `/news/${b.slug}`)).hit).toBe(true);
    expect((await visit(nginx.port, '/contact')).hit).toBe(true);
  });

  it('purges every public page by address for the settings, and for the maintenance switch', async () => {
    const a = await article('Mu');
    await warm('/', '/contact', `/news/${a.slug}`);
    await api(app, cookie, 'PATCH', '/settings', { companyName: 'Acme Proxied Again' });
    for (const path of ['/', '/contact', `/news/${a.slug}`])
      await within(2000, nginx.port, path, (r) => r.text.includes('Acme Proxied Again'));
    await warm('/contact');
    await api(app, cookie, 'PATCH', '/settings', { maintenance: true });
    await within(2000, nginx.port, '/contact', (r) => r.status === 503);
    // The administrator's preview lives at its own address: to the app and back, never kept.
    for (let i = 0; i < 2; i += 1) {
      const preview = await visit(nginx.port, '/admin/preview/contact', { Cookie: cookie });
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(preview.headers['x-cache']).toBeUndefined();
    }
    // The visitors' address is the maintenance page, the session cookie or not.
    expect((await visit(nginx.port, '/contact', { Cookie: cookie })).status).toBe(503);
    expect((await visit(nginx.port, '/contact')).status).toBe(503);
    await api(app, cookie, 'PATCH', '/settings', { maintenance: false });
    await within(2000, nginx.port, '/contact', (r) => r.status === 200);
  });

  it('serves the pages stale while the app is stopped', async () => {
    await warm('/contact');
    await app.terminate();
    await sleep((MAX_AGE + 1) * 1000);
    expect((await visit(nginx.port, '/contact')).status).toBe(200);
  });
});
