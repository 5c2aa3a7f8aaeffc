import { HttpStatus } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { RequestHandler } from 'express';
import { ApiError } from '../common/api-error';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface KnownPath {
  /** The path as Express matches it: parameters are whole segments, case and a trailing slash ignored. */
  pattern: RegExp;
  methods: string[];
}

/** The API's paths and their methods, from the document's `paths` (`/api/news/{id}` → get, patch, delete). */
function knownPaths(document: OpenAPIObject): KnownPath[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const literal = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    return {
      pattern: new RegExp(`^${literal.join('[^/]+')}/?$`, 'i'),
      methods: METHODS.filter((method) => item[method] !== undefined).map((method) => method.toUpperCase()),
    };
  });
}

/**
 * A known API path asked with a method it does not have answers 405, with `Allow` listing the
 * methods it has (HEAD wherever GET is: Express answers it), before anything reads the body or
 * the session; an unknown path goes on to the 404 after the routes. The table is the API
 * document's paths, which are exactly the routes Nest registered (test/api/openapi.e2e-spec.ts
 * holds them to that), read once at the first request: the document is built when the routes are
 * known. Mounted under the API's prefix: the path is `baseUrl` and `path` together.
 */
export function methodNotAllowed(document: () => OpenAPIObject): RequestHandler {
  let paths: KnownPath[] | undefined;
  return (req, _res, next) => {
    paths ??= knownPaths(document());
    const path = req.baseUrl + req.path;
    const allowed = new Set(paths.filter(({ pattern }) => pattern.test(path)).flatMap(({ methods }) => methods));
    if (allowed.size === 0 || allowed.has(req.method) || (req.method === 'HEAD' && allowed.has('GET'))) return next();
    if (allowed.has('GET')) allowed.add('HEAD');
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const allow = order.filter((method) => allowed.has(method)).join(', ');
    // Express 5 passes what a middleware throws to the error handlers: the exception filter answers.
    throw new ApiError(HttpStatus.METHOD_NOT_ALLOWED, 'Method not allowed', { headers: { Allow: allow } });
  };
}
