import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SessionAdminService } from '../auth/session-admin.service';
import { ApiError, type FieldErrors } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { isCrossSite } from '../common/http.middleware';
import { MAX_PAGE } from '../common/page.pipe';
import { memoryFile, sendStaticFile } from '../common/static-assets';
import { toError } from '../common/to-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ContactUsService } from '../contact-us/contact-us.service';
import { DatabaseOutage, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../database/database-health';
import { NewsService } from '../news/news.service';
import { ServicesService } from '../services/services.service';
import { SettingsService } from '../settings/settings.service';
import { PageCache, type BuiltPage } from './page-cache.service';
import { ArticlePage } from './pages/article-page';
import { ContactPage, EMPTY_CONTACT, type ContactValues } from './pages/contact-page';
import { HomePage } from './pages/home-page';
import type { SiteView } from './pages/layout';
import { NotFoundPage, ProblemPage, PROBLEMS, ThanksPage, TooManyPage } from './pages/message-page';
import { NewsPage } from './pages/news-page';
import { ServicesPage } from './pages/services-page';
import { SITE_PATHS, pagePath } from './site-paths';
import { SITE_CSP } from './site-styles';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap';

const HTML = 'text/html; charset=utf-8';
/** How many services and articles the home page shows. */
const HOME_SERVICES = 6;
const HOME_NEWS = 3;
/** The sitemap stays under the protocol's 50,000 URLs: the newest articles, and the news pages they fill. */
const SITEMAP_ARTICLES = 40_000;
const SITEMAP_NEWS_PAGES = 5_000;
/** A contact form's post: four fields and the honeypot; 5,000 characters of any script fit, percent-encoded. */
const FORM_BODY_LIMIT = '64kb';

/**
 * Every page's own policy, and a referrer policy that lets the contact form's post name its origin:
 * under helmet's `no-referrer` a browser sends `Origin: null` with a form's POST, which the
 * cross-site check must refuse. `same-origin` still sends nothing to other sites.
 */
const PAGE_HEADERS = { 'Content-Security-Policy': SITE_CSP, 'Referrer-Policy': 'same-origin' };

/** One request's view of the site: the settings it was served with and who is looking. */
interface Visit {
  view: SiteView;
  version: number;
}

/** A page the router knows how to make: its cache key (what it shows), and how to render it (null: not found). */
interface PageRoute {
  key: string;
  render: (view: SiteView) => Promise<BuiltPage | null>;
}

function html(element: ReactElement, status = 200): BuiltPage {
  return { file: memoryFile(HTML, `<!DOCTYPE html>${renderToStaticMarkup(element)}`), status };
}

/** `?page=`: absent is 1; a whole number from 1 to MAX_PAGE; anything else (0, abc, twice) is no page at all. */
function pageOf(req: Request): number | null {
  const value = req.query.page;
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/** What the visitor typed, to put back in the form: text only, never the honeypot. */
function formValues(body: unknown): ContactValues {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: keyof ContactValues) => (typeof fields[name] === 'string' ? fields[name] : '');
  return { name: text('name'), phno: text('phno'), email: text('email'), msg: text('msg') };
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
  private readonly logger = new Logger('PublicSite');
  private readonly visits = new WeakMap<Request, Visit>();

  constructor(
    private readonly settings: SettingsService,
    private readonly news: NewsService,
    private readonly services: ServicesService,
    private readonly contactUs: ContactUsService,
    private readonly sessions: SessionAdminService,
    private readonly cache: PageCache,
    private readonly outage: DatabaseOutage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The Express handler sitePages() mounts; it hands a request on (`next()`) to the maintenance page. */
  handler(): Router {
    const router = express.Router();
    router.use(this.gate);

    /** A page without parameters: its path is its key. */
    const fixed = (path: string, render: (view: SiteView) => BuiltPage | Promise<BuiltPage | null>) => (): PageRoute => ({
      key: path,
      render: async (view) => render(view),
    });
    const pages: [path: string, route: (req: Request) => PageRoute | null][] = [
      [SITE_PATHS.home, fixed(SITE_PATHS.home, (view) => this.home(view))],
      [SITE_PATHS.services, (req) => this.list(req, SITE_PATHS.services, (view, n) => this.servicesPage(view, n))],
      [SITE_PATHS.news, (req) => this.list(req, SITE_PATHS.news, (view, n) => this.newsPage(view, n))],
      ['/news/:id', (req) => this.articleRoute(req)],
      [SITE_PATHS.contact, fixed(SITE_PATHS.contact, (view) => html(createElement(ContactPage, { site: view, values: EMPTY_CONTACT })))],
      [SITE_PATHS.thanks, fixed(SITE_PATHS.thanks, (view) => html(createElement(ThanksPage, { site: view })))],
      [SITE_PATHS.sitemap, fixed(SITE_PATHS.sitemap, (view) => this.sitemap(view))],
      [
        SITE_PATHS.robots,
        fixed(SITE_PATHS.robots, (view) => ({ file: memoryFile('text/plain; charset=utf-8', robotsTxt(view.origin)), status: 200 })),
      ],
    ];
    for (const [path, route] of pages) router.get(path, (req, res) => this.serve(req, res, route(req)));
    router.post(SITE_PATHS.contact, (req, res) => this.contact(req, res));
    for (const [path] of pages) {
      const allow = path === SITE_PATHS.contact ? 'GET, HEAD, POST' : 'GET, HEAD';
      router.all(path, (req, res) => this.problem(req, res, 405, { Allow: allow }));
    }
    router.use((req, res) => this.serve(req, res, null));
    router.use(this.failed);
    return router;
  }

  /**
   * Decides who sees the site. The settings come from SettingsService's per-replica copy (one
   * query a second at most); if they cannot be read at all, the maintenance page stands in.
   */
  private readonly gate: RequestHandler = async (req, _res, next) => {
    let current: Awaited<ReturnType<SettingsService['current']>>;
    try {
      current = await this.settings.current();
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.outage.report(error);
      else this.logger.error(`Settings could not be read: ${String(error)}`);
      return next('router');
    }
    const { settings, version } = current;
    let preview = false;
    if (settings.maintenance) {
      if (!this.sessions.carriesSessionCookie(req)) return next('router');
      const admin = await this.sessions.adminOf(req).catch(() => null);
      if (!admin) return next('router');
      preview = true;
    }
    this.visits.set(req, { view: { settings, origin: this.originOf(req), preview }, version });
    next();
  };

  private originOf(req: Request): string {
    return this.config.publicUrl ?? `${req.protocol}://${req.host}`;
  }

  private visitOf(req: Request): Visit {
    const visit = this.visits.get(req);
    if (!visit) throw new Error('The public site served a request its gate did not see');
    return visit;
  }

  /** A paged list: `?page=` names the page, a bad one (or one past the end) is not found. */
  private list(req: Request, path: string, render: (view: SiteView, page: number) => Promise<BuiltPage | null>): PageRoute | null {
    const n = pageOf(req);
    return n === null ? null : { key: pagePath(path, n), render: (view) => render(view, n) };
  }

  /**
   * Sends the route's page from the cache (rendering it on a miss), or the not-found page. A
   * preview is rendered afresh for the administrator alone and kept by no cache.
   */
  private async serve(req: Request, res: Response, route: PageRoute | null): Promise<void> {
    const visit = this.visitOf(req);
    const { view } = visit;
    const cached = (key: string, render: () => Promise<BuiltPage | null>) =>
      view.preview ? render() : this.cache.get(`${visit.version}|${view.origin}|${key}`, render);
    const found = route ? await cached(route.key, () => route.render(view)) : null;
    const page = found ?? (await cached('404', () => Promise.resolve(html(createElement(NotFoundPage, { site: view }), 404))))!;
    this.send(req, res, view, page, {});
  }

  private send(req: Request, res: Response, view: SiteView, page: BuiltPage, headers: Record<string, string>): void {
    sendStaticFile(req, res, page.file, {
      status: page.status,
      cacheControl: view.preview ? 'private, no-store' : 'no-cache',
      headers: {
        ...(page.file.type === HTML ? PAGE_HEADERS : {}),
        ...(view.preview ? { 'X-Robots-Tag': 'noindex' } : {}),
        ...headers,
      },
    });
  }

  /** A page made for this one request (a form's errors, a refusal): never cached, anywhere. */
  private sendOnce(req: Request, res: Response, element: ReactElement, status: number, headers: Record<string, string> = {}): void {
    const view = this.visitOf(req).view;
    sendStaticFile(req, res, html(element, status).file, {
      status,
      cacheControl: view.preview ? 'private, no-store' : 'no-store',
      headers: { ...PAGE_HEADERS, ...(view.preview ? { 'X-Robots-Tag': 'noindex' } : {}), ...headers },
    });
  }

  private problem(req: Request, res: Response, status: keyof typeof PROBLEMS, headers: Record<string, string> = {}): void {
    this.sendOnce(req, res, createElement(ProblemPage, { site: this.visitOf(req).view, status }), status, headers);
  }

  private async home(view: SiteView): Promise<BuiltPage> {
    const [services, news] = await Promise.all([this.services.list(1), this.news.list(1)]);
    return html(
      createElement(HomePage, { site: view, services: services.data.slice(0, HOME_SERVICES), news: news.data.slice(0, HOME_NEWS) }),
    );
  }

  private async servicesPage(view: SiteView, page: number): Promise<BuiltPage | null> {
    const services = await this.services.list(page);
    if (services.data.length === 0 && page > 1) return null;
    return html(createElement(ServicesPage, { site: view, services }));
  }

  private async newsPage(view: SiteView, page: number): Promise<BuiltPage | null> {
    const news = await this.news.list(page);
    if (news.data.length === 0 && page > 1) return null;
    return html(createElement(NewsPage, { site: view, news }));
  }

  /** `/news/<id>`: a malformed id is not found without asking the database. */
  private articleRoute(req: Request): PageRoute | null {
    const id = String(req.params.id).toLowerCase();
    return isUuid(id) ? { key: SITE_PATHS.article(id), render: (view) => this.article(view, id) } : null;
  }

  /** An article; an unknown one, or one in the trash, is not found. */
  private async article(view: SiteView, id: string): Promise<BuiltPage | null> {
    try {
      return html(createElement(ArticlePage, { site: view, article: await this.news.findOne(id) }));
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 404) return null;
      throw error;
    }
  }

  private async sitemap(view: SiteView): Promise<BuiltPage> {
    const articles = await this.news.listForSitemap(SITEMAP_ARTICLES);
    const newsPages = Math.min(SITEMAP_NEWS_PAGES, Math.max(1, Math.ceil(articles.length / this.config.pageSize)));
    const entries: SitemapEntry[] = [
      { path: SITE_PATHS.home },
      { path: SITE_PATHS.services },
      ...Array.from({ length: newsPages }, (_, i) => ({ path: pagePath(SITE_PATHS.news, i + 1) })),
      ...articles.map((article) => ({ path: SITE_PATHS.article(article.id), lastModified: article.updatedAt })),
      { path: SITE_PATHS.contact },
    ];
    return { file: memoryFile('application/xml; charset=utf-8', sitemapXml(view.origin, entries)), status: 200 };
  }

  /**
   * The contact form's post, taken as POST /api/contactus takes one (ContactUsService.submit: the
   * same limits, DTO, messages and honeypot). A success goes on to the thank-you page (303, so a
   * reload does not post again); field errors come back in the form (400), too many posts get a
   * page saying when to try again (429). A post from another site is refused (403).
   */
  private async contact(req: Request, res: Response): Promise<void> {
    const { view } = this.visitOf(req);
    if (isCrossSite(req, this.config.corsOrigins)) return this.problem(req, res, 403);
    let body: unknown;
    try {
      body = await this.parseForm(req, res);
    } catch (error) {
      const tooLarge =
        (error as { type?: string }).type === 'entity.too.large' || (error as { type?: string }).type === 'parameters.too.many';
      if (tooLarge) return this.problem(req, res, 413);
      return this.sendOnce(
        req,
        res,
        createElement(ContactPage, {
          site: view,
          values: EMPTY_CONTACT,
          errors: { form: { msg: 'The form could not be read. Please try again.' } },
        }),
        400,
      );
    }
    try {
      // An administrator previewing the site is not limited, as on the API.
      await this.contactUs.submit(body, view.preview ? null : (req.ip ?? 'unknown'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const status: number = error.getStatus();
      if (status === 400) {
        const reply = (error.getResponse() as { error: FieldErrors | string }).error;
        const errors = typeof reply === 'string' ? { form: { msg: reply } } : reply;
        return this.sendOnce(req, res, createElement(ContactPage, { site: view, values: formValues(body), errors }), 400);
      }
      if (status === 429) {
        const retryAfter = Number(error.headers['Retry-After'] ?? 60);
        return this.sendOnce(req, res, createElement(TooManyPage, { site: view, retryAfterSeconds: retryAfter }), 429, {
          'Retry-After': String(retryAfter),
        });
      }
      throw error;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(HttpStatus.SEE_OTHER, SITE_PATHS.thanks);
  }

  private readonly formParser = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 10 });

  private parseForm(req: Request, res: Response): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // The parser answers through a callback; its failures are judged by the caller.
      void this.formParser(req, res, (error?: unknown) => (error ? reject(toError(error)) : resolve(req.body)));
    });
  }

  /**
   * What a page could not be made for: a request Express could not read is a 400 page, a database
   * outage a 503 page asking to come back shortly (logged once by DatabaseOutage), anything else a
   * 500 page, logged with the request id.
   */
  private readonly failed: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent || !this.visits.has(req)) return next(error);
    // Express's own refusals, such as a path whose percent-encoding does not decode.
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return this.problem(req, res, 400);
    if (isDatabaseUnavailable(error)) {
      this.outage.report(error);
      return this.problem(req, res, 503, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    }
    const id = (req as Request & { id?: string }).id ?? '-';
    this.logger.error(
      `request ${id} ${req.method} ${req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    this.problem(req, res, 500);
  };
}
