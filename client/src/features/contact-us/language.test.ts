import { describe, expect, it } from 'vitest';
import { messageLanguage } from './language';

const ENGLISH = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true } as const;
const GERMAN = { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false } as const;

describe('messageLanguage', () => {
  it("names the message's language on a site of several", () => {
    expect(messageLanguage({ lang: 'de' }, [ENGLISH, GERMAN])).toBe('Deutsch');
    expect(messageLanguage({ lang: 'EN' }, [ENGLISH, GERMAN])).toBe('English');
  });

  it('says nothing on a site of one language, before the languages are read, or when it is not known', () => {
    expect(messageLanguage({ lang: 'en' }, [ENGLISH])).toBeNull();
    expect(messageLanguage({ lang: 'de' }, undefined)).toBeNull();
    expect(messageLanguage({ lang: null }, [ENGLISH, GERMAN])).toBeNull();
  });

  it('shows the code of a language the site no longer has', () => {
    expect(messageLanguage({ lang: 'fr' }, [ENGLISH, GERMAN])).toBe('fr');
  });
});
