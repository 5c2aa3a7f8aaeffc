import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ContactUsModule } from '../contact-us/contact-us.module';
import { NewsModule } from '../news/news.module';
import { PagesModule } from '../pages/pages.module';
import { ServicesModule } from '../services/services.module';
import { SettingsModule } from '../settings/settings.module';
import { CachedPageHandler } from './cached-page-handler';
import { PageCache } from './page-cache.service';
import { ContactForm } from './contact-form.service';
import { SiteErrorFilter } from './site-error.filter';
import { SiteGate } from './site-gate.middleware';
import { SitePages } from './site-pages.service';
import { SiteController } from './site.controller';

/**
 * The public website: home, services, news, an article, the company's pages, the contact form, sitemap and robots.txt,
 * rendered on the server. Outside AppModule's API_MODULES, so its routes are not under /api.
 * configureApp mounts SiteGate in front of the routes, hands SiteErrorFilter the website's
 * paths that no route took, and has CachedPageHandler answer a cached page ahead of Express. The page cache hears content events (ContentEventsModule, global).
 */
@Module({
  imports: [SettingsModule, NewsModule, PagesModule, ServicesModule, ContactUsModule, AuthModule],
  controllers: [SiteController],
  providers: [SitePages, ContactForm, PageCache, SiteGate, SiteErrorFilter, CachedPageHandler],
  exports: [SiteGate, SiteErrorFilter, CachedPageHandler],
})
export class SiteModule {}
