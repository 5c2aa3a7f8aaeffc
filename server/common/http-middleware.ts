import { randomUUID } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Gives every request an id, echoed in `X-Request-Id` and written beside any logged failure. */
export const requestId: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  (req as Request & { id: string }).id = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** API replies may carry an admin's data: never keep them in a shared or browser cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * Cross-site request forgery: a state-changing request from a foreign origin, or one the browser
 * marks cross-site, is refused before it touches anything. Requests without an Origin (curl,
 * server to server) are judged by the session alone. A body must be JSON (multipart for uploads),
 * which also rules out the "simple" text/plain form posts a foreign page could send.
 */
export function sameOriginOnly(allowedOrigins: string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (req.get('sec-fetch-site') === 'cross-site' && !(origin && allowedOrigins.includes(origin))) {
      return refuse(res, 403, 'Cross-site requests are not allowed');
    }
    if (origin !== undefined && !isOwnOrigin(origin, req.get('host')) && !allowedOrigins.includes(origin)) {
      return refuse(res, 403, 'Cross-site requests are not allowed');
    }
    const hasBody = (req.get('content-length') ?? '0') !== '0' || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json') && !(req.path.endsWith('/upload') && req.is('multipart/form-data'))) {
      return refuse(res, 415, 'Send the request body as application/json');
    }
    next();
  };
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

/** express.json, with its failures answered in the API's error shape instead of an HTML page. */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error) {
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large') return refuse(res, 413, 'Request body is too large');
        return refuse(res, 400, { body: { msg: 'The request body is not valid JSON' } });
      }
      if (
        req.body !== undefined &&
        req.is('application/json') &&
        (typeof req.body !== 'object' || Array.isArray(req.body) || req.body === null)
      ) {
        return refuse(res, 400, { body: { msg: 'The request body must be a JSON object' } });
      }
      next();
    });
  };
}

function refuse(res: Response, status: number, error: string | Record<string, { msg: string }>): void {
  res.status(status).json({ error });
}
