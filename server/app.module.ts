import { DynamicModule, Module, type Type } from '@nestjs/common';
import { RouterModule, type Routes } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityModule } from './activity/activity.module';
import { AccountModule } from './account/account.module';
import { AdminsModule } from './admins/admins.module';
import { AuthModule } from './auth/auth.module';
import type { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ContactUsModule } from './contact-us/contact-us.module';
import { ContentEventsModule } from './content/events/content-events.module';
import { DashboardModule } from './dashboard/dashboard.module';
import type { DatabaseConnection } from './database/database-connection';
import { dataSourceOptions } from './database/data-source-options';
import { migrate } from './database/migrate';
import { MetricsModule } from './metrics/metrics.module';
import { HealthModule } from './health/health.module';
import { API_PREFIX } from './http/api-prefix';
import { MailModule } from './mail/mail.module';
import { HttpLayerModule } from './http/http.module';
import { NewsModule } from './news/news.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { ServicesModule } from './services/services.module';
import { SettingsModule } from './settings/settings.module';
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
  ContactUsModule,
  OpenApiModule,
  TrashModule,
  ActivityModule,
  SettingsModule,
  MailModule,
  DashboardModule,
  SecondFactorModule,
  PasskeysModule,
];

/** The API's routes: its modules under /api. Also read by the OpenAPI preview (server/cli/openapi-document.ts). */
export const API_ROUTES: Routes = [{ path: API_PREFIX, children: API_MODULES }];

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
        // Before the API: Express tries the routes in the order they were registered, so a
        // visitor's page is matched at once instead of after every API route (a quarter of the
        // public pages' time in `npm run bench compare`). The API's paths never match the site's.
        SiteModule,
        ...API_MODULES,
        MetricsModule,
        RouterModule.register(API_ROUTES),
      ],
    };
  }
}
