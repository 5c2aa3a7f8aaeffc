import { SITE_PATHS } from './site-paths';

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
  /** Its versions in every language (issue #41), its own and `x-default` among them: the `xhtml:link` alternates. */
  alternates?: { lang: string; path: string }[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/** The sitemap protocol's XML (https://www.sitemaps.org/protocol.html), URLs absolute on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified, alternates = [] }) => {
    const lastmod = lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : '';
    const links = alternates.map(
      ({ lang, path: other }) => `<xhtml:link rel="alternate" hreflang="${xml(lang)}" href="${xml(origin + other)}"/>`,
    );
    return `<url><loc>${xml(origin + path)}</loc>${lastmod}${links.join('')}</url>`;
  });
  // The xhtml namespace only where some entry has alternates: a site of one language keeps its sitemap as it was.
  const xhtml = entries.some((entry) => entry.alternates?.length) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read everything but the admin app and the API, and are told where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${origin}${SITE_PATHS.sitemap}\n`;
}
