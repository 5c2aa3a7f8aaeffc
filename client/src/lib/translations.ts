import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { api, apiPath, type ApiSchema } from './api';
import { withPage } from './pages';
import { isoToZonedInput, zonedInputToIso } from './site-time';

/**
 * The site's languages' API path. Here rather than only in app/paths.ts because the shared
 * translator's view (components/) may not import the app; paths.ts lists it from this table.
 */
export const languageApiPaths = {
  languages: apiPath('/api/settings/languages'),
} as const;

export type Language = ApiSchema<'SiteLanguage'>;

/** A translation's state as a list item carries it (`translations` on the admin lists). */
export type TranslationState = ApiSchema<'TranslationState'>;
/** One entry of a translation's history: what it was after a save or a delete. */
export type TranslationRevision = ApiSchema<'TranslationRevision'>;
/** A published translation's working copy: text saved without going live, until it is published or discarded. */
export type TranslationDraft = ApiSchema<'TranslationDraft'>;

/**
 * An item's translation into one language (issue #41) as the API answers it, for any kind: its
 * state, and its text fields by name (an article's title, slug…, a service's title and about).
 */
export interface Translation {
  lang: string;
  status: 'draft' | 'published';
  publishAt: string | null;
  outdated: boolean;
  version: number;
  /** A working copy of it waits, not on the site (only a published translation has one). */
  hasDraft: boolean;
  [field: string]: unknown;
}

/** What a PUT of a translation sends: its text fields, status and publishAt. */
export type TranslationInput = Record<string, string | null>;

/**
 * Where a kind's translations are read and written (GET/PUT/DELETE `/api/{kind}/:id/translations`):
 * each feature makes its own (newsTranslations(id), serviceTranslations(id)…), as it does its
 * HistorySource, so the shared view below knows no kind.
 */
export interface TranslationSource {
  /** The query key the item's translations are cached under (below its kind's `all()`). */
  queryKey: readonly unknown[];
  list: (signal?: AbortSignal) => Promise<Translation[]>;
  /** Saves with If-Match: the translation's version the form was made from (0: there was none); a 409 when it changed since. */
  save: (lang: string, input: TranslationInput, ifMatch?: number) => Promise<Translation>;
  remove: (lang: string) => Promise<unknown>;
  /** The translation's history, newest first (kept after a delete). */
  history: (lang: string, signal?: AbortSignal) => Promise<TranslationRevision[]>;
  /** A published translation's working copy (a 404 when it has none). */
  draft: (lang: string, signal?: AbortSignal) => Promise<TranslationDraft>;
  /** Saves the working copy's text (its status is the translation's), with If-Match: its version (0: there was none). */
  saveDraft: (lang: string, input: TranslationInput, ifMatch: number) => Promise<TranslationDraft>;
  discardDraft: (lang: string) => Promise<unknown>;
  /** Publishes the working copy, with If-Match: the translation's version it was made over. */
  publishDraft: (lang: string, ifMatch: number) => Promise<Translation>;
  /** The translation's public page (`/de/news/<slug>`), shown once it is published. */
  sitePath: (lang: string, translation: Translation) => string;
}

export const languageQueries = {
  list: () =>
    queryOptions({
      queryKey: ['languages'] as const,
      queryFn: ({ signal }) => api.get(languageApiPaths.languages, undefined, signal),
      // The languages change rarely (Settings → Languages); a minute old is fresh enough for a switcher.
      staleTime: 60_000,
    }),
};

/** The item's translations, from a kind's source. */
export const translationsQuery = (source: TranslationSource) =>
  queryOptions({ queryKey: source.queryKey, queryFn: ({ signal }) => source.list(signal) });

/** A published translation's working copy, below the item's translations' key. */
export const draftQuery = (source: TranslationSource, lang: string) =>
  queryOptions({ queryKey: [...source.queryKey, 'draft', lang], queryFn: ({ signal }) => source.draft(lang, signal) });

/** The site's enabled languages: the default, and the others (into which items are translated). */
export interface SiteLanguages {
  default: Language;
  others: Language[];
}

/**
 * The enabled languages when the site has more than one (the switcher, the chips and the filter
 * show only then), else null: while they load, when they fail, or with one language.
 */
export function useSiteLanguages(): SiteLanguages | null {
  const { data } = useQuery(languageQueries.list());
  // A reply without the list (an older server's, a test's stand-in) is a site of one language.
  return Array.isArray(data?.languages) ? siteLanguagesOf(data.languages) : null;
}

