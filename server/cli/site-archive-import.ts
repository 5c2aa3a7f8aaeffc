// The import half of the site archive (site-archive.ts has the format).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { DataSource, type QueryRunner } from 'typeorm';
import type { DatabaseConnection } from '../database/database-connection';
import { dataSourceOptions, migrations } from '../database/data-source-options';
import { migrate, revertLastMigration } from '../database/migrate';
import { STORED_NAME, type PhotoStorage } from '../news/photos/photo-storage.service';
import {
  ArchiveError,
  lastMigration,
  parseChecksums,
  signatureMatches,
  SIGNATURE_FILE,
  siteTables,
  type ArchiveTable,
  parseManifest,
  quote,
  readEntry,
  SEEDED_BY_MIGRATIONS,
  sha256,
  verify,
  whyNotEmpty,
  type ArchiveEntry,
  type ArchiveSummary,
  type Checksums,
  type Progress,
} from './site-archive';

/**
 * Brings the target's schema to exactly `name`: runs the migrations up to it, or undoes newer
 * ones (only ever on an empty database: the caller checked).
 */
async function migrateTo(connection: DatabaseConnection, name: string): Promise<void> {
  const index = migrations.findIndex((migration) => migration.name === name);
  const upTo = await new DataSource({
    ...dataSourceOptions(connection, { bounded: false }),
    migrations: migrations.slice(0, index + 1),
  }).initialize();
  try {
    await migrate(upTo);
  } finally {
    await upTo.destroy();
  }
  const all = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  try {
    const runner = all.createQueryRunner();
    try {
      for (let undone = 0; (await lastMigration(runner)) !== name; undone += 1) {
        if (undone > migrations.length) throw new ArchiveError(`The target's schema cannot be brought back to ${name}.`);
        await revertLastMigration(all);
      }
    } finally {
      await runner.release();
    }
  } finally {
    await all.destroy();
  }
}

/**
 * Reads an archive into an EMPTY database and the photo storage. Nothing is left half-done: the
 * rows go in one transaction that commits only after the signature matched (under `key`) and
 * every chunk and photo its checksum; photos are written before that commit and removed again on
 * any failure.
 */
