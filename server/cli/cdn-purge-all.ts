import { cdnPurger } from '../cdn/cdn-providers';
import { PURGE_ALL } from '../cdn/cdn-purge';
import { commandConfig, runCommand } from './cli-database';

const USAGE = `Usage: npm run cdn:purge-all
  (from the built files, e.g. in the image: node dist/server/cli/cdn-purge-all.js)
Clears every public page at the CDN (CDN and its settings, as the app has them) at once, outside
the purge queue: for emergencies, such as a page kept with something it must no longer show.`;

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
  await cdnPurger(config.cdn, config.publicUrl).purge(PURGE_ALL);
  console.log(`Purged every page at ${config.cdn.provider}.`);
  return 0;
}

runCommand(main);
