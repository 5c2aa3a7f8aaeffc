import { Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { PageCache } from './page-cache.service';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After an administrator's successful change through the API (a service, an article, its photo,
 * the trash, the settings), this replica's public pages are rendered afresh on their next request.
 * Other replicas catch up within PAGE_TTL_MS. Visitors' posts (contact messages) change no public
 * page and keep the cache. configureApp mounts `handler` on the API after the session; a
 * middleware rather than a global interceptor, which would put every route of the app through
 * rxjs for the sake of a few writes.
 */
@Injectable()
export class PageCacheClearing {
  constructor(private readonly cache: PageCache) {}

  readonly handler: RequestHandler = (req, res, next) => {
    if (!READS.has(req.method) && req.isAuthenticated?.()) {
      // Before the client has the reply, so its next request already sees the change.
      res.once('finish', () => {
        if (res.statusCode < 400) this.cache.clear();
      });
    }
    next();
  };
}
