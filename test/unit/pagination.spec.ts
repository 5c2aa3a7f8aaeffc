// The server's paging (server/common/pagination.ts): the window of page numbers, the links, `?page=`.
import { describe, expect, it } from 'vitest';
import { boundedCountOf, containsPattern, COUNT_CAP, NO_LINKS, PagePipe, pageWindow, paginateSql } from '../../server/common/pagination';

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
      expect(() => pipe.transform(value)).toThrow(
        expect.objectContaining({ status: 400, response: { error: { page: { msg: 'Page must be a whole number from 1 to 100000' } } } }),
      );
    },
  );
});

/**
 * paginateSql on an in-memory list of `total` rows: the runner answers the slice the SQL names
 * (its LIMIT and OFFSET are the last two parameters here), or that slice's count when wrapped.
 */
function pagesOf(total: number, page: number, pageSize = 10) {
  const rows = Array.from({ length: total }, (_, i) => ({ n: i + 1 }));
  const queries: string[] = [];
  const runner = {
    query(sql: string, parameters: unknown[]) {
      queries.push(sql);
      const [offset, limit] = parameters.slice(-2) as number[];
      const slice = rows.slice(offset, offset + limit);
      return Promise.resolve(sql.startsWith('SELECT count(*)') ? [{ n: slice.length }] : slice);
    },
  };
  const query = ({ offset, limit }: { offset: number; limit: number }): [string, unknown[]] => [
    'SELECT n FROM t ORDER BY n OFFSET $1 LIMIT $2',
    [offset, limit],
  ];
  return { result: paginateSql<{ n: number }>(runner, query, page, pageSize), queries };
}
const numbers = (links: { loopLink: { number: number }[] }) => links.loopLink.map((link) => link.number);

describe('paginateSql', () => {
  it('reads the first page and looks ahead at most six pages, marking page 1', async () => {
    const { result, queries } = pagesOf(1000, 1);
    const { data, links, meta } = await result;
    expect(data.map((row) => row.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(meta).toEqual({ page: 1, pageSize: 10 });
    expect(links.previousPage).toBeNull();
    expect(links.nextPage).toBe(2);
    expect(numbers(links)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(links.loopLink[0]).toEqual({ number: 1, active: true });
    // The rows, then one bounded count: never a count of the whole list.
    expect(queries).toHaveLength(2);
  });

  it('links the last page back and not forward, without counting when the page is short', async () => {
    const { result, queries } = pagesOf(45, 5);
    const { data, links } = await result;
    expect(data).toHaveLength(5);
    expect(links).toMatchObject({ previousPage: 4, nextPage: null });
    expect(numbers(links)).toEqual([1, 2, 3, 4, 5]);
    expect(queries).toHaveLength(1);
  });

  it('answers a page past the end with no rows and a way back to the last page', async () => {
    const { data, links } = await pagesOf(45, 9).result;
    expect(data).toEqual([]);
    expect(links).toEqual({ previousPage: 5, nextPage: null, loopLink: [1, 2, 3, 4, 5].map((number) => ({ number })) });
  });

  it('gives an empty list no links at all, on page 1 and past it', async () => {
    expect((await pagesOf(0, 1).result).links).toEqual(NO_LINKS);
    expect((await pagesOf(0, 4).result).links).toEqual(NO_LINKS);
  });

  it('has no next page when the last page is exactly full', async () => {
    const { links } = await pagesOf(30, 3).result;
    expect(links).toMatchObject({ previousPage: 2, nextPage: null });
  });
});

describe('containsPattern', () => {
  it('matches the text anywhere', () => {
    expect(containsPattern('ada')).toBe('%ada%');
  });

  it('escapes %, _ and the escape character itself', () => {
    expect(containsPattern('50%_off\\now')).toBe('%50\\%\\_off\\\\now%');
  });
});

describe('boundedCountOf', () => {
  it('reports counts up to the cap as they are', () => {
    expect(boundedCountOf(0)).toEqual({ count: 0, orMore: false });
    expect(boundedCountOf(COUNT_CAP)).toEqual({ count: COUNT_CAP, orMore: false });
  });

  it('reports one past the cap as the cap "or more"', () => {
    expect(boundedCountOf(COUNT_CAP + 1)).toEqual({ count: COUNT_CAP, orMore: true });
  });
});
