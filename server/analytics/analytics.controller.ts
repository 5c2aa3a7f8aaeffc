import { Allow } from '../roles/allow.decorator';
import { Controller, Get, HttpStatus, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiErrorText } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ApiOkResponse, ApiParam, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { streamCsv } from '../contact-us/csv';
import { COUNTS_OFF_KEY } from '../http/visitor-beacon';
import { AnalyticsService, REPORTS, type Report } from './analytics.service';
import { MAX_PATH_LENGTH } from './hit';
import { AnalyticsLiveDto, AnalyticsStatusDto, AnalyticsSummaryDto, AnalyticsTopDto } from './dto/analytics.dto';
import { ApiRange, RangePipe } from './range.pipe';
import type { DateRange } from './date-range';
import { PathFilterPipe } from './path-filter.pipe';

const REPORT_NAMES = Object.keys(REPORTS) as Report[];

/**
 * The Visitors screen's reads, for signed-in administrators. They stay readable with ANALYTICS=off
 * (the status says counting is off), so what was counted before is not lost from view.
 */
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Allow('analytics.read')
  @Get('status')
  @ApiOkResponse({ type: AnalyticsStatusDto })
  status(): AnalyticsStatusDto {
    return { enabled: this.config.analytics, days: this.config.analyticsDays, optOutKey: COUNTS_OFF_KEY };
  }

  @Allow('analytics.read')
  @Get('summary')
  @ApiOkResponse({ type: AnalyticsSummaryDto })
  @ApiRange()
  summary(@Query(RangePipe) range: DateRange): Promise<AnalyticsSummaryDto> {
    return this.analytics.summary(range);
  }

  @Allow('analytics.read')
  @Get('live')
  @ApiOkResponse({ type: AnalyticsLiveDto })
  async live(): Promise<AnalyticsLiveDto> {
    return { visitors: await this.analytics.live() };
  }

  /** The period day by day as CSV (UTF-8 with BOM, cells neutralised against formulas). Before `:report`. */
  @Allow('analytics.read')
  @Get('export')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'Day by day: date, visitors, page views, visits, bounces, dropped (CSV, UTF-8 with BOM)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiRange()
  async exportCsv(@Query(RangePipe) range: DateRange, @Res() res: Response): Promise<void> {
    const rows = await this.analytics.days(range);
    await streamCsv(res, {
      filename: `visitors-${range.from}-${range.to}.csv`,
      header: ['Date', 'Visitors', 'Page views', 'Visits', 'Bounces', 'Dropped'],
      toCells: (row) => [row.date, ...[row.visitors, row.pageviews, row.visits, row.bounces, row.dropped].map(String)],
      batches: once(rows),
    });
  }

  /** `pages`, `referrers`, `countries`, `browsers`, `systems`, `devices`, `screens`, `campaigns`: the top 50. */
  @Allow('analytics.read')
  @Get(':report')
  @ApiOkResponse({ type: AnalyticsTopDto })
  @ApiParam({ name: 'report', enum: REPORT_NAMES, enumName: 'AnalyticsReport' })
  @ApiRange()
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Report not found')
  @ApiQuery({
    name: 'path',
    required: false,
    description: `One page’s counts (an article’s: \`/news/<slug>\`): the pages report has that page alone, the others that page’s rows. From '/', at most ${MAX_PATH_LENGTH} characters (else 400).`,
    schema: { type: 'string' },
  })
  async top(
    @Param('report') report: string,
    @Query(RangePipe) range: DateRange,
    @Query('path', PathFilterPipe) path: string | undefined,
  ): Promise<AnalyticsTopDto> {
    if (!Object.hasOwn(REPORTS, report)) throw new ApiError(HttpStatus.NOT_FOUND, 'Report not found');
    return { data: await this.analytics.top(report as Report, range, path) };
  }
}

/** The day rows in one batch: a period has at most 800 of them. */
function once<T>(rows: T[]): AsyncIterator<T[]> {
  return (async function* () {
    yield await Promise.resolve(rows);
  })();
}
