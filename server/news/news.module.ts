import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { NewsController } from './news.controller';
import { News } from './news.entity';
import { NewsService } from './news.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { createPhotoStorage } from './photos/create-photo-storage';
import { PhotoStorage } from './photos/photo-storage.service';
import { PhotoSweep } from './photos/photo-sweep.service';

@Module({
  imports: [TypeOrmModule.forFeature([News]), ActivityModule],
  controllers: [NewsController],
  providers: [
    NewsService,
    { provide: PhotoStorage, useFactory: (config: AppConfig) => createPhotoStorage(config), inject: [APP_CONFIG] },
    PhotoSweep,
  ],
  // The trash removes a purged article's photo and the health check asks about the storage, both
  // through NewsService; configureApp serves photos through PhotoStorage.
  exports: [NewsService, PhotoStorage],
})
export class NewsModule {}
