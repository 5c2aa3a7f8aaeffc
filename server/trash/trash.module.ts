import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { NewsModule } from '../news/news.module';
import { PurgeJob } from './purge.job';
import { TrashController } from './trash.controller';
import { TrashService } from './trash.service';

/** The trash of services, news and contact messages: its list, restore, purge and the purge job. */
@Module({
  imports: [ActivityModule, NewsModule],
  controllers: [TrashController],
  providers: [TrashService, PurgeJob],
  // The dashboard counts the trash.
  exports: [TrashService],
})
export class TrashModule {}
