import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, tap } from 'rxjs';
import { PageCache } from './page-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global (APP_INTERCEPTOR): after an administrator's successful change through the API (a
 * service, an article, its photo, the trash, the settings), this replica's public pages are
 * rendered afresh on their next request. Other replicas catch up within PAGE_TTL_MS. Visitors'
 * posts (contact messages) change no public page and keep the cache.
 */
@Injectable()
export class SiteCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: PageCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (READS.has(req.method) || !req.isAuthenticated?.()) return next.handle();
    return next.handle().pipe(tap(() => this.cache.clear()));
  }
}
