import { HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';

export const MAX_PAGE = 100_000;

/** `?page=` as a whole number from 1 to 100,000, default 1; anything else is a 400 keyed `page`. */
@Injectable()
export class PagePipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    if (value === undefined) return 1;
    // Declared `page: number`, the value reaches this pipe already converted by the global
    // ValidationPipe (`transform: true` applies `+value`: '' → 0, 'abc' → NaN, ['1', '2'] → NaN);
    // declared otherwise, it arrives as the raw string. Both are judged alike.
    const page = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(page) && page >= 1 && page <= MAX_PAGE) return page;
    throw ApiError.field('page', `Page must be a whole number from 1 to ${MAX_PAGE}`, HttpStatus.BAD_REQUEST);
  }
}
