import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module';
import { PhotosModule } from '../news/photos/photos.module';
import { LogoService } from './logo.service';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SiteSettingsRow } from './site-settings.entity';

/** The maintenance switch, the company's details and its brand (logo, accent colour), shown on the public pages. */
@Module({
  imports: [TypeOrmModule.forFeature([SiteSettingsRow]), ActivityModule, PhotosModule],
  controllers: [SettingsController],
  providers: [SettingsService, LogoService],
  exports: [SettingsService],
})
export class SettingsModule {}
