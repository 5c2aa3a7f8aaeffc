import { SITE_PATHS } from './site-paths';

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

/** The sitemap protocol's XML (https://www.sitemaps.org/protocol.html), URLs absolute on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : '';
    return `<url><loc>${xml(origin + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read everything but the admin app and the API, and are told where the sitemap is. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${origin}${SITE_PATHS.sitemap}\n`;
}
