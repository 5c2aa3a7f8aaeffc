import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '../config/app-config';
import { openDatabase } from '../database/database-connection';
import { dataSourceOptions } from '../database/data-source-options';
import { migrate } from '../database/migrate';

/**
 * For command-line tools: opens the app's database (DATABASE_URL, or the embedded one in
 * DATA_DIR), brings its schema up to date (unless `migrations: false`), runs `work` and closes
 * everything again.
 */
export async function withDatabase<T>(
  work: (dataSource: DataSource, config: AppConfig) => Promise<T>,
  options: { migrations?: boolean } = {},
): Promise<T> {
  const config = loadConfig(undefined, { serving: false });
  const connection = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    throw new Error(
      `Could not open the database (${(error as Error).message}).` +
        (config.databaseUrl ? '' : ` The embedded database in ${config.dataDir} has one owner at a time: stop the app first.`),
    );
  });
  const dataSource = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  try {
    if (options.migrations !== false) await migrate(dataSource);
    return await work(dataSource, config);
  } finally {
    await dataSource.destroy();
    await connection.close();
  }
}

/** Runs a command's main function and exits with its code; a thrown error prints its message. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error((error as Error).message ?? error);
      process.exit(1);
    },
  );
}
