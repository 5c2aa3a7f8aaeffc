import { Global, Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { MailModule } from '../mail/mail.module';
import { reviewController, ReviewListController } from './review.controller';
import { ReviewService } from './review.service';

/**
 * The review step (issue #39) for every kind authors write and editors publish: global, as the
 * revisions are, so each kind's module declares its review routes (reviewController) and the
 * dashboard counts what waits without importing it; its own route lists what waits (GET /api/review). Its own module, apart from RevisionsModule,
 * because it needs the outbox, whose module (through the settings) needs the revisions.
 */
@Global()
@Module({
  imports: [ActivityModule, MailModule],
  controllers: [ReviewListController],
  providers: [ReviewService],
  exports: [ReviewService],
})
export class ReviewModule {}

export { reviewController };
