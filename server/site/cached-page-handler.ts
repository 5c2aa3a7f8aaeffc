import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AheadOfExpress } from '../http/ahead-of-express';
import { logReply } from '../http/app-logger';
import { isSitePath } from '../http/built-files';
import { giveRequestId } from '../http/http.middleware';
import { OTHER_ROUTE, timeReply } from '../http/http-metrics';
import { sendStaticFile } from '../http/static-assets';
import { SettingsService } from '../settings/settings.service';
import { sendMaintenancePage } from './maintenance-page';
import { PageCache } from './page-cache.service';
import { addressIn } from './site-languages';
import { pageKey } from './site-reply';

/**
 * A visitor's page that the page cache holds, answered ahead of Express (configureApp, as the
 * visitor-count beacon is): a visitor's page is the request a site gets most, and once it is
 * rendered Express's routing, the site gate and Nest's guards cost more than sending it (issues
 * #37 and #41 ask the pages for 0.30× a bare server). It answers only what it can answer exactly
 * as SiteController did, and leaves everything else to Express untouched:
 *
 * - GET or HEAD at a site path, while the settings' copy is fresh (SettingsService.fresh); a stale
 *   copy, a preview (`/admin/preview/…`) go the long way;
 * - while maintenance is on, the maintenance page, as SiteGate sends it (but at a name with a dot,
 *   which may be one of client/public's files);
 * - else an address whose page the cache keeps together with how SiteController sent it to a visitor
 *   at that very address (PageCache.remember): the same status, headers, cache tags and ETag, 304
 *   and HEAD by sendStaticFile's one rule, the same negotiation of brotli and gzip;
 * - with CORS_ORIGINS set, not a request that names an Origin (the CORS headers are Express's).
 *
 * What the middleware gives every request it gives too, by the same definitions: the request id,
 * the request's log line and its time in the metrics (under the route SiteController matched), the
 * security headers. A content event clears the cache, and so what this answers, as it clears
 * SiteController's.
 */
@Injectable()
export class CachedPageHandler implements AheadOfExpress {
  /** The security headers every reply carries (helmet's), as configureApp gives them; a page's own replace its policy. */
  private headers: Record<string, string> = {};

  constructor(
    private readonly settings: SettingsService,
    private readonly cache: PageCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Called once by configureApp, before the server takes requests. */
  configure(securityHeaders: Record<string, string>): void {
    this.headers = securityHeaders;
  }

  answers(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (this.config.corsOrigins.length > 0 && req.headers.origin !== undefined) return false;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!isSitePath(path)) return false;
    const current = this.settings.fresh();
    if (!current) return false;
    if (current.settings.maintenance) {
      // SiteGate's answer to every site path while the site is closed. Not to a name with a dot:
      // that may be a file of client/public (the logo), which Express answers before the gate.
      if (path.includes('.')) return false;
      this.begin(req, res, undefined);
      sendMaintenancePage(req, res, this.config.cdn !== undefined);
      return true;
    }
    const { language, rest } = addressIn(path, current.languages);
    const found = this.cache.answer(pageKey(current.version, this.config.publicUrl, language.code, rest + url.slice(path.length)));
    if (!found) return false;
    this.begin(req, res, found.reply.route);
    sendStaticFile(req, res, found.page.file, found.reply);
    return true;
  }

  /** What Express's middleware gives every request: its id, its log line and metrics (under `route`), the security headers. */
  private begin(req: IncomingMessage, res: ServerResponse, route: string | undefined): void {
    const id = giveRequestId(req, res);
    logReply(req, res, () => ({ reqId: id, route }));
    timeReply(req, res, () => route ?? OTHER_ROUTE);
    for (const name in this.headers) res.setHeader(name, this.headers[name]);
  }
}
