import 'reflect-metadata';
import { createReadStream, existsSync } from 'node:fs';
import { checkedPhotoStorage, commandConfig, openCommandDatabase, runCommand } from './cli-database';
import { ArchiveError, summaryLines, terminalProgress } from './site-archive';
import { importSite } from './site-archive-import';

const USAGE = `Usage: npm run site:import -- site.tar.gz
   or: node dist/server/cli/site-import.js site.tar.gz
Reads a site archive (npm run site:export) into an EMPTY database, DATABASE_URL or the embedded one
in DATA_DIR (stop the app first), and the photo storage that STORAGE names. It refuses a database
that holds a site, and a damaged archive, and leaves nothing half-done. See "Site archive" in the README.`;

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith('-') || process.argv.length > 3) {
    console.log(USAGE);
    return file === '--help' ? 0 : 2;
  }
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 2;
  const storage = await checkedPhotoStorage(config);
  const connection = await openCommandDatabase(config);
  const progress = terminalProgress('Imported');
  const started = performance.now();
  try {
    const summary = await importSite({ connection, storage, input: createReadStream(file), onProgress: progress.update });
    progress.end();
    for (const line of summaryLines('Imported the site from', file, summary, (performance.now() - started) / 1000)) console.log(line);
    return 0;
  } catch (error) {
    progress.end();
    if (error instanceof ArchiveError) {
      console.error(`Nothing was imported: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await connection.close();
  }
}

runCommand(main);
