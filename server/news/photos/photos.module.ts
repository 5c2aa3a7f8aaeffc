import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { createPhotoStorage } from './create-photo-storage';
import { PhotoStorage } from './photo-storage.service';
import { PhotoSweep } from './photo-sweep.service';

/**
 * The photo storage (STORAGE's driver) and its orphan sweep: news photos and the site's logo live
 * there. configureApp serves it under /uploads.
 */
@Module({
  providers: [{ provide: PhotoStorage, useFactory: (config: AppConfig) => createPhotoStorage(config), inject: [APP_CONFIG] }, PhotoSweep],
  exports: [PhotoStorage],
})
export class PhotosModule {}
