import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { ContactUsModule } from '../contact-us/contact-us.module';
import { MailModule } from '../mail/mail.module';
import { NewsModule } from '../news/news.module';
import { PagesModule } from '../pages/pages.module';
import { ServicesModule } from '../services/services.module';
import { SettingsModule } from '../settings/settings.module';
import { TrashModule } from '../trash/trash.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** GET /api/dashboard: what the admin panel's first screen shows, read through each resource's service. */
@Module({
  imports: [ContactUsModule, ServicesModule, NewsModule, PagesModule, TrashModule, ActivityModule, SettingsModule, MailModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
