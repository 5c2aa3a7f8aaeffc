/**
 * The site's languages as Settings → Languages edits them (GET and PUT /api/settings/languages,
 * issue #41): the rules the editor applies before the server judges.
 */

export type TextDirection = 'ltr' | 'rtl';

export interface LanguageRow {
  code: string;
  name: string;
  dir: TextDirection;
  enabled: boolean;
  default: boolean;
}

/** The default language and up to 5 more (the server says the same). */
export const MAX_LANGUAGES = 6;

/** The languages whose fixed words (menus, buttons) the site ships, by primary subtag. */
export const SHIPPED_WORDS: Record<string, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish', nl: 'Dutch' };

/** The catalog a code's pages take their fixed words from (`de-AT` reads German), or null: they fall back to English. */
export function catalogOf(code: string): string | null {
  const primary = code.trim().split('-')[0].toLowerCase();
  return SHIPPED_WORDS[primary] ?? null;
}

/** What the site writes its fixed words in for a language, as Settings says it beside the language. */
export function wordsNote(code: string): string {
  if (!code.trim()) return '';
  const catalog = catalogOf(code);
  return catalog
    ? `The site’s fixed words (menus, buttons) are shipped in ${catalog}.`
    : 'No shipped catalog: the site’s fixed words (menus, buttons) fall back to English.';
}

/** The list with the language at `index` the default (and enabled), moved to the top. */
export function makeDefault(rows: readonly LanguageRow[], index: number): LanguageRow[] {
  const chosen = rows[index];
  if (!chosen) return [...rows];
  const others = rows.filter((_, i) => i !== index).map((row) => ({ ...row, default: false }));
  return [{ ...chosen, default: true, enabled: true }, ...others];
}

/** A new, empty language, enabled, left to right. */
export function newLanguage(): LanguageRow {
  return { code: '', name: '', dir: 'ltr', enabled: true, default: false };
}

/** The editor's own checks, keyed as the server keys them (`languages.1.code`). */
export function checkLanguages(rows: readonly LanguageRow[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (rows.length > MAX_LANGUAGES) problems.languages = `The default language and at most ${MAX_LANGUAGES - 1} more`;
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const code = row.code.trim().toLowerCase();
    if (!code) problems[`languages.${index}.code`] = 'Enter the language’s code, such as de or fr-CA';
    else if (seen.has(code)) problems[`languages.${index}.code`] = 'Another language already has this code';
    seen.add(code);
    if (!row.name.trim()) problems[`languages.${index}.name`] = 'Enter the language’s name, such as Deutsch';
  });
  return problems;
}

/**
 * A field error's key as the editor names it: the server may write `languages[1].code` or
 * `languages.1.code`; both read `languages.1.code`.
 */
export function fieldKey(key: string): string {
  return key.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/** A translation's texts as its form holds them. */
export interface TranslationValues {
  companyName: string;
  tagline: string;
  menuLabels: Record<string, string>;
}

/** The default language's texts copied into every field of a translation (the menu labels of the items given). */
export function copiedFrom(source: TranslationValues): TranslationValues {
  return { companyName: source.companyName, tagline: source.tagline, menuLabels: { ...source.menuLabels } };
}
