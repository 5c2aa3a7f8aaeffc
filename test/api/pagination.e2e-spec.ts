import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Admin } from '../../server/admins/admin.entity';
import { NO_LINKS, paginate } from '../../server/common/pagination';
import { createTestApp, type TestApp } from '../support/create-test-app';

// The shared paging every list uses, exercised on the admins table (the one table the foundation has).
describe('paging', () => {
  let t: TestApp;
  const PAGE_SIZE = 10;
  const ROWS = 45;

  beforeAll(async () => {
    t = await createTestApp();
    // Rows one second apart, the newest last; created_at is what lists order by.
    await t.dataSource.query(
      `INSERT INTO admins (name, email, password_hash, created_at)
       SELECT 'Row ' || n, 'row' || n || '@example.com', 'x', timestamptz '2026-01-01' + n * interval '1 second'
         FROM generate_series(1, $1) AS n`,
      [ROWS],
    );
  });
  afterAll(() => t.close());

  const pageOf = (page: number, where?: string) => {
    const qb = t.dataSource
      .getRepository(Admin)
      .createQueryBuilder('admin')
      .orderBy('admin.created_at', 'DESC')
      .addOrderBy('admin.id', 'DESC');
    if (where) qb.where('admin.name = :name', { name: where });
    return paginate(qb, page, PAGE_SIZE);
  };
  const numbers = (links: { loopLink: { number: number }[] }) => links.loopLink.map((link) => link.number);

  it('returns the first page newest first, with links to the pages that exist', async () => {
    const { data, links, meta } = await pageOf(1);
    expect(data.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Row ${ROWS - i}`));
    expect(meta).toEqual({ page: 1, pageSize: PAGE_SIZE });
    expect(links.previousPage).toBeNull();
    expect(links.nextPage).toBe(2);
    expect(numbers(links)).toEqual([1, 2, 3, 4, 5]);
    expect(links.loopLink[0]).toEqual({ number: 1, active: true });
    expect(links.loopLink.filter((link) => 'active' in link)).toHaveLength(1);
  });

  it('links a middle page both ways', async () => {
    const { data, links } = await pageOf(3);
    expect(data[0].name).toBe(`Row ${ROWS - 20}`);
    expect(links).toMatchObject({ previousPage: 2, nextPage: 4 });
    expect(links.loopLink.find((link) => link.number === 3)).toEqual({ number: 3, active: true });
  });

  it('has no next page on the last page', async () => {
    const { data, links } = await pageOf(5);
    expect(data).toHaveLength(5);
    expect(links).toMatchObject({ previousPage: 4, nextPage: null });
    expect(numbers(links)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers a page past the end with no rows and a way back to the last page', async () => {
    const { data, links } = await pageOf(9);
    expect(data).toEqual([]);
    expect(links.previousPage).toBe(5);
    expect(links.nextPage).toBeNull();
    expect(numbers(links)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers an empty list with no links at all', async () => {
    expect((await pageOf(1, 'nobody has this name')).links).toEqual(NO_LINKS);
    expect((await pageOf(4, 'nobody has this name')).links).toEqual(NO_LINKS);
  });
});
