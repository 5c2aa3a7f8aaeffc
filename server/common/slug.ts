import slugify from 'slugify';

/** What an article's address may be: lower-case ASCII words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Long titles make addresses no one can read or type; cut at a word boundary below this. */
export const MAX_SLUG_LENGTH = 80;

/**
 * The slug a title gives: transliterated to ASCII (slugify's table covers Latin, Greek and
 * Cyrillic letters), lower case, words joined by `-`. A title with nothing that transliterates
 * (say, only Chinese) becomes `article`, so every article has an address.
 */
export function slugOf(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true });
  if (slug === '') return 'article';
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, MAX_SLUG_LENGTH);
}

/** `base`, or `base-2`, `base-3`… : the first that `taken` does not hold. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
