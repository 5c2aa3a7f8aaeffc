import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrorText } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { AcceptsText } from '../http/accepts-multipart.decorator';
import { BeaconHandler } from './beacon-handler';
import { CollectorService } from './collector.service';
import { MAX_PATH_LENGTH } from './hit';

/**
 * Where the public pages' beacon reports a view (server/http/visitor-beacon.ts), open to everyone:
 * the routes as the API document has them. While counting is on, BeaconHandler answers them ahead
 * of Express (see there), so these methods run only with ANALYTICS=off, for the 404, for another
 * spelling of the path (`/api/collect/`), or in an app built without configureApp; they do the same
 * through it.
 */
@ApiTags('analytics')
@Public()
@Controller()
export class CollectController {
  constructor(
    private readonly collector: CollectorService,
    private readonly beacon: BeaconHandler,
  ) {}

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
  async collect(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.checkEnabled();
    await this.beacon.collect(req, res, req.ip ?? '');
  }

  /** For browsers without script: the page's `?path=` (or, without it, the path of a Referer on this site), no referrer. */
  @Get('collect.gif')
  @ApiQuery({
    name: 'path',
    required: false,
    description: `The page’s path (from '/', at most ${MAX_PATH_LENGTH} characters; anything else is not counted)`,
    schema: { type: 'string' },
  })
  @ApiOkResponse({ description: 'A transparent 1×1 GIF', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Counting is off (ANALYTICS=off)')
  async pixel(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.checkEnabled();
    await this.beacon.pixel(req, res, req.ip ?? '', [req.query.path].flat());
  }

  private checkEnabled(): void {
    if (!this.collector.enabled) throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
  }
}
