import { cacheTags, EVERY_PUBLIC_PAGE, publicPaths } from '../content/content-kinds';
import { affectsPublicPages, type ContentChange } from '../content/events/content-events.service';
import { SITE_PATHS } from '../site/site-paths';

/** What one purge clears: pages by tag (Cloudflare, Fastly, Varnish) and by path (nginx, Cloudflare without tag purge). */
export interface Purge {
  tags: string[];
  /** Public paths; `/*` for every page (the settings). */
  paths: string[];
}

/** Every page at once: `npm run cdn:purge-all`, and what a change to the settings purges. */
export const PURGE_ALL: Purge = { tags: ['site'], paths: [EVERY_PUBLIC_PAGE] };

/** The lists whose later pages (`?page=N`) a path purge also clears: their first page's path stands for them all. */
const PAGED_LISTS: readonly string[] = [SITE_PATHS.news, SITE_PATHS.services];

/**
 * What changes purge: each one's tags (its kind's `cacheTags`) and the pages it was and is on,
 * merged; null when none may change a visitor's page (a draft's edit, a contact message).
 */
export function purgeOf(changes: readonly ContentChange[]): Purge | null {
  const tags = new Set<string>();
  const paths = new Set<string>();
  for (const change of changes.filter(affectsPublicPages)) {
    for (const tag of cacheTags(change.kind, change.id)) tags.add(tag);
    for (const path of pathsOf(change)) paths.add(path);
  }
  if (tags.size === 0 && paths.size === 0) return null;
  return { tags: [...tags], paths: [...paths] };
}

/**
 * The pages a change was and is on; for the settings, which raise theirs without paths (one row,
 * on every page), the registry's: every page (`/*`).
 */
export function pathsOf(change: ContentChange): string[] {
  const paths = [...change.oldPaths, ...change.newPaths];
  return paths.length > 0 ? paths : publicPaths(change.kind, {});
}

/** Several purges as one: what a batch of jobs sends together. */
export function mergePurges(purges: readonly Purge[]): Purge {
  return {
    tags: [...new Set(purges.flatMap((purge) => purge.tags))],
    paths: [...new Set(purges.flatMap((purge) => purge.paths))],
  };
}

/** What a path purge needs to know of the site: every public article's and page's slug, and how many pages each paged list has. */
export interface PublicSite {
  slugs: string[];
  /** The company's pages (issue #37), at /<slug>; none when left out. */
  pageSlugs?: string[];
  pages: Record<string, number>;
}

/** The paths whose pages depend on the site's content: every list and every article (for `/*`). */
export function needsSite(paths: readonly string[]): boolean {
  return paths.some((path) => path === EVERY_PUBLIC_PAGE || PAGED_LISTS.includes(path));
}

/**
 * The addresses a path purge clears in a cache that takes no wildcard (nginx's cache_purge 2.3,
 * Cloudflare's purge by file): each page of a paged list (`?page=1` up to one past its last, which
 * a removal has just emptied), and for `/*` every public page: the fixed ones, the lists, every
 * article and page. (A not-found page of an address no item has is left to its CDN_MAX_AGE.)
 */
export function expandPaths(paths: readonly string[], site: PublicSite): string[] {
  const all = paths.includes(EVERY_PUBLIC_PAGE);
  const fixed = (Object.values(SITE_PATHS) as unknown[]).filter((path): path is string => typeof path === 'string');
  const base = all
    ? [...fixed, ...site.slugs.map((slug) => SITE_PATHS.article(slug)), ...(site.pageSlugs ?? []).map((slug) => SITE_PATHS.page(slug))]
    : paths;
  const addresses = base.flatMap((path) =>
    PAGED_LISTS.includes(path) ? [path, ...Array.from({ length: (site.pages[path] ?? 1) + 1 }, (_, i) => `${path}?page=${i + 1}`)] : [path],
  );
  return [...new Set(addresses)];
}

/** `items` in runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}
