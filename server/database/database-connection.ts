import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite as PGliteInstance } from '@electric-sql/pglite' with { 'resolution-mode': 'import' };
import { serialiseExtendedQueries } from './pglite-protocol-lock';

/** Where the pg driver connects: either a PostgreSQL URL or the embedded server's socket. */
export interface DatabaseConnection {
  url?: string;
  /** Directory holding the embedded server's unix socket (pg's convention for `host`). */
  socketDir?: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * The embedded server serialises queries; the socket server refuses connections past its limit,
 * so it must exceed the single pool that TypeORM and the session store share.
 */
export const EMBEDDED_POOL_SIZE = 8;
const EMBEDDED_MAX_CONNECTIONS = EMBEDDED_POOL_SIZE + 4;

/**
 * PGlite does not lock its data directory, and two processes writing one would corrupt it. The
 * owner's pid goes in a lock file beside it; a lock left by a process that no longer runs is taken
 * over. Returns the release function.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pgdata.lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(file, 'utf8'));
    let alive: boolean;
    try {
      alive = Number.isInteger(owner) && owner > 0 && owner !== process.pid && process.kill(owner, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (alive)
      throw new Error(`the embedded database in ${dataDir} is in use by process ${owner}; if that is not this app, delete ${file}`);
    rmSync(file, { force: true });
  }
}

/**
 * Connects to DATABASE_URL when given, otherwise starts PGlite (PostgreSQL compiled to
 * WebAssembly) in this process and serves it on a private unix socket, so the ordinary `pg`
 * driver, TypeORM and the migrations take one code path for both.
 *
 * `dataDir` of `null` keeps the embedded database in memory (tests).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, close: () => Promise.resolve() };
  }

  // PGlite's packages are ESM-only and heavy; load them only when the embedded database is used.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');

  let pgDataDir: string | undefined;
  let unlock: () => void = () => undefined;
  if (options.dataDir !== null) {
    pgDataDir = join(options.dataDir, 'pgdata');
    mkdirSync(pgDataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  let db: PGliteInstance;
  try {
    db = await PGlite.create(pgDataDir, { extensions: { pg_trgm, pgcrypto } });
  } catch (error) {
    unlock();
    throw error;
  }

  // Unix socket paths are limited to about 100 bytes, so the socket lives in a short temp dir.
  const socketDir = mkdtempSync(join(tmpdir(), 'pgl-'));
  const server = new PGLiteSocketServer({
    db,
    path: join(socketDir, '.s.PGSQL.5432'),
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
  serialiseExtendedQueries(server);
  await server.start();

  let closed = false;
  return {
    socketDir,
    embedded: true,
    async close() {
      if (closed) return;
      closed = true;
      await server.stop();
      await db.close();
      unlock();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
