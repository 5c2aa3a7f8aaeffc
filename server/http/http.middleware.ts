import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpStatus } from '@nestjs/common';
import express, { type Request, type RequestHandler } from 'express';
import { ApiError } from '../common/api-error';
import type { AppConfig } from '../config/app-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Gives a request its id (`req.id`), echoed in `X-Request-Id` and written beside any logged failure. */
export function giveRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = randomUUID();
  (req as IncomingMessage & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

/** Every request Express answers gets its id (giveRequestId). */
export const requestId: RequestHandler = (req, res, next) => {
  giveRequestId(req, res);
  next();
};

/**
 * API replies may carry an admin's data: never keep them in a shared or browser cache (behind a
 * CDN, `private` too, for caches that read no further).
 */
export function noStore(behindCdn: boolean): RequestHandler {
  const value = behindCdn ? 'private, no-store' : 'no-store';
  return (_req, res, next) => {
    res.setHeader('Cache-Control', value);
    next();
  };
}

/** The origins whose pages may change things: the site's own (PUBLIC_URL) and CORS_ORIGINS. */
type Origins = Pick<AppConfig, 'publicUrl' | 'corsOrigins'>;

/**
 * Cross-site request forgery: a state-changing request from a foreign origin, or one the browser
 * marks cross-site, is refused before it touches anything. Requests without an Origin (curl,
 * server to server) are judged by the session alone. (The body's type, which rules out the
 * "simple" text/plain form posts a foreign page could send, is checked per route: BodyTypeGuard.)
 */
export function sameOriginOnly(origins: Origins): RequestHandler {
  return (req, _res, next) => {
    // Express 5 passes what a middleware throws to the error handlers: the exception filter answers.
    if (isCrossSite(req, origins)) throw new ApiError(HttpStatus.FORBIDDEN, 'Cross-site requests are not allowed');
    next();
  };
}

/**
 * A state-changing request that comes from a foreign origin (neither the request's own host nor
 * PUBLIC_URL's origin nor one of CORS_ORIGINS) or that the browser marks cross-site. The public
 * contact form answers it with a page of its own.
 */
export function isCrossSite(req: Request, { publicUrl, corsOrigins }: Origins): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.get('origin');
  const allowed = origin !== undefined && (origin === publicUrl || corsOrigins.includes(origin));
  const markedCrossSite = req.get('sec-fetch-site') === 'cross-site';
  const foreign = origin !== undefined && !isOwnOrigin(origin, req.get('host'));
  return !allowed && (markedCrossSite || foreign);
}

/**
 * The page's origin names this very host. Only the host is compared, not the scheme: behind a
 * proxy that terminates TLS the app sees http while the browser says https, and a forged request
 * cannot choose its Origin's host.
 */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && host !== undefined && url.host === host;
  } catch {
    return false; // "null" and other opaque origins
  }
}

/**
 * express.json, with its failures answered in the API's error shape instead of an HTML page. Not
 * strict: strict mode calls any body that does not start with `{` or `[` invalid JSON, `null`
 * included; parsed, a body that is valid JSON but no object is told so below.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit, strict: false });
  return (req, res, next) => {
    // The parser answers through a callback, outside Express's reach for a throw: errors go to next().
    parse(req, res, (error?: unknown) => {
      if (error) {
        const tooLarge = (error as { type?: string }).type === 'entity.too.large';
        return next(
          tooLarge
            ? new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, 'Request body is too large')
            : ApiError.field('body', 'The request body is not valid JSON'),
        );
      }
      if (
        req.body !== undefined &&
        req.is('application/json') &&
        (typeof req.body !== 'object' || Array.isArray(req.body) || req.body === null)
      ) {
        return next(ApiError.field('body', 'The request body must be a JSON object'));
      }
      next();
    });
  };
}

/**
 * Middleware run one after another as a single one: Express matches each `app.use` layer's path on
 * every request, so the API's dozen steps cost one match instead of twelve. A throw, or an error
 * passed on, skips the rest and goes to Express's error handling as it would from a layer.
 */
export function inOrder(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        void handler(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
