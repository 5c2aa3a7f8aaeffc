import type { AppConfig } from '../../config/app-config';
import { LocalPhotoStorage } from './local-photo-storage';
import type { PhotoStorage } from './photo-storage.service';
import { S3PhotoStorage } from './s3-photo-storage';

/** The driver STORAGE names, or another one by name (the copy command uses both). */
export function createPhotoStorage(config: Pick<AppConfig, 'dataDir' | 'storage' | 's3'>, driver = config.storage): PhotoStorage {
  if (driver === 'local') return new LocalPhotoStorage(config.dataDir);
  if (!config.s3) throw new Error('Photo storage: S3 needs S3_BUCKET (and S3_REGION)');
  return new S3PhotoStorage(config.s3);
}
