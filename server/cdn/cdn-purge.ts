import { cacheTags, publicPaths } from '../content/content-kinds';
import { affectsPublicPages, type ContentChange } from '../content/events/content-events.service';
import { SITE_PATHS } from '../site/site-paths';

/** What one purge clears: pages by tag (Cloudflare, Fastly, Varnish) and by path (nginx, Cloudflare without tag purge). */
export interface Purge {
  tags: string[];
  /** Public paths; `/*` for every page (the settings). */
  paths: string[];
}

/** Every page at once: `npm run cdn:purge-all`, and what a change to the settings purges. */
export const PURGE_ALL: Purge = { tags: ['site'], paths: ['/*'] };

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

/**
 * A path purge's addresses in a cache that takes a trailing `*` (nginx's cache_purge): a paged
 * list's later pages go with its first.
 */
export function wildcardPaths(paths: readonly string[]): string[] {
  return paths.flatMap((path) => (PAGED_LISTS.includes(path) ? [path, `${path}?page=*`] : [path]));
}

/** `items` in runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}
