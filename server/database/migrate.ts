import type { DataSource } from 'typeorm';

// Any fixed number: replicas starting together take turns at the migrations.
const MIGRATION_LOCK = 727_274_001;

/** Runs pending migrations, one process at a time; returns the names of those it ran. */
export function migrate(dataSource: DataSource): Promise<string[]> {
  return underMigrationLock(dataSource, async () => (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name));
}

/** Undoes the last migration that ran, under the same lock (`migrate.js revert`). */
export function revertLastMigration(dataSource: DataSource): Promise<void> {
  return underMigrationLock(dataSource, () => dataSource.undoLastMigration({ transaction: 'each' }));
}

async function underMigrationLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // Polled rather than waited for: every query has a timeout (see data-source-options.ts),
    // and another replica's migrations may take longer than that.
    for (;;) {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK])) as { locked: boolean }[];
      if (locked) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
