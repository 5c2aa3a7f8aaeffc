import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import * as tar from 'tar-stream';
import { type QueryRunner } from 'typeorm';

/*
 * The site archive (`npm run site:export` / `site:import`): every table's rows and every photo in
 * one .tar.gz, to back a site up or move it between databases (embedded ↔ PostgreSQL) and photo
 * storages (local ↔ S3). The format is documented in the README ("Site archive"). In order:
 *
 *   manifest.json                     format, version, the migration it was taken at, the tables
 *                                     and their columns, in an order that satisfies foreign keys
 *   tables/<table>/<000001>.ndjson    rows, one JSON object per line (row_to_json: every value
 *                                     as PostgreSQL writes it, so ids, times and paths stay exact)
 *   photos/<name>.webp                each stored photo, under its stored name
 *   checksums.json                    rows per table, and the SHA-256 of every chunk and photo:
 *                                     near the end, because only then are they known
 *   signature.json                    HMAC-SHA256, under the operator's key (--key or
 *                                     ARCHIVE_KEY), of manifest.json and checksums.json: an
 *                                     archive changed by someone without the key is refused
 *
 * The archive is a private file (0600): it holds the admins' password hashes. It leaves out what
 * would let its reader in: sessions, pending reset and invitation links, unsent mail (whose body
 * may hold such a link); authenticator secrets stay sealed under SECRETS_KEY as the database
 * keeps them.
 *
 * Streams end to end: rows through a cursor in chunks, photos one at a time, tar and gzip as
 * streams; memory stays bounded whatever the site's size (the README has the numbers).
 */

export const ARCHIVE_FORMAT = 'company-site-archive';
/** 2: signed (signature.json), without pending links or unsent mail. */
export const ARCHIVE_VERSION = 2;
export const SIGNATURE_FILE = 'signature.json';
/** An archive key shorter than this is refused: it is all that stands between an edited archive and an import. */
export const ARCHIVE_KEY_MIN = 32;

/** Tables never archived: sessions and rate-limit counters are of one running site, migrations of its schema. */
export const EXCLUDED_TABLES = new Set(['migrations', 'session', 'rate_limits']);
/**
 * Tables whose migration inserts rows (the settings' singleton, and its first revision): they do
 * not make a database "not empty", and the archive's rows replace those on import.
 */
export const SEEDED_BY_MIGRATIONS = new Set(['site_settings', 'revisions']);

/**
 * Rows of archived tables that stay out: a reset or invitation link still pending (its token's
 * hash) and mail not sent yet (its body may hold such a link). Spent links and sent mail (their
 * bodies already gone) are history, and go in.
 */
export const ARCHIVED_ROWS: Readonly<Record<string, string>> = {
  admin_tokens: 'used_at IS NOT NULL OR expires_at <= now()',
  mail_outbox: "status <> 'pending'",
};

/** The WHERE clause (with its leading space) that picks a table's archived rows, or ''. */
export const archivedRows = (table: string) => (ARCHIVED_ROWS[table] ? ` WHERE ${ARCHIVED_ROWS[table]}` : '');

/** The archive file: new (never overwriting) and readable by its owner only, whatever the umask. */
export function createArchiveFile(path: string): WriteStream {
  return createWriteStream(path, { flags: 'wx', mode: 0o600 });
}

/**
 * The archive's signature: HMAC-SHA256 under the operator's key of manifest.json and
 * checksums.json (which hold the SHA-256 of every other entry), each length-prefixed so no byte
 * can move from one to the other.
 */
export function archiveSignature(key: string, manifest: Buffer, checksums: Buffer): string {
  return createHmac('sha256', key)
    .update(`${ARCHIVE_FORMAT} ${ARCHIVE_VERSION}\n${manifest.length}\n`)
    .update(manifest)
    .update(`${checksums.length}\n`)
    .update(checksums)
    .digest('hex');
}

/** Whether signature.json's bytes hold the signature these bytes have under `key` (compared in constant time). */
export function signatureMatches(key: string, manifest: Buffer, checksums: Buffer, signatureFile: Buffer): boolean {
  let given: unknown;
  try {
    given = (JSON.parse(signatureFile.toString('utf8')) as { signature?: unknown } | null)?.signature;
  } catch {
    return false;
  }
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(archiveSignature(key, manifest, checksums), 'hex'));
}

/** The archive commands' arguments: the file, and `--key KEY` or `--key=KEY`. Null when they are not that. */
export function archiveArguments(args: string[]): { file: string; key: string | undefined } | null {
  let file: string | undefined;
  let key: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--key' && i + 1 < args.length) key = args[++i];
    else if (arg.startsWith('--key=')) key = arg.slice('--key='.length);
    else if (arg.startsWith('-') || file !== undefined) return null;
    else file = arg;
  }
  return file === undefined ? null : { file, key };
}

