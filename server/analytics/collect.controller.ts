import { Controller, Get, Header, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import express, { type Request, type Response } from 'express';
import { ApiErrorText } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { AcceptsText } from '../http/accepts-multipart.decorator';
import { CollectorService } from './collector.service';
import { countedPath, MAX_PATH_LENGTH, notAPerson, parseBeacon, type BeaconFields } from './hit';

/** The beacon's body is a few hundred bytes; anything much larger is not the beacon. */
const readText = express.text({ type: 'text/plain', limit: '2kb' });

/** A transparent 1×1 GIF, the smallest there is. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Where the public pages' beacon reports a view (server/http/visitor-beacon.ts): open to everyone,
 * answered at once (204 or the pixel, never an error for a malformed view: the page cannot show
 * one, and a junk sender learns nothing), and the view goes into the collector's buffer. With
 * ANALYTICS=off every route here is a 404.
 */
@ApiTags('analytics')
@Public()
@Controller()
export class CollectController {
  constructor(private readonly collector: CollectorService) {}

  /** sendBeacon sends its string as text/plain;charset=UTF-8, which this route alone accepts (@AcceptsText). */
  @Post('collect')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AcceptsText()
  @ApiConsumes('text/plain')
  @ApiBody({
    description: 'The view, as JSON text: `{ path, referrer, utm_source, utm_medium, utm_campaign, width }`',
    schema: { type: 'string' },
  })
  @ApiNoContentResponse({ description: 'Received (counted, or dropped as not a person’s view or as junk)' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Counting is off (ANALYTICS=off)')
  async collect(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    this.checkEnabled();
    // A JSON body was read by the API's parser already; the text one is read here.
    const body = await new Promise<unknown>((resolve) => readText(req, res, (error?: unknown) => resolve(error ? undefined : req.body)));
    await this.count(req, parseBeacon(body));
  }

  /** For browsers without script: the page's `?path=` (or, without it, the path of a Referer on this site), no referrer. */
  @Get('collect.gif')
  @Header('Content-Type', 'image/gif')
  @ApiProduces('image/gif')
  @ApiQuery({ name: 'path', required: false, description: 'The page’s path', schema: { type: 'string', maxLength: MAX_PATH_LENGTH } })
  @ApiOkResponse({ description: 'A transparent 1×1 GIF', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Counting is off (ANALYTICS=off)')
  async pixel(@Req() req: Request, @Res() res: Response, @Query('path') path: unknown): Promise<void> {
    this.checkEnabled();
    const counted = countedPath(path) ?? this.refererPath(req);
    await this.count(req, counted === null ? null : { path: counted, referrer: '', campaign: '', width: null });
    res.status(HttpStatus.OK).end(PIXEL);
  }

  private checkEnabled(): void {
    if (!this.collector.enabled) throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
  }

  /** A person's view goes to the collector; a machine's is counted as dropped; junk is ignored. */
  private async count(req: Request, fields: BeaconFields | null): Promise<void> {
    const userAgent = req.get('user-agent');
    const reason = notAPerson({
      method: req.method,
      userAgent,
      acceptLanguage: req.get('accept-language'),
      purpose: req.get('sec-purpose') ?? req.get('purpose'),
    });
    if (reason !== null) return this.collector.drop();
    if (fields === null) return;
    await this.collector.record({ address: req.ip ?? '', userAgent: userAgent!, fields });
  }

  /** The path of the page that showed the image, when the Referer is a page of this site. */
  private refererPath(req: Request): string | null {
    const referer = req.get('referer');
    if (!referer) return null;
    try {
      const url = new URL(referer);
      return url.host === req.get('host') ? countedPath(url.pathname) : null;
    } catch {
      return null;
    }
  }
}
