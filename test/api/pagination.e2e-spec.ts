import { describe, expect, it } from 'vitest';
import { PagePipe, pageWindow } from '../../server/common/pagination';

describe('pageWindow', () => {
  it.each([
    ['the only page', 1, 0, 0, [1]],
    ['the first of three', 1, 0, 2, [1, 2, 3]],
    ['the first of many', 1, 0, 6, [1, 2, 3, 4, 5, 6, 7]],
    ['the second of many', 2, 1, 6, [1, 2, 3, 4, 5, 6, 7]],
    ['the fourth of many', 4, 3, 6, [1, 2, 3, 4, 5, 6, 7]],
    ['a middle page', 50, 49, 6, [47, 48, 49, 50, 51, 52, 53]],
    ['the one before the last', 99, 98, 1, [94, 95, 96, 97, 98, 99, 100]],
    ['the last of many', 100, 99, 0, [94, 95, 96, 97, 98, 99, 100]],
    ['the last of three', 3, 2, 0, [1, 2, 3]],
    ['the middle of five', 3, 2, 2, [1, 2, 3, 4, 5]],
  ])('on %s (page %i, %i before, %i after) is %j', (_case, page, before, after, expected) => {
    expect(pageWindow(page, before, after)).toEqual(expected);
  });

  it('always holds the page, in order, at most 7 numbers, none below 1 or past the last', () => {
    for (let before = 0; before <= 10; before++) {
      for (let after = 0; after <= 6; after++) {
        const page = before + 1;
        const window = pageWindow(page, before, after);
        expect(window).toContain(page);
        expect(window.length).toBe(Math.min(7, before + after + 1));
        expect(window[0]).toBeGreaterThanOrEqual(1);
        expect(window[window.length - 1]).toBeLessThanOrEqual(page + after);
        expect(window.every((n, i) => i === 0 || n === window[i - 1] + 1)).toBe(true);
      }
    }
  });
});

describe('PagePipe', () => {
  const pipe = new PagePipe();

  it('reads a missing page as 1', () => {
    expect(pipe.transform(undefined)).toBe(1);
  });

  // The raw string arrives when the parameter is not declared a number; a number when it is (the
  // global ValidationPipe converts it first).
  it.each([
    ['1', 1],
    ['42', 42],
    ['100000', 100000],
    [1, 1],
    [100000, 100000],
  ])('accepts %j as page %i', (value, page) => {
    expect(pipe.transform(value)).toBe(page);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '100001', '1000000', ['1', '2'], 0, -1, 1.5, NaN, 100001, Infinity, null, {}])(
    'refuses %j with a 400 keyed page',
    (value) => {
      expect(() => pipe.transform(value)).toThrow(expect.objectContaining({ status: 400, response: { error: { page: { msg: 'Page must be a whole number from 1 to 100000' } } } }));
    },
  );
});
