/** The public site's paths, in one place: the router, the links and the sitemap read them here. */
export const SITE_PATHS = {
  home: '/',
  services: '/services',
  news: '/news',
  feed: '/news/feed.xml',
  article: (id: string) => `/news/${id}`,
  /** One of the company's own pages (issue #37), at the top level; its slug is never a reserved first segment (RESERVED_SEGMENTS). */
  page: (slug: string) => `/${slug}`,
  contact: '/contact',
  thanks: '/contact/thanks',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** A paged list's page: the list's own path for page 1, `?page=N` after it. */
export function pagePath(list: string, page: number): string {
  return page === 1 ? list : `${list}?page=${page}`;
}

/**
 * The names a CDN keeps public pages under (Cache-Tag, Surrogate-Key, xkey), so that a change
 * purges the pages that show it and no other: every page carries `site` (the settings are on all
 * of them), each page what it lists or shows (SITE_ROUTES), and the content kinds' `cacheTags`
 * (server/content/content-kinds.ts) name the same for a change. `menu`, `page-<id>` and
 * `lang-<code>` join them with the menus, pages and languages.
 */
export const CACHE_TAGS = {
  site: 'site',
  services: 'services',
  news: 'news',
  article: (id: string) => `news-${id}`,
  /** The sitemap, which lists the public pages. */
  pages: 'pages',
  page: (id: string) => `page-${id}`,
} as const;
