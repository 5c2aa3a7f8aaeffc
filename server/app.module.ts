import { type CanActivate, DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_GUARD, RouterModule, type Routes } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityModule } from './activity/activity.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { CdnModule } from './cdn/cdn.module';
import { AccountModule } from './account/account.module';
import { AdminsModule } from './admins/admins.module';
import { AuthModule } from './auth/auth.module';
import { SessionGuard } from './auth/session.guard';
import { RulesGuard } from './roles/rules.guard';
import type { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ContactUsModule } from './contact-us/contact-us.module';
import { ContentEventsModule } from './content/events/content-events.module';
import { RevisionsModule } from './revisions/revisions.module';
import { ReviewModule } from './revisions/review.module';
import { TranslationsModule } from './translations/translations.module';
import { DashboardModule } from './dashboard/dashboard.module';
import type { DatabaseConnection } from './database/database-connection';
import { dataSourceOptions } from './database/data-source-options';
import { migrate } from './database/migrate';
import { MetricsModule } from './metrics/metrics.module';
import { HealthModule } from './health/health.module';
import { API_PREFIX } from './http/api-prefix';
import { BodyTypeGuard } from './http/body-type.guard';
import { MailModule } from './mail/mail.module';
import { HttpLayerModule } from './http/http.module';
import { NewsModule } from './news/news.module';
import { PagesModule } from './pages/pages.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { ServicesModule } from './services/services.module';
import { SettingsModule } from './settings/settings.module';
import { SecondFactorGuard } from './second-factor/second-factor.guard';
import { SecondFactorModule } from './second-factor/second-factor.module';
import { SiteModule } from './site/site.module';
import { TrashModule } from './trash/trash.module';

/**
 * The modules whose controllers are the API: all under /api (API_PREFIX), given here and nowhere
 * else. A module with a controller that is not listed here would answer outside /api, among the
 * public site's paths: test/api/routes.e2e-spec.ts fails for it. (Not `setGlobalPrefix('api')`:
 * the public site's /services, /news and /news/:id are the API controllers' own paths, and a
 * global prefix cannot spare one module.)
 */
const API_MODULES: Type[] = [
  AdminsModule,
  AuthModule,
  AccountModule,
  HealthModule,
  ServicesModule,
  NewsModule,
  PagesModule,
  ContactUsModule,
  OpenApiModule,
  TrashModule,
  ActivityModule,
  SettingsModule,
  MailModule,
  DashboardModule,
  // Global (each kind's review routes come from reviewController); its own route is GET /api/review.
  ReviewModule,
  SecondFactorModule,
  PasskeysModule,
  AnalyticsModule,
  CdnModule,
];

/** The API's routes: its modules under /api. Also read by the OpenAPI preview (server/cli/openapi-document.ts). */
export const API_ROUTES: Routes = [{ path: API_PREFIX, children: API_MODULES }];

/**
 * The guards every route passes, in the order they run: Nest runs the global guards in the order
 * they are provided, all before a controller's or a route's own (LoginGuard, RegistrationGuard,
 * the contact form's limit). Declared here, not each in its module, because then their order was
 * the order Nest happened to scan the modules in. Before any guard, configureApp's middleware has
 * answered the files, let SiteGate judge the website's paths, and loaded the API's session.
 *
 * 1. BodyTypeGuard: a body must be of the type the route reads (415). First, so that a foreign
 *    page's text/plain or form post is refused as it arrives, before anything asks who sent it,
 *    and a login in the wrong type never reaches LoginGuard.
 * 2. SessionGuard: a signed-in admin, unless the route is @Public() (401).
 * 3. RulesGuard: the signed-in admin's role must hold the route's @Allow() permission
 *    (server/roles/permissions.ts, the one definition of the rules); a route that is not @Public()
 *    and declares none is refused to everyone (403). After SessionGuard, whose 401 comes first; it
 *    asks nothing of the database (the role came with the session row).
 * 4. SecondFactorGuard: with REQUIRE_SECOND_FACTOR, a signed-in admin without a second factor
 *    reaches only what sets one up (403). Last: it is the one that asks the database, and it leaves
 *    a request without an admin to SessionGuard, whose 401 comes first.
 */
const APP_GUARDS: Type<CanActivate>[] = [BodyTypeGuard, SessionGuard, RulesGuard, SecondFactorGuard];

@Module({})
export class AppModule {
  /** The whole app for one configuration and database; main.ts and the tests both build it here. */
  static register(config: AppConfig, connection: DatabaseConnection): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.register(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(connection),
          // Migrate before anything else touches the schema, on a connection without the time
          // limits that bound the app's queries (an index built on a large table takes a while).
          dataSourceFactory: async (options) => {
            const migrator = await new DataSource(dataSourceOptions(connection, { bounded: false })).initialize();
            try {
              await migrate(migrator);
            } finally {
              await migrator.destroy();
            }
            return new DataSource(options!).initialize();
          },
        }),
        HttpLayerModule,
        RateLimitModule,
        ContentEventsModule,
        RevisionsModule,
        TranslationsModule,
        // Before the API: Express tries the routes in the order they were registered, so a
        // visitor's page is matched at once instead of after every API route (a quarter of the
        // public pages' time in `npm run bench compare`). The API's paths never match the site's.
        SiteModule,
        ...API_MODULES,
        MetricsModule,
        RouterModule.register(API_ROUTES),
      ],
      providers: APP_GUARDS.map((guard) => ({ provide: APP_GUARD, useClass: guard })),
    };
  }
}
