import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { COUNTS_OFF_KEY } from '../../http/visitor-beacon';

/** The figures of a period. */
@ApiSchema({ name: 'AnalyticsFigures' })
export class AnalyticsFiguresDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Over more than one day, the sum of each day’s visitors' })
  visitors: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  pageviews: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'A visitor’s first page view of the day, or the first after 30 minutes without one',
  })
  visits: number;

  @ApiProperty({ minimum: 0, maximum: 1, description: 'The share of visits with one page view (0 to 1)' })
  bounceRate: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Requests not counted: bots, HEAD, prefetches, no Accept-Language, over the per-address limit',
  })
  dropped: number;
}

@ApiSchema({ name: 'AnalyticsPoint' })
export class AnalyticsPointDto {
  @ApiProperty({
    description: 'The day (`YYYY-MM-DD`), or for a one-day period the hour’s start (`YYYY-MM-DDTHH:00:00Z`)',
    example: '2026-11-26',
  })
  date: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  visitors: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  pageviews: number;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    nullable: true,
    description: 'Requests not counted that day (bots, prefetches…); `null` for an hour: they are kept per day only',
  })
  dropped: number | null;
}

/** GET /api/analytics/summary. */
@ApiSchema({ name: 'AnalyticsSummary' })
export class AnalyticsSummaryDto extends AnalyticsFiguresDto {
  @ApiProperty({ format: 'date', description: 'The period’s first day (UTC), included' })
  from: string;

  @ApiProperty({ format: 'date', description: 'The period’s last day (UTC), included' })
  to: string;

  @ApiProperty({ description: 'The period has more than one day: `visitors` is the sum of daily visitors (label it so)' })
  visitorsSummed: boolean;

  @ApiProperty({ description: 'The same figures for the period of the same length just before' })
  previous: AnalyticsFiguresDto;

  @ApiProperty({ type: [AnalyticsPointDto], description: 'Hour by hour for one day, else day by day; every hour or day, empty ones at 0' })
  series: AnalyticsPointDto[];
}

@ApiSchema({ name: 'AnalyticsRow' })
export class AnalyticsRowDto {
  @ApiProperty({ description: 'The page’s path, the referrer’s host, the country’s ISO code, the browser…; text as counted (escape it)' })
  value: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Over more than one day, the sum of each day’s visitors' })
  visitors: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  pageviews: number;
}

/** GET /api/analytics/pages (and the other reports): the top 50. */
@ApiSchema({ name: 'AnalyticsTop' })
export class AnalyticsTopDto {
  @ApiProperty({ type: [AnalyticsRowDto], maxItems: 50, description: 'By visitors, then page views' })
  data: AnalyticsRowDto[];
}

@ApiSchema({ name: 'AnalyticsLive' })
export class AnalyticsLiveDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Visitors of the last five minutes' })
  visitors: number;
}

@ApiSchema({ name: 'AnalyticsStatus' })
export class AnalyticsStatusDto {
  @ApiProperty({ description: 'Visitors are being counted (ANALYTICS=on); when false the reports show what was counted before' })
  enabled: boolean;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Days the counts are kept (ANALYTICS_DAYS)' })
  days: number;

  @ApiProperty({
    enum: [COUNTS_OFF_KEY],
    description: 'The localStorage key the panel sets (to any value) at sign-in: the pages’ beacon then counts nothing from that browser',
  })
  optOutKey: typeof COUNTS_OFF_KEY;
}
