import { HttpStatus } from '@nestjs/common';
import express, { type RequestHandler, type Router } from 'express';
import { ApiError } from '../common/api-error';
import { maintenancePagePolicy, PHOTO_POLICY } from './security-headers';
import { StaticFolder, sendStaticFile, type StaticFile } from './static-assets';

const YEAR_SECONDS = 365 * 24 * 3600;
/** How long visitors and crawlers are asked to wait before coming back to the maintenance page. */
const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

/**
 * Everything outside /api: stored photos (served by `photos`, mounted at /uploads), the built
 * assets, the admin app and, for every other path, the public site (`site`), which hands a
 * request on (`next()`) while the site is in maintenance; then the maintenance page answers, with
 * 503 so search engines keep the site's standing while it is down.
 * Built files are read once and sent from memory, compressed as the browser accepts (see
 * static-assets.ts); the maintenance page is never a 206 or a 304, whatever Range or conditional
 * headers ask.
 */
export function sitePages(clientDir: string, photos: RequestHandler, site: RequestHandler): Router {
  const router = express.Router();
  // Errors are thrown, and the exception filter writes them, as for every API route.
  const notFound: RequestHandler = () => {
    throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
  };
  const missingBuild = () => new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'The client is not built yet: run `npm run build`.');
  // The API goes straight on to its own middleware: nothing here is for it.
  router.use((req, _res, next) => next(req.path === '/api' || req.path.startsWith('/api/') ? 'router' : undefined));

  router.use(
    '/uploads',
    (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', PHOTO_POLICY);
      next();
    },
    // The photo storage's own handler (local files or an S3 bucket): ETag, Range, a year's immutable cache.
    photos,
    notFound,
  );

  // Vite names built assets by their content hash, so they can be cached forever.
  const assets = new StaticFolder(clientDir, 'assets');
  router.get('/assets/:name', (req, res, next) => {
    const file = assets.get(req.params.name);
    if (!file) return next();
    sendStaticFile(req, res, file, { cacheControl: `public, max-age=${YEAR_SECONDS}, immutable` });
  });
  router.use('/assets', notFound);

  // The two pages and the files from client/public (the logo, the icon), each read once.
  const top = new StaticFolder(clientDir, '');

  router.get(['/admin', '/admin/{*rest}'], (req, res) => {
    const adminHtml = top.get('admin.html');
    if (!adminHtml) throw missingBuild();
    sendStaticFile(req, res, adminHtml, { cacheControl: 'no-cache' });
  });

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const file = name.endsWith('.html') ? undefined : top.get(name);
    if (!file) return next();
    sendStaticFile(req, res, file, { cacheControl: 'public, max-age=3600' });
  });

  router.use(site);

  let maintenance: { file: StaticFile; headers: Record<string, string> } | undefined;
  router.use((req, res) => {
    if (!maintenance) {
      const file = top.get('index.html');
      if (!file) throw missingBuild();
      const headers = {
        'Retry-After': String(MAINTENANCE_RETRY_AFTER_SECONDS),
        'Content-Security-Policy': maintenancePagePolicy(file.variants.identity.body.toString('utf8')),
      };
      maintenance = { file, headers };
    }
    sendStaticFile(req, res, maintenance.file, { cacheControl: 'no-cache', status: 503, headers: maintenance.headers });
  });
  return router;
}
