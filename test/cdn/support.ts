import pg from 'pg';
import { AppProcess, isReply, send, sleep, type Reply } from '../faults/support/app-process';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.mjs';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The built app on a scratch database and `port` (the cache in front is started first), with an admin signed in (its cookie). */
export async function startApp(
  env: Record<string, string>,
  port: number,
): Promise<{ app: AppProcess; database: ScratchDatabase; cookie: string }> {
  const database = await createScratchDatabase(BASE_DATABASE_URL, 'cdn');
  const app = await AppProcess.spawn({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...env }, undefined, port);
  await app.ready();
  const cookie = await app.login();
  return { app, database, cookie };
}

/** Waits until the cache finds the app up (Varnish's health probe): before that, it answers 503 itself. */
export async function cacheSeesApp(port: number): Promise<void> {
  await within(20_000, port, '/api/health', (reply) => reply.status === 200);
}

/** The purge queue's counts, read from the database. */
export async function purgeQueue(url: string): Promise<{ pending: number; done: number; failed: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'done')::int AS done,
              count(*) FILTER (WHERE status = 'failed')::int AS failed FROM cdn_purges`,
    );
    return rows[0] as { pending: number; done: number; failed: number };
  } finally {
    await client.end();
  }
}

/**
 * Waits until every purge queued so far has been sent: a page cached before a purge of an
 * earlier change arrives would be cleared by it, and a test of "stays a hit" would see a miss.
 */
export async function purged(url: string, timeoutMs = 15_000): Promise<{ pending: number; done: number; failed: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const counts = await purgeQueue(url);
    if (counts.pending === 0 || Date.now() > until) return counts;
    await sleep(50);
  }
}

/** An admin's API call on the app itself (never through the cache). */
export async function api(
  app: AppProcess,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply & { json: unknown }> {
  const res = await send(app.port, `/api${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!isReply(res) || res.status >= 400) throw new Error(`${method} ${path}: ${JSON.stringify(res)}`);
  return { ...res, json: res.text ? JSON.parse(res.text) : undefined };
}

/** A visitor's GET through the cache (gzip, as browsers ask). */
export async function visit(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply & { hit: boolean }> {
  const res = await send(port, path, { headers: { ...headers } });
  if (!isReply(res)) throw new Error(`GET ${path} through the cache: ${res.error}`);
  return { ...res, hit: res.headers['x-cache'] === 'HIT' };
}

/** Polls until `check` holds for the visit, and says how long that took (ms). */
export async function within(ms: number, port: number, path: string, check: (reply: Reply) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    const reply = await visit(port, path);
    if (check(reply)) return performance.now() - started;
    if (performance.now() - started > ms)
      throw new Error(`${path} did not change within ${ms} ms: ${reply.status} ${reply.text.slice(0, 200)}`);
    await sleep(50);
  }
}

export { sleep };
export { startNginx, startVarnish, type Cache } from '../support/caches.mjs';
