import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { httpRequestDuration } from '../common/metrics';

/** Paths answered outside any route, by the prefix that says what they are. */
const UNROUTED = [
  ['/api/', '/api/*'],
  ['/assets/', '/assets/*'],
  ['/uploads/', '/uploads/*'],
  ['/admin', '/admin/*'],
] as const;

/** The label of a request no route took, outside UNROUTED's prefixes (an unknown path, the maintenance page). */
export const OTHER_ROUTE = '(other)';

/**
 * The route pattern a request matched (`/api/news/:id`), never its URL: a label per URL would let
 * anyone grow the metrics without bound. Requests no route took are grouped by their prefix, the
 * rest as `(other)` (an unknown path, a public page, a built file).
 */
function routeOf(req: Request): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return req.baseUrl + route;
  const path = req.originalUrl;
  for (const [prefix, label] of UNROUTED) if (path.startsWith(prefix)) return label;
  return OTHER_ROUTE;
}

/**
 * Times a request to the end of its reply (or to a client that went away) in
 * http_request_duration_seconds, under the route `route` names once it is over. Express's requests
 * through httpMetrics; those answered ahead of Express (ahead-of-express.ts) call it themselves.
 */
export function timeReply(req: IncomingMessage, res: ServerResponse, route: () => string): void {
  const stop = httpRequestDuration.startTimer();
  res.once('close', () => {
    const status = res.headersSent ? res.statusCode : 0;
    stop({ method: req.method, route: route(), status_class: status === 0 ? 'none' : `${Math.floor(status / 100)}xx` });
  });
}

/** Times every request Express answers (timeReply), by the route it matched. */
export const httpMetrics: RequestHandler = (req, res, next) => {
  timeReply(req, res, () => routeOf(req));
  next();
};
