import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { PASSPORT, type AppPassport } from './auth/passport';
import { SessionAdminService } from './auth/session-admin.service';
import { sessionSavedBeforeReply } from './auth/session-saved-before-reply';
import { SESSION_COOKIE, SessionStore } from './auth/session-store.service';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { requestLog } from './common/app-logger';
import { fixedHeaders } from './common/fixed-headers';
import { jsonDepthLimit, singleQueryValues } from './common/hostile-input';
import { inOrder, jsonBody, noStore, requestId, sameOriginOnly } from './common/http.middleware';
import { sitePages } from './common/site-pages.middleware';
import { PhotoStorage } from './news/photos/photo-storage.service';
import { SiteService } from './site/site.service';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { CLIENT_DIST } from './config/paths';
import { DatabaseOutage, databaseUnavailableHandler } from './database/database-health';

/**
 * Everything about the HTTP layer that is not a route: security headers, pages, body parsing,
 * sessions, validation and errors. main.ts and the tests both call it, so the tests run the
 * production setup. The app must be created with `bodyParser: false`.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, options: { clientDir?: string } = {}): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API replies are never cached (no-store) and built files carry their own ETag: hashing every
  // JSON body for an ETag nobody uses is wasted work.
  app.set('etag', false);
  app.use(
    inOrder(
      requestId,
      requestLog,
      // Helmet's headers do not depend on the request here: computed once, replayed on every reply.
      fixedHeaders(
        helmet({
          contentSecurityPolicy: {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
            },
          },
          crossOriginResourcePolicy: { policy: 'same-origin' },
        }),
      ),
    ),
  );
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, credentials: true, methods: ['GET', 'POST', 'PATCH', 'DELETE'] });
  }

  app.use(sitePages(options.clientDir ?? CLIENT_DIST, app.get(PhotoStorage).handler(), app.get(SiteService).handler()));

  const passport = app.get<AppPassport>(PASSPORT);
  const sessionAdmins = app.get(SessionAdminService);
  // The session, the whole way: express-session and Passport (a read held in memory skips them, see SessionAdminService).
  const wholeSession = inOrder(
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: app.get(SessionStore).store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: config.sessionIdleHours * 3600 * 1000 },
    }),
    // Before the reply's headers leave, so a replica that dies mid-write sends nothing and nginx retries.
    sessionSavedBeforeReply(app.get(SessionStore).store),
    (req, _res, next) => {
      // Idle sessions expire by the cookie's rolling lifetime; this bounds a session's whole life.
      const startedAt = req.session.startedAt;
      if (sessionAdmins.outlived(startedAt)) return req.session.regenerate(next);
      next();
    },
    passport.initialize(),
    passport.session() as RequestHandler,
  );
  app.use(
    '/api',
    inOrder(noStore, singleQueryValues, sameOriginOnly(config.corsOrigins), jsonBody('1mb'), jsonDepthLimit, (req, res, next) =>
      sessionAdmins.readFromMemory(req) ? next() : wholeSession(req, res, next),
    ),
  );
  // The session store and Passport fail outside Nest's pipeline: an outage there is a 503 too.
  const outage = app.get(DatabaseOutage);
  app.use('/api', databaseUnavailableHandler(outage));

  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter(outage));
}
