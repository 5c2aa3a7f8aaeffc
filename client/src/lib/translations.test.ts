import { describe, expect, it } from 'vitest';
import { siteLanguagesOf, translationChips, translationInput, translationValues, type Language, type Translation } from './translations';

const language = (code: string, name: string, extra: Partial<Language> = {}): Language => ({
  code,
  name,
  dir: 'ltr',
  enabled: true,
  default: false,
  fallback: false,
  ...extra,
});
const EN = language('en', 'English', { default: true });
const DE = language('de', 'Deutsch');
const FR = language('fr', 'Français');
const NL = language('nl', 'Nederlands');

const translation = (fields: Partial<Translation>): Translation => ({
  lang: 'de',
  status: 'published',
  publishAt: null,
  outdated: false,
  version: 1,
  hasDraft: false,
  ...fields,
});

describe('siteLanguagesOf', () => {
  it('is null with one enabled language: no switcher, chips or filter', () => {
    expect(siteLanguagesOf([EN])).toBeNull();
    expect(siteLanguagesOf([EN, { ...DE, enabled: false }])).toBeNull();
  });

  it('names the default and the other enabled languages, in their order', () => {
    expect(siteLanguagesOf([EN, FR, { ...NL, enabled: false }, DE])).toEqual({ default: EN, others: [FR, DE] });
  });
});

describe('translationChips', () => {
  it("says per enabled language whether it is translated, a draft, outdated or missing, in the site's order", () => {
    const languages = { default: EN, others: [DE, FR, NL, language('es', 'Español')] };
    const chips = translationChips(
      [
        { lang: 'fr', status: 'draft', outdated: false },
        { lang: 'de', status: 'published', outdated: false },
        { lang: 'nl', status: 'draft', outdated: true },
        { lang: 'it', status: 'published', outdated: false },
      ],
      languages,
    );
    expect(chips).toEqual([
      { code: 'de', name: 'Deutsch', state: 'done' },
      { code: 'fr', name: 'Français', state: 'draft' },
      { code: 'nl', name: 'Nederlands', state: 'outdated' },
      { code: 'es', name: 'Español', state: 'missing' },
    ]);
  });
});

describe('translationValues and translationInput', () => {
  const fields = ['title', 'slug', 'photoAlt'];
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('starts a new translation empty, as a draft', () => {
    expect(translationValues(fields, null)).toEqual({ title: '', slug: '', photoAlt: '', status: 'draft', publishAt: '' });
  });

  it('reads a published translation with a time to come as scheduled, on the site clock', () => {
    const values = translationValues(fields, translation({ title: 'Zeiten', photoAlt: null, publishAt: '2026-12-01T09:30:00.000Z' }), now);
    expect(values).toEqual({ title: 'Zeiten', slug: '', photoAlt: '', status: 'scheduled', publishAt: '2026-12-01T09:30' });
    expect(translationValues(fields, translation({ publishAt: '2026-11-01T09:30:00.000Z' }), now).status).toBe('published');
  });

  it('sends scheduled as published with its time, and a draft or published one without a time', () => {
    const text = { title: 'Zeiten', slug: 'zeiten', photoAlt: '' };
    expect(translationInput(fields, { ...text, status: 'scheduled', publishAt: '2026-12-01T09:30' }, now)).toEqual({
      input: { ...text, status: 'published', publishAt: '2026-12-01T09:30:00.000Z' },
    });
    expect(translationInput(fields, { ...text, status: 'draft', publishAt: '2026-12-01T09:30' }, now)).toEqual({
      input: { ...text, status: 'draft', publishAt: null },
    });
  });

  it('refuses a schedule without a time, or one in the past, at publishAt', () => {
    const text = { title: 'Zeiten', slug: '', photoAlt: '' };
    expect(translationInput(fields, { ...text, status: 'scheduled', publishAt: '' }, now)).toEqual({
      field: 'publishAt',
      msg: 'Choose the date and time to publish at.',
    });
    expect(translationInput(fields, { ...text, status: 'scheduled', publishAt: '2026-11-01T09:30' }, now)).toEqual({
      field: 'publishAt',
      msg: 'Choose a time in the future.',
    });
  });
});
