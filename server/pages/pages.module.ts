import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { NewsModule } from '../news/news.module';
import { historyController } from '../revisions/revisions.module';
import { reviewController } from '../revisions/review.module';
import { DraftPageDto } from './dto/draft-page.dto';
import { PageDto } from './dto/page.dto';
import { PagesController } from './pages.controller';
import { Page } from './page.entity';
import { PagesService } from './pages.service';
import { translationsController } from '../translations/translations.module';
import { PageTranslationDto, PageTranslationReply } from './dto/page-translation.dto';

/** /api/pages/:id/revisions… and …/draft (issue #36's routes, for pages). */
const PagesHistoryController = historyController('pages', PagesService, PageDto, DraftPageDto);
/** POST /api/pages/:id/submit and …/return (issue #39's review step, for pages). */
const PagesReviewController = reviewController('pages', PagesService, PageDto);
/** /api/pages/:id/translations… (issue #41). */
const PagesTranslationsController = translationsController('pages', PageTranslationDto, PageTranslationReply);

/** The company's own pages (issue #37); their photos go through the articles' pipeline (NewsModule's NewsPhotos). */
@Module({
  imports: [TypeOrmModule.forFeature([Page]), ActivityModule, NewsModule],
  controllers: [PagesController, PagesHistoryController, PagesReviewController, PagesTranslationsController],
  providers: [PagesService],
  exports: [PagesService],
})
export class PagesModule {}
