import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONTENT_KINDS, contentKind } from '../../content/content-kinds';
import { largestOf } from './photo-sizes';
import { PhotoStorage, PUBLIC_PREFIX } from './photo-storage.service';

/** How often the sweep runs, and how old an unreferenced photo must be before it goes. */
export const SWEEP_INTERVAL_MS = 3600_000;
export const ORPHAN_MIN_AGE_MS = 3600_000;
/** Names the sweep's session-level advisory lock, so one replica sweeps at a time. */
const SWEEP_LOCK = "hashtext('photos:sweep')";
const BATCH = 500;

/**
 * Which of the paths in $1 a row names: every column the content kinds declare as files they own
 * (an article's photo, the settings' logo), rows in the trash included; and which a kept revision
 * or a working copy names (their `files`, through their GIN indexes: issue #36).
 */
const REFERENCED = [
  ...CONTENT_KINDS.flatMap((kind) => {
    const { table, files } = contentKind(kind);
    return files.map((column) => `SELECT ${column} AS photo FROM ${table} WHERE ${column} = ANY($1)`);
  }),
  ...['revisions', 'drafts'].map(
    (table) => `SELECT f AS photo FROM ${table}, unnest(files) AS f WHERE files && $1::text[] AND f = ANY($1)`,
  ),
].join(' UNION ');

/** The paths among `paths` that a row, a kept revision or a working copy names. */
export async function referencedPhotos(
  query: (sql: string, parameters: unknown[]) => Promise<unknown>,
  paths: string[],
): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = (await query(REFERENCED, [paths])) as { photo: string }[];
  return new Set(rows.map((row) => row.photo));
}

export interface SweepResult {
  checked: number;
  removed: number;
}

/**
 * Removes stored photos that no row names as a file it owns (an article's photo, soft-deleted rows
 * included: they stay in the table; the settings' logo) and no kept revision or working copy names, a smaller copy with the photo it belongs
 * to, and that are older than an hour, so an upload in flight (photo written, row not yet updated)
 * is never taken. Leftovers come from a process that died between the two steps, or from
 * a removal that failed. Hourly, in one replica at a time (pg_try_advisory_lock: the others skip).
 */
@Injectable()
export class PhotoSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PhotoSweep');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.error(`photo sweep failed: ${(error as Error).message}`));
    }, SWEEP_INTERVAL_MS);
    // The timer never keeps the process alive.
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One sweep; undefined when another replica holds the lock. */
  async sweep(now = Date.now()): Promise<SweepResult | undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const rows = (await runner.query(`SELECT pg_try_advisory_lock(${SWEEP_LOCK}) AS locked`)) as { locked: boolean }[];
      if (!rows[0].locked) return undefined;
      try {
        return await this.removeOrphans(runner.query.bind(runner), now);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(${SWEEP_LOCK})`).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  private async removeOrphans(query: (sql: string, parameters: unknown[]) => Promise<unknown>, now: number): Promise<SweepResult> {
    // Each photo once, by its largest copy's path (removing it removes every size).
    const old = new Set<string>();
    for await (const photo of this.photos.list()) {
      if (now - photo.modified.getTime() > ORPHAN_MIN_AGE_MS) old.add(PUBLIC_PREFIX + largestOf(photo.name));
    }
    const candidates = [...old];
    let removed = 0;
    for (let start = 0; start < candidates.length; start += BATCH) {
      const batch = candidates.slice(start, start + BATCH);
      const referenced = await referencedPhotos(query, batch);
      for (const path of batch.filter((candidate) => !referenced.has(candidate))) {
        await this.photos.remove(path);
        removed += 1;
      }
    }
    if (removed > 0) this.logger.log(`photo sweep removed ${removed} unreferenced photo(s)`);
    return { checked: candidates.length, removed };
  }
}
