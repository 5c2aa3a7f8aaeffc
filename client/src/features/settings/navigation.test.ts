import { describe, expect, it } from 'vitest';
import {
  checkMenus,
  checkUrl,
  HEADER_LIMIT,
  LEFT_OUT,
  leftOut,
  moveItem,
  normalizeFieldKey,
  targetChoice,
  targetOf,
  type NavItem,
} from './navigation';

const NOW = Date.parse('2026-06-01T12:00:00Z');

describe('moveItem', () => {
  it('moves an item up and down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('moves an item dropped further away to that place', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 3)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('keeps the order when the first moves up or the last moves down', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('does not change the list it was given', () => {
    const list = ['a', 'b'];
    moveItem(list, 0, 1);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('checkUrl', () => {
  it('accepts an https address', () => {
    expect(checkUrl('https://example.com/jobs?x=1')).toBeNull();
  });

  it('refuses http, javascript and other schemes', () => {
    expect(checkUrl('http://example.com')).toBe('Only https:// addresses can be linked');
    expect(checkUrl('javascript:alert(1)')).toBe('Only https:// addresses can be linked');
    expect(checkUrl('mailto:a@example.com')).toBe('Only https:// addresses can be linked');
  });

  it('refuses an empty or partial address', () => {
    expect(checkUrl('')).toBe('Enter the address, starting with https://');
    expect(checkUrl('https://')).toBe('Enter a whole address, such as https://example.com');
    expect(checkUrl('example.com')).toBe('Enter a whole address, such as https://example.com');
  });
});

describe('checkMenus', () => {
  const home: NavItem = { label: 'Home', target: { kind: 'home' } };

  it('finds nothing wrong with sound menus', () => {
    expect(checkMenus({ header: [home], footer: [{ label: 'Jobs', target: { kind: 'url', url: 'https://jobs.example.com' } }] })).toEqual(
      {},
    );
  });

  it('names each problem by menu, place and field', () => {
    expect(
      checkMenus({
        header: [home, { label: ' ', target: { kind: 'home' } }],
        footer: [{ label: 'Old', target: { kind: 'url', url: 'http://old.example.com' } }],
      }),
    ).toEqual({ 'header.1.label': 'Enter the text the link shows', 'footer.0.target.url': 'Only https:// addresses can be linked' });
  });

  it('refuses more header items than the limit', () => {
    const header = Array.from({ length: HEADER_LIMIT + 1 }, () => home);
    expect(checkMenus({ header, footer: [] })).toEqual({ header: `The header holds at most ${HEADER_LIMIT} links` });
  });
});

describe('targets', () => {
  it('turns a target into the select value and back', () => {
    expect(targetChoice({ kind: 'page', id: 'p1' })).toBe('page:p1');
    expect(targetOf('page:p1', { kind: 'home' })).toEqual({ kind: 'page', id: 'p1' });
    expect(targetOf('news', { kind: 'home' })).toEqual({ kind: 'news' });
  });

  it('starts an address with https:// and keeps one typed before', () => {
    expect(targetOf('url', { kind: 'home' })).toEqual({ kind: 'url', url: 'https://' });
    expect(targetOf('url', { kind: 'url', url: 'https://a.example' })).toEqual({ kind: 'url', url: 'https://a.example' });
  });

  it('reads the server field keys either way', () => {
    expect(normalizeFieldKey('header[2].target.url')).toBe('header.2.target.url');
    expect(normalizeFieldKey('footer.0.label')).toBe('footer.0.label');
  });
});

describe('leftOut', () => {
  const pages = [
    { id: 'live', title: 'About us', status: 'published' as const, publishAt: null },
    { id: 'draft', title: 'Careers', status: 'draft' as const, publishAt: null },
    { id: 'later', title: 'Team', status: 'published' as const, publishAt: '2026-07-01T00:00:00Z' },
  ];

  it('shows a published page and the site screens', () => {
    expect(leftOut({ kind: 'page', id: 'live' }, pages, NOW)).toBeNull();
    expect(leftOut({ kind: 'contact' }, pages, NOW)).toBeNull();
  });

  it('flags a draft, a scheduled and a trashed page', () => {
    expect(leftOut({ kind: 'page', id: 'draft' }, pages, NOW)).toBe(LEFT_OUT);
    expect(leftOut({ kind: 'page', id: 'later' }, pages, NOW)).toBe(LEFT_OUT);
    expect(leftOut({ kind: 'page', id: 'trashed' }, pages, NOW)).toBe(LEFT_OUT);
  });
});
