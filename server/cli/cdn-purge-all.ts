import { PURGE_ALL } from '../cdn/cdn-purge';
import { queuePurge } from '../cdn/cdn-purges.service';
import { commandConfig, runCommand, withDatabase } from './cli-database';

const USAGE = `Usage: npm run cdn:purge-all [-- --no-wait]
  (from the built files, e.g. in the image: node dist/server/cli/cdn-purge-all.js)
Clears every public page at the CDN (CDN and its settings, as the app has them): for
emergencies, such as a page kept with something it must no longer show. The purge goes through
the app's queue, so the running app sends it (within a second), retrying while the CDN cannot be
reached; the command waits up to a minute for it to be done (--no-wait: it only queues it).`;

const WAIT_MS = 60_000;

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const config = commandConfig();
  if (!config) return 2;
  if (!config.cdn) {
    console.error('CDN is not set (or none): there is no CDN to purge.');
    return 2;
  }
  return withDatabase(async (dataSource) => {
    const id = await queuePurge(dataSource.manager, PURGE_ALL);
    if (process.argv.includes('--no-wait')) {
      console.log(`Queued a purge of every page (${id}); the running app sends it.`);
      return 0;
    }
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      const [row] = await dataSource.query<{ status: string; last_error: string | null }[]>(
        `SELECT status, last_error FROM cdn_purges WHERE id = $1`,
        [id],
      );
      if (row.status === 'done') {
        console.log(`Purged every page at ${config.cdn!.provider}.`);
        return 0;
      }
      if (row.status === 'failed') {
        console.error(`The purge failed: ${row.last_error}`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.error('Not done within a minute: is the app running? The purge stays queued (Settings shows it).');
    return 1;
  });
}

runCommand(main);
