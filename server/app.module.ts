import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityModule } from './activity/activity.module';
import { AdminsModule } from './admins/admins.module';
import { AuthModule } from './auth/auth.module';
import { SESSION_COOKIE } from './auth/session-store.service';
import { CommonModule } from './common/common.module';
import type { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ContactUsModule } from './contact-us/contact-us.module';
import type { DatabaseConnection } from './database/database-connection';
import { dataSourceOptions } from './database/data-source-options';
import { migrate } from './database/migrate';
import { HealthModule } from './health/health.module';
import { NewsModule } from './news/news.module';
import { OpenApiModule } from './openapi/openapi.module';
import { ServicesModule } from './services/services.module';
import { SettingsModule } from './settings/settings.module';
import { SiteModule } from './site/site.module';
import { TrashModule } from './trash/trash.module';

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
        CommonModule,
        AdminsModule,
        AuthModule,
        HealthModule,
        ServicesModule,
        NewsModule,
        ContactUsModule,
        OpenApiModule.register({ sessionCookie: SESSION_COOKIE }),
        TrashModule,
        ActivityModule,
        SettingsModule,
        SiteModule,
      ],
    };
  }
}
