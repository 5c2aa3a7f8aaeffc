// Shared pieces of the benchmarks (`npm run bench`): a fresh database, the built server on it, a
// logged-in cookie, and timing helpers. Benchmarks need a real PostgreSQL (BENCH_DATABASE_URL or
// DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../support/scratch-database.mjs';

export const baseDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let nextPort = Number(process.env.BENCH_PORT ?? 3300);

/**
 * Starts the built server (production mode) with `env` on the next free bench port and waits until
 * /api/health/ready answers. `nodeArgs` go to node before the script (e.g. `--liftoff-only`). Returns `{ baseURL, pid, readyMs, stop() }`; readyMs counts from the
 * spawn.
 */
export async function startServer(env, { stdout = 'inherit', pollMs = 250, nodeArgs = [] } = {}) {
  const port = nextPort++;
  const started = process.hrtime.bigint();
  const server = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      SECRETS_KEY: 'bench-secrets-key-bench-secrets-key!',
      REQUIRE_SECOND_FACTOR: 'false',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || i * pollMs > 60_000) throw new Error(`the server on ${baseURL} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return {
    baseURL,
    pid: server.pid,
    readyMs: Number(process.hrtime.bigint() - started) / 1e6,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts the built server on a fresh database with an admin (ADMIN_EMAIL) and logs in.
 * Returns `{ baseURL, headers, db, request(path, init), stop() }`; `db` is a pg.Client on the
 * bench database for seeding (after the server has migrated it).
 */
export async function startBenchServer(env = {}) {
  const database = await createScratchDatabase(baseDatabaseUrl, 'bench');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const admin = { name: 'Bench', email: 'bench@example.com', password: 'measured under load 1' };
  // Production asks for a setup link before the first registration: the admin is created at start instead.
  writeFileSync(join(dataDir, 'admin-password'), admin.password);
  const server = await startServer({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_NAME: admin.name,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD_FILE: join(dataDir, 'admin-password'),
    ...env,
  });
  const { baseURL } = server;
  const login = await fetch(`${baseURL}/api/admins/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return {
    baseURL,
    pid: server.pid,
    databaseUrl: database.url,
    headers: { cookie },
    db,
    dataDir,
    request: (path, init = {}) => fetch(`${baseURL}${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } }),
    async stop() {
      await db.end();
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` `times` times one after another (after `warmup` untimed runs); returns ms statistics. */
export async function measure(fn, { times = 30, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { median: at(0.5), p95: at(0.95), min: samples[0], max: samples[samples.length - 1], n: samples.length };
}

/** Prints one result line: `label: median X ms (p95 Y ms, n N)`. */
export function report(label, stats) {
  const f = (v) => v.toFixed(2);
  console.log(`${label}: median ${f(stats.median)} ms (p95 ${f(stats.p95)} ms, min ${f(stats.min)}, max ${f(stats.max)}, n ${stats.n})`);
}
