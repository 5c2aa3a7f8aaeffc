import type { Request, Response } from 'express';
import { type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { memoryFile, sendStaticFile, type SendOptions } from '../http/static-assets';
import type { BuiltPage, PageCache } from './page-cache.service';
import type { PageRoute } from './site-pages.service';
import type { SiteView } from './pages/layout';
import { CACHE_TAGS } from './site-paths';
import { previewLinks, previewLocation } from './site-preview';
import { sitePolicyFor } from './site-styles';

export const HTML = 'text/html; charset=utf-8';

/**
 * Every page's own policy (its stylesheets by hash, the accent colour's among them), and a
 * referrer policy that lets the contact form's post name its origin: under helmet's `no-referrer`
 * a browser sends `Origin: null` with a form's POST, which the cross-site check must refuse.
 * `same-origin` still sends nothing to other sites.
 */
function pageHeaders(view: SiteView): Record<string, string> {
  return {
    'Content-Security-Policy': sitePolicyFor(view.settings.accentColor, view.counting),
    'Referrer-Policy': 'same-origin',
    'Content-Language': view.language.code,
  };
}

/** One request's view of the site: the settings it was served with, who is looking, and whether a CDN is in front. */
export interface Visit {
  view: SiteView;
  version: number;
  /** CDN_MAX_AGE when a CDN is in front (CDN set), else null. */
  cdnMaxAge: number | null;
}

/**
 * A reply for one request alone (a form's errors, a refusal, the maintenance page, a preview, the
 * API): no cache keeps it; with a CDN in front, `private` says so to caches that read no further.
 */
export function onceOnly(behindCdn: boolean): string {
  return behindCdn ? 'private, no-store' : 'no-store';
}

/**
 * A public page behind a CDN: browsers revalidate every time (max-age=0, with the ETag), the CDN
 * keeps it for CDN_MAX_AGE (until a purge), answers from a stale copy while it fetches a fresh
 * one, and for a day while the app is down.
 */
export function sharedCacheControl(maxAge: number): string {
  return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=300, stale-if-error=86400`;
}

/**
 * What a page shows, named for each CDN's purge by tag: Cloudflare's Cache-Tag (commas),
 * Fastly's Surrogate-Key and Varnish's xkey (spaces). Every page carries `site`.
 */
export function cacheTagHeaders(tags: readonly string[]): Record<string, string> {
  const all = [...new Set([CACHE_TAGS.site, ...tags])];
  return { 'Cache-Tag': all.join(','), 'Surrogate-Key': all.join(' '), xkey: all.join(' ') };
}

export function html(element: ReactElement, status = 200): BuiltPage {
  return { file: memoryFile(HTML, `<!DOCTYPE html>${renderToStaticMarkup(element)}`), status };
}

/** A 301 to `location` (an article's current address), with a one-line page for clients that show bodies. */
export function movedPermanently(location: string): BuiltPage {
  return { file: memoryFile('text/plain; charset=utf-8', `Moved to ${location}\n`), status: 301, headers: { Location: location } };
}

/**
 * A page at the preview's address (issue #42): its links, forms and redirect kept inside the
 * preview (site-preview.ts), so that following them never leaves it for a visitor's address.
 */
function inPreview(page: BuiltPage): BuiltPage {
  const location = page.headers?.Location;
  const file = page.file.type === HTML ? memoryFile(HTML, previewLinks(page.file.variants.identity.body.toString())) : page.file;
  return { ...page, file, ...(location === undefined ? {} : { headers: { ...page.headers, Location: previewLocation(location) } }) };
}

/**
 * What the page cache keeps a page of the site under: the settings' version, the origin, the
 * language and the page's key (its address, without the language's prefix, for every page a
 * visitor's address names: a route's `key`). CachedPageHandler asks it by the address alone.
 */
export function pageKey(version: number, origin: string, language: string, page: string): string {
  return `${version}|${origin}|${language}|${page}`;
}

/**
 * The route's page for this visit, from the cache (rendered on a miss), or the not-found page;
 * `key`: what the cache keeps the route's page under (null for the not-found page and a preview).
 * A preview is rendered afresh for the administrator alone, at its own address, and kept by no cache.
 */
export async function pageFor(
  cache: PageCache,
  visit: Visit,
  route: PageRoute | null,
  notFound: PageRoute,
): Promise<{ page: BuiltPage; key: string | null }> {
  const { view, version } = visit;
  const cached = async ({ key, render }: PageRoute) => {
    if (!view.preview) return cache.get(pageKey(version, view.origin, view.language.code, key), () => render(view));
    const page = await render(view);
    return page && inPreview(page);
  };
  const page = route ? await cached(route) : null;
  if (page) return { page, key: view.preview ? null : pageKey(version, view.origin, view.language.code, route!.key) };
  return { page: (await cached(notFound))!, key: null };
}

/** A preview is for the administrator alone: kept by no cache, and out of search engines. */
function previewHeaders(view: SiteView): Record<string, string> {
  return view.preview ? { 'X-Robots-Tag': 'noindex' } : {};
}

/**
 * Sends a page (from the cache or not), revalidated on every use, with its ETag; answers how (for
 * the page cache to answer the next visitor the same way). Behind a CDN a visitor's page is kept
 * there under `tags` (what it shows) and never carries a cookie: a Set-Cookie kept by a shared
 * cache would be every visitor's.
 */
export function sendPage(
  req: Request,
  res: Response,
  { view, cdnMaxAge }: Visit,
  page: BuiltPage,
  tags: readonly string[] = [],
): SendOptions {
  const shared = cdnMaxAge !== null && !view.preview;
  if (shared) res.removeHeader('Set-Cookie');
  const options = {
    status: page.status,
    cacheControl: view.preview ? 'private, no-store' : shared ? sharedCacheControl(cdnMaxAge) : 'no-cache',
    headers: {
      ...(page.file.type === HTML ? pageHeaders(view) : {}),
      ...previewHeaders(view),
      ...(shared ? cacheTagHeaders(view.language.default ? tags : [...tags, CACHE_TAGS.language(view.language.code)]) : {}),
      ...page.headers,
    },
  };
  sendStaticFile(req, res, page.file, options);
  return options;
}

/** A page made for this one request (a form's errors, a refusal): never cached, anywhere. */
export function sendOnce(
  req: Request,
  res: Response,
  { view, cdnMaxAge }: Visit,
  element: ReactElement,
  status: number,
  headers: Record<string, string> = {},
): void {
  const page = html(element, status);
  sendStaticFile(req, res, (view.preview ? inPreview(page) : page).file, {
    status,
    cacheControl: view.preview ? 'private, no-store' : onceOnly(cdnMaxAge !== null),
    headers: { ...pageHeaders(view), ...previewHeaders(view), ...headers },
  });
}
