import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { freePort } from '../support/free-port.mjs';
import { image } from '../support/images.mjs';

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe('GET /metrics on METRICS_PORT', () => {
  let t: TestApp;
  let metricsPort: number;
  let agent: Awaited<ReturnType<typeof loggedInAgent>>['agent'];

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({ metricsPort });
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t?.close());

  it('shows each family after traffic: process, HTTP by route pattern and status class, pool, query errors, photos, page cache', async () => {
    const created = await agent.post('/api/news').send({ title: 'Metrics', description: 'Counted', about: 'About' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await agent.get(`/api/news/${id}`)).status).toBe(200);
    expect((await t.http().get('/api/services')).status).toBe(401);
    const photo = await image('png', 40, 30);
    expect((await agent.post(`/api/news/${id}/upload`).attach('photo', photo, 'p.png')).status).toBe(200);
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    // One Host: the cache keys pages by origin, and each supertest request has a port of its own.
    for (let i = 0; i < 3; i += 1) expect((await t.http().get('/news').set('Host', 'www.example.com')).status).toBe(200);
    // A query that fails in the app's own pool.
    await expect(t.dataSource.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);

    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/news/:id', status_class: '2xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/services', status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/news/:id', le: '+Inf' })).toBe(1);
    for (const state of ['in_use', 'idle', 'waiting']) expect(sample(text, 'db_pool_connections', { state })).toBeGreaterThanOrEqual(0);
    expect(
      sample(text, 'db_pool_connections', { state: 'idle' })! + sample(text, 'db_pool_connections', { state: 'in_use' })!,
    ).toBeGreaterThan(0);
    expect(sample(text, 'db_query_errors_total', { reason: 'error' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'photo_processing_seconds_count', { outcome: 'ok' })).toBe(1);
    expect(sample(text, 'site_page_cache_requests_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'site_page_cache_requests_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    // Bounded labels: the article's id (a raw URL) is never one.
    expect(text).not.toContain(id);
  });

  it('listens on 127.0.0.1 only by default: another address of the machine is refused', async ({ skip }) => {
    const other = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (!other) skip('this machine has no address but loopback');
    await expect(fetch(`http://${other!.address}:${metricsPort}/metrics`)).rejects.toThrow();
  });

  it('answers 404 for anything else on the metrics port', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 404 for /metrics on the public port, maintenance on or off', async () => {
    for (const maintenance of [true, false]) {
      expect((await agent.patch('/api/settings').send({ maintenance })).status).toBe(200);
      const res = await t.http().get('/metrics');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('process_resident_memory_bytes');
      expect((await agent.get('/metrics')).status).toBe(404);
    }
  });
});

describe('without METRICS_PORT', () => {
  it('opens no metrics listener and still answers 404 for /metrics', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.metricsPort).toBeUndefined();
      expect((await t.http().get('/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
