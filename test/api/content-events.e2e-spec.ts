import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../server/database/database-connection';
import { PageCache } from '../../server/site/page-cache.service';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { freePort } from '../support/free-port.mjs';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { unique } from '../support/unique.mjs';

// Issue #34 item 2: content events after commit, the page cache that listens to them, and the
// `published` event of a scheduled article, raised once whatever the number of replicas.

const ORIGIN = 'https://www.example.com';
const RP_ID = 'www.example.com';
/**
 * Two replicas on one PostgreSQL database (that of DATABASE_URL, else the machine's, as the replica
 * suite's): the embedded database has one owner process, so it never has a second replica to tell.
 */
const REPLICAS = 2;
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Agent = ReturnType<TestApp['agent']>;

describe('content events', () => {
  let database: DatabaseConnection;
  const replicas: TestApp[] = [];
  let metricsPort: number;
  let admin: Agent;

  /** content_events_total from the metrics port, summed over the lines that carry `labels` (both replicas run in this process). */
  async function contentEvents(labels: Record<string, string> = {}): Promise<number> {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('content_events_total{'))
      .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  }

  const visit = (replica: TestApp, path: string) => replica.http().get(path).set('Host', RP_ID).set('X-Forwarded-Proto', 'https');

  async function createArticle(fields: Record<string, unknown> = {}) {
    const res = await admin.post('/api/news').send({ title: unique('Article '), description: 'A description', about: 'About', ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string; title: string };
  }

  beforeAll(async () => {
    metricsPort = await freePort();
    // One database for every replica, closed once they all are.
    const scratch = await createScratchDatabase(POSTGRES, 'test');
    database = { url: scratch.url, embedded: false, close: scratch.drop };
    const shared: DatabaseConnection = { ...database, close: () => Promise.resolve() };
    for (let i = 0; i < REPLICAS; i += 1) {
      replicas.push(await createTestApp({ publicUrl: ORIGIN, ...(i === 0 ? { metricsPort } : {}) }, { connection: shared }));
    }
    admin = (await loggedInAgent(replicas[0])).agent;
    expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
  }, APP_TEST_TIMEOUT);
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database?.close();
  });

  it('raises none for a passkey added, and the cached pages stay', async () => {
    const cache = replicas[0].app.get(PageCache);
    expect((await visit(replicas[0], '/news')).status).toBe(200);
    const cached = cache.size;
    expect(cached).toBeGreaterThan(0);
    const before = await contentEvents();

    const options = await admin.post('/api/admins/me/passkeys/options');
    expect(options.status).toBe(200);
    const response = new SoftAuthenticator().register(
      { challenge: options.body.challenge, origin: ORIGIN, rpId: RP_ID },
      options.body.user.id,
    );
    expect((await admin.post('/api/admins/me/passkeys').send({ name: 'Work laptop', response })).status).toBe(201);

    expect(await contentEvents()).toBe(before);
    expect(cache.size).toBe(cached);
  });

  it('clears the cached page of a published article when it is edited, and keeps the cache for a draft’s edit', async () => {
    const article = await createArticle();
    const page = await visit(replicas[0], `/news/${article.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(article.title);
    const updated = await contentEvents({ kind: 'news', change: 'updated' });

    const title = unique('Renamed ');
    expect((await admin.patch(`/api/news/${article.id}`).send({ title })).status).toBe(200);
    expect((await visit(replicas[0], `/news/${article.slug}`)).text).toContain(title);
    expect(await contentEvents({ kind: 'news', change: 'updated' })).toBe(updated + 1);

    const draft = await createArticle({ status: 'draft' });
    const cache = replicas[0].app.get(PageCache);
    expect((await visit(replicas[0], '/news')).status).toBe(200);
    const cached = cache.size;
    expect((await admin.patch(`/api/news/${draft.id}`).send({ title: unique('Draft ') })).status).toBe(200);
    expect(cache.size).toBe(cached);
    expect(await contentEvents({ kind: 'news', change: 'updated' })).toBe(updated + 2);
  });

  it('clears the other replica’s cached pages on a change made on one', async () => {
    const article = await createArticle();
    const other = replicas[1].app.get(PageCache);
    expect((await visit(replicas[1], `/news/${article.slug}`)).status).toBe(200);
    expect(other.size).toBeGreaterThan(0);
    expect((await admin.patch(`/api/news/${article.id}`).send({ about: 'Changed' })).status).toBe(200);
    // Told by PostgreSQL (NOTIFY on commit): only clear() empties it (expired pages stay until asked for).
    const deadline = Date.now() + 2000;
    while (other.size > 0 && Date.now() < deadline) await sleep(50);
    expect(other.size).toBe(0);
  });

  it('hears the other replica again once its listening connection has been cut', async () => {
    // Both replicas' LISTEN connections (and only those: the pools' idle ones last ran something else).
    const [{ cut }] = await replicas[0].dataSource.query<{ cut: number }[]>(
      `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN content_changes'`,
    );
    expect(cut).toBe(2);
    await sleep(2500);
    const article = await createArticle();
    const other = replicas[1].app.get(PageCache);
    expect((await visit(replicas[1], `/news/${article.slug}`)).status).toBe(200);
    expect(other.size).toBeGreaterThan(0);
    expect((await admin.patch(`/api/news/${article.id}`).send({ about: 'Changed again' })).status).toBe(200);
    const deadline = Date.now() + 2000;
    while (other.size > 0 && Date.now() < deadline) await sleep(50);
    expect(other.size).toBe(0);
  });

  it('shows an article on the news page of both replicas within 5 s of its publishAt, published once', async () => {
    const published = await contentEvents({ kind: 'news', change: 'published' });
    const publishAt = Date.now() + 2000;
    const article = await createArticle({ publishAt: new Date(publishAt).toISOString() });
    for (const replica of replicas) expect((await visit(replica, '/news')).text).not.toContain(article.title);

    // Asked again and again, so each replica's cache holds a page rendered just before its time.
    const shownAt = await Promise.all(
      replicas.map(async (replica) => {
        while (Date.now() < publishAt + 6000) {
          if ((await visit(replica, '/news')).text.includes(article.title)) return Date.now();
          await sleep(100);
        }
        return Infinity;
      }),
    );
    for (const at of shownAt) expect(at - publishAt).toBeLessThanOrEqual(5000);
    // Every replica has looked at least twice since (one round a second): still one event.
    await sleep(2500);
    expect(await contentEvents({ kind: 'news', change: 'published' })).toBe(published + 1);
  }, 20_000);
});
