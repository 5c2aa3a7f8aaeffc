/**
 * Text that goes into a mail header (a subject, a name): control characters (CR, LF, tab, NUL…)
 * and the Unicode line separators become spaces, so visitor input can never start a header of its
 * own, and it is cut to `max` characters. nodemailer then encodes anything outside ASCII
 * (RFC 2047) and folds long lines.
 */
export function headerText(value: string, max = 150): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The site's name in mails: the company name from the settings, else a plain word. */
export function siteName(companyName: string | undefined): string {
  return headerText(companyName?.trim() || 'the website', 80);
}

/** A mail's subject and plain-text body, as a feature writes it for the outbox. */
export interface MailContent {
  subject: string;
  text: string;
}
