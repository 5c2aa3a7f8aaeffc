// The client's paging rules (client/src/lib/pages.ts): the bar, the current page and `?page`.
import { describe, expect, it } from 'vitest';
import { currentPage, hasPages, pageOf, withPage } from '../../client/src/lib/pages';

const none = { previousPage: null, nextPage: null, loopLink: [] };

describe('withPage', () => {
  it('sets the page and keeps the other parameters, leaving the original alone', () => {
    const params = new URLSearchParams('name=ann&page=2');
    expect(withPage(params, 4).toString()).toBe('name=ann&page=4');
    expect(params.toString()).toBe('name=ann&page=2');
  });

  it('leaves page 1 (and anything below) out of the query', () => {
    expect(withPage(new URLSearchParams('page=3&title=x'), 1).toString()).toBe('title=x');
    expect(withPage(new URLSearchParams('page=3'), 0).toString()).toBe('');
  });
});

describe('pageOf', () => {
  it('reads a whole number from 1', () => {
    expect(pageOf('1')).toBe(1);
    expect(pageOf('42')).toBe(42);
  });

  it('takes page 1 for a missing, empty, zero, negative, fractional or non-numeric value', () => {
    for (const raw of [null, '', '0', '-3', '2.5', 'abc', 'Infinity']) expect(pageOf(raw)).toBe(1);
  });
});

describe('hasPages', () => {
  it('shows no bar for a single page or none', () => {
    expect(hasPages(none)).toBe(false);
    expect(hasPages({ ...none, loopLink: [{ number: 1, active: true }] })).toBe(false);
  });

  it('shows the bar for two numbers, or a step either way', () => {
    expect(hasPages({ ...none, loopLink: [{ number: 1, active: true }, { number: 2 }] })).toBe(true);
    // Past the end: the server names the last page to step back to, and no number is active.
    expect(hasPages({ previousPage: 3, nextPage: null, loopLink: [{ number: 3 }] })).toBe(true);
    expect(hasPages({ ...none, nextPage: 2 })).toBe(true);
  });
});

describe('currentPage', () => {
  it('is the number the server marks active, or none past the end', () => {
    expect(currentPage({ ...none, loopLink: [{ number: 1 }, { number: 2, active: true }] })).toBe(2);
    expect(currentPage({ ...none, loopLink: [{ number: 1 }, { number: 2 }] })).toBeUndefined();
  });
});