export async function importSite(options: {
  connection: DatabaseConnection;
  storage: PhotoStorage;
  input: Readable;
  /** The key the archive was signed with (--key or ARCHIVE_KEY). */
  key: string;
  onProgress?: (progress: Progress) => void;
}): Promise<ArchiveSummary> {
  const { connection, storage, onProgress } = options;
  const extract = tar.extract();
  const read = pipeline(options.input, createGunzip(), extract);
  // The entries loop sees the failure (a damaged gzip or tar) as the extract's error.
  read.catch(() => undefined);
  const entries = extract[Symbol.asyncIterator]() as AsyncIterator<ArchiveEntry>;
  const nextEntry = async () => {
    try {
      const next = await entries.next();
      return next.done ? undefined : next.value;
    } catch (error) {
      throw new ArchiveError(`The archive is damaged or not a .tar.gz (${(error as Error).message}).`);
    }
  };

  const first = await nextEntry();
  if (first?.header.name !== 'manifest.json') throw new ArchiveError('The archive does not start with manifest.json: not a site archive.');
  const manifestBytes = await readEntry(first, 'manifest.json');
  const manifest = parseManifest(manifestBytes);
  if (!migrations.some((migration) => migration.name === manifest.migration)) {
    throw new ArchiveError(
      `The archive was taken at migration ${manifest.migration}, which this version of the site does not know: import it with the version that wrote it, or a newer one.`,
    );
  }

  // Emptiness first, before any schema change: never revert or fill a database that holds a site.
  const probe = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  try {
    const runner = probe.createQueryRunner();
    try {
      const reason = await whyNotEmpty(runner);
      if (reason)
        throw new ArchiveError(
          `The target database is not empty (${reason}). Import only into an empty database: a new one, or drop and create it again.`,
        );
    } finally {
      await runner.release();
    }
  } finally {
    await probe.destroy();
  }
  await migrateTo(connection, manifest.migration);

  const dataSource = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  const present = new Set<string>();
  const written: string[] = [];
  const progress: Progress = { rows: 0, photos: 0 };
  const seen: Checksums = { rows: {}, chunks: {}, photos: {} };
  let photoBytes = 0;
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      const target = new Map((await siteTables(runner)).map((table) => [table.name, table]));
      const tables = new Map<string, ArchiveTable & { insert: string }>();
      for (const table of manifest.tables) {
        const there = target.get(table.name);
        if (!there) throw new ArchiveError(`The archive's table ${table.name} is not in the target's schema.`);
        const missing = table.columns.filter((column) => !there.columns.includes(column));
        if (missing.length > 0) throw new ArchiveError(`The target's table ${table.name} has no column ${missing.join(', ')}.`);
        const list = table.columns.map(quote).join(', ');
        const [{ identity }] = (await runner.query(
          `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND identity_generation = 'ALWAYS') AS identity`,
          [table.name],
        )) as { identity: boolean }[];
        tables.set(table.name, {
          ...table,
          insert: `INSERT INTO ${quote(table.name)} (${list})${identity ? ' OVERRIDING SYSTEM VALUE' : ''} SELECT ${list} FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json)`,
        });
        seen.rows[table.name] = 0;
      }
      for await (const photo of storage.list()) present.add(photo.name);

      await runner.query('BEGIN');
      // The rows the migrations wrote (the settings' defaults) give way to the archive's.
      for (const table of tables.keys()) if (SEEDED_BY_MIGRATIONS.has(table)) await runner.query(`DELETE FROM ${quote(table)}`);

      let checksums: Checksums | undefined;
      let checksumsBytes: Buffer | undefined;
      let signature: Buffer | undefined;
      for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
        const name = entry.header.name;
        if (signature) throw new ArchiveError(`The archive has ${name} after its ${SIGNATURE_FILE}: not a site archive.`);
        if (checksums && name !== SIGNATURE_FILE)
          throw new ArchiveError(`The archive has ${name} after checksums.json: not a site archive.`);
        const data = await readEntry(entry, name);
        const chunk = /^tables\/([^/]+)\/\d{6}\.ndjson$/.exec(name);
        if (chunk) {
          const table = tables.get(chunk[1]);
          if (!table) throw new ArchiveError(`The archive's ${name} is of a table its manifest does not list.`);
          seen.chunks[name] = sha256(data);
          const rows = data
            .toString('utf8')
            .split('\n')
            .filter((line) => line !== '');
          progress.table = table.name;
          await runner.query(table.insert, [`[${rows.join(',')}]`]);
          seen.rows[table.name] += rows.length;
          progress.rows += rows.length;
          onProgress?.(progress);
        } else if (name.startsWith('photos/')) {
          const photo = name.slice('photos/'.length);
          if (!STORED_NAME.test(photo)) throw new ArchiveError(`The archive's ${name} is not a stored photo's name.`);
          seen.photos[photo] = { bytes: data.length, sha256: sha256(data) };
          if (present.has(photo)) {
            // Moving a site on the same storage: the photo is there already, and must be this one.
            const existing = await storage.get(photo);
            if (!existing || !existing.equals(data)) throw new ArchiveError(`The target storage already holds a different ${photo}.`);
          } else {
            await storage.put(photo, data);
            written.push(photo);
          }
          progress.table = undefined;
          progress.photos += 1;
          photoBytes += data.length;
          onProgress?.(progress);
        } else if (name === 'checksums.json') {
          checksums = parseChecksums(data);
          checksumsBytes = data;
        } else if (name === SIGNATURE_FILE) {
          if (!checksums) throw new ArchiveError(`The archive has its ${SIGNATURE_FILE} before checksums.json: not a site archive.`);
          signature = data;
        } else {
          throw new ArchiveError(`The archive holds ${name}, which is no part of a site archive.`);
        }
      }
      if (!checksums || !checksumsBytes)
        throw new ArchiveError('The archive ends before its checksums.json: it is incomplete (cut off while written or copied).');
      if (!signature) throw new ArchiveError(`The archive ends before its ${SIGNATURE_FILE}: it is incomplete, or not signed.`);
      // First the signature: checksums that match prove nothing of an archive edited with them.
      if (!signatureMatches(options.key, manifestBytes, checksumsBytes, signature)) {
        throw new ArchiveError(
          "The archive's signature does not match: it was changed after it was written, or this is not the key it was signed with (--key or ARCHIVE_KEY).",
        );
      }
      verify(checksums, seen);

      // Sequences (serial and identity columns) continue after the archive's highest values.
      await resetSequences(runner, [...tables.keys()]);
      await runner.query('COMMIT');
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  } catch (error) {
    for (const photo of written) await storage.delete(photo).catch(() => undefined);
    extract.destroy();
    throw error;
  } finally {
    await dataSource.destroy();
  }
  // Migrations newer than the archive run on the imported rows, as they would have on the source.
  const all = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  try {
    await migrate(all);
  } finally {
    await all.destroy();
  }
  return { tables: seen.rows, rows: progress.rows, photos: progress.photos, photoBytes, migration: manifest.migration };
}

/** Every chunk, row count and photo read must be exactly what the archive's checksums.json lists. */

async function resetSequences(runner: QueryRunner, tables: string[]): Promise<void> {
  const owned = (await runner.query(
    `SELECT c.table_name AS "table", c.column_name AS "column", pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
       FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.table_name = ANY($1::text[])
        AND pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL`,
    [tables],
  )) as { table: string; column: string; sequence: string }[];
  for (const { table, column, sequence } of owned) {
    await runner.query(
      `SELECT setval($1::regclass, COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 1), (SELECT count(*) > 0 FROM ${quote(table)}))`,
      [sequence],
    );
  }
}

/**
 * Progress for a person at a terminal: one line rewritten in place, at most ten times a second,
 * and nothing at all when standard output is not a terminal (a log, a pipe, cron).
 */
