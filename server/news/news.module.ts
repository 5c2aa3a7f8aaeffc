import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { NewsController } from './news.controller';
import { News } from './news.entity';
import { NewsService } from './news.service';
import { PhotoStorage } from './photos/photo-storage.service';

@Module({
  imports: [TypeOrmModule.forFeature([News]), ActivityModule],
  controllers: [NewsController],
  providers: [NewsService, PhotoStorage],
  // The trash removes a purged article's photo through NewsService.removePhoto.
  exports: [NewsService],
})
export class NewsModule {}
