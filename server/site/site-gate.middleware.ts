import { createParamDecorator, type ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { SessionAdminService } from '../auth/session-admin.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseOutage, isDatabaseUnavailable } from '../database/database-health';
import { logFailure } from '../http/all-exceptions.filter';
import { isSitePath } from '../http/built-files';
import { ApiError } from '../common/api-error';
import { may } from '../roles/permissions';
import { SettingsService } from '../settings/settings.service';
import { sendMaintenancePage } from './maintenance-page';
import type { Visit } from './site-reply';
import { addressIn, wordsFor } from './site-languages';
import { isPreviewPath, previewedPath } from './site-preview';

/** The admin app's login screen, which takes the way back as `?from=` (client/src/app/guards.tsx). */
const LOGIN_PATH = '/admin/login';

/** Each request's visit, once the gate has judged it. */
const visits = new WeakMap<Request, Visit>();

/**
 * Who sees the website, before any route is matched (configureApp mounts `previews` before the
 * built files and `handler` after them; each lets every other path through):
 *
 * - A visitor's address (every site path) answers the visitors' page, whoever asks: no cookie
 *   changes it, so no cache can keep an administrator's view under it. Maintenance on (a new
 *   site's default): the maintenance page; off: the pages.
 * - The preview's address (`/admin/preview/<site path>`, issue #42; site-preview.ts): a signed-in
 *   administrator's view of that page, maintenance on or off, with drafts, schedules and
 *   unpublished changes, the preview banner, its links kept inside the preview, `private,
 *   no-store`, `noindex`, no cache tags and no visitor count. Without a session, the login screen,
 *   which leads back here.
 *
 * The settings come from SettingsService's per-replica copy (one query a second at most); if they
 * cannot be read at all, the maintenance page stands in. A middleware rather than a guard: the
 * maintenance page is the answer to most requests while the site is closed, and it also stands for
 * the website's paths that no route takes.
 */
@Injectable()
export class SiteGate {
  constructor(
    private readonly settings: SettingsService,
    private readonly sessions: SessionAdminService,
    private readonly outage: DatabaseOutage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The website's paths (a preview's among them, already the site path it shows): the visit, or the maintenance page. */
  readonly handler: RequestHandler = (req, res, next) => {
    if (!isSitePath(req.path)) return next();
    this.visit(req).then((visit) => (visit ? next() : sendMaintenancePage(req, res, this.behindCdn)), next);
  };

  /**
   * The preview's addresses, ahead of the built files (which answer the rest of /admin with the
   * admin app): every other path passes through.
   */
  readonly previews: RequestHandler = (req, res, next) => {
    if (!isPreviewPath(req.path)) return next();
    this.preview(req, res).then((shown) => shown && next(), next);
  };

  /**
   * A preview's address: the site path it shows becomes the request's (`req.url`, before any route
   * is matched, as a language's prefix is taken off), and its visit the administrator's. False
   * when it answered itself: without a signed-in administrator who may preview, a redirect to the
   * login screen with the way back (`?from=`). A path under it that is not the site's (the API, the
   * panel, a file) is not found: it never reaches the API as another address.
   */
  private async preview(req: Request, res: Response): Promise<boolean> {
    const from = req.originalUrl;
    const path = previewedPath(req.path);
    if (!isSitePath(path)) throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
    req.url = path + req.url.slice(req.path.length);
    const admin = this.sessions.carriesSessionCookie(req) ? await this.sessions.adminOf(req, res) : null;
    if (!admin || !may(admin.role, 'site.preview')) {
      res.setHeader('Cache-Control', 'private, no-store');
      res.redirect(HttpStatus.FOUND, `${LOGIN_PATH}?from=${encodeURIComponent(from)}`);
      return false;
    }
    if (await this.visit(req, true)) return true;
    sendMaintenancePage(req, res, this.behindCdn);
    return false;
  }

  /** Whether a CDN is in front (CDN set): its replies then say which the CDN may keep. */
  get behindCdn(): boolean {
    return this.config.cdn !== undefined;
  }

  /**
   * The request's visit: the settings it is served with and who is looking (`preview`: a signed-in
   * administrator at the preview's address); null while the site is closed to it.
   */
  async visit(req: Request, preview = false): Promise<Visit | null> {
    const known = visits.get(req);
    if (known) return known;
    let current: Awaited<ReturnType<SettingsService['current']>>;
    try {
      current = await this.settings.current();
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.outage.report(error);
      else logFailure(error, req);
      return null;
    }
    const { version, languages: all, translations } = current;
    const languages = all.filter((language) => language.enabled);
    // A language's pages are its prefix's (`/de/news`): the prefix is taken off here, before any
    // route is matched, so the site's routes are the same table in every language (issue #41).
    const { language: pageLanguage, rest, prefixed } = addressIn(req.path, languages);
    if (prefixed) req.url = rest + req.url.slice(req.path.length);
    const translated = prefixed ? translations[pageLanguage.code] : undefined;
    const settings = translated
      ? { ...current.settings, companyName: translated.companyName, tagline: translated.tagline }
      : current.settings;
    if (settings.maintenance && !preview) return null;
    const counting = this.config.analytics && !preview;
    const visit: Visit = {
      view: {
        settings,
        origin: this.config.publicUrl,
        preview,
        words: wordsFor(pageLanguage.code),
        counting,
        language: pageLanguage,
        languages,
      },
      version,
      cdnMaxAge: this.config.cdn?.maxAge ?? null,
    };
    visits.set(req, visit);
    return visit;
  }
}

/** The visit SiteGate let through for a request of the website. */
export function siteVisit(req: Request): Visit {
  const visit = visits.get(req);
  if (!visit) throw new Error('A page of the website ran without its gate');
  return visit;
}

/** The visit SiteGate let through, as a route handler's parameter. */
export const SiteVisit = createParamDecorator((_data: unknown, context: ExecutionContext): Visit =>
  siteVisit(context.switchToHttp().getRequest<Request>()),
);
