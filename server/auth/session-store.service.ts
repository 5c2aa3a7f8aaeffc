import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type session from 'express-session';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { createAdminSessionStore } from './admin-session-store';

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
 * which also keeps the embedded database within its connection limit.
 */
@Injectable()
export class SessionStore implements OnApplicationShutdown {
  readonly store: session.Store & { close(): void };

  constructor(dataSource: DataSource) {
    this.store = createAdminSessionStore((dataSource.driver as unknown as { master: Pool }).master, { pruneSessionInterval: 15 * 60 });
  }

  onApplicationShutdown(): void {
    this.store.close();
  }
}