/** Why this archive key cannot be used, or undefined. */
export function archiveKeyProblem(key: string | undefined): string | undefined {
  if (key === undefined || key.trim() === '')
    return 'Give the archive key: --key KEY, or ARCHIVE_KEY in the environment (at least 32 characters; keep it apart from the archives).';
  if (key.length < ARCHIVE_KEY_MIN) return `The archive key must be at least ${ARCHIVE_KEY_MIN} characters long.`;
  return undefined;
}

export const ROWS_PER_CHUNK = 2000;
export const CHUNK_BYTES = 4 * 1024 * 1024;
/** A chunk or photo bigger than this is not one this program wrote. */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export interface ArchiveTable {
  name: string;
  /** Columns written (generated ones are left out: PostgreSQL computes them again). */
  columns: string[];
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** The last migration the source had run; import brings the target to exactly this one first. */
  migration: string;
  /** In insertion order: a table comes after the tables its foreign keys point at. */
  tables: ArchiveTable[];
}

export interface Checksums {
  rows: Record<string, number>;
  chunks: Record<string, string>;
  photos: Record<string, { bytes: number; sha256: string }>;
}

export interface Progress {
  rows: number;
  photos: number;
  /** The table being read or written, while rows are. */
  table?: string;
}

export interface ArchiveSummary {
  tables: Record<string, number>;
  rows: number;
  photos: number;
  photoBytes: number;
  migration: string;
}

/** A refusal with a reason for the operator (bad archive, non-empty target…), as opposed to a crash. */
export class ArchiveError extends Error {}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the current schema, with their writable columns, in foreign-key order. */
export async function siteTables(runner: QueryRunner): Promise<ArchiveTable[]> {
  const columns = (await runner.query(
    `SELECT c.table_name AS "table", c.column_name AS "column"
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
      ORDER BY c.table_name, c.ordinal_position`,
  )) as { table: string; column: string }[];
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) {
    if (EXCLUDED_TABLES.has(table)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const references = (await runner.query(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint co
       JOIN pg_class child ON child.oid = co.conrelid
       JOIN pg_class parent ON parent.oid = co.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE co.contype = 'f' AND n.nspname = current_schema() AND child.oid <> parent.oid`,
  )) as { child: string; parent: string }[];
  // Kahn's algorithm, by name among equals so the order is stable.
  const ordered: string[] = [];
  const remaining = new Set(byTable.keys());
  while (remaining.size > 0) {
    const ready = [...remaining].filter((table) => !references.some((ref) => ref.child === table && remaining.has(ref.parent)));
    // A cycle of foreign keys: take the rest by name (their constraints would have to be deferrable).
    const next = ready.length > 0 ? ready.sort() : [...remaining].sort();
    for (const table of next) {
      ordered.push(table);
      remaining.delete(table);
    }
  }
  return ordered.map((name) => ({ name, columns: byTable.get(name)! }));
}

export async function lastMigration(runner: QueryRunner): Promise<string | undefined> {
  const exists = (await runner.query(`SELECT to_regclass('migrations') IS NOT NULL AS present`)) as { present: boolean }[];
  if (!exists[0].present) return undefined;
  const rows = (await runner.query(`SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1`)) as { name: string }[];
  return rows[0]?.name;
}

export function addEntry(pack: tar.Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: data.length, mtime: new Date(0), mode: 0o644 }, data, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Writes the site's archive (.tar.gz) to `output`: the rows of one consistent snapshot (a
 * REPEATABLE READ transaction), then every photo the storage holds.
 */

/** Why the target database is not empty, or undefined when it is. */
export async function whyNotEmpty(runner: QueryRunner): Promise<string | undefined> {
  for (const table of await siteTables(runner)) {
    if (SEEDED_BY_MIGRATIONS.has(table.name)) continue;
    const [{ present }] = (await runner.query(`SELECT EXISTS (SELECT 1 FROM ${quote(table.name)}) AS present`)) as { present: boolean }[];
    if (present) return `its table ${table.name} has rows`;
  }
  return undefined;
}

export type ArchiveEntry = AsyncIterable<Buffer> & { header: tar.Header };

/** Reads a whole tar entry, refusing one larger than MAX_ENTRY_BYTES. */
export async function readEntry(entry: ArchiveEntry, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of entry) {
    size += part.length;
    if (size > MAX_ENTRY_BYTES) throw new ArchiveError(`The archive's ${name} is larger than any this program writes: not a site archive.`);
    parts.push(part);
  }
  return Buffer.concat(parts);
}

export function parseManifest(data: Buffer): Manifest {
  let raw: { [key in keyof Manifest]?: unknown } | null;
  try {
    raw = JSON.parse(data.toString('utf8')) as typeof raw;
  } catch {
    raw = null;
  }
  if (raw === null || typeof raw !== 'object') {
    throw new ArchiveError("The archive's manifest.json is not a JSON object: not a site archive, or a damaged one.");
  }
  if (raw.format !== ARCHIVE_FORMAT)
    throw new ArchiveError(`The archive is not a ${ARCHIVE_FORMAT} (its manifest says ${JSON.stringify(raw.format)}).`);
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version) || raw.version > ARCHIVE_VERSION) {
    throw new ArchiveError(
      `The archive is in format version ${JSON.stringify(raw.version)}; this version of the site reads up to ${ARCHIVE_VERSION}: upgrade it first.`,
    );
  }
  if (raw.version < ARCHIVE_VERSION) {
    throw new ArchiveError(
      `The archive is in format version ${raw.version}, written before archives were signed: this version imports signed archives only. Export the site again with this version.`,
    );
  }
  if (!Array.isArray(raw.tables) || typeof raw.migration !== 'string') throw new ArchiveError("The archive's manifest.json is incomplete.");
  raw.tables.forEach((table: unknown, index) => {
    const { name, columns } = (table ?? {}) as Partial<ArchiveTable>;
    const named = typeof name === 'string' && /^[a-z_][a-z0-9_]*$/.test(name);
    if (!named || !Array.isArray(columns) || !columns.every((column) => typeof column === 'string' && column !== '')) {
      throw new ArchiveError(`The archive's manifest.json is malformed: its table ${index + 1} is not a name and a list of column names.`);
    }
  });
  return raw as Manifest;
}

