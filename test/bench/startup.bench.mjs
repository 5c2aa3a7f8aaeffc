// Cold start to first answer (/api/health/ready) and resident memory at idle, on the embedded
// database and on PostgreSQL, for a first start (empty DATA_DIR / empty database: migrations run)
// and a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { baseDatabaseUrl, startServer } from './support.mjs';

async function startOnce(env) {
  const server = await startServer(env, { stdout: 'ignore', pollMs: 20 });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
  await server.stop();
  return { readyMs: server.readyMs, rssMb: rssKb / 1024 };
}

function line(label, { readyMs, rssMb }) {
  console.log(`${label}: ready after ${readyMs.toFixed(0)} ms, idle RSS ${rssMb.toFixed(0)} MB`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
line('embedded, first start (empty DATA_DIR)', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: '' }));
line('embedded, restart', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: '' }));
rmSync(dataDir, { recursive: true, force: true });

const database = await createScratchDatabase(baseDatabaseUrl, 'bench_start');
const pgDataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
line('PostgreSQL, first start (empty database)', await startOnce({ DATA_DIR: pgDataDir, DATABASE_URL: database.url }));
line('PostgreSQL, restart', await startOnce({ DATA_DIR: pgDataDir, DATABASE_URL: database.url }));
await database.drop();
rmSync(pgDataDir, { recursive: true, force: true });
