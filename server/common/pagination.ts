import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';

/** Page numbers shown around the current one. */
const WINDOW = 7;

export interface PageLinks {
  previousPage: number | null;
  nextPage: number | null;
  loopLink: { number: number; active?: true }[];
}

export interface Paged<T> {
  data: T[];
  links: PageLinks;
  meta: { page: number; pageSize: number };
}

/** Links for a list with no paging (a search result). */
export const NO_LINKS: PageLinks = { previousPage: null, nextPage: null, loopLink: [] };

/**
 * Numbers around `page`: up to 3 on each side, the spare room given to the side that has pages,
 * never more than WINDOW in all.
 */
export function pageWindow(page: number, pagesBefore: number, pagesAfter: number): number[] {
  const room = WINDOW - 1;
  let before = Math.min(pagesBefore, room / 2);
  let after = Math.min(pagesAfter, room / 2);
  after += Math.min(room - before - after, pagesAfter - after);
  before += Math.min(room - before - after, pagesBefore - before);
  return Array.from({ length: before + after + 1 }, (_, i) => page - before + i);
}

function links(page: number, pages: number[], lastPage: number): PageLinks {
  return {
    previousPage: page > 1 ? Math.min(page - 1, lastPage) : null,
    nextPage: page < lastPage ? page + 1 : null,
    loopLink: pages.map((number) => (number === page ? { number, active: true as const } : { number })),
  };
}

/** Where a page's rows come from: `rows` reads a slice in the list's order, `count` counts one (bounded). */
interface PageSource<T> {
  rows(offset: number, limit: number): Promise<T[]>;
  count(offset: number, limit: number): Promise<number>;
}

/**
 * One page of an ordered query, and links computed without counting the whole table: a bounded
 * look-ahead (at most WINDOW - 1 pages of rows past this page, read from the order's index) says
 * which following pages exist. The query must already carry its ORDER BY, backed by an index, and
 * select one entity without joins (LIMIT and OFFSET then count rows, not joined rows).
 */
export function paginate<T extends ObjectLiteral>(ordered: SelectQueryBuilder<T>, page: number, pageSize: number): Promise<Paged<T>> {
  return paginateSource<T>(
    {
      rows: (offset, limit) => ordered.clone().offset(offset).limit(limit).getMany(),
      async count(offset, limit) {
        // The builder's own SQL for the slice, counted: a second builder around it costs more than the count.
        const [sql, parameters] = ordered.clone().select('1').offset(offset).limit(limit).getQueryAndParameters();
        const rows: { n: number }[] = await ordered.connection.query(`SELECT count(*)::int AS n FROM (${sql}) AS look_ahead`, parameters);
        return rows[0].n;
      },
    },
    page,
    pageSize,
  );
}

/**
 * paginate() for a query TypeORM's builder cannot express (e.g. a UNION ALL). `query` writes the
 * SQL for a slice (`limit` rows after `offset`, in the list's order) and its parameters, so it can
 * bound each part of a union by offset + limit too; rows come back as the database names them.
 */
export function paginateSql<T extends ObjectLiteral>(
  runner: { query(sql: string, parameters: unknown[]): Promise<unknown> },
  query: (slice: { offset: number; limit: number }) => [string, unknown[]],
  page: number,
  pageSize: number,
): Promise<Paged<T>> {
  return paginateSource<T>(
    {
      rows: async (offset, limit) => {
        const [sql, parameters] = query({ offset, limit });
        return (await runner.query(sql, parameters)) as T[];
      },
      count: async (offset, limit) => {
        const [sql, parameters] = query({ offset, limit });
        const rows = (await runner.query(`SELECT count(*)::int AS n FROM (${sql}) AS look_ahead`, parameters)) as { n: number }[];
        return rows[0].n;
      },
    },
    page,
    pageSize,
  );
}

async function paginateSource<T>(source: PageSource<T>, page: number, pageSize: number): Promise<Paged<T>> {
  const data = await source.rows((page - 1) * pageSize, pageSize);
  const meta = { page, pageSize };

  if (data.length === 0) {
    if (page === 1) return { data, links: { ...NO_LINKS }, meta };
    // Past the end: the rows before this page are bounded by it, so counting them is too.
    const total = await source.count(0, (page - 1) * pageSize);
    const lastPage = Math.ceil(total / pageSize);
    if (lastPage === 0) return { data, links: { ...NO_LINKS }, meta };
    const pages = pageWindow(lastPage, lastPage - 1, 0);
    return {
      data,
      links: { previousPage: lastPage, nextPage: null, loopLink: pages.map((number) => ({ number })) },
      meta,
    };
  }

  const rowsAfter = data.length < pageSize ? 0 : await source.count(page * pageSize, (WINDOW - 1) * pageSize);
  const pagesAfter = Math.ceil(rowsAfter / pageSize);
  const lastKnown = page + pagesAfter;
  return { data, links: links(page, pageWindow(page, page - 1, pagesAfter), lastKnown), meta };
}

/**
 * `text` as an ILIKE pattern (used with `ESCAPE '\'`) that matches it anywhere, with `%`, `_` and
 * `\` matching themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Counts above this are shown as "1,000+". */
export const COUNT_CAP = 1000;

/** A count that stops at COUNT_CAP: `orMore` says there are more than `count`. */
export interface BoundedCount {
  count: number;
  orMore: boolean;
}

/** Reads a bounded count's raw number of rows (at most COUNT_CAP + 1). */
export function boundedCountOf(rows: number): BoundedCount {
  return { count: Math.min(rows, COUNT_CAP), orMore: rows > COUNT_CAP };
}

/**
 * The rows of a query, counted only up to COUNT_CAP + 1: a full count(*) reads every row (120–180 ms
 * on a million), while this stops after 1,001 entries of the index that serves the query's WHERE.
 */
export async function boundedCount(qb: SelectQueryBuilder<ObjectLiteral>): Promise<BoundedCount> {
  const [sql, parameters] = qb
    .select('1')
    .orderBy()
    .limit(COUNT_CAP + 1)
    .getQueryAndParameters();
  const rows: { n: number }[] = await qb.connection.query(`SELECT count(*)::int AS n FROM (${sql}) AS bounded`, parameters);
  return boundedCountOf(rows[0].n);
}

export const MAX_PAGE = 100_000;

/** `?page=` as a whole number from 1 to 100,000, default 1; anything else is a 400 keyed `page`. */
@Injectable()
export class PagePipe implements PipeTransform<unknown, number> {
  transform(value: unknown): number {
    if (value === undefined) return 1;
    // Declared `page: number`, the value reaches this pipe already converted by the global
    // ValidationPipe (`transform: true` applies `+value`: '' → 0, 'abc' → NaN, ['1', '2'] → NaN);
    // declared otherwise, it arrives as the raw string. Both are judged alike.
    const page = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(page) && page >= 1 && page <= MAX_PAGE) return page;
    throw invalidPage();
  }
}

/** The 400 for a `?page=` that is not one whole number from 1 to MAX_PAGE. */
export function invalidPage(): ApiError {
  return ApiError.field('page', `Page must be a whole number from 1 to ${MAX_PAGE}`, HttpStatus.BAD_REQUEST);
}
