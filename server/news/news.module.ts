import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { SettingsModule } from '../settings/settings.module';
import { LogoController } from './logo.controller';
import { LogoService } from './logo.service';
import { NewsPhotos } from './news-photos.service';
import { NewsController } from './news.controller';
import { News } from './news.entity';
import { NewsService } from './news.service';
import { PhotosController } from './photos.controller';
import { PhotosModule } from './photos/photos.module';
import { PublishSchedule } from './publish-schedule.job';
import { DraftNewsDto } from './dto/draft-news.dto';
import { NewsDto } from './dto/news.dto';
import { historyController } from '../revisions/revisions.module';
import { reviewController } from '../revisions/review.module';

/** /api/news/:id/revisions… and …/draft (issue #36). */
const NewsHistoryController = historyController('news', NewsService, NewsDto, DraftNewsDto);
/** /api/news/:id/submit and …/return (issue #39). */
const NewsReviewController = reviewController('news', NewsService, NewsDto);

@Module({
  imports: [TypeOrmModule.forFeature([News]), ActivityModule, PhotosModule, SettingsModule],
  // The site's logo is a setting that goes through the photos' upload and storage (LogoController);
  // POST /api/photos stores an article's photo before its save (PhotosController).
  controllers: [NewsController, PhotosController, LogoController, NewsHistoryController, NewsReviewController],
  providers: [NewsService, NewsPhotos, LogoService, PublishSchedule],
  // The trash removes a purged article's photo and the health check asks about the storage, both
  // through NewsPhotos; configureApp serves photos through PhotoStorage.
  exports: [NewsService, NewsPhotos, PhotosModule],
})
export class NewsModule {}
