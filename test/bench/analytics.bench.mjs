// `npm run bench analytics` (issue 40): visitor counts at 1,000,000 page views over 30 days (200
// paths, 300 referrers), seeded straight into the aggregate tables as flushes would have left them
// (one SQL statement per table over a generated million views, so every sum is one a flush makes).
// Reports the 30-day top pages (≤ 30 ms), the Visitors screen's requests at once (≤ 100 ms), the
// tables' size (≤ 70 MB), and the beacon's rate against a bare node:http server answering 204 in
// the same run (≥ 0.30× in the median of alternating passes, no errors, 50 connections), then
// checks that every 204 was counted.
// BENCH_ANALYTICS_VIEWS makes a smaller dry run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { measure, report, startBenchServer } from './support.mjs';

const VIEWS = Number(process.env.BENCH_ANALYTICS_VIEWS ?? 1_000_000);
const DAYS = 30;
const PATHS = 200;
const REFERRERS = 300;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const LIMITS = { topPagesMs: 30, screenMs: 100, tablesMb: 70, beaconRatio: 0.3 };

/** One view per request, from an address of its own (the per-address limit would drop the rest), as a browser sends it. */
function beaconLoad(url, { varyAddress, duration = SECONDS }) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
          'accept-language': 'en-GB,en;q=0.9',
        },
        requests: [
          {
            setupRequest(req) {
              n += 1;
              const body = JSON.stringify({ path: `/news/article-${n % PATHS}`, referrer: `ref-${n % REFERRERS}.example`, width: 1280 });
              const headers = {
                ...req.headers,
                ...(varyAddress ? { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : {}),
              };
              return { ...req, headers, body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** A bare node:http server answering every request with 204 once its body is read: the beacon's ceiling on this machine. */
async function startBare(port) {
  const source = `require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(204, { 'cache-control': 'no-store' }); res.end(); }); }).listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}/api/collect`, stop: () => child.kill('SIGTERM') };
}

/**
 * The million views, generated in SQL and summed per table: a visitor (about 12,000 a day, some
 * returning) with a country, browser, system, device and screen of its own; a path by a skewed
 * draw (a few pages get most views); an external referrer on one view in three, a campaign on one
 * in twenty.
 */
async function seed(db) {
  const start = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const names = [
    ...Array.from({ length: PATHS }, (_, i) => `/news/article-${i}`),
    ...Array.from({ length: REFERRERS }, (_, i) => `ref-${i}.example`),
    ...Array.from({ length: 60 }, (_, i) => `C${i}`),
    ...['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera', 'Chrome WebView', 'Brave'],
    ...['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'Chromium OS'],
    ...['Desktop', 'Mobile', 'Tablet'],
    ...['Phone (< 576 px)', 'Tablet (576–991 px)', 'Laptop (992–1439 px)', 'Desktop (≥ 1440 px)'],
    ...Array.from({ length: 20 }, (_, i) => `newsletter / email / campaign-${i}`),
  ];
  await db.query(`INSERT INTO analytics_names (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [names]);
  const id = `(SELECT id FROM analytics_names WHERE name = `;
  await db.query(
    `
    CREATE TEMP TABLE views AS
    WITH raw AS (
      SELECT i, ($1::date + (i % ${DAYS})) AS day, floor(random() * 24)::int AS hour,
             floor(power(random(), 1.5) * 12000)::bigint AS visitor,
             floor(power(random(), 3) * ${PATHS})::int AS path,
             CASE WHEN random() < 0.33 THEN floor(power(random(), 2) * ${REFERRERS})::int END AS referrer,
             CASE WHEN random() < 0.05 THEN floor(random() * 20)::int END AS campaign
        FROM generate_series(1, ${VIEWS}) AS i
    )
    SELECT day, (day + make_interval(hours => hour))::timestamptz AS hour, visitor,
           ${id}'/news/article-' || path) AS path,
           ${id}'ref-' || referrer || '.example') AS referrer,
           ${id}'newsletter / email / campaign-' || campaign) AS campaign,
           ${id}'C' || floor(power(((visitor * 7919) % 1000) / 1000.0, 3) * 60)::int) AS country,
           ${id}(ARRAY['Chrome','Safari','Firefox','Edge','Samsung Internet','Opera','Chrome WebView','Brave'])[1 + (visitor % 8)]) AS browser,
           ${id}(ARRAY['Windows','macOS','iOS','Android','Linux','Chromium OS'])[1 + (visitor % 6)]) AS system,
           ${id}(ARRAY['Desktop','Mobile','Tablet'])[1 + (visitor % 3)]) AS device,
           ${id}(ARRAY['Phone (< 576 px)','Tablet (576–991 px)','Laptop (992–1439 px)','Desktop (≥ 1440 px)'])[1 + (visitor % 4)]) AS screen
      FROM raw`,
    [start],
  );
  await db.query(`
    INSERT INTO analytics_days (day, visitors, pageviews, visits, bounces, dropped)
    SELECT day, count(DISTINCT visitor), count(*), count(DISTINCT visitor) * 6 / 5, count(DISTINCT visitor) * 3 / 5, count(*) / 20
      FROM views GROUP BY day`);
  await db.query(`
    INSERT INTO analytics_hours (path, hour, visitors, pageviews)
    SELECT coalesce(path, 0), hour, count(DISTINCT visitor), count(*) FROM views GROUP BY GROUPING SETS ((path, hour), (hour))`);
  // analytics_daily: per kind, path and day, its values' sums as parallel arrays (as a flush writes them).
  const daily = (kind, grouped) =>
    db.query(`
      INSERT INTO analytics_daily (kind, path, day, ids, visitors, pageviews)
      SELECT ${kind}, path, day, array_agg(value), array_agg(visitors), array_agg(pageviews) FROM (${grouped}) AS sums GROUP BY path, day`);
  await daily(
    0,
    `SELECT 0 AS path, day, path AS value, count(DISTINCT visitor) AS visitors, count(*) AS pageviews FROM views GROUP BY day, path`,
  );
  const kinds = { referrer: 1, country: 2, browser: 3, system: 4, device: 5, screen: 6, campaign: 7 };
  for (const [column, kind] of Object.entries(kinds)) {
    // Per path and (path 0) for the whole site, as a flush adds them.
    await daily(
      kind,
      `SELECT coalesce(path, 0) AS path, day, ${column} AS value, count(DISTINCT visitor) AS visitors, count(*) AS pageviews
         FROM views WHERE ${column} IS NOT NULL GROUP BY GROUPING SETS ((path, day, ${column}), (day, ${column}))`,
    );
  }
  await db.query('DROP TABLE views');
  await db.query('VACUUM ANALYZE');
}

const bench = await startBenchServer({ TRUST_PROXY: 'loopback' });
let failed = false;
const fail = (message) => {
  console.error(`  ${message}`);
  failed = true;
};
try {
  let started = Date.now();
  await seed(bench.db);
  console.log(`seeded ${VIEWS.toLocaleString('en-US')} page views over ${DAYS} days in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const { rows: size } = await bench.db.query(
    `SELECT sum(pg_total_relation_size(oid))::bigint AS bytes, string_agg(relname || ' ' || pg_size_pretty(pg_total_relation_size(oid)), ', ' ORDER BY relname) AS tables
       FROM pg_class WHERE relkind = 'r' AND relname LIKE 'analytics\\_%'`,
  );
  const { rows: counts } = await bench.db.query(
    `SELECT (SELECT sum(cardinality(ids)) FROM analytics_daily)::int AS daily, (SELECT count(*) FROM analytics_hours)::int AS hours,
            (SELECT sum(pageviews) FROM analytics_days)::int AS pageviews`,
  );
  const mb = Number(size[0].bytes) / 1024 / 1024;
  console.log(
    `tables: ${mb.toFixed(1)} MB for ${counts[0].pageviews.toLocaleString('en-US')} page views (${counts[0].daily.toLocaleString('en-US')} daily sums, ${counts[0].hours.toLocaleString('en-US')} hourly): ${size[0].tables}`,
  );
  if (mb > LIMITS.tablesMb) fail(`over ${LIMITS.tablesMb} MB`);

  const get = async (path) => {
    const res = await bench.request(path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };
  const top = await get('/api/analytics/pages');
  if (top.data.length !== 50) throw new Error(`top pages: ${top.data.length} rows`);
  const pages = await measure(() => get('/api/analytics/pages'), { times: 50, warmup: 5 });
  report('GET /api/analytics/pages, 30 days', pages);
  if (pages.median > LIMITS.topPagesMs) fail(`over ${LIMITS.topPagesMs} ms`);

  const screen = [
    '/api/analytics/status',
    '/api/analytics/summary',
    '/api/analytics/live',
    ...['pages', 'referrers', 'countries', 'devices', 'browsers', 'campaigns'].map((report) => `/api/analytics/${report}`),
  ];
  const whole = await measure(() => Promise.all(screen.map(get)), { times: 30, warmup: 3 });
  report(`the Visitors screen, 30 days (${screen.length} requests at once)`, whole);
  if (whole.median > LIMITS.screenMs) fail(`over ${LIMITS.screenMs} ms`);
  const year = await measure(
    () => Promise.all(screen.map((path) => get(`${path}?from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`))),
    {
      times: 10,
      warmup: 1,
    },
  );
  report('the Visitors screen, 12 months', year);

  const plan = await bench.db.query(
    `EXPLAIN (ANALYZE, COSTS OFF) SELECT u.id, sum(u.visitors), sum(u.pageviews)
       FROM analytics_daily a, unnest(a.ids, a.visitors, a.pageviews) AS u (id, visitors, pageviews)
      WHERE kind = 0 AND path = 0 AND day BETWEEN current_date - 29 AND current_date GROUP BY u.id ORDER BY 2 DESC LIMIT 50`,
  );
  console.log(
    `  plan (top pages): ${plan.rows
      .map((r) => r['QUERY PLAN'].trim())
      .filter((l) => /Scan|Execution/.test(l))
      .join(' | ')}`,
  );

  // The beacon against the bare ceiling, in the same run: passes alternate bare and app, so that a
  // change in the shared machine's load falls on both; the verdict is the median pass's ratio.
  const bare = await startBare(Number(new URL(bench.baseURL).port) + 50);
  // An untimed second first, as `npm run bench compare` gives each server (the JIT's first minutes are not the beacon's rate).
  await beaconLoad(`${bench.baseURL}/api/collect`, { varyAddress: true, duration: 1 });
  await beaconLoad(bare.url, { varyAddress: false, duration: 1 });
  const before = (await get('/api/analytics/summary')).pageviews;
  const ratios = [];
  let answered = 0;
  let errors = 0;
  try {
    for (let pass = 1; pass <= PASSES; pass++) {
      const bareResult = await beaconLoad(bare.url, { varyAddress: false });
      const appResult = await beaconLoad(`${bench.baseURL}/api/collect`, { varyAddress: true });
      const passErrors = appResult.errors + appResult.timeouts + appResult.non2xx;
      const ratio = appResult.requests.average / bareResult.requests.average;
      ratios.push(ratio);
      answered += appResult['2xx'];
      errors += passErrors;
      console.log(
        `POST /api/collect, ${CONNECTIONS} connections, pass ${pass}: ${Math.round(appResult.requests.average)} req/s (p99 ${appResult.latency.p99} ms), bare 204: ${Math.round(bareResult.requests.average)} req/s (p99 ${bareResult.latency.p99} ms): ${ratio.toFixed(2)}×, ${passErrors} errors`,
      );
    }
  } finally {
    bare.stop();
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(`  beacon/bare: median ${median.toFixed(2)}× over ${PASSES} passes, ${errors} errors`);
  if (median < LIMITS.beaconRatio) fail(`under ${LIMITS.beaconRatio}×`);
  if (errors > 0) fail(`${errors} errors, timeouts or answers other than 204`);

  // A report flushes the replica's buffer first: every 204 must be a page view.
  started = Date.now();
  const after = (await get('/api/analytics/summary')).pageviews;
  console.log(`  flushed ${(after - before).toLocaleString('en-US')} views in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Requests still in flight when the load stops are answered (and counted) but not in autocannon's tally.
  if (after - before < answered || after - before > answered + PASSES * CONNECTIONS)
    fail(`${answered} answered 204, ${after - before} counted`);
  if (failed) process.exitCode = 1;
} finally {
  await bench.stop();
}
