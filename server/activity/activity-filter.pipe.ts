import { PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { isUuid } from '../common/by-id-or-404';
import { ACTIVITY_KINDS } from './activity.service';

const MESSAGES = {
  admin: 'Admin must be an administrator id',
  kind: `Kind must be one of ${ACTIVITY_KINDS.join(', ')}`,
};

/** `?admin=` (an admin id) or `?kind=` (one of ACTIVITY_KINDS): optional, empty means no filter; anything else a 400 keyed by it. */
export class ActivityFilterPipe implements PipeTransform<unknown, string | undefined> {
  constructor(private readonly key: 'admin' | 'kind') {}

  transform(value: unknown): string | undefined {
    if (value === undefined || value === '') return undefined;
    const valid =
      typeof value === 'string' && (this.key === 'admin' ? isUuid(value) : (ACTIVITY_KINDS as readonly string[]).includes(value));
    if (!valid) throw ApiError.field(this.key, MESSAGES[this.key]);
    return value;
  }
}
