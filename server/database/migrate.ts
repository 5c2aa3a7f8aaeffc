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
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
