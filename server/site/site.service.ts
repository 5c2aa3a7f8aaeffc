import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import { createElement } from 'react';
import { SessionAdminService } from '../auth/session-admin.service';
import { ApiError } from '../common/api-error';
import { PagePipe } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseOutage, isDatabaseUnavailable } from '../database/database-health';
import { logFailure } from '../http/all-exceptions.filter';
import { SettingsService } from '../settings/settings.service';
import { ContactForm } from './contact-form.service';
import { PageCache } from './page-cache.service';
import { ProblemPage, PROBLEMS } from './pages/message-page';
import { SitePages, type PageRoute } from './site-pages.service';
import { sendOnce, sendPage, type Visit } from './site-reply';
import { SITE_PATHS } from './site-paths';

const pagePipe = new PagePipe();

/** `?page=` by the API's one rule (PagePipe); a page that is no page is not found here, rather than a 400. */
function pageOf(req: Request): number | null {
  try {
    return pagePipe.transform(req.query.page);
  } catch {
    return null;
  }
}

/**
 * The public website (the part of the site outside /admin, /api, /uploads and the built files),
 * rendered on the server with React and sent without any script.
 *
 * - Maintenance on (a new site's default): every request goes on to the maintenance page, except
 *   one that carries the session cookie of a logged-in administrator, who previews the site (a
 *   banner says so; `private, no-store`, `noindex`, never cached). Requests without that cookie
 *   never reach the session store.
 * - Maintenance off: the pages, each rendered once and served from memory for a few seconds
 *   (PageCache), keyed by the settings' version, with a strong ETag and `no-cache`.
 */
@Injectable()
export class SiteService {
  private readonly visits = new WeakMap<Request, Visit>();

  constructor(
    private readonly settings: SettingsService,
    private readonly sessions: SessionAdminService,
    private readonly pages: SitePages,
    private readonly contactForm: ContactForm,
    private readonly cache: PageCache,
    private readonly outage: DatabaseOutage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The Express handler sitePages() mounts; it hands a request on (`next()`) to the maintenance page. */
  handler(): Router {
    const router = express.Router();
    router.use(this.gate);
    const routes: [path: string, route: (req: Request) => PageRoute | null][] = [
      ...Object.entries(this.pages.fixed).map(([path, route]) => [path, () => route] as [string, () => PageRoute]),
      [SITE_PATHS.services, (req) => this.list(req, SITE_PATHS.services)],
      [SITE_PATHS.news, (req) => this.list(req, SITE_PATHS.news)],
      ['/news/:id', (req) => this.pages.article(String(req.params.id))],
    ];
    for (const [path, route] of routes) router.get(path, (req, res) => this.serve(req, res, route(req)));
    router.post(SITE_PATHS.contact, (req, res) => this.contactForm.post(req, res, this.visitOf(req)));
    for (const [path] of routes) {
      const allow = path === SITE_PATHS.contact ? 'GET, HEAD, POST' : 'GET, HEAD';
      router.all(path, () => {
        throw new ApiError(HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed', { headers: { Allow: allow } });
      });
    }
    router.use((req, res) => this.serve(req, res, null));
    router.use(this.failed);
    return router;
  }

  /**
   * Decides who sees the site. The settings come from SettingsService's per-replica copy (one
   * query a second at most); if they cannot be read at all, the maintenance page stands in.
   */
  private readonly gate: RequestHandler = async (req, res, next) => {
    let current: Awaited<ReturnType<SettingsService['current']>>;
    try {
      current = await this.settings.current();
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.outage.report(error);
      else logFailure(error, req);
      return next('router');
    }
    const { settings, version } = current;
    let preview = false;
    if (settings.maintenance) {
      if (!this.sessions.carriesSessionCookie(req)) return next('router');
      const admin = await this.sessions.adminOf(req, res).catch(() => null);
      if (!admin) return next('router');
      preview = true;
    }
    this.visits.set(req, { view: { settings, origin: this.config.publicUrl, preview }, version });
    next();
  };

  private visitOf(req: Request): Visit {
    const visit = this.visits.get(req);
    if (!visit) throw new Error('The public site served a request its gate did not see');
    return visit;
  }

  private list(req: Request, path: typeof SITE_PATHS.services | typeof SITE_PATHS.news): PageRoute | null {
    const page = pageOf(req);
    return page === null ? null : this.pages.list(path, page);
  }

  /**
   * Sends the route's page from the cache (rendering it on a miss), or the not-found page. A
   * preview is rendered afresh for the administrator alone and kept by no cache.
   */
  private async serve(req: Request, res: Response, route: PageRoute | null): Promise<void> {
    const visit = this.visitOf(req);
    const { view } = visit;
    const cached = ({ key, render }: PageRoute) =>
      view.preview ? render(view) : this.cache.get(`${visit.version}|${view.origin}|${key}`, () => render(view));
    const page = (route ? await cached(route) : null) ?? (await cached(this.pages.notFound))!;
    sendPage(req, res, view, page);
  }

  /**
   * What a page could not be made for, as a page: a refusal thrown with one of PROBLEMS' statuses
   * is that page, any other request Express or a check refused (such as a path whose
   * percent-encoding does not decode) a 400, a database outage the 503 asking to come back
   * shortly (logged once by DatabaseOutage), anything else a 500, logged with the request id.
   */
  private readonly failed: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent || !this.visits.has(req)) return next(error);
    const problem = (status: keyof typeof PROBLEMS, headers: Record<string, string> = {}) => {
      const { view } = this.visitOf(req);
      sendOnce(req, res, view, createElement(ProblemPage, { site: view, status }), status, headers);
    };
    const status = error instanceof HttpException ? error.getStatus() : (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const headers = error instanceof ApiError ? error.headers : {};
      return problem(status in PROBLEMS ? (status as keyof typeof PROBLEMS) : 400, headers);
    }
    if (isDatabaseUnavailable(error)) {
      this.outage.report(error);
      return problem(503, ApiError.unavailable().headers);
    }
    logFailure(error, req);
    problem(500);
  };
}
