// `npm run bench compare`: the app against a bare node:http + pg server (bare-server.mjs) running
// the same SQL on the same database, at 100,000 and at 1,000,000 news rows. Each read runs on both,
// interleaved second by second, with autocannon (10 connections, two passes); the maintenance page
// and the public pages (/news, one article, one of the company's pages) run against the same bytes sent bare. The table gives
// req/s, the worst one-second p99 and the app/bare ratio per pass, then a 50-connection pass on
// the app counts errors and timeouts.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { startBenchServer } from './support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
/** Only the reads whose label contains one of these (comma-separated; e.g. `public,one by id`); all by default. */
const ONLY = (process.env.BENCH_READS ?? '').split(',').filter(Boolean);
/**
 * The lowest app/bare ratio each read must reach in every pass (issue 34). The admin reads' 0.15× is
 * a regression floor, not a goal: each also reads its session row (one query the bare server does
 * not make) and goes through TypeORM, both kept as they are on purpose, and a handful of
 * administrators never wait on 1,500 req/s. The visitors' pages are where speed matters: 0.30×.
 */
const ADMIN_FLOOR = 0.15;
const VISITOR_TARGET = 0.3;
const TARGETS = {
  'list page 1': ADMIN_FLOOR,
  'list page 1,000': ADMIN_FLOOR,
  'search, rare word': ADMIN_FLOOR,
  'search, common word': ADMIN_FLOOR,
  'one by id': ADMIN_FLOOR,
  'maintenance page': VISITOR_TARGET,
  'public news list': VISITOR_TARGET,
  'public article': VISITOR_TARGET,
  'public page': VISITOR_TARGET,
  'public translated article': VISITOR_TARGET,
};

function loadFor(duration, url, headers, connections = 10) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
const load = (url, headers, connections = 10) => loadFor(SECONDS, url, headers, connections);

