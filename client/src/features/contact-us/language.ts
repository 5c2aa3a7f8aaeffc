import type { ContactMessage, SiteLanguage } from './api/contact-us';

/**
 * The name of the language a message was written from, as the inbox shows it: only on a site of
 * more than one language (with one, every message is in it), and null for one whose language is
 * not known (sent through the API, or before the site had languages). A code the site no longer
 * has is shown as it is.
 */
export function messageLanguage(
  message: Pick<ContactMessage, 'lang'>,
  languages: readonly Pick<SiteLanguage, 'code' | 'name'>[] | undefined,
): string | null {
  if (!languages || languages.length < 2 || message.lang === null) return null;
  const code = message.lang.toLowerCase();
  return languages.find((language) => language.code.toLowerCase() === code)?.name ?? message.lang;
}
