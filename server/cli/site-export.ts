import 'reflect-metadata';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { checkedPhotoStorage, commandConfig, openCommandDatabase, runCommand } from './cli-database';
import { archiveArguments, archiveKeyProblem, ArchiveError, createArchiveFile, summaryLines, terminalProgress } from './site-archive';
import { exportSite } from './site-archive-export';

const USAGE = `Usage: npm run site:export -- site.tar.gz [--key KEY]
   or: node dist/server/cli/site-export.js site.tar.gz [--key KEY]
Writes the whole site (every table's rows but sessions, rate limits, pending links and unsent
mail, and every photo) to one archive readable by its owner only, signed with the archive key
(ARCHIVE_KEY, or --key; import needs the same), from DATABASE_URL or the embedded database in
DATA_DIR (stop the app first) and the photo storage that STORAGE names. The file must not exist
yet. See "Site archive" in the README.`;

async function main(): Promise<number> {
  const args = archiveArguments(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return process.argv[2] === '--help' ? 0 : 2;
  }
  const { file } = args;
  if (existsSync(file)) {
    console.error(`${file} already exists: choose another name (the export never overwrites a file).`);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 2;
  const key = args.key ?? config.archiveKey;
  const keyProblem = archiveKeyProblem(key);
  if (keyProblem) {
    console.error(keyProblem);
    return 2;
  }
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
      output: createArchiveFile(partial),
      key: key!,
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
