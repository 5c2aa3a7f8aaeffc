import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { ContentEvents } from '../content/events/content-events.service';
import { purgeOf } from './cdn-purge';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `X-Cache-Invalidate: <paths>` on an admin write that changed public pages (Ghost's header, for
 * home-made proxies that purge on it): the paths this request's committed changes were and are
 * on, `/*` for every page. Heard as ContentEvents delivers them, after the commit and before the
 * reply, in the request's own async context.
 */
@Injectable()
export class CacheInvalidateHeader {
  private readonly requests = new AsyncLocalStorage<Set<string>>();

  constructor(events: ContentEvents) {
    events.subscribe((changes, origin) => {
      const paths = origin === 'here' ? this.requests.getStore() : undefined;
      if (!paths) return;
      for (const path of purgeOf(changes)?.paths ?? []) paths.add(path);
    });
  }

  /** The API's middleware: a write's reply gets the header once its changes are known. */
  readonly handler: RequestHandler = (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const paths = new Set<string>();
    const writeHead: typeof res.writeHead = res.writeHead.bind(res);
    res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
      if (paths.size > 0 && !res.headersSent) res.setHeader('X-Cache-Invalidate', paths.has('/*') ? '/*' : [...paths].join(', '));
      return writeHead(...args);
    }) as typeof res.writeHead;
    this.requests.run(paths, next);
  };
}
