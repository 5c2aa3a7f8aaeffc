import {
  All,
  Controller,
  Get,
  Header,
  HttpStatus,
  Injectable,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  type PipeTransform,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { PagePipe } from '../common/pagination';
import { Public } from '../common/public.decorator';
import { AcceptsForm } from '../http/accepts-multipart.decorator';
import { ContactForm } from './contact-form.service';
import { PageCache } from './page-cache.service';
import { SiteErrorFilter } from './site-error.filter';
import { SiteVisit } from './site-gate.middleware';
import { SitePages, type PageRoute } from './site-pages.service';
import { SITE_PATHS } from './site-paths';
import { pageFor, sendPage, type Visit } from './site-reply';

/** `?page=` by the API's one rule (PagePipe); a page that is no page is not found here, rather than a 400. */
@Injectable()
class ListPagePipe implements PipeTransform<unknown, number> {
  private readonly pages = new PagePipe();

  transform(value: unknown): number {
    try {
      return this.pages.transform(value);
    } catch {
      throw new NotFoundException();
    }
  }
}

const methodNotAllowed = () => new ApiError(HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed');

/**
 * The public website: home, services, news, an article, the contact form, the feed, sitemap and
 * robots.txt, rendered on the server with React (SitePages) and sent without any script. Open to
 * everyone (no session needed) and no part of the API document; SiteGate, in front of the routes,
 * decides who sees the pages and who the maintenance page, and SiteErrorFilter answers every error
 * with a page.
 * Each page is rendered once and served from memory for a few seconds (PageCache), keyed by the
 * settings' version, with a strong ETag and `no-cache`.
 */
@ApiExcludeController()
@Public()
@UseFilters(SiteErrorFilter)
@Controller()
export class SiteController {
  constructor(
    private readonly pages: SitePages,
    private readonly cache: PageCache,
    private readonly contactForm: ContactForm,
  ) {}

  @Get(SITE_PATHS.home)
  home(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.home]);
  }

  @Get(SITE_PATHS.services)
  services(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit, @Query('page', ListPagePipe) page: number) {
    return this.serve(req, res, visit, this.pages.list(SITE_PATHS.services, page));
  }

  @Get(SITE_PATHS.news)
  news(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit, @Query('page', ListPagePipe) page: number) {
    return this.serve(req, res, visit, this.pages.list(SITE_PATHS.news, page));
  }

  /** Before `news/:id`, which would take it for an article. */
  @Get(SITE_PATHS.feed)
  feed(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.feed]);
  }

  @Get('news/:id')
  article(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit, @Param('id') id: string) {
    return this.serve(req, res, visit, this.pages.article(id));
  }

  @Get(SITE_PATHS.contact)
  contact(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.contact]);
  }

  /** The form's post (application/x-www-form-urlencoded, read by ContactForm itself). */
  @Post(SITE_PATHS.contact)
  @AcceptsForm()
  send(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.contactForm.post(req, res, visit);
  }

  @Get(SITE_PATHS.thanks)
  thanks(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.thanks]);
  }

  @Get(SITE_PATHS.sitemap)
  sitemap(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.sitemap]);
  }

  @Get(SITE_PATHS.robots)
  robots(@Req() req: Request, @Res() res: Response, @SiteVisit() visit: Visit) {
    return this.serve(req, res, visit, this.pages.fixed[SITE_PATHS.robots]);
  }

  /** Any other method on a page: 405, with the methods it takes. */
  @All([
    SITE_PATHS.home,
    SITE_PATHS.services,
    SITE_PATHS.news,
    SITE_PATHS.feed,
    'news/:id',
    SITE_PATHS.thanks,
    SITE_PATHS.sitemap,
    SITE_PATHS.robots,
  ])
  @Header('Allow', 'GET, HEAD')
  pageNotAllowed(): never {
    throw methodNotAllowed();
  }

  @All(SITE_PATHS.contact)
  @Header('Allow', 'GET, HEAD, POST')
  formNotAllowed(): never {
    throw methodNotAllowed();
  }

  private async serve(req: Request, res: Response, visit: Visit, route: PageRoute | null): Promise<void> {
    sendPage(req, res, visit.view, await pageFor(this.cache, visit, route, this.pages.notFound));
  }
}
