import { NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PagePipe } from '../common/pagination';
import { NON_SITE_FOLDERS } from '../http/built-files';
import type { ContactForm } from './contact-form.service';
import type { PageRoute, SitePages } from './site-pages.service';
import type { BuiltPage } from './page-cache.service';
import { CACHE_TAGS, SITE_PATHS } from './site-paths';
import type { Visit } from './site-reply';

/** What a route's handlers reach: SiteController hands itself. */
export interface SiteServices {
  readonly pages: SitePages;
  readonly contactForm: ContactForm;
}

/** One address of the public site: its path, and what each method it takes does there. */
export interface SiteRoute {
  /** Express's path, from the site's root: a page's address, or a pattern with `:param`s. */
  path: string;
  /** GET (and HEAD, which Express answers with it): the page asked for; null when there is none (not found). */
  get: (site: SiteServices, req: Request) => PageRoute | null;
  /** POST, on a form's address: the handler answers it. */
  post?: (site: SiteServices, req: Request, res: Response, visit: Visit) => Promise<void>;
  /**
   * The cache tags of its page (`site` goes on every one): what it lists, so a change to that
   * purges it at a CDN (the content kinds' `cacheTags` name the same). An article's page names its
   * article (the page's own tags); its not-found page, the news, which may publish it.
   */
  tags: (page: BuiltPage) => readonly string[];
}

const tagged =
  (...tags: string[]) =>
  (): readonly string[] =>
    tags;

const pages = new PagePipe();

/** `?page=` by the API's one rule (PagePipe); a page that is no page is not found here, rather than a 400. */
export function listPage(value: unknown): number {
  try {
    return pages.transform(value);
  } catch {
    throw new NotFoundException();
  }
}

/** A page without parameters: SitePages keeps it by its path. */
const fixedPage = (path: string, tags: SiteRoute['tags'] = tagged()): SiteRoute => ({ path, get: (site) => site.pages.fixed[path], tags });

/**
 * The public site's routes, in the order Express tries them (a pattern after the fixed paths it
 * would also match). SiteController registers them, and the 405 for any other method, from here;
 * the links the pages write are SITE_PATHS'.
 */
export const SITE_ROUTES: readonly SiteRoute[] = [
  fixedPage(SITE_PATHS.home, tagged(CACHE_TAGS.news, CACHE_TAGS.services)),
  {
    path: SITE_PATHS.services,
    get: (site, req) => site.pages.list(SITE_PATHS.services, listPage(req.query.page)),
    tags: tagged(CACHE_TAGS.services),
  },
  { path: SITE_PATHS.news, get: (site, req) => site.pages.list(SITE_PATHS.news, listPage(req.query.page)), tags: tagged(CACHE_TAGS.news) },
  // Before the articles' pattern, which would take it for an article.
  fixedPage(SITE_PATHS.feed, tagged(CACHE_TAGS.news)),
  {
    path: `${SITE_PATHS.news}/:id`,
    get: (site, req) => site.pages.article(req.params.id as string),
    tags: (page) => page.tags ?? [CACHE_TAGS.news],
  },
  {
    ...fixedPage(SITE_PATHS.contact),
    // The form's answers (its errors) are pages too: with the menus and the privacy policy's link.
    post: async (site, req, res, visit) => site.contactForm.post(req, res, { ...visit, view: await site.pages.withMenusView(visit.view) }),
  },
  fixedPage(SITE_PATHS.thanks),
  fixedPage(SITE_PATHS.sitemap, tagged(CACHE_TAGS.news, CACHE_TAGS.services, CACHE_TAGS.pages)),
  fixedPage(SITE_PATHS.robots),
  // Last: the company's pages (issue #37) take any first segment the routes above and the app do
  // not (RESERVED_SEGMENTS, which a page's slug may never be). A path outside the site that it
  // matches (`/api` itself) is passed on by SiteController, to the API's JSON 404.
  {
    path: SITE_PATHS.page(':slug'),
    get: (site, req) => site.pages.page(req.params.slug as string),
    tags: (page) => page.tags ?? [CACHE_TAGS.pages],
  },
];

/** The methods a route takes, as its 405's `Allow` header says them. */
export function allowedMethods(route: SiteRoute): string {
  return ['GET', 'HEAD', ...(route.post ? ['POST'] : [])].join(', ');
}

/**
 * Each path Express is given, to its route. The one place a prefix would be added to every route
 * (a language's `/de`, say): the table's paths stay the site's own. Built once, so a request costs
 * one lookup.
 */
const ROUTER_PATHS = new Map<string, SiteRoute>(SITE_ROUTES.map((route) => [route.path, route]));

/** The paths Express is given for the routes that take `method` (`ALL`: every route, for the 405). */
export function routerPaths(method: 'GET' | 'POST' | 'ALL'): string[] {
  return [...ROUTER_PATHS].filter(([, route]) => method !== 'POST' || route.post).map(([path]) => path);
}

/** The route a request matched (by the path Express matched it on). */
export function routeOf(req: Request): SiteRoute {
  const route = ROUTER_PATHS.get((req.route as { path: string }).path);
  if (!route) throw new Error(`No site route for ${String((req.route as { path: unknown }).path)}`);
  return route;
}

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * The first path segments a top-level address (`/<slug>`) cannot take: the site's own routes
 * (news, services, contact, sitemap.xml, …) and the folders answered outside the site (api, admin,
 * assets, uploads, metrics: NON_SITE_FOLDERS). The
 * files of client/public have dots in their names, which no slug has.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  ...SITE_ROUTES.map((route) => firstSegment(route.path)).filter((segment) => segment !== '' && !segment.startsWith(':')),
  ...NON_SITE_FOLDERS.map(firstSegment),
]);

/** The field error of a top-level address the site or the app uses itself. */
export const RESERVED_MESSAGE = 'This address is used by the site itself: choose another';
/** The field error of a top-level address that is a language's prefix (`/de/…`, issue #41). */
export const LANGUAGE_MESSAGE = "This address is a language's prefix on the site: choose another";

/**
 * Why a top-level address (`/<slug>`, in any language `/de/<slug>`) typed by hand is refused: a
 * first segment of the site's or the app's (RESERVED_SEGMENTS), or one of `prefixes` (the other
 * languages' codes, enabled or not yet); null when it may be taken.
 */
export function reservedAddress(slug: string, prefixes: readonly string[]): string | null {
  if (RESERVED_SEGMENTS.has(slug)) return RESERVED_MESSAGE;
  return prefixes.includes(slug) ? LANGUAGE_MESSAGE : null;
}
