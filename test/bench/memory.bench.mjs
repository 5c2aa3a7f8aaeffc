// Resident memory (RSS) of the built app on the embedded database and on PostgreSQL: at idle after
// start, the peak under a steady logged-in list load (autocannon, BENCH_CONNECTIONS connections,
// default 20, for BENCH_SECONDS seconds, default 20), and at idle again after it. Throughput is
// printed beside it, so a memory setting that costs speed shows. The embedded database is measured
// on a first start (which also creates it), on a restart, and on a restart as `npm start` and the
// image run it (node --liftoff-only).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { baseDatabaseUrl, startServer } from './support.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 20_000);
const admin = { name: 'Bench', email: 'bench@example.com', password: 'bench password 1' };

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label, env, { restart = false, nodeArgs = [] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  writeFileSync(join(dataDir, 'admin-password'), admin.password);
  const adminEnv = {
    DATA_DIR: dataDir,
    ADMIN_NAME: admin.name,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD_FILE: join(dataDir, 'admin-password'),
  };
  // A restart measures what a running site holds; a first start also creates the database.
  if (restart) await (await startServer({ ...adminEnv, ...env }, { stdout: 'ignore', nodeArgs })).stop();
  const server = await startServer({ ...adminEnv, ...env }, { stdout: 'ignore', nodeArgs });
  try {
    const login = await fetch(`${server.baseURL}/api/admins/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let i = 0; i < 30; i += 1) {
      await fetch(`${server.baseURL}/api/services`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Service ${i}`, about: 'A service of the bench' }),
      });
    }
    await sleep(IDLE_MS);
    const idle = rssMb(server.pid);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 250);
    const result = await new Promise((resolve, reject) =>
      autocannon(
        { url: `${server.baseURL}/api/services?page=2`, headers: { cookie }, connections: CONNECTIONS, duration: SECONDS },
        (error, res) => (error ? reject(error) : resolve(res)),
      ),
    );
    clearInterval(sampler);
    await sleep(IDLE_MS);
    const after = rssMb(server.pid);
    console.log(
      `${label}: idle RSS ${idle.toFixed(0)} MB, under load (c=${CONNECTIONS}, ${SECONDS} s) peak ${peak.toFixed(0)} MB ` +
        `at ${Math.round(result.requests.average)} req/s (${result.non2xx} non-2xx, ${result.errors} errors), idle after ${after.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await measure('embedded, first start', { DATABASE_URL: '' });
await measure('embedded, restart', { DATABASE_URL: '' }, { restart: true });
// As `npm start` and the image run it.
await measure('embedded, restart, node --liftoff-only', { DATABASE_URL: '' }, { restart: true, nodeArgs: ['--liftoff-only'] });
const database = await createScratchDatabase(baseDatabaseUrl, 'bench_memory');
try {
  await measure('PostgreSQL', { DATABASE_URL: database.url });
} finally {
  await database.drop();
}
