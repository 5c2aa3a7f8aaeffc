import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { selectPlain } from './plain-rows';

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

/**
 * An ordered query turned into SQL once: a page's rows and the look-ahead count only append LIMIT
 * and OFFSET to it. A service whose query never changes builds it once (see NewsService).
 */
export interface PageQuery {
  rowsSql: string;
  countSql: string;
  parameters: unknown[];
  connection: DataSource;
}

export function pageQuery(qb: SelectQueryBuilder<ObjectLiteral>): PageQuery {
  const [rowsSql, parameters] = selectPlain(qb).getQueryAndParameters();
  const [countSql] = qb.clone().select('1').getQueryAndParameters();
  return { rowsSql, countSql, parameters, connection: qb.connection };
}

/** Whole numbers computed here from a validated page, never client text. */
const slice = (limit: number, offset: number) => ` LIMIT ${limit} OFFSET ${offset}`;

/** Where a page's rows come from: `rows` reads a slice in the list's order, `count` counts one (bounded). */
interface PageSource<T> {
  rows(offset: number, limit: number): Promise<T[]>;
  count(offset: number, limit: number): Promise<number>;
}

function pageQuerySource<T>(query: PageQuery): PageSource<T> {
  return {
    rows: (offset, limit) => query.connection.query(query.rowsSql + slice(limit, offset), query.parameters),
    async count(offset, limit) {
      const rows: { n: number }[] = await query.connection.query(
        `SELECT count(*)::int AS n FROM (${query.countSql}${slice(limit, offset)}) AS look_ahead`,
        query.parameters,
      );
      return rows[0].n;
    },
  };
}

/**
 * One page of an ordered query, and links computed without counting the whole table: a bounded
 * look-ahead (at most WINDOW - 1 pages of rows past this page, read from the order's index) says
 * which following pages exist. The query must already carry its ORDER BY, backed by an index.
 */
export function paginate<T extends ObjectLiteral>(
  ordered: SelectQueryBuilder<T> | PageQuery,
  page: number,
  pageSize: number,
): Promise<Paged<T>> {
  return paginateSource(pageQuerySource<T>('rowsSql' in ordered ? ordered : pageQuery(ordered)), page, pageSize);
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
