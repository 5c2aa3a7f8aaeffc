import { createPhotoStorage } from '../news/photos/create-photo-storage';
import { resizeStoredPhotos } from '../news/photos/photo-resize';
import { runCommand, withDatabase } from './cli-database';

const USAGE = `Usage: npm run photos:resize
   or: node dist/server/cli/photos-resize.js
Gives every stored news photo its smaller copies (480 and 960 px wide, WebP) and its row its size,
for photos uploaded before the site stored them (uploads make them themselves). Reads DATABASE_URL
(or the embedded database in DATA_DIR: stop the app first), STORAGE and the S3_* variables like the
app. Photos already done are skipped: running it again is safe.`;

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  return withDatabase(async (dataSource, config) => {
    const storage = createPhotoStorage(config);
    await storage.check().catch((error: unknown) => {
      throw new Error(`The photo storage (${storage.driver}) cannot be used: ${(error as Error).message}`, { cause: error });
    });
    const result = await resizeStoredPhotos(dataSource, storage, (line) => console.error(line));
    console.log(
      `photos:resize: ${result.resized} resized, ${result.unchanged} already done, ${result.missing} missing, ${result.failed} failed`,
    );
    return result.failed === 0 ? 0 : 1;
  });
}

runCommand(main);
