import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/*
 * Every Content-Security-Policy the app sends, in one place: the admin app's and the API's (through
 * helmet, with the other security headers), the public pages', the maintenance page's and a stored
 * photo's.
 */

/** A policy from its directives, in the order given. */
function policy(directives: Record<string, string>): string {
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** `'sha256-…'`: the CSP source that allows one inline <style> (or <script>) of exactly this text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

/**
 * The CSP sources of a built page's inline classic scripts: admin.html sets the chosen theme
 * before the first paint with one, which `script-src 'self'` alone would refuse. Hashing the built
 * file keeps the policy right whatever the build writes; it allows exactly these scripts.
 */
export function inlineScriptHashes(html: string | undefined): string[] {
  if (!html) return [];
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => styleHash(script));
}

/**
 * Helmet's security headers on every reply, with the admin app's policy (the pages below set their
 * own); `adminScripts`: the hashes of admin.html's inline scripts (inlineScriptHashes).
 */
export function securityHeaders(adminScripts: string[] = []): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...adminScripts],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

/**
 * The headers a middleware that only sets headers (helmet's, above) gives every reply, read once,
 * for a reply written without Express (the visitor-count beacon's): the same headers by the same
 * definition, at no cost per request.
 */
export function headersOf(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  middleware({ headers: {} } as Request, res as unknown as Response, () => undefined);
  return headers;
}

/**
 * The public pages' policy: their inline stylesheets (`css`: the site's, and a page's own short
 * one for the company's accent colour) are the only styles, and the only script that may run is
 * the visitor-count beacon (`scripts`: its hash, server/http/visitor-beacon.ts; none with
 * ANALYTICS=off, when nothing may run). Their JSON-LD (`<script type="application/ld+json">`) is
 * data, which a browser never runs and so never checks against `script-src`.
 * Images (photos, the logo, the beacon's <noscript> image) and form posts stay on this site;
 * nothing may frame the pages. `connect-src 'self'` lets the beacon post to /api/collect, and
 * audit tools fetch /robots.txt from the page's context (Lighthouse's SEO check does, and reports
 * "CSP violation" under `default-src 'none'`).
 */
export function sitePagePolicy(css: string[], scripts: string[] = []): string {
  return policy({
    'default-src': "'none'",
    ...(scripts.length > 0 ? { 'script-src': scripts.join(' ') } : {}),
    'img-src': "'self'",
    'connect-src': "'self'",
    'style-src': css.map(styleHash).join(' '),
    'form-action': "'self'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
  });
}

/**
 * The maintenance page's policy: the <style> elements the build inlined into `html` (allowed by
 * their hashes, client/vite.config.mts), its logo and icon, and nothing else: no script, no
 * request anywhere.
 */
export function maintenancePagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => styleHash(css));
  return policy({
    'default-src': "'none'",
    'img-src': "'self'",
    'style-src': hashes.length > 0 ? hashes.join(' ') : "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
  });
}

/** A photo opened on its own can run nothing and reach nothing. */
export const PHOTO_POLICY = policy({ 'default-src': "'none'", 'img-src': "'self'", 'style-src': "'unsafe-inline'", sandbox: '' }).trimEnd();