async function seedTo(db, total) {
  const { rows } = await db.query('SELECT count(*)::int AS n FROM news');
  const have = rows[0].n;
  if (have >= total) return;
  const start = Date.now();
  // Titles from a small vocabulary: the rare word is in 1 title of 10,000, the common one in 1 of 8.
  await db.query(
    `INSERT INTO news (title, slug, description, about, created_at, updated_at)
     SELECT initcap((ARRAY['launch','report','update','office','hiring','product','partner','award'])[1 + i % 8])
              || ' ' || (ARRAY['north','south','east','west','central'])[1 + i % 5]
              || CASE WHEN i % 10000 = 0 THEN ' zephyrine' ELSE '' END || ' ' || substr(md5(i::text), 1, 10),
            'bench-' || i, 'Description ' || i, 'About ' || i, now() - make_interval(secs => i), now() - make_interval(secs => i)
       FROM generate_series($1::int + 1, $2::int) AS i`,
    [have, total],
  );
  await db.query('VACUUM ANALYZE news');
  console.log(`seeded news to ${total.toLocaleString('en-US')} rows in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

function startBare(databaseUrl) {
  const port = 3390 + Math.floor(Math.random() * 100);
  const child = fork(join(import.meta.dirname, 'bare-server.mjs'), [String(port), databaseUrl, join('dist', 'client', 'index.html')], {
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', () =>
      resolve({
        baseURL: `http://127.0.0.1:${port}`,
        /** Has the bare server answer `path` with these bytes (a public page as the app sent it). */
        serve: (path, bytes) =>
          new Promise((done) => {
            child.once('message', done);
            child.send({ path, body: bytes.toString('base64') });
          }),
        stop: () => new Promise((done) => (child.kill('SIGTERM'), child.once('exit', done))),
      }),
    );
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const bench = await startBenchServer();
const bare = await startBare(bench.databaseUrl);
const rows = [];
let missed = 0;
let loadFailures = 0;
try {
  for (const size of SIZES) {
    await seedTo(bench.db, size);
    const { rows: one } = await bench.db.query('SELECT id, slug FROM news ORDER BY created_at DESC LIMIT 1 OFFSET 5000');
    // One of the company's pages (issue #37), at the top level; made once, kept for the next size.
    const { rows: pages } = await bench.db.query(`SELECT slug FROM pages WHERE slug = 'about-us-bench' AND deleted_at IS NULL`);
    if (pages.length === 0) {
      const res = await bench.request('/api/pages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'About us',
          slug: 'about-us-bench',
          description: 'Who we are and how we work.',
          body: '## Who we are\n\nA small company with **big** plans.\n\n- Founded in 2001\n- Twelve people',
        }),
      });
      if (!res.ok) throw new Error(`POST /api/pages: ${res.status}`);
    }
    // A second language and the article in it (issue #41), read at its own address.
    const send = async (method, path, body) => {
      const res = await bench.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    };
    await send('PUT', '/api/settings/languages', {
      languages: [
        { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
        { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
      ],
    });
    await send('PUT', `/api/news/${one[0].id}/translations/de`, {
      title: 'Ein übersetzter Artikel',
      slug: `uebersetzt-${size}`,
      description: 'Derselbe Artikel auf Deutsch.',
      about: '## Was\n\nDer Text des Artikels, **übersetzt**.',
      status: 'published',
    });
    const allReads = [
      ['list page 1', '/api/news?page=1'],
      ['list page 1,000', '/api/news?page=1000'],
      ['search, rare word', '/api/news?title=zephyrine'],
      ['search, common word', '/api/news?title=update'],
      ['one by id', `/api/news/${one[0].id}`],
      ['maintenance page', '/', { maintenance: true }],
      // The public pages as a visitor sees them (no cookie) once the site is open, against a bare
      // server sending the same bytes.
      ['public news list', '/news', { maintenance: false }],
      ['public article', `/news/${one[0].slug}`, { maintenance: false }],
      ['public page', '/about-us-bench', { maintenance: false }],
      ['public translated article', `/de/news/uebersetzt-${size}`, { maintenance: false }],
    ];
    const reads = allReads.filter(([label]) => ONLY.length === 0 || ONLY.some((part) => label.includes(part)));
    /** The site's switch as a read needs it, and the headers it is read with (visitors have no cookie). */
    const prepare = async (site) => {
      if (!site) return bench.headers;
      const res = await bench.request('/api/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(site),
      });
      if (!res.ok) throw new Error(`PATCH /api/settings: ${res.status}`);
      return {};
    };
    for (const [label, path, site] of reads.filter(([, , site]) => site?.maintenance === false)) {
      await prepare(site);
      const page = await fetch(bench.baseURL + path);
      if (page.status !== 200) throw new Error(`${label}: ${path} answers ${page.status}`);
      await bare.serve(path, Buffer.from(await page.arrayBuffer()));
    }
    // Both answer the same before anything is timed.
    for (const [label, path] of reads.filter(([, path]) => path.startsWith('/api/'))) {
      const [a, b] = await Promise.all([bench.request(path).then((r) => r.json()), fetch(bare.baseURL + path).then((r) => r.json())]);
      const [app, bareReply] = [JSON.stringify(a.data ?? a), JSON.stringify(b.data ?? b)];
      if (app !== bareReply)
        throw new Error(`${label}: the app and the bare server disagree:\n app ${app.slice(0, 600)}\nbare ${bareReply.slice(0, 600)}`);
    }
    // An untimed second on each first, so neither side's first pass pays for warming up (JIT, pools, caches).
    for (const [, path, site] of reads) {
      await loadFor(1, bench.baseURL + path, await prepare(site));
      await loadFor(1, bare.baseURL + path, {});
    }
    for (let pass = 1; pass <= PASSES; pass++) {
      for (const [label, path, site] of reads) {
        const appHeaders = await prepare(site);
        const app = { requests: 0, seconds: 0, p99: 0, errors: 0 };
        const base = { requests: 0, seconds: 0, p99: 0, errors: 0 };
        // The pass alternates between the two in one-second slices, so a burst of load from
        // elsewhere on the machine falls on both alike rather than on whichever ran at the time.
        for (let slice = 0; slice < SECONDS; slice++) {
          for (const [side, url, headers] of [
            [app, bench.baseURL + path, appHeaders],
            [base, bare.baseURL + path, {}],
          ]) {
            const result = await loadFor(1, url, headers);
            side.requests += result.requests.total;
            side.seconds += result.duration;
            side.p99 = Math.max(side.p99, result.latency.p99);
            side.errors += result.errors + result.timeouts;
          }
        }
        app.rate = app.requests / app.seconds;
        base.rate = base.requests / base.seconds;
        const ratio = app.rate / base.rate;
        const ok = ratio >= TARGETS[label];
        if (!ok) missed++;
        loadFailures += app.errors;
        rows.push(
          `| ${fmt(size)} | ${pass} | ${label} | ${fmt(app.rate)} | ${app.p99} | ${fmt(base.rate)} | ${base.p99} | ${ratio.toFixed(2)}× ${ok ? '' : `(target ${TARGETS[label].toFixed(2)}×)`} |`,
        );
        console.log(rows.at(-1));
      }
    }
    for (const [label, path, site] of reads) {
      const heavy = await load(bench.baseURL + path, await prepare(site), 50);
      loadFailures += heavy.errors + heavy.timeouts;
      console.log(
        `50 connections, ${fmt(size)} rows, ${label}: ${fmt(heavy.requests.average)} req/s, p99 ${heavy.latency.p99} ms, errors ${heavy.errors}, timeouts ${heavy.timeouts}`,
      );
    }
  }
} finally {
  await bare.stop();
  await bench.stop();
}
console.log(`\n| rows | pass | read | app req/s | app p99 ms | bare req/s | bare p99 ms | app/bare |\n|---|---|---|---|---|---|---|---|`);
console.log(rows.join('\n'));
console.log(
  `\n${missed === 0 ? 'every ratio at or above its target' : `${missed} ratios below target`}; ${loadFailures} errors or timeouts`,
);
process.exit(missed === 0 && loadFailures === 0 ? 0 : 1);
