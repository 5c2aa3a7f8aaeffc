import { describe, expect, it } from 'vitest';
import { QUOTE_MAX, replyHref } from './reply';

/** The link's parts as a mail program decodes them. */
function parts(href: string) {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get('subject'), body: url.searchParams.get('body') ?? '' };
}

describe('replyHref', () => {
  it('writes to the visitor, names the company in the subject and quotes each line', () => {
    const href = replyHref({ name: 'Ana', email: 'ana+web@example.com', msg: 'Hi & hello?\nLine two = 2\r\nLast' }, 'Acme & Sons');
    expect(href).toMatch(/^mailto:ana%2Bweb@example\.com\?subject=/);
    expect(href).not.toMatch(/\s/);
    expect(parts(href)).toEqual({
      to: 'ana+web@example.com',
      subject: 'Re: Your message to Acme & Sons',
      body: '\r\n\r\nAna wrote:\r\n> Hi & hello?\r\n> Line two = 2\r\n> Last',
    });
  });

  it('says "Your message" when the company has no name yet', () => {
    expect(parts(replyHref({ name: 'Ana', email: 'a@example.com', msg: 'Hi' }, '  ')).subject).toBe('Re: Your message');
  });

  it(`quotes at most ${QUOTE_MAX} characters of a long message, ending with …`, () => {
    const body = parts(replyHref({ name: 'Ana', email: 'a@example.com', msg: '😀'.repeat(5000) }, 'Acme')).body;
    const quoted = body.slice(body.indexOf('> ') + 2);
    expect(Array.from(quoted)).toHaveLength(QUOTE_MAX);
    expect(quoted.endsWith('😀…')).toBe(true);
  });
});
