// Cold start to first answer (/api/health/ready) and resident memory at idle, on the embedded
// database and on PostgreSQL, for a first start (empty DATA_DIR / empty database: migrations run)
// and a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const baseDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 3390);

async function startOnce(env) {
  const started = process.hrtime.bigint();
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let readyMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) {
        readyMs = Number(process.hrtime.bigint() - started) / 1e6;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  return { readyMs, rssMb: rssKb / 1024 };
}

function line(label, { readyMs, rssMb }) {
  console.log(`${label}: ready after ${readyMs.toFixed(0)} ms, idle RSS ${rssMb.toFixed(0)} MB`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
line('embedded, first start (empty DATA_DIR)', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: '' }));
line('embedded, restart', await startOnce({ DATA_DIR: dataDir, DATABASE_URL: '' }));
rmSync(dataDir, { recursive: true, force: true });

const name = `bench_start_${Date.now()}`;
const admin = new pg.Client({ connectionString: baseDatabaseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(baseDatabaseUrl);
url.pathname = `/${name}`;
const pgDataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
line('PostgreSQL, first start (empty database)', await startOnce({ DATA_DIR: pgDataDir, DATABASE_URL: url.toString() }));
line('PostgreSQL, restart', await startOnce({ DATA_DIR: pgDataDir, DATABASE_URL: url.toString() }));
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
rmSync(pgDataDir, { recursive: true, force: true });
