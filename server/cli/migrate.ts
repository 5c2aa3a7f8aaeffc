import type { DataSource } from 'typeorm';
import { migrate, revertLastMigration } from '../database/migrate';
import { runCommand, withDatabase } from './cli-database';

const USAGE = `Usage: node dist/server/cli/migrate.js run|revert|show
  run     runs the pending migrations (the app also does this at start)
  revert  undoes the last migration that ran
  show    lists every migration and whether it ran
It uses DATABASE_URL, or the embedded database in DATA_DIR (stop the app first).`;

/**
 * The migration commands from the built files alone, so they work inside the image where neither
 * TypeScript nor the TypeORM CLI's ts support is present. Same lock as the app's start-up.
 */
async function main(): Promise<number> {
  const command = process.argv[2];
  if (command !== 'run' && command !== 'revert' && command !== 'show') {
    console.log(USAGE);
    return command === '--help' ? 0 : 2;
  }
  return withDatabase(
    async (dataSource) => {
      if (command === 'run') {
        const ran = await migrate(dataSource);
        console.log(ran.length ? `Ran ${ran.join(', ')}.` : 'No pending migrations.');
      } else if (command === 'revert') {
        const before = await executed(dataSource);
        if (before.length === 0) {
          console.log('No migration to revert.');
          return 0;
        }
        await revertLastMigration(dataSource);
        console.log(`Reverted ${before[before.length - 1]}.`);
      } else {
        const ran = new Set(await executed(dataSource));
        for (const migration of dataSource.migrations) {
          const name = migration.name ?? migration.constructor.name;
          console.log(`${ran.has(name) ? '[x]' : '[ ]'} ${name}`);
        }
      }
      return 0;
    },
    { migrations: false },
  );
}

/** Names of the migrations that ran, oldest first (none on an empty database). */
async function executed(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    if (!(await runner.hasTable('migrations'))) return [];
    const rows = (await runner.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    await runner.release();
  }
}

runCommand(main);
