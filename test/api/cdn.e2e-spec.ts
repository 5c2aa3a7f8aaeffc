import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cdnPurger } from '../../server/cdn/cdn-providers';
import type { CdnConfig } from '../../server/config/app-config';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

// Issue #42: the purge queue and Cloudflare's and Fastly's purge APIs, against a local stand-in
// that records each call (CDN_API_URL pointed at it) and answers as told.

interface Call {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { tags?: string[]; files?: string[]; purge_everything?: boolean };
}

/** A stand-in for a CDN's API: records calls; `answers` (status and body) are used in turn, then 200 `{ success: true }`. */
class StandIn {
  calls: Call[] = [];
  answers: { status: number; body?: unknown; when?: (call: Call) => boolean }[] = [];
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const call = { method: req.method!, url: req.url!, headers: req.headers, body: text ? JSON.parse(text) : undefined };
        this.calls.push(call);
        const index = this.answers.findIndex((answer) => !answer.when || answer.when(call));
        const answer = index >= 0 ? this.answers.splice(index, 1)[0] : { status: 200, body: { success: true } };
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body ?? {}));
      });
    });
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.calls = [];
    this.answers = [];
  }

  close(): Promise<void> {
    return new Promise((done) => this.server.close(() => done()));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A path purge's addresses as given (CdnPurges.addresses expands lists and `/*`: its own test below). */
const asGiven = (paths: readonly string[]) => Promise.resolve([...paths]);
const tags = (n: number) => Array.from({ length: n }, (_, i) => `news-${i}`);

describe('CDN purges', () => {
  const standIn = new StandIn();
  let apiUrl: string;
  const cloudflare = (): CdnConfig => ({
    provider: 'cloudflare',
    maxAge: 86_400,
    purgeUrl: undefined,
    apiToken: 'cf-token',
    zone: 'zone-1',
    service: undefined,
    apiUrl,
  });

  beforeAll(async () => {
    apiUrl = await standIn.start();
  });
  afterEach(() => standIn.reset());
  afterAll(() => standIn.close());

  describe('Cloudflare', () => {
    it('purges by tag, at most 30 a call, with the bearer token', async () => {
      await cdnPurger(cloudflare(), 'https://www.example.com').purge({ tags: tags(45), paths: ['/news'] }, asGiven);
      expect(standIn.calls.map((call) => [call.method, call.url, call.headers.authorization, call.body.tags?.length])).toEqual([
        ['POST', '/zones/zone-1/purge_cache', 'Bearer cf-token', 30],
        ['POST', '/zones/zone-1/purge_cache', 'Bearer cf-token', 15],
      ]);
    });

    it('falls back to purging by address, 30 a call, on a plan without purge by tag', async () => {
      standIn.answers.push({
        status: 400,
        body: { success: false, errors: [{ code: 1107, message: 'Purge by tag is only available for Enterprise zones' }] },
        when: (call) => 'tags' in call.body,
      });
      const paths = Array.from({ length: 31 }, (_, i) => `/news/article-${i}`);
      const purger = cdnPurger(cloudflare(), 'https://www.example.com');
      await purger.purge({ tags: ['news'], paths }, asGiven);
      expect(standIn.calls.map((call) => Object.keys(call.body)[0])).toEqual(['tags', 'files', 'files']);
      expect(standIn.calls[1].body.files).toHaveLength(30);
      expect(standIn.calls[1].body.files?.[0]).toBe('https://www.example.com/news/article-0');
      expect(standIn.calls[2].body.files).toEqual(['https://www.example.com/news/article-30']);
      // Remembered: the next purge goes by address at once; every page is purge_everything.
      standIn.reset();
      await purger.purge({ tags: ['site'], paths: ['/*'] }, asGiven);
      expect(standIn.calls.map((call) => call.body)).toEqual([{ purge_everything: true }]);
    });
  });

  it('Fastly: a soft purge by surrogate key with the key header', async () => {
    await cdnPurger(
      { ...cloudflare(), provider: 'fastly', zone: undefined, service: 'svc-1', apiToken: 'fastly-token' },
      'https://x.example',
    ).purge(
      {
        tags: ['news', 'news-1'],
        paths: [],
      },
      asGiven,
    );
    expect(standIn.calls).toHaveLength(1);
    const [call] = standIn.calls;
    expect([call.method, call.url]).toEqual(['POST', '/service/svc-1/purge']);
    expect(call.headers).toMatchObject({ 'surrogate-key': 'news news-1', 'fastly-key': 'fastly-token', 'fastly-soft-purge': '1' });
  });

  describe('the queue', () => {
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof loggedInAgent>>['agent'];

    beforeAll(async () => {
      t = await createTestApp({ publicUrl: 'https://www.example.com', cdn: cloudflare() });
      admin = (await loggedInAgent(t)).agent;
      expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    }, APP_TEST_TIMEOUT);
    afterAll(() => t?.close());

    async function settled(): Promise<void> {
      for (let i = 0; i < 100; i += 1) {
        const [{ pending }] = await t.dataSource.query(`SELECT count(*)::int AS pending FROM cdn_purges WHERE status = 'pending'`);
        if (pending === 0) return;
        await sleep(100);
      }
      throw new Error('purges still waiting');
    }

    it('sends an article’s purge, retrying on 429 and 5xx until the CDN takes it, and marks it done once', async () => {
      await settled();
      standIn.reset();
      standIn.answers.push({ status: 429, body: { success: false } }, { status: 503 });
      const created = await admin.post('/api/news').send({ title: unique('Queued '), description: 'd', about: 'a', status: 'published' });
      expect(created.status).toBe(201);
      // Written in the transaction of the change, and named for home-made proxies.
      expect(created.headers['x-cache-invalidate']).toContain(`/news/${created.body.slug}`);
      await sleep(200);
      await settled();
      const purges = standIn.calls.filter((call) => call.body.tags?.includes(`news-${created.body.id}`));
      expect(purges).toHaveLength(3);
      expect(purges[2].body.tags?.sort()).toEqual(['news', `news-${created.body.id}`].sort());
      const status = await admin.get('/api/settings/cdn');
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ provider: 'cloudflare', waiting: 0, failedCount: 0 });
    }, 20_000);

    it('gives up at once on a refusal (a bad token), keeping it visible', async () => {
      await settled();
      standIn.answers.push({ status: 403, body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] } });
      const res = await admin.patch('/api/settings').send({ companyName: unique('Renamed ') });
      expect(res.status).toBe(200);
      expect(res.headers['x-cache-invalidate']).toBe('/*');
      await settled();
      const status = (await admin.get('/api/settings/cdn')).body;
      expect(status.failedCount).toBe(1);
      expect(status.failed[0]).toMatchObject({ tags: ['site'], paths: ['/*'], attempts: 1 });
      expect(status.failed[0].reason).toContain('403');
    });

    it('purges a scheduled article at its time, once', async () => {
      await settled();
      const publishAt = new Date(Date.now() + 1500).toISOString();
      const res = await admin
        .post('/api/news')
        .send({ title: unique('Scheduled '), description: 'd', about: 'a', status: 'published', publishAt });
      expect(res.status).toBe(201);
      // Not yet due: no visitor's page changed, nothing to purge.
      expect(res.headers['x-cache-invalidate']).toBeUndefined();
      const tag = `news-${res.body.id}`;
      for (let i = 0; i < 50 && standIn.calls.filter((call) => call.body.tags?.includes(tag)).length === 0; i += 1) await sleep(100);
      await settled();
      const jobs = await t.dataSource.query(`SELECT status FROM cdn_purges WHERE $1 = ANY(tags)`, [tag]);
      expect(jobs).toEqual([{ status: 'done' }]);
      expect(standIn.calls.filter((call) => call.body.tags?.includes(tag))).toHaveLength(1);
    }, 20_000);

    it('queues nothing for a draft', async () => {
      await settled();
      const [{ count: before }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM cdn_purges`);
      const res = await admin.post('/api/news').send({ title: unique('Draft '), description: 'd', about: 'a', status: 'draft' });
      expect(res.status).toBe(201);
      expect(res.headers['x-cache-invalidate']).toBeUndefined();
      const [{ count: after }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM cdn_purges`);
      expect(after).toBe(before);
    });
  });
});
