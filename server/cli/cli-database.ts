import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config';
import { openDatabase } from '../database/database-connection';
import { dataSourceOptions } from '../database/data-source-options';
import { migrate } from '../database/migrate';
import { createPhotoStorage } from '../news/photos/create-photo-storage';

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
  const connection = await openCommandDatabase(config);
  const dataSource = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
  try {
    if (options.migrations !== false) await migrate(dataSource);
    return await work(dataSource, config);
  } finally {
    await dataSource.destroy();
    await connection.close();
  }
}

/** A command's configuration (it needs no SESSION_SECRET or PUBLIC_URL); a bad one is printed, and null. */
export function commandConfig(): AppConfig | null {
  try {
    return loadConfig(undefined, { serving: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return null;
  }
}

/** Opens DATABASE_URL's database or the embedded one, saying what to do when the embedded one is in use. */
export function openCommandDatabase(config: AppConfig): ReturnType<typeof openDatabase> {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    throw new Error(
      `Could not open the database (${(error as Error).message}).` +
        (config.databaseUrl ? '' : ` The embedded database in ${config.dataDir} has one owner at a time: stop the app first.`),
    );
  });
}

/** The photo storage STORAGE names, once it answers; one that cannot be used is an error naming it. */
export async function checkedPhotoStorage(config: AppConfig): Promise<ReturnType<typeof createPhotoStorage>> {
  const storage = createPhotoStorage(config);
  await storage.check().catch((error: unknown) => {
    throw new Error(`The photo storage (${storage.driver}) cannot be used: ${(error as Error).message}`, { cause: error });
  });
  return storage;
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
