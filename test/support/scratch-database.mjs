// A throw-away database on a real PostgreSQL, for one API test file, the browser suite's server or
// a benchmark. (Without DATABASE_URL the API tests and the browser suite use the embedded database
// instead; see test-database.ts and browser-server.mjs.)
import pg from 'pg';
import { unique } from './unique.mjs';

async function run(baseUrl, sql) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, empty database on the server of `baseUrl` (the app migrates it when it starts)
 * and answers its URL and a drop() that removes it, connections and all.
 */
export async function createScratchDatabase(baseUrl, prefix) {
  const name = unique(`${prefix}_`);
  await run(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
