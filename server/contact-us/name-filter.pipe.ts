import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';

/** The longest `?name=` (as sent, before trimming), as the API document says. */
export const NAME_FILTER_MAX = 100;

/** `?name=`: optional text up to 100 characters, trimmed; empty means no filter. */
@Injectable()
export class NameFilterPipe implements PipeTransform<unknown, string | undefined> {
  transform(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw ApiError.field('name', 'Name must be text');
    // PostgreSQL cannot take NUL in a pattern (an error, a 500): no name holds one anyway.
    if (value.includes('\0')) throw ApiError.field('name', 'Name must not contain NUL characters');
    if (value.length > NAME_FILTER_MAX) throw ApiError.field('name', `Name must be at most ${NAME_FILTER_MAX} characters`);
    const text = value.trim();
    return text === '' ? undefined : text;
  }
}

/** `?unread=`: `true` or `false`; absent means every message; anything else is a 400 keyed `unread`. */
@Injectable()
export class UnreadFilterPipe implements PipeTransform<unknown, boolean | undefined> {
  transform(value: unknown): boolean | undefined {
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw ApiError.field('unread', 'Unread must be true or false');
  }
}
