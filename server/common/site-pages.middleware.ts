import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpStatus } from '@nestjs/common';
import express, { type RequestHandler, type Router } from 'express';
import { ApiError } from './api-error';

const YEAR_SECONDS = 365 * 24 * 3600;
/** How long visitors and crawlers are asked to wait before coming back to the maintenance page. */
const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

/**
 * Everything outside /api: stored photos (served by `photos`, mounted at /uploads), the built assets, the admin app and, for every other
 * path, the maintenance page with 503 so search engines keep the site's standing while it is down.
 */
export function sitePages(clientDir: string, photos: RequestHandler): Router {
  const router = express.Router();
  // Errors are thrown, and the exception filter writes them, as for every API route.
  const notFound: RequestHandler = () => {
    throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
  };

  router.use(
    '/uploads',
    (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // A photo opened on its own can run nothing and reach nothing.
      res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      next();
    },
    // The photo storage's own handler (local files or an S3 bucket): ETag, Range, a year's immutable cache.
    photos,
    notFound,
  );

  // Vite names built assets by their content hash, so they can be cached forever.
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { index: false, immutable: true, maxAge: YEAR_SECONDS * 1000 }),
    notFound,
  );

  const adminHtml = join(clientDir, 'admin.html');
  const maintenanceHtml = join(clientDir, 'index.html');
  const missingBuild = () => new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The client is not built yet: run `npm run build`.');

  router.get(['/admin', '/admin/{*rest}'], (_req, res) => {
    if (!existsSync(adminHtml)) throw missingBuild();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(adminHtml);
  });

  // Files from client/public (the logo, the icon); HTML only through the routes above and below.
  router.use((req, res, next) =>
    req.path.endsWith('.html') ? next() : express.static(clientDir, { index: false, maxAge: 3600 * 1000 })(req, res, next),
  );

  router.use((req, res, next) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(maintenanceHtml)) throw missingBuild();
    res.status(503);
    res.setHeader('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(maintenanceHtml);
  });
  return router;
}
