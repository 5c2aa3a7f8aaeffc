import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityModule } from './activity/activity.module';
import { AdminsModule } from './admins/admins.module';
import { AuthModule } from './auth/auth.module';
import { CommonModule } from './common/common.module';
import type { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ContactUsModule } from './contact-us/contact-us.module';
import type { DatabaseConnection } from './database/database-connection';
import { dataSourceOptions } from './database/data-source-options';
import { migrate } from './database/migrate';
import { HealthModule } from './health/health.module';
import { NewsModule } from './news/news.module';
import { ServicesModule } from './services/services.module';
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
          // Migrate before anything else touches the schema.
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await migrate(dataSource);
            return dataSource;
          },
        }),
        CommonModule,
        AdminsModule,
        AuthModule,
        HealthModule,
        ServicesModule,
        NewsModule,
        ContactUsModule,
        TrashModule,
        ActivityModule,
      ],
    };
  }
}
