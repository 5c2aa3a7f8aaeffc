import { readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import express, { type RequestHandler, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { ApiError } from '../common/api-error';
import { API_PREFIX } from './api-prefix';
import { PHOTO_POLICY } from './security-headers';

/** The build's copies compressed by brotli and gzip, in a tree of their own (client/vite.config.mts). */
const COMPRESSED_DIR = '.compressed';
const COMPRESSED = /\.(br|gz)$/;
/**
 * The folders outside the public website: the API, those answered by files alone (a miss there is
 * a 404, never a page of the website), and `/metrics` (configureApp's 404: the metrics have a port
 * of their own). The site's reserved words include them.
 */
export const NON_SITE_FOLDERS = [`/${API_PREFIX}`, '/assets', '/uploads', '/admin', '/metrics'];

/**
 * The public website's paths: everything outside the API and the file folders. Their errors are
 * the site's HTML pages (the exception filter hands them to SiteErrorFilter); elsewhere, JSON.
 */
export function isSitePath(path: string): boolean {
  return !NON_SITE_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`));
}

const notFound: RequestHandler = () => {
  // Thrown, for the exception filter to write, as for every API route.
  throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
};

/**
 * The files of `folder` (inside the build's `root`): the compressed copy the client's
 * Accept-Encoding allows, brotli first (express-static-gzip, which also sets `Vary`), else the file
 * itself (serve-static); each with a validator of its own (their sizes differ) and 304s. A copy is
 * never served under its own name.
 */
function files(root: string, folder: string, cacheControl: string): RequestHandler {
  const options = {
    cacheControl: false,
    index: false,
    redirect: false,
    setHeaders: (res: ServerResponse, path: string) => {
      res.setHeader('Cache-Control', cacheControl);
      // A compressed copy has the type of its file (express-static-gzip writes `charset=UTF-8`).
      if (COMPRESSED.test(path)) (res as Response).type(extname(path.replace(COMPRESSED, '')));
    },
  };
  const compressed = expressStaticGzip(join(root, COMPRESSED_DIR, folder), {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: options,
  }) as RequestHandler;
  const plain = express.static(join(root, folder), options);
  return (req, res, next) => {
    if (COMPRESSED.test(req.path)) return next();
    compressed(req, res, (error?: unknown) => {
      if (error) next(error);
      else void plain(req, res, next);
    });
  };
}

/** The files of client/public (the logo, the icon), by name: listed once, so other paths cost no file system call. */
function publicFileNames(root: string): string[] {
  try {
    const entries = readdirSync(root, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && !/\.html$|^\./.test(entry.name)).map((entry) => entry.name);
  } catch {
    return []; // not built yet
  }
}

/**
 * Everything answered by a file, before any route: stored photos at /uploads (the photo storage's
 * own handler, local files or an S3 bucket), the built assets (named by their content hash, so
 * cached for a year), the admin app's page for /admin and every path under it (the app routes in
 * the browser; the site's preview under /admin/preview is taken before, by SiteGate.previews), and
 * the files of client/public. The rest goes on to the routes: the API and the
 * public website.
 */
export function builtFiles(root: string, photos: RequestHandler): Router {
  const router = express.Router();
  const lockedDown: RequestHandler = (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', PHOTO_POLICY);
    next();
  };
  router.use('/uploads', lockedDown, photos, notFound);
  router.use('/assets', files(root, 'assets', 'public, max-age=31536000, immutable'), notFound);

  router.get(
    ['/admin', '/admin/{*path}'],
    (req, _res, next) => {
      req.url = '/admin.html';
      next();
    },
    files(root, '', 'no-cache'),
    () => {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The client is not built yet: run `npm run build`.');
    },
  );

  const names = publicFileNames(root);
  if (names.length > 0)
    router.get(
      names.map((name) => `/${name}`),
      files(root, '', 'public, max-age=3600'),
    );
  return router;
}
