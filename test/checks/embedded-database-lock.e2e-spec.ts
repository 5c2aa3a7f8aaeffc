import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/database/database-connection';

const HOLDER = join(__dirname, '../support/embedded-database-holder.mjs');

/** Another process that opens the embedded database in `dataDir`; resolves once it is open. */
async function startHolder(dataDir: string): Promise<{ child: ChildProcess; socketDir: string }> {
  const child = spawn(process.execPath, ['--no-warnings', HOLDER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the holder exited with ${code}`))),
  ])) as [string];
  return { child, socketDir: (JSON.parse(line) as { socketDir: string }).socketDir };
}

async function selectOne(socketDir: string): Promise<number> {
  const client = new Client({ host: socketDir, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT 1 AS n');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('the embedded database lock', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function scratchDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  it('refuses a second process on the same DATA_DIR while the first keeps working', async () => {
    const dataDir = scratchDir();
    const holder = await startHolder(dataDir);
    cleanups.push(async () => {
      holder.child.kill('SIGKILL');
      await once(holder.child, 'exit').catch(() => undefined);
    });

    await expect(openDatabase({ dataDir })).rejects.toThrow(
      new RegExp(`the embedded database in ${dataDir} is in use by another process \\(host .+, pid ${holder.child.pid}, since `),
    );
    expect(await selectOne(holder.socketDir)).toBe(1);
  }, 60_000);

  it('takes over a lock left by a process that was killed', async () => {
    const dataDir = scratchDir();
    const holder = await startHolder(dataDir);
    holder.child.kill('SIGKILL');
    await once(holder.child, 'exit');

    const connection = await openDatabase({ dataDir });
    cleanups.push(() => connection.close());
    expect(await selectOne(connection.socketDir!)).toBe(1);
  }, 60_000);
});
