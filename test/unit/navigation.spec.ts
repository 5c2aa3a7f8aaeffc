import { describe, expect, it } from 'vitest';
import { publicPaths } from '../../server/content/content-kinds';
import { isHttpsUrl } from '../../server/settings/dto/navigation.dto';

// Issue #37: a menu item's address is https:// only.
describe('isHttpsUrl', () => {
  it.each(['https://example.com', 'https://jobs.example.com/openings?team=all#top', 'HTTPS://EXAMPLE.COM/x', 'https://example.com:8443/'])(
    'takes %s',
    (url) => expect(isHttpsUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'http://example.com',
    'ftp://example.com',
    'data:text/html,hi',
    '//example.com',
    '/about-us',
    'https://',
    'https:example.com',
    'https://exa mple.com',
    ' https://example.com',
    'https://user:secret@example.com',
    '',
  ])('refuses %j', (url) => expect(isHttpsUrl(url)).toBe(false));

  it('refuses what is not text', () => {
    expect(isHttpsUrl(undefined)).toBe(false);
    expect(isHttpsUrl(42)).toBe(false);
  });
});

describe("a page's public paths", () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const page = { slug: 'about-us', status: 'published', publishAt: null };

  it('are its address, the sitemap and every page (the menus) while a visitor may see it', () => {
    expect(publicPaths('pages', page, now)).toEqual(['/about-us', '/sitemap.xml', '/*']);
  });

  it('are none for a draft, a page not yet due, or one in the trash', () => {
    expect(publicPaths('pages', { ...page, status: 'draft' }, now)).toEqual([]);
    expect(publicPaths('pages', { ...page, publishAt: '2026-01-02T00:00:00Z' }, now)).toEqual([]);
    expect(publicPaths('pages', { ...page, deletedAt: now }, now)).toEqual([]);
  });
});
