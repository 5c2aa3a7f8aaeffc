import { applyDecorators, Inject, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { ApiFieldErrors } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ANALYTICS_CLOCK, type AnalyticsClock } from './analytics-clock';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, resolveRange, type DateRange } from './date-range';

/**
 * `?from=&to=` (the whole query, `@Query(RangePipe)`): the period asked for with its defaults, or
 * a 400 keyed by the field that is wrong (date-range.ts has the rules).
 */
@Injectable()
export class RangePipe implements PipeTransform<Record<string, unknown>, DateRange> {
  constructor(@Inject(ANALYTICS_CLOCK) private readonly clock: AnalyticsClock) {}

  transform(query: Record<string, unknown>): DateRange {
    const range = resolveRange(query.from, query.to, new Date(this.clock.now()));
    if ('field' in range) throw ApiError.field(range.field, range.msg);
    return range;
  }
}

/** The period's two parameters and their 400 in the API document. */
export const ApiRange = () =>
  applyDecorators(
    ApiQuery({
      name: 'from',
      required: false,
      description: `The first day (UTC), included; default ${DEFAULT_RANGE_DAYS - 1} days before \`to\``,
      schema: { type: 'string', format: 'date' },
    }),
    ApiQuery({
      name: 'to',
      required: false,
      description: 'The last day (UTC), included; default today',
      schema: { type: 'string', format: 'date' },
    }),
    ApiFieldErrors(`A date that is none, \`from\` after \`to\`, or a period of more than ${MAX_RANGE_DAYS} days`),
  );
