import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/database/database-connection';
import { APP_TEST_TIMEOUT } from '../support/create-test-app';

// #28 item 4: the embedded database's folder is readable by the app's user only.
describe('private data at rest (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'data-at-rest-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'tightens a loose DATA_DIR at start, with a log line, and `find -perm /o=rwx` prints nothing while it runs',
    async () => {
      const dataDir = join(root, 'data');
      mkdirSync(join(dataDir, 'uploads'), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', 'photo.jpg'), 'x');
      chmodSync(join(dataDir, 'uploads', 'photo.jpg'), 0o666);
      chmodSync(join(dataDir, 'uploads'), 0o777);
      chmodSync(dataDir, 0o755);
      const log = vi.spyOn(Logger.prototype, 'log');

      const db = await openDatabase({ dataDir });
      try {
        const client = new Client({ connectionString: db.url, user: 'postgres', database: 'postgres' });
        await client.connect();
        await client.query('CREATE TABLE IF NOT EXISTS secrets (hash text)');
        await client.query("INSERT INTO secrets VALUES ('argon2')");
        await client.end();

        expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Tightened 3 entries in .* to owner-only access/));
        const loose = execFileSync('find', [dataDir, '-perm', '/o=rwx', '-printf', '%m %p\n'], { encoding: 'utf8' });
        expect(loose.split('\n').slice(0, 5).join('\n')).toBe('');
        expect(execFileSync('find', [dataDir, '-perm', '/g=rwx'], { encoding: 'utf8' })).toBe('');
        expect(statSync(dataDir).mode & 0o777).toBe(0o700);
        expect(statSync(join(dataDir, 'uploads', 'photo.jpg')).mode & 0o777).toBe(0o600);
      } finally {
        await db.close();
        log.mockRestore();
      }
      // A new embedded database on disk (initdb) takes a while on a busy machine.
    },
    APP_TEST_TIMEOUT,
  );
});
