import {
  chmodSync,
  closeSync,
  ftruncateSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { Logger } from '@nestjs/common';
import { tryLock } from 'fs-native-extensions';
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

/**
 * PostgreSQL settings of the embedded database, given at each start (as `-c` options, so the data
 * folder's postgresql.conf stays as initdb wrote it). PGlite's defaults are a server's
 * (shared_buffers 160 MB, wal_buffers 5 MB, temp_buffers 10 MB, maintenance_work_mem 64 MB), and
 * PGlite zeroes its shared memory at start, inside this process's WebAssembly memory: the buffers
 * alone were about 130 MB of resident memory. A small company's site fits in far fewer, and the
 * operating system's page cache keeps the data folder's files anyway.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'temp_buffers=2MB', 'maintenance_work_mem=16MB'];
const EMBEDDED_MAX_CONNECTIONS = EMBEDDED_POOL_SIZE + 4;

/**
 * PGlite does not lock its data directory, and two processes writing one would corrupt it. The
 * owner holds an exclusive OS-level lock (Linux: an open-file-description `fcntl` lock, elsewhere
 * `flock`, through fs-native-extensions' prebuilt binaries) on `pgdata.lock` beside it, for as long
 * as it runs.
 *
 * Why a kernel lock rather than a pid or a heartbeat file: every container is pid 1, so a pid in a
 * file cannot tell a live owner in another container from a dead one; a heartbeat needs a timer,
 * a staleness guess and a careful take-over race. The kernel releases the lock the moment its
 * holder dies (even on SIGKILL), and it is shared by every process on the machine, in or out of
 * containers, that opens the same file on the same volume. The file itself is never deleted:
 * deleting it could let a newcomer lock a fresh file while another still holds the old one.
 *
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pgdata.lock');
  // 'a+': create when missing, never truncate before the lock is held.
  const fd = openSync(file, 'a+', 0o600);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    const owner = readFileSync(file, 'utf8').trim();
    closeSync(fd);
    throw new Error(
      `the embedded database in ${dataDir} is in use by another process${owner ? ` (${owner})` : ''}: ` +
        'stop it first (another container on the same volume, or the running app when this is a command)',
    );
  }
  // Who holds it, for the message above; the lock, not this text, is what counts.
  ftruncateSync(fd);
  writeSync(fd, `host ${hostname()}, pid ${process.pid}, since ${new Date().toISOString()}\n`, 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    closeSync(fd); // closing the descriptor releases the lock
  };
}

/**
 * The data folder holds the admins' password hashes and every message: only the app's own user
 * may read it. The umask makes whatever is created from now on (PGlite writes its files 666,
 * uploads, the lock) 600 or 700; a folder left looser by an earlier version is tightened, with a
 * log line saying how many entries were. Group and other bits are cleared; the owner's stay.
 */
export function keepPrivate(dataDir: string, options: { quiet?: boolean } = {}): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.mode & 0o700);
      tightened += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dataDir);
  if (tightened > 0 && !options.quiet) {
    new Logger('Database').log(`Tightened ${tightened} entries in ${dataDir} to owner-only access (700 folders, 600 files)`);
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
    keepPrivate(options.dataDir);
    pgDataDir = join(options.dataDir, 'pgdata');
    mkdirSync(pgDataDir, { recursive: true, mode: 0o700 });
    unlock = lockDataDir(options.dataDir);
  }
  let db: PGliteInstance;
  try {
    db = await PGlite.create(pgDataDir, {
      extensions: { pg_trgm, pgcrypto },
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
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

  // PGlite's file system layer sets 666 on the files it creates whatever the umask, so what it
  // made while opening is tightened now and what it adds later (WAL segments, new tables) every
  // few seconds; unref'd, so it never keeps the process alive.
  let privacy: NodeJS.Timeout | undefined;
  if (options.dataDir !== null) {
    const dataDir = options.dataDir;
    keepPrivate(dataDir, { quiet: true });
    privacy = setInterval(() => {
      try {
        keepPrivate(dataDir, { quiet: true });
      } catch {
        // A file removed mid-walk (a finished WAL segment): the next round sees the rest.
      }
    }, 5_000).unref();
  }
  let closed = false;
  return {
    socketDir,
    embedded: true,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(privacy);
      await server.stop();
      await db.close();
      unlock();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
