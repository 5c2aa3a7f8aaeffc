import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool, ClientConfig } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { createAdminSessionStore, type AdminSessionStore, type Cached } from './admin-session-store';
import { SessionCache } from './session-cache';

/** The session cookie's name (configureApp sets it, logout clears it). */
export const SESSION_COOKIE = 'sid';

declare module 'express-session' {
  interface SessionData {
    /** When the admin logged in (ms since the epoch), for the absolute session lifetime. */
    startedAt: number;
  }
}

/**
 * Sessions live in PostgreSQL (the `session` table made by the first migration), so they survive
 * restarts and are shared by replicas. The store borrows TypeORM's pool: one pool per process,
 * which also keeps the embedded database within its connection limit. On PostgreSQL, sessions read
 * are kept in memory while a connection of their own hears every change (session-cache.ts); the
 * embedded database has one process and one backend, where a listening connection is not its own,
 * so there every request reads its session.
 */
@Injectable()
export class SessionStore implements OnApplicationShutdown {
  readonly store: AdminSessionStore;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    const pool = (dataSource.driver as unknown as { master: Pool & { options: ClientConfig } }).master;
    this.store = createAdminSessionStore(pool, {
      pruneSessionInterval: 15 * 60,
      cache: config.databaseUrl ? new SessionCache<Cached>(pool.options) : undefined,
    });
  }

  onApplicationShutdown(): void {
    this.store.close();
  }
}
