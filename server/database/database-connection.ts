import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
 * Connects to DATABASE_URL when given, otherwise starts PGlite (PostgreSQL compiled to
 * WebAssembly) in this process and serves it on a private unix socket, so the ordinary `pg`
 * driver, TypeORM and the migrations take one code path for both.
 *
 * `dataDir` of `null` keeps the embedded database in memory (tests).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<DatabaseConnection> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, close: async () => undefined };
  }

  // PGlite's packages are ESM-only and heavy; load them only when the embedded database is used.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');

  let pgDataDir: string | undefined;
  if (options.dataDir !== null) {
    pgDataDir = join(options.dataDir, 'pgdata');
    mkdirSync(pgDataDir, { recursive: true });
  }
  const db = await PGlite.create(pgDataDir, { extensions: { pg_trgm, pgcrypto } });

  // Unix socket paths are limited to about 100 bytes, so the socket lives in a short temp dir.
  const socketDir = mkdtempSync(join(tmpdir(), 'pgl-'));
  const server = new PGLiteSocketServer({
    db,
    path: join(socketDir, '.s.PGSQL.5432'),
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
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
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
