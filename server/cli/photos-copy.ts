import { parseArgs } from 'node:util';
import { type StorageDriver } from '../config/app-config';
import { createPhotoStorage } from '../news/photos/create-photo-storage';
import { commandConfig, runCommand } from './cli-database';

const DRIVERS: readonly StorageDriver[] = ['local', 's3'];
const USAGE = `Usage: npm run photos:copy -- --from local --to s3
   or: node dist/server/cli/photos-copy.js --from local --to s3
Copies every stored news photo from one storage to the other, under the same names, so the site's
photo paths stay valid after switching STORAGE. Reads DATA_DIR and the S3_* variables (and AWS
credentials) like the app. Photos already in the target are skipped: running it again is safe.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean' } } });
  const from = values.from as StorageDriver | undefined;
  const to = values.to as StorageDriver | undefined;
  if (values.help || !from || !to || !DRIVERS.includes(from) || !DRIVERS.includes(to) || from === to) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = commandConfig();
  if (!config) return 2;
  const source = createPhotoStorage(config, from);
  const target = createPhotoStorage(config, to);
  for (const [role, storage] of [
    ['source', source],
    ['target', target],
  ] as const) {
    await storage.check().catch((error: unknown) => {
      throw new Error(`The ${role} storage (${storage.driver}) cannot be used: ${(error as Error).message}`, { cause: error });
    });
  }

  const present = new Set<string>();
  for await (const photo of target.list()) present.add(photo.name);
  let copied = 0;
  let skipped = 0;
  let failed = 0;
  for await (const photo of source.list()) {
    if (present.has(photo.name)) {
      skipped += 1;
      continue;
    }
    try {
      const data = await source.get(photo.name);
      if (!data) continue; // removed while we were copying
      await target.put(photo.name, data);
      copied += 1;
    } catch (error) {
      failed += 1;
      console.error(`${photo.name}: ${(error as Error).message}`);
    }
  }
  console.log(`photos:copy from ${from} to ${to}: ${copied} copied, ${skipped} already there, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

runCommand(main);
