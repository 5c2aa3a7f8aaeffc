import { describe, expect, it } from 'vitest';
import { catalogOf, checkLanguages, fieldKey, makeDefault, newLanguage, wordsNote, type LanguageRow } from './languages';

const EN: LanguageRow = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true };
const DE: LanguageRow = { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: false, default: false };
const AR: LanguageRow = { code: 'ar', name: 'العربية', dir: 'rtl', enabled: true, default: false };

describe('languages', () => {
  it('names the shipped catalog by primary subtag, and none for other languages', () => {
    expect(catalogOf('de-AT')).toBe('German');
    expect(catalogOf('NL')).toBe('Dutch');
    expect(catalogOf('ar')).toBeNull();
    expect(wordsNote('fr-CA')).toBe('The site’s fixed words (menus, buttons) are shipped in French.');
    expect(wordsNote('ar')).toBe('No shipped catalog: the site’s fixed words (menus, buttons) fall back to English.');
    expect(wordsNote(' ')).toBe('');
  });

  it('makes a language the default: enabled, first, the others no default', () => {
    expect(makeDefault([EN, AR, DE], 2)).toEqual([{ ...DE, default: true, enabled: true }, { ...EN, default: false }, AR]);
    expect(makeDefault([EN, DE], 5)).toEqual([EN, DE]);
  });

  it('checks codes and names, keyed as the server keys them', () => {
    expect(checkLanguages([EN, DE])).toEqual({});
    expect(checkLanguages([EN, { ...DE, code: 'EN' }, newLanguage()])).toEqual({
      'languages.1.code': 'Another language already has this code',
      'languages.2.code': 'Enter the language’s code, such as de or fr-CA',
      'languages.2.name': 'Enter the language’s name, such as Deutsch',
    });
    expect(checkLanguages(Array.from({ length: 7 }, (_, i) => ({ ...DE, code: `a${'bcdefgh'[i]}` }))).languages).toBe(
      'The default language and at most 5 more',
    );
  });

  it('reads the server’s field keys in either notation', () => {
    expect(fieldKey('languages[1].code')).toBe('languages.1.code');
    expect(fieldKey('languages.1.code')).toBe('languages.1.code');
  });
});
