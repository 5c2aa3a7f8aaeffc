import { openDatabase, type DatabaseConnection } from '../../server/database/database-connection';
import { createScratchDatabase } from './scratch-database.mjs';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL of DATABASE_URL
 * (dropped afterwards), or an in-memory embedded database when DATABASE_URL is not set.
 */
export async function createTestDatabase(): Promise<DatabaseConnection> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ dataDir: null });
  const database = await createScratchDatabase(baseUrl, 'test');
  return { url: database.url, embedded: false, close: database.drop };
}
