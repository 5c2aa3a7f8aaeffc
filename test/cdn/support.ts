import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { join } from 'node:path';
import { AppProcess, isReply, send, sleep, type Reply } from '../faults/support/app-process';
import { freePort } from '../support/free-port.mjs';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.mjs';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A cache in front of the app, started by the test from the shipped config (deploy/). */
export interface Cache {
  port: number;
  /** The cache's own folder (Varnish's working directory is `work` in it). */
  dir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function waitForPort(port: number, path = '/robots.txt', timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await send(port, path, { timeoutMs: 2000 });
    if (isReply(res)) return;
    await sleep(100);
  }
  throw new Error(`nothing answered on port ${port}`);
}

function spawnLogged(command: string, args: string[], log: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return child;
}

async function kill(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** deploy/varnish/default.vcl, its backend the app's port; varnishd in the foreground, without a jail (the test may run as root). */
export async function startVarnish(appPort: number, port: number): Promise<Cache> {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-varnish-'));
  chmodSync(dir, 0o755);
  const vcl = readFileSync('deploy/varnish/default.vcl', 'utf8').replace('.port = "3000"', `.port = "${appPort}"`);
  writeFileSync(join(dir, 'default.vcl'), vcl);
  const log: string[] = [];
  let child: ChildProcess | undefined;
  const cache: Cache = {
    port,
    dir,
    async start() {
      child = spawnLogged('/usr/sbin/varnishd', ['-F', '-j', 'none', '-n', join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', join(dir, 'default.vcl'), '-s', 'malloc,64m', '-T', 'none'], log);
      await waitForPort(port).catch((error: Error) => {
        throw new Error(`${error.message}\n${log.join('')}`);
      });
    },
    async stop() {
      await kill(child);
    },
  };
  await cache.start();
  return cache;
}

/** deploy/nginx/cdn.conf inside an nginx.conf of the test's own (its cache, pid and logs in a temp dir), upstream the app's port. */
export async function startNginx(appPort: number, port: number): Promise<Cache & { dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-nginx-'));
  // Started as root, nginx's workers run as nobody: they must reach the cache and temp folders.
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const site = readFileSync('deploy/nginx/cdn.conf', 'utf8')
    .replace('/var/cache/nginx/company-site', join(dir, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, 'cdn.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/cdn.conf;
}
`,
  );
  const log: string[] = [];
  let child: ChildProcess | undefined;
  const cache = {
    port,
    dir,
    async start() {
      child = spawnLogged('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], log);
      await waitForPort(port).catch((error: Error) => {
        throw new Error(`${error.message}\n${log.join('')}`);
      });
    },
    async stop() {
      await kill(child);
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cache.start();
  return cache;
}

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
export async function api(app: AppProcess, cookie: string, method: string, path: string, body?: unknown): Promise<Reply & { json: any }> {
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
    if (performance.now() - started > ms) throw new Error(`${path} did not change within ${ms} ms: ${reply.status} ${reply.text.slice(0, 200)}`);
    await sleep(50);
  }
}

export { sleep };
