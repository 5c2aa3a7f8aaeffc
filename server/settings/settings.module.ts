import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { LanguagesController } from './languages.controller';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SiteSettingsRow } from './site-settings.entity';

/** The maintenance switch, the company's details and its brand (accent colour, logo: server/news/logo.controller.ts), shown on the public pages. */
@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingsRow]), ActivityModule],
  controllers: [SettingsController, LanguagesController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
