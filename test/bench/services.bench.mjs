// GET /api/services?page=N on 1,000 and on 100,000 services: median of 30 sequential requests.
// The list never counts the table: a page is read from the (created_at DESC, id DESC) index and
// the links come from a look-ahead of at most six pages past it, so page 1 should cost the same
// on any table size. Deep pages pay for OFFSET, which walks the index up to the page.
import { measure, report, startBenchServer } from './support.mjs';

const server = await startBenchServer();
try {
  /** Adds `count` services older than every existing one, one second apart. */
  const seed = (count) =>
    server.db.query(
      `INSERT INTO services (title, about, created_at, updated_at)
       SELECT 'Service ' || n, repeat('About the service. ', 12), ts, ts
         FROM generate_series(1, $1::int) AS n,
              LATERAL (SELECT coalesce((SELECT min(created_at) FROM services), now()) - n * interval '1 second' AS ts) AS t`,
      [count],
    );
  const settle = () => server.db.query('VACUUM ANALYZE services');

  async function page(n) {
    const res = await server.request(`/api/services?page=${n}`);
    if (res.status !== 200) throw new Error(`page ${n}: ${res.status}`);
    return res.json();
  }

  /** The two statements the app sends for page n (the page, then the look-ahead), timed in the database alone. */
  async function sql(label, n, pageSize = 10) {
    // Live rows only (the trash keeps deleted ones): the partial index's predicate.
    const order = 'WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC';
    const stats = await measure(async () => {
      await server.db.query(`SELECT * FROM services ${order} LIMIT $1 OFFSET $2`, [pageSize, (n - 1) * pageSize]);
      await server.db.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM services ${order} LIMIT $1 OFFSET $2) AS look_ahead`, [
        6 * pageSize,
        n * pageSize,
      ]);
    });
    report(`${label.padEnd(28)} page ${String(n).padStart(6)} SQL only`, stats);
  }

  async function run(label, n) {
    const body = await page(n);
    const stats = await measure(() => page(n), { times: 30 });
    const window = body.links.loopLink.map((l) => l.number);
    report(
      `${label.padEnd(28)} page ${String(n).padStart(6)} (${body.data.length} rows, links ${window[0] ?? '-'}–${window.at(-1) ?? '-'}, next ${body.links.nextPage})`,
      stats,
    );
    return stats;
  }

  // For each table size: the pages read through the API, and (`sql`) the app's statements alone.
  const sizes = [
    [1_000, [1, 'sql 1', 50, 100]],
    [100_000, [1, 'sql 1', 5_000, 9_500, 'sql 9500', 10_000, 10_001]],
  ];
  const firstPage = {};
  let seeded = 0;
  for (const [total, pages] of sizes) {
    await seed(total - seeded);
    seeded = total;
    await settle();
    const label = `  ${total.toLocaleString('en-US')} services`;
    console.log(label.trim());
    for (const step of pages) {
      if (typeof step === 'string') await sql(label, Number(step.slice(4)));
      else {
        const stats = await run(`${label}${step * 10 > total ? ' (past end)' : ''}`, step);
        if (step === 1) firstPage[total] = stats;
      }
    }
  }
  const smallFirst = firstPage[1_000];
  const bigFirst = firstPage[100_000];

  const plan = await server.db.query(
    `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) SELECT * FROM services WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC OFFSET 0 LIMIT 10`,
  );
  console.log('\npage 1 plan on 100,000 rows:\n  ' + plan.rows.map((r) => r['QUERY PLAN']).join('\n  '));
  console.log(`\npage 1 median: ${smallFirst.median.toFixed(2)} ms on 1,000 rows, ${bigFirst.median.toFixed(2)} ms on 100,000 rows`);
} finally {
  await server.stop();
}
