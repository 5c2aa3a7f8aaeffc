import { clientAddress, type TrustProxy } from './http/client-address';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { BeaconHandler } from './analytics/beacon-handler';
import { SessionAdminService } from './auth/session-admin.service';
import { CacheInvalidateHeader } from './cdn/cache-invalidate.service';
import { sessionCookie } from './config/web-config';
import { createValidationPipe } from './common/validation';
import { answerAheadOfExpress } from './http/ahead-of-express';
import { API_PREFIX } from './http/api-prefix';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { requestLog } from './http/app-logger';
import { httpMetrics } from './http/http-metrics';
import { jsonDepthLimit, singleQueryValues } from './http/hostile-input';
import { inOrder, jsonBody, noStore, requestId, sameOriginOnly } from './http/http.middleware';
import { methodNotAllowed } from './http/method-not-allowed';
import { headersOf, inlineScriptHashes, securityHeaders } from './http/security-headers';
import { builtFiles } from './http/built-files';
import { PhotoStorage } from './news/photos/photo-storage.service';
import { ApiDocument } from './openapi/api-document';
import { SiteErrorFilter } from './site/site-error.filter';
import { CachedPageHandler } from './site/cached-page-handler';
import { SiteGate } from './site/site-gate.middleware';
import type { AppConfig } from './config/app-config';
import { CLIENT_DIST } from './config/paths';
import { DatabaseOutage } from './database/database-health';

/**
 * Everything about the HTTP layer that is not a route: security headers, pages, body parsing,
 * sessions, validation and errors. main.ts and the tests both call it, so the tests run the
 * production setup. The app must be created with `bodyParser: false`.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // API replies are never cached (no-store) and built files carry their own ETag: hashing every
  // JSON body for an ETag nobody uses is wasted work.
  app.set('etag', false);
  // The admin page's theme script, allowed by its hash (none before the client is built).
  const adminScripts = inlineScriptHashes(builtAdminPage());
  const security = securityHeaders(adminScripts);
  app.use(inOrder(clientAddress, requestId, requestLog, httpMetrics, security));
  // The visitor-count beacon (/api/collect, /api/collect.gif) and a visitor's page the page cache
  // holds are answered ahead of Express, which would cost them more than the answer itself
  // (server/analytics/beacon-handler.ts, server/site/cached-page-handler.ts).
  const trust = app.getHttpAdapter().getInstance().get('trust proxy fn') as TrustProxy;
  const everyReply = headersOf(security);
  const beacon = app.get(BeaconHandler);
  beacon.configure(trust, everyReply);
  const pages = app.get(CachedPageHandler);
  pages.configure(everyReply);
  answerAheadOfExpress(app.getHttpServer(), [beacon, pages]);
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, credentials: true, methods: ['GET', 'POST', 'PATCH', 'DELETE'] });
  }

  // The metrics have a port of their own (METRICS_PORT); here /metrics is unknown, even in maintenance.
  app.use('/metrics', (_req: Request, res: Response) => {
    res.status(404).json({ error: 'Not found' });
  });
  // An administrator's preview of the site (/admin/preview/…, issue #42): the site path it shows,
  // ahead of the admin app's page, which the built files give every other path under /admin.
  app.use(app.get(SiteGate).previews);
  // Photos, built assets, the admin app: files, before any route (server/http/built-files.ts).
  app.use(builtFiles(CLIENT_DIST, app.get(PhotoStorage).handler()));
  // The website's paths: the maintenance page, or on to the site's routes (server/site/).
  app.use(app.get(SiteGate).handler);

  app.use(
    `/${API_PREFIX}`,
    inOrder(
      noStore(config.cdn !== undefined),
      methodNotAllowed(() => app.get(ApiDocument).get()),
      singleQueryValues,
      sameOriginOnly(config),
      jsonBody('1mb'),
      jsonDepthLimit,
      app.get(SessionAdminService).handler,
      app.get(CacheInvalidateHeader).handler,
    ),
  );
  // The session store's and Passport's failures reach the filter through Express: an outage there is the same 503.
  const outage = app.get(DatabaseOutage);
  app.useGlobalPipes(createValidationPipe());
  // The website's paths that no route took (or that Express could not decode) get its pages.
  app.useGlobalFilters(new AllExceptionsFilter(outage, app.get(SiteErrorFilter)));
  // After every route is known; the paths carry the /api that AppModule's RouterModule gives the API modules.
  app.get(ApiDocument).build(app, sessionCookie(config.publicUrl).name);
}

function builtAdminPage(): string | undefined {
  try {
    return readFileSync(join(CLIENT_DIST, 'admin.html'), 'utf8');
  } catch {
    return undefined;
  }
}
