import { isSitePath } from '../http/built-files';

/**
 * An administrator's preview of the public site (issue #42) lives at its own address: each site
 * path under `/admin/preview` (`/admin/preview/`, `/admin/preview/news/<slug>`,
 * `/admin/preview/de/news/<slug>`). Under /admin, so the CDN configurations' bypass of the admin
 * never stores it, and a visitor's address never answers with it.
 */
export const PREVIEW_PREFIX = '/admin/preview';

/** Whether a request's path is a preview's address (the prefix itself included). */
export function isPreviewPath(path: string): boolean {
  return path === PREVIEW_PREFIX || path.startsWith(`${PREVIEW_PREFIX}/`);
}

/** The site path a preview's address shows (`/admin/preview/news/x` → `/news/x`; the prefix alone is the home page). */
export function previewedPath(path: string): string {
  return path.slice(PREVIEW_PREFIX.length) || '/';
}

/** The preview's address of a site path (`/news/x` → `/admin/preview/news/x`, `/` → `/admin/preview/`). */
export function previewPath(sitePath: string): string {
  return `${PREVIEW_PREFIX}${sitePath}`;
}

/** A link a page writes, kept inside the preview when it is a site path (`/…`, not `//host`, not the API, the admin or a file). */
function previewHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const path = href.split(/[?#]/)[0];
  return isSitePath(path) ? previewPath(href) : href;
}

/** `<a … href="/…">` and `<form … action="/…">`: React writes attributes double-quoted and escapes `>` in their values. */
const LINKS = /(<(?:a|form)\s[^>]*?\b(?:href|action)=")([^"]*)"/g;

/**
 * A preview page's links and forms, kept inside the preview: the navigation, the menus, the
 * language switcher, the pager, links inside an article's text, the contact form's post. The
 * canonical and hreflang links and the structured data are absolute (PUBLIC_URL) and stay the
 * visitors' addresses; a link to the panel, a photo or another site is left as it is.
 */
export function previewLinks(html: string): string {
  return html.replace(LINKS, (_match, start: string, href: string) => `${start}${previewHref(href)}"`);
}

/** A redirect's target (an article's current address, the contact form's thank-you page), inside the preview. */
export function previewLocation(location: string): string {
  return previewHref(location);
}
