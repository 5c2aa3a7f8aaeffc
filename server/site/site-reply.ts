import type { Request, Response } from 'express';
import { type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { memoryFile, sendStaticFile } from '../http/static-assets';
import type { BuiltPage, PageCache } from './page-cache.service';
import type { PageRoute } from './site-pages.service';
import type { SiteView } from './pages/layout';
import { sitePolicyFor } from './site-styles';

export const HTML = 'text/html; charset=utf-8';

/**
 * Every page's own policy (its stylesheets by hash, the accent colour's among them), and a
 * referrer policy that lets the contact form's post name its origin: under helmet's `no-referrer`
 * a browser sends `Origin: null` with a form's POST, which the cross-site check must refuse.
 * `same-origin` still sends nothing to other sites.
 */
function pageHeaders(view: SiteView): Record<string, string> {
  return { 'Content-Security-Policy': sitePolicyFor(view.settings.accentColor, view.counting), 'Referrer-Policy': 'same-origin' };
}

/** One request's view of the site: the settings it was served with and who is looking. */
export interface Visit {
  view: SiteView;
  version: number;
}

export function html(element: ReactElement, status = 200): BuiltPage {
  return { file: memoryFile(HTML, `<!DOCTYPE html>${renderToStaticMarkup(element)}`), status };
}

/** A 301 to `location` (an article's current address), with a one-line page for clients that show bodies. */
export function movedPermanently(location: string): BuiltPage {
  return { file: memoryFile('text/plain; charset=utf-8', `Moved to ${location}\n`), status: 301, headers: { Location: location } };
}

/**
 * The route's page for this visit, from the cache (rendered on a miss), or the not-found page. A
 * preview is rendered afresh for the administrator alone and kept by no cache.
 */
export async function pageFor(cache: PageCache, visit: Visit, route: PageRoute | null, notFound: PageRoute): Promise<BuiltPage> {
  const { view, version } = visit;
  const cached = ({ key, render }: PageRoute) =>
    view.preview ? render(view) : cache.get(`${version}|${view.origin}|${key}`, () => render(view));
  return (route ? await cached(route) : null) ?? (await cached(notFound))!;
}

/** A preview is for the administrator alone: kept by no cache, and out of search engines. */
function previewHeaders(view: SiteView): Record<string, string> {
  return view.preview ? { 'X-Robots-Tag': 'noindex' } : {};
}

/** Sends a page (from the cache or not), revalidated on every use, with its ETag. */
export function sendPage(req: Request, res: Response, view: SiteView, page: BuiltPage): void {
  sendStaticFile(req, res, page.file, {
    status: page.status,
    cacheControl: view.preview ? 'private, no-store' : 'no-cache',
    headers: { ...(page.file.type === HTML ? pageHeaders(view) : {}), ...previewHeaders(view), ...page.headers },
  });
}

/** A page made for this one request (a form's errors, a refusal): never cached, anywhere. */
export function sendOnce(
  req: Request,
  res: Response,
  view: SiteView,
  element: ReactElement,
  status: number,
  headers: Record<string, string> = {},
): void {
  sendStaticFile(req, res, html(element, status).file, {
    status,
    cacheControl: view.preview ? 'private, no-store' : 'no-store',
    headers: { ...pageHeaders(view), ...previewHeaders(view), ...headers },
  });
}
