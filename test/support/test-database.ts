import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseConnection } from '../../server/database/database-connection';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL of DATABASE_URL
 * (dropped afterwards), or an in-memory embedded database when DATABASE_URL is not set.
 */
export async function createTestDatabase(): Promise<{ connection: DatabaseConnection; url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { connection: await openDatabase({ dataDir: null }) };

  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;

  const connection: DatabaseConnection = {
    url: url.toString(),
    embedded: false,
    async close() {
      const client = new Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
  return { connection, url: connection.url };
}
