import type { Request, RequestHandler } from 'express';
import { httpRequestDuration } from '../common/metrics';

/** Paths answered outside any route, by the prefix that says what they are. */
const UNROUTED = [
  ['/api/', '/api/*'],
  ['/assets/', '/assets/*'],
  ['/uploads/', '/uploads/*'],
  ['/admin', '/admin/*'],
] as const;

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
  return '(other)';
}

/** Times every request to the end of its reply (or to a client that went away) in http_request_duration_seconds. */
export const httpMetrics: RequestHandler = (req, res, next) => {
  const stop = httpRequestDuration.startTimer();
  res.once('close', () => {
    const status = res.headersSent ? res.statusCode : 0;
    stop({ method: req.method, route: routeOf(req), status_class: status === 0 ? 'none' : `${Math.floor(status / 100)}xx` });
  });
  next();
};
