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
  /** Every page of a language other than the default (issue #41). */
  language: (code: string) => `lang-${code}`,
} as const;

/**
 * The languages the site's fixed words are shipped in (words.ts holds a catalog for each, by its
 * primary language subtag); any other language's pages show those words in English (Settings →
 * Languages says so: `fallback`).
 */
export const WORD_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type WordLanguage = (typeof WORD_LANGUAGES)[number];

/** The primary language subtag of a BCP 47 code: `de-AT` → `de`. */
export function primaryLanguage(code: string): string {
  return code.split('-')[0].toLowerCase();
}

/** Whether a language's pages show the fixed words in English for want of its own catalog. */
export function wordsFallBack(code: string): boolean {
  return !(WORD_LANGUAGES as readonly string[]).includes(primaryLanguage(code));
}

/**
 * A site path in a language: the default language keeps the path as it is (`/news/x`), another
 * is under its code (`/de/news/x`, its home page `/de/`). `prefix` is null for the default.
 */
export function localPath(prefix: string | null, path: string): string {
  if (prefix === null) return path;
  return path === SITE_PATHS.home ? `/${prefix}/` : `/${prefix}${path}`;
}
