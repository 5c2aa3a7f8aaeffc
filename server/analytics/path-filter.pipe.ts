import type { PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { countedPath, MAX_PATH_LENGTH } from './hit';

/** `?path=`: one page's path as counted (from '/', at most 300 characters); empty means none; anything else a 400 keyed `path`. */
export class PathFilterPipe implements PipeTransform<unknown, string | undefined> {
  transform(value: unknown): string | undefined {
    if (value === undefined || value === '') return undefined;
    const path = countedPath(value);
    if (path === null || path !== value)
      throw ApiError.field('path', `Path must start with / and have at most ${MAX_PATH_LENGTH} characters`);
    return path;
  }
}
