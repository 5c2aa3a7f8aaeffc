import 'reflect-metadata';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { checkedPhotoStorage, commandConfig, openCommandDatabase, runCommand } from './cli-database';
import { ArchiveError, summaryLines, terminalProgress } from './site-archive';
import { exportSite } from './site-archive-export';

const USAGE = `Usage: npm run site:export -- site.tar.gz
   or: node dist/server/cli/site-export.js site.tar.gz
Writes the whole site (every table's rows but sessions and rate limits, and every photo) to one
archive, from DATABASE_URL or the embedded database in DATA_DIR (stop the app first) and the photo
storage that STORAGE names. The file must not exist yet. See "Site archive" in the README.`;

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith('-') || process.argv.length > 3) {
    console.log(USAGE);
    return file === '--help' ? 0 : 2;
  }
  if (existsSync(file)) {
    console.error(`${file} already exists: choose another name (the export never overwrites a file).`);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 2;
  const storage = await checkedPhotoStorage(config);
  const connection = await openCommandDatabase(config);
  // Written under a temporary name and renamed when complete: a failed export leaves no file that looks whole.
  const partial = `${file}.partial`;
  const progress = terminalProgress('Exported');
  const started = performance.now();
  try {
    const summary = await exportSite({
      connection,
      storage,
      output: createWriteStream(partial, { flags: 'wx' }),
      onProgress: progress.update,
    });
    renameSync(partial, file);
    progress.end();
    for (const line of summaryLines('Exported the site to', file, summary, (performance.now() - started) / 1000)) console.log(line);
    return 0;
  } catch (error) {
    progress.end();
    rmSync(partial, { force: true });
    if (error instanceof ArchiveError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await connection.close();
  }
}

runCommand(main);
