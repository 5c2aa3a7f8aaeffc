import 'reflect-metadata';
import { createReadStream, existsSync } from 'node:fs';
import { checkedPhotoStorage, commandConfig, openCommandDatabase, runCommand } from './cli-database';
import { archiveArguments, archiveKeyProblem, ArchiveError, summaryLines, terminalProgress } from './site-archive';
import { importSite } from './site-archive-import';

const USAGE = `Usage: npm run site:import -- site.tar.gz [--key KEY]
   or: node dist/server/cli/site-import.js site.tar.gz [--key KEY]
Reads a site archive (npm run site:export) into an EMPTY database, DATABASE_URL or the embedded one
in DATA_DIR (stop the app first), and the photo storage that STORAGE names. It refuses a database
that holds a site, a damaged archive and one whose signature does not match the archive key
(ARCHIVE_KEY, or --key), and leaves nothing half-done. See "Site archive" in the README.`;

async function main(): Promise<number> {
  const args = archiveArguments(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return process.argv[2] === '--help' ? 0 : 2;
  }
  const { file } = args;
  if (!existsSync(file)) {
    console.error(`${file} does not exist.`);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 2;
  const key = args.key ?? config.archiveKey;
  const keyProblem = archiveKeyProblem(key);
  if (keyProblem) {
    console.error(`Nothing was imported: ${keyProblem}`);
    return 2;
  }
  const storage = await checkedPhotoStorage(config);
  const connection = await openCommandDatabase(config);
  const progress = terminalProgress('Imported');
  const started = performance.now();
  try {
    const summary = await importSite({ connection, storage, input: createReadStream(file), key: key!, onProgress: progress.update });
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