/** checksums.json as verify reads it, or a clear refusal: a malformed one never reaches a TypeError. */
export function parseChecksums(data: Buffer): Checksums {
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ArchiveError("The archive's checksums.json is not JSON: a damaged archive.");
  }
  const { rows, chunks, photos } = (raw ?? {}) as Partial<Checksums>;
  const record = (value: unknown, valid: (entry: unknown) => boolean) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(valid);
  const photo = (entry: unknown) => {
    const { bytes, sha256: hash } = (entry ?? {}) as { bytes?: unknown; sha256?: unknown };
    return typeof bytes === 'number' && typeof hash === 'string';
  };
  if (!record(rows, (n) => typeof n === 'number') || !record(chunks, (h) => typeof h === 'string') || !record(photos, photo)) {
    throw new ArchiveError("The archive's checksums.json is malformed: a damaged archive.");
  }
  return raw as Checksums;
}

/** Why the target is not empty, or undefined when it is (tables the migrations fill aside). */

export function verify(expected: Checksums, seen: Checksums): void {
  for (const [name, hash] of Object.entries(expected.chunks)) {
    if (seen.chunks[name] === undefined) throw new ArchiveError(`The archive lacks ${name}.`);
    if (seen.chunks[name] !== hash) throw new ArchiveError(`The archive's ${name} does not match its checksum: a damaged archive.`);
  }
  for (const name of Object.keys(seen.chunks)) if (!expected.chunks[name]) throw new ArchiveError(`The archive's ${name} has no checksum.`);
  for (const [table, count] of Object.entries(expected.rows)) {
    if (seen.rows[table] !== count)
      throw new ArchiveError(`The archive's table ${table} should hold ${count} rows, and ${seen.rows[table] ?? 0} were read.`);
  }
  for (const [photo, { bytes, sha256: hash }] of Object.entries(expected.photos)) {
    const got = seen.photos[photo];
    if (!got) throw new ArchiveError(`The archive lacks photos/${photo}.`);
    if (got.bytes !== bytes || got.sha256 !== hash)
      throw new ArchiveError(`The archive's photos/${photo} does not match its checksum: a damaged archive.`);
  }
  for (const photo of Object.keys(seen.photos))
    if (!expected.photos[photo]) throw new ArchiveError(`The archive's photos/${photo} has no checksum.`);
}

/** Sets every sequence owned by these tables' columns past the highest value imported. */

export function terminalProgress(
  verb: string,
  out: NodeJS.WriteStream = process.stdout,
): { update: (progress: Progress) => void; end: () => void } {
  if (!out.isTTY) return { update: () => undefined, end: () => undefined };
  let last = 0;
  let shown = false;
  return {
    update(progress) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      const where = progress.table ? ` (${progress.table})` : '';
      out.write(
        `\r${verb} ${progress.rows.toLocaleString('en-US')} rows${where}, ${progress.photos.toLocaleString('en-US')} photos\u001b[K`,
      );
    },
    end() {
      if (shown) out.write('\r\u001b[K');
    },
  };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** The closing lines of either command. */
export function summaryLines(verb: string, file: string, summary: ArchiveSummary, seconds: number): string[] {
  const tables = Object.entries(summary.tables)
    .map(([table, rows]) => `${table} ${rows.toLocaleString('en-US')}`)
    .join(', ');
  const megabytes = (summary.photoBytes / 1024 / 1024).toFixed(1);
  return [
    `${verb} ${file} in ${seconds.toFixed(1)} s (schema at ${summary.migration}):`,
    `  ${count(summary.rows, 'row')}: ${tables || 'none'}`,
    `  ${count(summary.photos, 'photo')}, ${megabytes} MB`,
  ];
}
