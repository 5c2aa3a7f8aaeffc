import { ApiError } from '../common/api-error';
import { ApiTextQuery } from '../common/api-docs';
import { NEEDS_TRANSLATION_ANY } from './translations.service';

/** The admin lists' `?needsTranslation=` (issue #41), documented once for every translatable kind. */
export const ApiNeedsTranslationQuery = () =>
  ApiTextQuery(
    'needsTranslation',
    `Only the items that need translating: with no translation, or an outdated one, into this language (its code), or into any enabled language other than the default (\`${NEEDS_TRANSLATION_ANY}\`). A language the site has not enabled is a 400 on needsTranslation`,
  );

/** The query's `needsTranslation`: a language's code or `any`, null when left out or empty; else the 400. */
export function needsTranslationOf(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length > 35) {
    throw ApiError.field('needsTranslation', 'Needs translation must be any or an enabled language other than the default');
  }
  return value.trim() === '' ? null : value.trim();
}
