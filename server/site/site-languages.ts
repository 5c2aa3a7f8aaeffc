import { isSitePath } from '../http/built-files';
import type { SiteLanguage } from '../settings/settings.service';
import { localPath, primaryLanguage, SITE_PATHS, type WordLanguage } from './site-paths';
import { en, type SiteWords } from './words';
import { de, es, fr, nl } from './words-catalogs';

/** The fixed words of each shipped language, by its primary subtag. */
const CATALOGS: Record<WordLanguage, SiteWords> = { en, de, fr, es, nl };

const byLanguage = new Map<string, SiteWords>();

/**
 * The words a language's pages are written in: its catalog by primary subtag (`de-AT` reads
 * German), English for one without (Settings says so); `lang` is the language's own code, and
 * dates and numbers are written by Intl for it (English as today: en-US).
 */
export function wordsFor(code: string): SiteWords {
  let words = byLanguage.get(code);
  if (!words) {
    const catalog = (CATALOGS as Record<string, SiteWords>)[primaryLanguage(code)] ?? en;
    words = catalog === en && code === en.lang ? en : { ...catalog, lang: code, dateLocale: code === en.lang ? en.dateLocale : code };
    byLanguage.set(code, words);
  }
  return words;
}

/** The language a request's path is in, and its path without the prefix: the default's when the first segment names no other enabled language. */
export function languageOfPath(
  path: string,
  languages: readonly SiteLanguage[],
): { language: SiteLanguage; rest: string } | { language: null; rest: string } {
  const segment = path.split('/')[1] ?? '';
  const language = languages.find((candidate) => !candidate.default && candidate.enabled && candidate.code === segment);
  if (!language) return { language: null, rest: path };
  return { language, rest: path.slice(segment.length + 1) || SITE_PATHS.home };
}

/**
 * Which language a site path is shown in, and the path the site's routes see (issue #41): under
 * another enabled language's prefix, that language and the path without it (`prefixed`); else the
 * default language (first of `all`, as the settings keep them; always enabled) and the path as it is. A path that would leave the site once
 * its prefix is off (`/de/api/…`) stays the default's, and its not-found page.
 */
export function addressIn(path: string, all: readonly SiteLanguage[]): { language: SiteLanguage; rest: string; prefixed: boolean } {
  const found = languageOfPath(path, all);
  if (found.language && isSitePath(found.rest)) return { language: found.language, rest: found.rest, prefixed: true };
  return { language: all[0], rest: path, prefixed: false };
}

/** A path's prefix in a language: none for the default. */
export function prefixOf(language: SiteLanguage): string | null {
  return language.default ? null : language.code;
}

/** A site path in `language` (`/de/news/x`). */
export function pathIn(language: SiteLanguage, path: string): string {
  return localPath(prefixOf(language), path);
}

/**
 * Open Graph's locale: language and territory with an underscore (`de_DE`, `en_US`), the
 * territory Intl's likeliest for a code that names none.
 */
export function ogLocale(code: string): string {
  try {
    const locale = new Intl.Locale(code).maximize();
    return locale.region ? `${locale.language}_${locale.region}` : locale.language;
  } catch {
    return code.replace('-', '_');
  }
}
