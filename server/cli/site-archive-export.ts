// The export half of the site archive (site-archive.ts has the format).
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { DataSource } from 'typeorm';
import type { DatabaseConnection } from '../database/database-connection';
import { dataSourceOptions } from '../database/data-source-options';
import { type PhotoStorage } from '../news/photos/photo-storage.service';
import {
  ArchiveError,
  addEntry,
  archivedRows,
  archiveSignature,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  CHUNK_BYTES,
  lastMigration,
  ROWS_PER_CHUNK,
  sha256,
  SIGNATURE_FILE,
  siteTables,
  quote,
  type ArchiveSummary,
  type Checksums,
  type Manifest,
  type Progress,
} from './site-archive';

export async function exportSite(options: {
  connection: DatabaseConnection;
  storage: PhotoStorage;
  output: Writable;
  /** The key the archive is signed with (--key or ARCHIVE_KEY): import asks for the same. */
  key: string;
  onProgress?: (progress: Progress) => void;
}): Promise<ArchiveSummary> {
  const { storage, onProgress } = options;
  let manifestBytes: Buffer;
  const dataSource = await new DataSource(dataSourceOptions(options.connection, { bounded: false })).initialize();
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), options.output);
  // A failure on the writing side (disk full) must end the reading side too.
  written.catch(() => pack.destroy());
  const progress: Progress = { rows: 0, photos: 0 };
  const checksums: Checksums = { rows: {}, chunks: {}, photos: {} };
  let photoBytes = 0;
  let migration: string;
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const found = await lastMigration(runner);
      if (!found) throw new ArchiveError('The database has no schema yet (no migration has run): there is nothing to export.');
      migration = found;
      const [{ clear }] = (await runner.query(
        `SELECT CASE WHEN to_regclass('admin_totp') IS NULL THEN 0 ELSE (SELECT count(*)::int FROM admin_totp WHERE secret NOT LIKE 'v1:%') END AS clear`,
      )) as { clear: number }[];
      if (clear > 0) {
        throw new ArchiveError(
          'The database holds authenticator secrets in clear (stored before SECRETS_KEY): start the app once with SECRETS_KEY set, which seals them, then export.',
        );
      }
      const tables = await siteTables(runner);
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        createdAt: new Date().toISOString(),
        migration,
        tables,
      };
      manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await addEntry(pack, 'manifest.json', manifestBytes);

      for (const table of tables) {
        progress.table = table.name;
        checksums.rows[table.name] = 0;
        const select = table.columns.map(quote).join(', ');
        await runner.query(
          `DECLARE archive_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS row FROM (SELECT ${select} FROM ${quote(table.name)}${archivedRows(table.name)}) r`,
        );
        let chunk: string[] = [];
        let chunkBytes = 0;
        let chunkNumber = 0;
        const flush = async () => {
          if (chunk.length === 0) return;
          chunkNumber += 1;
          const name = `tables/${table.name}/${String(chunkNumber).padStart(6, '0')}.ndjson`;
          const data = Buffer.from(`${chunk.join('\n')}\n`);
          checksums.chunks[name] = sha256(data);
          await addEntry(pack, name, data);
          chunk = [];
          chunkBytes = 0;
        };
        for (;;) {
          const rows = (await runner.query(`FETCH FORWARD ${ROWS_PER_CHUNK} FROM archive_rows`)) as { row: string }[];
          if (rows.length === 0) break;
          for (const { row } of rows) {
            chunk.push(row);
            chunkBytes += row.length;
            if (chunk.length >= ROWS_PER_CHUNK || chunkBytes >= CHUNK_BYTES) await flush();
          }
          checksums.rows[table.name] += rows.length;
          progress.rows += rows.length;
          onProgress?.(progress);
        }
        await flush();
        await runner.query('CLOSE archive_rows');
      }
      await runner.query('COMMIT');
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }

    progress.table = undefined;
    for await (const photo of storage.list()) {
      const data = await storage.get(photo.name);
      if (!data) continue; // deleted (an article purged) while we were listing
      checksums.photos[photo.name] = { bytes: data.length, sha256: sha256(data) };
      await addEntry(pack, `photos/${photo.name}`, data);
      progress.photos += 1;
      photoBytes += data.length;
      onProgress?.(progress);
    }
    const checksumsBytes = Buffer.from(`${JSON.stringify(checksums)}\n`);
    await addEntry(pack, 'checksums.json', checksumsBytes);
    const signature = archiveSignature(options.key, manifestBytes!, checksumsBytes);
    await addEntry(pack, SIGNATURE_FILE, Buffer.from(`${JSON.stringify({ algorithm: 'HMAC-SHA256', signature })}\n`));
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await dataSource.destroy();
  }
  return { tables: checksums.rows, rows: progress.rows, photos: progress.photos, photoBytes, migration };
}

/** One file of the archive as tar-stream reads it. */
