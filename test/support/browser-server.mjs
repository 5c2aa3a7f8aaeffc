// Starts the built app for the browser suite on a database of its own: a fresh database on the
// PostgreSQL of DATABASE_URL, or the embedded database in a fresh temporary DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from './scratch-database.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'browser-test-'));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.BROWSER_TEST_PORT ?? '3100',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'browser-test-secret-browser-test-secret',
  // Every test registers an admin of its own, so tests never depend on one another.
  REGISTRATION: 'open',
  LOG_LEVEL: 'warn',
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const database = await createScratchDatabase(process.env.DATABASE_URL, 'browser');
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
}

const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await dropDatabase().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
