import { createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { SessionAdminService } from '../auth/session-admin.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseOutage, isDatabaseUnavailable } from '../database/database-health';
import { logFailure } from '../http/all-exceptions.filter';
import { isSitePath } from '../http/built-files';
import { SettingsService } from '../settings/settings.service';
import { sendMaintenancePage } from './maintenance-page';
import type { Visit } from './site-reply';
import { languageOfPath, wordsFor } from './site-languages';

/** Each request's visit, once the gate has judged it. */
const visits = new WeakMap<Request, Visit>();

/**
 * Who sees the website, before any route is matched (configureApp mounts `handler` after the
 * built files; it lets every path outside the website through):
 *
 * - Maintenance on (a new site's default): the maintenance page, except for a request that
 *   carries the session cookie of a logged-in administrator, who previews the site (a banner says
 *   so; `private, no-store`, `noindex`, never cached). A request without that cookie never
 *   reaches the session store.
 * - Maintenance off: the pages.
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

  readonly handler: RequestHandler = (req, res, next) => {
    if (!isSitePath(req.path)) return next();
    this.visit(req, res).then((visit) => (visit ? next() : sendMaintenancePage(req, res, this.behindCdn)), next);
  };

  /** Whether a CDN is in front (CDN set): its replies then say which the CDN may keep. */
  get behindCdn(): boolean {
    return this.config.cdn !== undefined;
  }

  /** The request's visit: the settings it is served with and who is looking; null while the site is closed to it. */
  async visit(req: Request, res: Response): Promise<Visit | null> {
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
    // (Not onto a path outside the site: `/de/api/…` stays the site's not-found page.)
    const found = languageOfPath(req.path, languages);
    const language = found.language && isSitePath(found.rest) ? found.language : null;
    if (language) req.url = found.rest + req.url.slice(req.path.length);
    const pageLanguage = language ?? languages[0];
    const translated = language ? translations[language.code] : undefined;
    const settings = translated
      ? { ...current.settings, companyName: translated.companyName, tagline: translated.tagline }
      : current.settings;
    let preview = false;
    if (settings.maintenance) {
      if (!this.sessions.carriesSessionCookie(req)) return null;
      const admin = await this.sessions.adminOf(req, res).catch(() => null);
      if (!admin) return null;
      preview = true;
    }
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

  /**
   * The visit as a signed-in administrator's preview, on a page that shows them what visitors do
   * not see (an article's draft, its schedule, its unpublished changes: the editor's Preview and
   * View on site), whether or not maintenance is on. A request without the session cookie, or
   * whose session has ended, keeps the visitor's view and never reaches the session store more
   * than once.
   */
  async asAdmin(req: Request, res: Response, visit: Visit): Promise<Visit> {
    if (visit.view.preview || !this.sessions.carriesSessionCookie(req)) return visit;
    const admin = await this.sessions.adminOf(req, res).catch(() => null);
    if (!admin) return visit;
    const previewing: Visit = { ...visit, view: { ...visit.view, preview: true, counting: false } };
    visits.set(req, previewing);
    return previewing;
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
