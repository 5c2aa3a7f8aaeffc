import type { DataSourceOptions } from 'typeorm';
import { Activity } from '../activity/activity.entity';
import { Admin } from '../admins/admin.entity';
import { ContactMessage } from '../contact-us/contact-message.entity';
import { News } from '../news/news.entity';
import { SiteSettingsRow } from '../settings/site-settings.entity';
import { EMBEDDED_POOL_SIZE, type DatabaseConnection } from './database-connection';
import { BoundedClient } from './bounded-client';
import { Foundation1763769600000 } from './migrations/1763769600000-Foundation';
import { Services1763769700000 } from './migrations/1763769700000-Services';
import { News1763769800000 } from './migrations/1763769800000-News';
import { ContactMessages1763769900000 } from './migrations/1763769900000-ContactMessages';
import { TrashAndActivity1763770000000 } from './migrations/1763770000000-TrashAndActivity';
import { AdminLastLogin1763770100000 } from './migrations/1763770100000-AdminLastLogin';
import { SiteSettings1763770200000 } from './migrations/1763770200000-SiteSettings';
import { SessionChangeNotices1763770300000 } from './migrations/1763770300000-SessionChangeNotices';
import { DropSessionChangeNotices1763770400000 } from './migrations/1763770400000-DropSessionChangeNotices';
import { Mail1763770600000 } from './migrations/1763770600000-Mail';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { AdminToken } from '../admins/admin-token.entity';
import { ContactReadState1763770700000 } from './migrations/1763770700000-ContactReadState';
import { NewsAddresses1763770900000 } from './migrations/1763770900000-NewsAddresses';
import { CredentialVersion1763771500000 } from './migrations/1763771500000-CredentialVersion';
import { Brand1763771700000 } from './migrations/1763771700000-Brand';
import { NewsPhotoKey1763772300000 } from './migrations/1763772300000-NewsPhotoKey';
import { RecoveryCodeLookup1763772700000 } from './migrations/1763772700000-RecoveryCodeLookup';
import { Revisions1763773600000 } from './migrations/1763773600000-Revisions';
import { Analytics1764150000000 } from './migrations/1764150000000-Analytics';
import { ContactSearch1764160000000 } from './migrations/1764160000000-ContactSearch';
import { MailSettings1764160100000 } from './migrations/1764160100000-MailSettings';
import { EmailChange1764160200000 } from './migrations/1764160200000-EmailChange';
import { ActivityRevision1764169500000 } from './migrations/1764169500000-ActivityRevision';
import { Pages1764170000000 } from './migrations/1764170000000-Pages';
import { PagePublishedEvents1764170100000 } from './migrations/1764170100000-PagePublishedEvents';
import { Page } from '../pages/page.entity';
import { Roles1764170200000 } from './migrations/1764170200000-Roles';
import { PageReview1764170300000 } from './migrations/1764170300000-PageReview';
import { Languages1764174100000 } from './migrations/1764174100000-Languages';
import { MenuItemIds1764174500000 } from './migrations/1764174500000-MenuItemIds';
import { TranslationRevisions1764174600000 } from './migrations/1764174600000-TranslationRevisions';
import { TranslationDrafts1764190000000 } from './migrations/1764190000000-TranslationDrafts';
import { Service } from '../services/service.entity';
import { SecondFactor1763771300000 } from './migrations/1763771300000-SecondFactor';
import { Totp } from '../second-factor/totp.entity';
import { RecoveryCode } from '../second-factor/recovery-code.entity';
import { Passkey } from '../passkeys/passkey.entity';
import { Passkeys1763771400000 } from './migrations/1763771400000-Passkeys';
import { NewsPublishedEvents1763771900000 } from './migrations/1763771900000-NewsPublishedEvents';
import { CdnPurges1763773100000 } from './migrations/1763773100000-CdnPurges';

/** Every entity, listed once for the app and the migration CLI alike. */
export const entities = [
  Admin,
  Service,
  News,
  Page,
  ContactMessage,
  Activity,
  SiteSettingsRow,
  OutboxMail,
  AdminToken,
  Totp,
  RecoveryCode,
  Passkey,
];

/** Every migration in order. `npm run migration:generate` writes new ones beside these: add them here. */
export const migrations = [
  Foundation1763769600000,
  Services1763769700000,
  News1763769800000,
  ContactMessages1763769900000,
  TrashAndActivity1763770000000,
  AdminLastLogin1763770100000,
  SiteSettings1763770200000,
  SessionChangeNotices1763770300000,
  DropSessionChangeNotices1763770400000,
  Mail1763770600000,
  ContactReadState1763770700000,
  NewsAddresses1763770900000,
  SecondFactor1763771300000,
  Passkeys1763771400000,
  CredentialVersion1763771500000,
  Brand1763771700000,
  NewsPublishedEvents1763771900000,
  NewsPhotoKey1763772300000,
  RecoveryCodeLookup1763772700000,
  CdnPurges1763773100000,
  Revisions1763773600000,
  Analytics1764150000000,
  ContactSearch1764160000000,
  MailSettings1764160100000,
  EmailChange1764160200000,
  ActivityRevision1764169500000,
  Pages1764170000000,
  PagePublishedEvents1764170100000,
  Roles1764170200000,
  PageReview1764170300000,
  Languages1764174100000,
  MenuItemIds1764174500000,
  TranslationRevisions1764174600000,
  TranslationDrafts1764190000000,
];

/**
 * Every query is bounded, so a database that is down or frozen costs a request a 503 within
 * seconds, never a hang: connecting (and waiting for a free pooled connection) gives up after
 * CONNECT_TIMEOUT_MS, PostgreSQL cancels a statement after STATEMENT_TIMEOUT_MS, and the client
 * itself gives up after QUERY_TIMEOUT_MS in case the server cannot even do that (frozen). The
 * embedded database runs in this process and cannot freeze on its own, enforces no
 * statement_timeout and is slower under load, so it gets wider bounds. A statement that times out
 * closes its connection (BoundedClient), so a transaction waits on a frozen server for one client
 * timeout whichever statement hangs, never again for its ROLLBACK: with a wait for a pooled
 * connection, at most 4 s of the 5 s in which a request must have its 503.
 */
const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 1500;
const QUERY_TIMEOUT_MS = 2000;
const EMBEDDED_TIMEOUT_MS = 30_000;

/**
 * The one definition of the database options, used by the app, the tests, the command-line tools
 * and ormconfig.ts. `bounded: false` drops the time limits, for migrations and the command-line
 * tools: a migration may build an index on a large table for minutes, and nobody waits on a reply.
 */
export function dataSourceOptions(connection: DatabaseConnection, { bounded = true }: { bounded?: boolean } = {}): DataSourceOptions {
  const limits = connection.embedded
    ? { connectionTimeoutMillis: EMBEDDED_TIMEOUT_MS, query_timeout: EMBEDDED_TIMEOUT_MS }
    : { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS, statement_timeout: STATEMENT_TIMEOUT_MS };
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
      ...(bounded ? { ...limits, Client: BoundedClient } : {}),
      // Idle connections are dropped after a while, so a pool never holds many dead ones.
      idleTimeoutMillis: 10_000,
      keepAlive: true,
    },
  };
}