export function siteLanguagesOf(languages: Language[]): SiteLanguages | null {
  const enabled = languages.filter((language) => language.enabled);
  const main = enabled.find((language) => language.default);
  const others = enabled.filter((language) => !language.default);
  return main && others.length > 0 ? { default: main, others } : null;
}

/**
 * The edit screen's language (`?lang=de`, so it survives a reload and Back leaves it): the
 * translation being edited, or null for the default language's own form. A code the site does not
 * have (any more) is the default's form.
 */
export function useEditLanguage(languages: SiteLanguages | null): [Language | null, (code: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const code = params.get('lang');
  const current = languages?.others.find((language) => language.code === code) ?? null;
  const choose = (next: string | null) =>
    setParams((now) => {
      const after = new URLSearchParams(now);
      // A revision opened from the history belongs to the default language's form.
      after.delete('revision');
      if (next === null) after.delete('lang');
      else after.set('lang', next);
      return after;
    });
  return [current, choose];
}

/**
 * An admin list's languages and its "needs translation" filter: the site's languages when it has
 * more than one (else null, and no filter), and the filter in the URL (`?needsTranslation=any|<code>`,
 * '' for every item; a change goes back to page 1).
 */
export function useTranslationFilter(): {
  languages: SiteLanguages | null;
  needsTranslation: string;
  setNeedsTranslation: (value: string) => void;
} {
  const languages = useSiteLanguages();
  const [params, setParams] = useSearchParams();
  const value = params.get('needsTranslation') ?? '';
  const setNeedsTranslation = (next: string) =>
    setParams((now) => {
      const after = withPage(now, 1);
      if (next) after.set('needsTranslation', next);
      else after.delete('needsTranslation');
      return after;
    });
  return { languages, needsTranslation: languages ? value : '', setNeedsTranslation };
}

/** A list item's state in one language: translated and current, a draft, outdated, or missing. */
export type ChipState = 'done' | 'draft' | 'outdated' | 'missing';

export interface TranslationChip {
  code: string;
  name: string;
  state: ChipState;
}

/** The per-language chips of a list's item ("DE ✓ · FR draft · NL missing"), in the site's order. */
export function translationChips(states: TranslationState[], languages: SiteLanguages): TranslationChip[] {
  return languages.others.map(({ code, name }) => {
    const found = states.find((state) => state.lang === code);
    const state: ChipState = !found ? 'missing' : found.outdated ? 'outdated' : found.status === 'draft' ? 'draft' : 'done';
    return { code, name, state };
  });
}

/** The translator's status choice: a draft, published now, or published at a time to come. */
export type StatusChoice = 'draft' | 'published' | 'scheduled';

/** The form's values of a translation (all text, as its fields hold them); none yet: empty, a draft. */
export function translationValues(fields: readonly string[], translation: Translation | null, now = Date.now()): Record<string, string> {
  const text = Object.fromEntries(
    fields.map((field) => [field, typeof translation?.[field] === 'string' ? (translation[field] as string) : '']),
  );
  if (!translation) return { ...text, status: 'draft', publishAt: '' };
  const scheduled = translation.status === 'published' && translation.publishAt !== null && new Date(translation.publishAt).getTime() > now;
  return {
    ...text,
    status: translation.status === 'draft' ? 'draft' : scheduled ? 'scheduled' : 'published',
    publishAt: scheduled ? isoToZonedInput(translation.publishAt!) : '',
  };
}

/**
 * What a save sends from the form's values: the text fields, and the status as the API has it
 * (scheduled is published with its publishAt, on the site's clock). A scheduled one without a
 * time to come is refused here, at its field, as the server would refuse a bad one.
 */
export function translationInput(
  fields: readonly string[],
  values: Record<string, string>,
  now = Date.now(),
): { input: TranslationInput } | { field: 'publishAt'; msg: string } {
  const text = Object.fromEntries(fields.map((field) => [field, values[field]]));
  if (values.status !== 'scheduled') return { input: { ...text, status: values.status, publishAt: null } };
  const publishAt = zonedInputToIso(values.publishAt);
  if (!publishAt) return { field: 'publishAt', msg: 'Choose the date and time to publish at.' };
  if (new Date(publishAt).getTime() <= now) return { field: 'publishAt', msg: 'Choose a time in the future.' };
  return { input: { ...text, status: 'published', publishAt } };
}
