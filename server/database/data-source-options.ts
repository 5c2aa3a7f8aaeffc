import type { DataSourceOptions } from 'typeorm';
import { Admin } from '../admins/admin.entity';
import { ContactMessage } from '../contact-us/contact-message.entity';
import { News } from '../news/news.entity';
import { EMBEDDED_POOL_SIZE, type DatabaseConnection } from './database-connection';
import { Foundation1763769600000 } from './migrations/1763769600000-Foundation';
import { Services1763769700000 } from './migrations/1763769700000-Services';
import { News1763769800000 } from './migrations/1763769800000-News';
import { ContactMessages1763769900000 } from './migrations/1763769900000-ContactMessages';
import { AdminLastLogin1763770000000 } from './migrations/1763770000000-AdminLastLogin';
import { Service } from '../services/service.entity';

/** Every entity, listed once for the app and the migration CLI alike. */
export const entities = [Admin, Service, News, ContactMessage];

/** Every migration in order. `npm run migration:generate` writes new ones beside these: add them here. */
export const migrations = [
  Foundation1763769600000,
  Services1763769700000,
  News1763769800000,
  ContactMessages1763769900000,
  AdminLastLogin1763770000000,
];

/** The one definition of the database options, used by the app, the tests and ormconfig.ts. */
export function dataSourceOptions(connection: DatabaseConnection): DataSourceOptions {
  return {
    type: 'postgres',
    ...(connection.url ? { url: connection.url } : { host: connection.socketDir, username: 'postgres', database: 'postgres' }),
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    uuidExtension: 'pgcrypto',
    // Not 'error': TypeORM logs a failed query with its parameters, which may hold a password hash.
    // Failures reach the exception filter, which logs them without parameters.
    logging: ['warn', 'migration'],
    extra: {
      max: connection.embedded ? EMBEDDED_POOL_SIZE : 10,
      connectionTimeoutMillis: 10_000,
    },
  };
}
