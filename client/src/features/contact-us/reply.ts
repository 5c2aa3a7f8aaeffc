import type { ContactMessage } from './api/contact-us';

/**
 * How much of the message a reply quotes. Mail programs and browsers cut or refuse long `mailto:`
 * addresses (some at 2,000 characters, encoded); the quote is the part that may be long.
 */
export const QUOTE_MAX = 1800;

/** `text` cut to `max` characters (whole code points), ending with "…" when it was cut. */
function capped(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * A `mailto:` link that opens the office's mail program with a reply: to the visitor, subject
 * "Re: Your message to <company>" (the form has no subject of its own), and the message quoted
 * below an empty first line, each line starting with "> ". Every part is percent-encoded, line
 * ends as CRLF, as RFC 6068 asks.
 */
export function replyHref(message: Pick<ContactMessage, 'name' | 'email' | 'msg'>, company: string | undefined): string {
  const subject = `Re: ${company?.trim() ? `Your message to ${company.trim()}` : 'Your message'}`;
  const quoted = capped(message.msg, QUOTE_MAX)
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join('\r\n');
  const body = `\r\n\r\n${message.name} wrote:\r\n${quoted}`;
  // The address's @ stays as it is: some mail programs do not decode it in the address part.
  const to = encodeURIComponent(message.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
