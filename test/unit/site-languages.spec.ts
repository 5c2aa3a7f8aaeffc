import { describe, expect, it } from 'vitest';
import { contactMessageMail } from '../../server/contact-us/contact-message-mail';
import { canonicalCode } from '../../server/settings/dto/languages.dto';
import { addressIn, languageOfPath, ogLocale, wordsFor } from '../../server/site/site-languages';
import { localPath, wordsFallBack } from '../../server/site/site-paths';
import { en } from '../../server/site/words';

const language = (code: string, extra: Partial<{ default: boolean; enabled: boolean }> = {}) => ({
  code,
  name: code,
  dir: 'ltr' as const,
  enabled: true,
  default: false,
  ...extra,
});

describe('site languages (issue #41)', () => {
  it("writes a shipped language's pages in its words, another in English, each with its own code and dates", () => {
    expect(wordsFor('en')).toBe(en);
    expect(wordsFor('de').nav.news).toBe('Neuigkeiten');
    expect(wordsFor('de-AT')).toMatchObject({ lang: 'de-AT', dateLocale: 'de-AT' });
    expect(wordsFor('de-AT').nav.news).toBe('Neuigkeiten');
    expect(wordsFor('ar')).toMatchObject({ lang: 'ar', dateLocale: 'ar' });
    expect(wordsFor('ar').nav.news).toBe('News');
    expect(wordsFallBack('ar')).toBe(true);
    expect(['en', 'de', 'fr', 'es', 'nl', 'nl-BE'].map(wordsFallBack)).toEqual([false, false, false, false, false, false]);
  });

  it('takes BCP 47 codes of a language, a script and a region, in their canonical form', () => {
    expect(['de', 'DE-at', 'zh-hant-tw', 'es-419', 'fil'].map(canonicalCode)).toEqual(['de', 'de-AT', 'zh-Hant-TW', 'es-419', 'fil']);
    expect(['', 'german!', 'contact', 'x-private', 'en-US-u-ca-buddhist', 'de_DE'].map(canonicalCode)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("finds a path's language by its prefix: an enabled language other than the default", () => {
    const languages = [language('en', { default: true }), language('de'), language('fr', { enabled: false })];
    expect(languageOfPath('/de/news/x', languages)).toEqual({ language: languages[1], rest: '/news/x' });
    expect(languageOfPath('/de', languages)).toEqual({ language: languages[1], rest: '/' });
    expect(languageOfPath('/de/', languages)).toEqual({ language: languages[1], rest: '/' });
    for (const path of ['/fr/news', '/en/news', '/news', '/deutsch', '/'])
      expect(languageOfPath(path, languages).language, path).toBeNull();
    expect(localPath('de', '/')).toBe('/de/');
    expect(localPath('de', '/news?page=2')).toBe('/de/news?page=2');
    expect(localPath(null, '/news')).toBe('/news');
  });

  it('shows an address in its prefix’s language, and a path that would leave the site in the default', () => {
    const languages = [language('en', { default: true }), language('de')];
    expect(addressIn('/de/news/x', languages)).toEqual({ language: languages[1], rest: '/news/x', prefixed: true });
    expect(addressIn('/news/x', languages)).toEqual({ language: languages[0], rest: '/news/x', prefixed: false });
    expect(addressIn('/de/api/news', languages)).toEqual({ language: languages[0], rest: '/de/api/news', prefixed: false });
  });

  it("writes Open Graph's locales with a territory", () => {
    expect(['en', 'de', 'fr', 'pt-BR', 'ar'].map(ogLocale)).toEqual(['en_US', 'de_DE', 'fr_FR', 'pt_BR', 'ar_EG']);
  });

  it("names the language a message was written from in the administrators' mail, on a site of several", () => {
    const message = { name: 'Vera', email: 'vera@example.org', phno: '', msg: 'Bonjour' };
    const link = 'https://site.test/admin/adminContactUs?view=1';
    expect(contactMessageMail(message, link, { code: 'fr', name: 'Français', mentioned: true }).text).toContain(
      'Written from the Français (fr) pages of the website.',
    );
    expect(contactMessageMail(message, link, { code: 'en', name: 'English', mentioned: false })).toEqual(contactMessageMail(message, link));
  });
});
