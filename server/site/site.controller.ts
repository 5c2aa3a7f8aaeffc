import { All, Controller, Get, HttpStatus, Next, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { isSitePath } from '../http/built-files';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { AcceptsForm } from '../http/accepts-multipart.decorator';
import { ContactForm } from './contact-form.service';
import { PageCache } from './page-cache.service';
import { SiteErrorFilter } from './site-error.filter';
import { SiteVisit, siteVisit } from './site-gate.middleware';
import { SitePages } from './site-pages.service';
import { allowedMethods, routeOf, routerPaths, type SiteServices } from './site-routes';
import { pageFor, pageKey, sendPage, type Visit } from './site-reply';

/**
 * The public website: home, services, news, an article, the contact form, the feed, sitemap and
 * robots.txt, rendered on the server with React (SitePages) and sent without any script. Open to
 * everyone (no session needed) and no part of the API document; SiteGate, in front of the routes,
 * decides who sees the pages and who the maintenance page, and SiteErrorFilter answers every error
 * with a page. Its routes are one table (site-routes.ts): each path, what GET and POST do there,
 * and so what the 405 for any other method allows.
 * Each page is rendered once and served from memory for a few seconds (PageCache), keyed by the
 * settings' version, with a strong ETag and `no-cache`.
 */
@ApiExcludeController()
@Public()
@UseFilters(SiteErrorFilter)
@Controller()
export class SiteController implements SiteServices {
  constructor(
    readonly pages: SitePages,
    private readonly cache: PageCache,
    readonly contactForm: ContactForm,
  ) {}

  /** Every page: the route the request matched (site-routes.ts) names it. */
  @Get(routerPaths('GET'))
  async page(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    // `/:slug` (the company's pages) also matches `/api` itself, which the gate let by: the API's, passed on to its 404.
    if (!isSitePath(req.path)) return next();
    const route = routeOf(req);
    const visit = siteVisit(req);
    const found = route.get(this, req);
    const { page, key } = await pageFor(this.cache, visit, found && this.pages.withMenus(found), this.pages.withMenus(this.pages.notFound));
    const sent = sendPage(req, res, visit, page, route.tags(page));
    // The next visitor at this very address (`req.url`: past the gate, without a language's
    // prefix) gets this reply from the cache without Express (CachedPageHandler): only where the
    // address is the page's key, so that address can only ever be this route's page.
    const { version, view } = visit;
    if (key !== null && key === pageKey(version, view.origin, view.language.code, req.url)) {
      this.cache.remember(key, page, { ...sent, route: route.path });
    }
  }

  /** A form's post (application/x-www-form-urlencoded, read by its handler itself). */
  @Post(routerPaths('POST'))
  @AcceptsForm()
  post(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit): Promise<void> {
    return routeOf(req).post!(this, req, res, visit);
  }

  /** Any other method on a page (after the routes above, which take theirs): 405, with the methods it takes. */
  @All(routerPaths('ALL'))
  notAllowed(@Req() req: Request, @Next() next: NextFunction): void {
    if (!isSitePath(req.path)) return next();
    throw new ApiError(HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed', { headers: { Allow: allowedMethods(routeOf(req)) } });
  }
}
