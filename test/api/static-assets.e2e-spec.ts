import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent, not decoded (supertest would decode br and gzip). */
  body: Buffer;
}

/** One request with node:http, so the test sees the bytes on the wire. */
function fetchRaw(server: Server, path: string, headers: Record<string, string>, method = 'GET'): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// These serve the built client (`npm run build`; `npm test` builds first).
describe('built files, precompressed', () => {
  let t: TestApp;
  let server: Server;
  let script: string;
  beforeAll(async () => {
    if (!existsSync(join(CLIENT_DIST, 'admin.html')))
      throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
    t = await createTestApp();
    server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const admin = await get('/admin/login', 'identity');
    script = /<script type="module"[^>]+src="(\/assets\/[^"]+\.js)"/.exec(admin.body.toString())![1];
  });
  afterAll(() => t?.close());

  const get = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
    fetchRaw(server, path, { 'accept-encoding': acceptEncoding, ...headers });

  it('sends the admin script as brotli to a client that accepts it, and says it varies by encoding', async () => {
    const identity = (await get(script, 'identity')).body;
    const res = await get(script, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(identity.length);
    expect(brotliDecompressSync(res.body).equals(identity)).toBe(true);
  });

  it('sends gzip to a client that accepts gzip but not brotli', async () => {
    const identity = (await get(script, 'identity')).body;
    const res = await get(script, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).equals(identity)).toBe(true);
  });

  it('follows the q-values: brotli refused with q=0 falls back to gzip', async () => {
    const res = await get(script, 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    for (const acceptEncoding of ['identity', 'deflate', '']) {
      const res = await get(script, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.toString('utf8')).toMatch(/import|function|=>/);
    }
  });

  it('gives each encoding its own ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get(script, 'br');
    const gzip = await get(script, 'gzip');
    const identity = await get(script, 'identity');
    const tags = [br, gzip, identity].map((res) => res.headers['etag']);
    expect(new Set(tags).size).toBe(3);
    const again = await get(script, 'br', { 'if-none-match': br.headers['etag']! });
    expect(again.status).toBe(304);
    const otherEncoding = await get(script, 'identity', { 'if-none-match': br.headers['etag']! });
    expect(otherEncoding.status).toBe(200);
  });

  it('caches every hashed asset as immutable for a year, in every encoding', async () => {
    for (const name of readdirSync(join(CLIENT_DIST, 'assets'))) {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const res = await get(`/assets/${name}`, acceptEncoding);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('never caches the HTML without asking again, compressed or not', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const admin = await get('/admin/news', acceptEncoding);
      expect(admin.status).toBe(200);
      expect(admin.headers['cache-control']).toBe('no-cache');
      expect(admin.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(admin.headers['vary']).toMatch(/accept-encoding/i);
      const maintenance = await get('/', acceptEncoding);
      expect(maintenance.status).toBe(503);
      expect(maintenance.headers['cache-control']).toBe('no-cache');
      expect(maintenance.headers['retry-after']).toBe('3600');
    }
    expect((await get('/admin/news', 'br')).headers['content-encoding']).toBe('br');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await fetchRaw(server, script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body).toHaveLength(0);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    for (const path of [`${script}.br`, `${script}.gz`, `/.compressed${script}.br`, '/.compressed/admin.html.br']) {
      const res = await get(path, 'identity');
      expect(res.status).not.toBe(200);
    }
  });
});

describe('a read leaves the session row alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionRows = (): Promise<{ sid: string; expire: Date }[]> => t.dataSource.query('SELECT sid, expire FROM session ORDER BY sid');

  it('does not write the expiry on a GET within the minute', async () => {
    const { agent } = await loggedInAgent(t);
    // As if the session had been written ten seconds ago: a renewal would move it by ten seconds.
    await t.dataSource.query(`UPDATE session SET expire = expire - interval '10 seconds'`);
    const before = await sessionRows();
    expect(before).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await agent.get('/api/news')).status).toBe(200);
    expect((await agent.get('/api/admins/me')).body.admin).not.toBeNull();
    expect(await sessionRows()).toEqual(before);
    await t.dataSource.query('DELETE FROM session');
  });

  it('renews the expiry once it would move by more than a minute', async () => {
    const { agent } = await loggedInAgent(t);
    // As if the session had been written two minutes ago.
    await t.dataSource.query(`UPDATE session SET expire = expire - interval '2 minutes'`);
    const [{ expire: old }] = await sessionRows();
    expect((await agent.get('/api/news')).status).toBe(200);
    const [{ expire: renewed }] = await sessionRows();
    expect(renewed.getTime() - old.getTime()).toBeGreaterThan(60_000);
    await t.dataSource.query('DELETE FROM session');
  });

  it('ends the session at once when it is logged out elsewhere (its row deleted)', async () => {
    const { agent } = await loggedInAgent(t);
    expect((await agent.get('/api/news')).status).toBe(200);
    await t.dataSource.query('DELETE FROM session');
    expect((await agent.get('/api/news')).status).toBe(401);
    expect((await agent.get('/api/admins/me')).body).toEqual({ admin: null });
  });

  it('ends the session at once when its admin is removed', async () => {
    const { agent, admin } = await loggedInAgent(t);
    expect((await agent.get('/api/news')).status).toBe(200);
    await t.dataSource.query('DELETE FROM admins WHERE id = $1', [admin.id]);
    expect((await agent.get('/api/news')).status).toBe(401);
  });
});
