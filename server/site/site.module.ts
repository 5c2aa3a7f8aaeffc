import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { ContactUsModule } from '../contact-us/contact-us.module';
import { NewsModule } from '../news/news.module';
import { ServicesModule } from '../services/services.module';
import { SettingsModule } from '../settings/settings.module';
import { PageCache } from './page-cache.service';
import { ContactForm } from './contact-form.service';
import { SiteCacheInterceptor } from './site-cache.interceptor';
import { SitePages } from './site-pages.service';
import { SiteService } from './site.service';

/**
 * The public website: home, services, news, an article, the contact form, sitemap and robots.txt,
 * rendered on the server. configureApp hands SiteService's handler to sitePages().
 */
@Module({
  imports: [SettingsModule, NewsModule, ServicesModule, ContactUsModule, AuthModule],
  providers: [SiteService, SitePages, ContactForm, PageCache, { provide: APP_INTERCEPTOR, useClass: SiteCacheInterceptor }],
  exports: [SiteService],
})
export class SiteModule {}
