/** The public site's paths, in one place: the router, the links and the sitemap read them here. */
export const SITE_PATHS = {
  home: '/',
  services: '/services',
  news: '/news',
  feed: '/news/feed.xml',
  article: (id: string) => `/news/${id}`,
  contact: '/contact',
  thanks: '/contact/thanks',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** A paged list's page: the list's own path for page 1, `?page=N` after it. */
export function pagePath(list: string, page: number): string {
  return page === 1 ? list : `${list}?page=${page}`;
}
