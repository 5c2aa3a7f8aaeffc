import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { signedInAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { inOrder } from '../http/http.middleware';
import { toError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PASSPORT, type AppPassport } from './passport';
import { sessionCookie, type SessionCookie } from '../config/web-config';
import { createSessionStore } from './session-store';

/** Marks the request as one the browser made over HTTPS (see SessionAdminService: an https:// PUBLIC_URL). */
const servedOverTls: RequestHandler = (req, _res, next) => {
  Object.defineProperty(req, 'secure', { value: true, configurable: true });
  next();
};

/**
 * Who is logged in, the one way: express-session (its store reads the session row and its admin
 * in one query), the absolute lifetime, then Passport. configureApp runs `handler` for the API;
 * the public site runs it through `adminOf` at the preview's address (`/admin/preview/…`). The store borrows
 * TypeORM's pool: one pool per process, which also keeps the embedded database within its
 * connection limit.
 */
@Injectable()
export class SessionAdminService implements OnApplicationShutdown {
  readonly handler: RequestHandler;
  private readonly store: ReturnType<typeof createSessionStore>;
  private readonly maxSessionMs: number;
  private readonly cookie: SessionCookie;

  constructor(dataSource: DataSource, @Inject(PASSPORT) passport: AppPassport, @Inject(APP_CONFIG) config: AppConfig) {
    this.store = createSessionStore((dataSource.driver as unknown as { master: Pool }).master, {
      prepared: config.databaseUrl !== undefined,
    });
    this.maxSessionMs = config.sessionMaxDays * 24 * 3600 * 1000;
    this.cookie = sessionCookie(config.publicUrl);
    this.handler = inOrder(
      // express-session sends a Secure cookie only on a request it takes for HTTPS (req.secure).
      // Behind a TLS proxy the app may see plain HTTP, and TRUST_PROXY with X-Forwarded-Proto may
      // be missing or wrong: an https:// PUBLIC_URL says the site is served over TLS, so it is.
      ...(this.cookie.secure ? [servedOverTls] : []),
      session({
        name: this.cookie.name,
        secret: config.sessionSecret,
        store: this.store,
        resave: false,
        saveUninitialized: false,
        // Idle sessions end by the rolling lifetime; the store writes a renewal at most once a minute.
        rolling: true,
        cookie: {
          httpOnly: true,
          sameSite: 'lax',
          secure: this.cookie.secure || 'auto',
          path: '/',
          maxAge: config.sessionIdleHours * 3600 * 1000,
        },
      }),
      // Bounds a session's whole life, however active: an outlived one is replaced by a new, empty one.
      (req, _res, next) => (this.outlived(req.session.startedAt) ? req.session.regenerate(next) : next()),
      passport.initialize(),
      passport.session() as RequestHandler,
    );
  }

  onApplicationShutdown(): void {
    this.store.close();
  }

  /** Whether a session begun at `startedAt` has outlived SESSION_MAX_DAYS. */
  private outlived(startedAt: number | undefined): boolean {
    return startedAt !== undefined && Date.now() - startedAt > this.maxSessionMs;
  }

  /** Whether the request carries a session cookie at all: no database involved, the visitors' fast path. */
  carriesSessionCookie(req: Request): boolean {
    return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${this.cookie.name}=`));
  }

  /** The logged-in admin whose session the request carries, or null; read as the API reads it. */
  async adminOf(req: Request, res: Response): Promise<SignedInAdmin | null> {
    await new Promise<void>((resolve, reject) => this.handler(req, res, (error?: unknown) => (error ? reject(toError(error)) : resolve())));
    return signedInAdmin(req);
  }
}
