// GET /api/dashboard at 1,000,000 contact messages: every part must stay an index read that stops
// early (counts stop at 1,000), so the one request answers in well under 20 ms however large the
// inbox. Measured twice: with the whole million unread (the unread index as large as the table),
// and with all but three read (the unread index tiny, the read rows all outside it).
// Built by `npm run bench` before it runs, like the server the benchmark starts.
import { insertContactMessages } from '../../dist/server/cli/demo-contact-messages.js';
import { measure, report, startBenchServer } from './support.mjs';

const TOTAL = 1_000_000;
/** The bound for one dashboard request. */
const LIMIT_MS = 20;

const bench = await startBenchServer();
try {
  let started = Date.now();
  const messages = insertContactMessages(TOTAL, { secondsApart: 1 });
  await bench.db.query(messages.sql, messages.parameters);
  // Some of everything else: services, news, a trash with more than 1,000 items, 100,000 activity entries.
  await bench.db.query(`INSERT INTO services (title, about) SELECT 'Service ' || i, 'About.' FROM generate_series(1, 2000) AS i`);
  await bench.db.query(
    `INSERT INTO news (title, description, about, slug) SELECT 'News ' || i, 'Short.', 'Long.', 'news-' || i FROM generate_series(1, 500) AS i`,
  );
  await bench.db.query(
    `UPDATE contact_messages SET deleted_at = now() WHERE id IN (SELECT id FROM contact_messages ORDER BY created_at LIMIT 1500)`,
  );
  await bench.db.query(
    `INSERT INTO activity (at, action, kind, label) SELECT now() - i * interval '1 second', 'create', 'services', 'Service ' || i
       FROM generate_series(1, 100000) AS i`,
  );
  await bench.db.query('VACUUM ANALYZE');
  console.log(`seeded ${TOTAL.toLocaleString('en-US')} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const dashboard = async () => {
    const res = await bench.request('/api/dashboard');
    if (!res.ok) throw new Error(`/api/dashboard: ${res.status}`);
    return res.json();
  };
  let failed = false;
  const check = async (label, expectUnread) => {
    const body = await dashboard();
    const unread = `${body.unread.count}${body.unread.orMore ? '+' : ''}`;
    if (unread !== expectUnread) throw new Error(`${label}: unread ${unread}, expected ${expectUnread}`);
    if (body.unread.latest.length !== Math.min(5, body.unread.count) || body.activity.length !== 10)
      throw new Error(`${label}: ${body.unread.latest.length} latest, ${body.activity.length} activity entries`);
    const stats = await measure(dashboard, { times: 50, warmup: 5 });
    report(`${label} (unread ${unread}, trash ${body.counts.trash.count}${body.counts.trash.orMore ? '+' : ''})`, stats);
    if (stats.median > LIMIT_MS) {
      console.error(`  over ${LIMIT_MS} ms`);
      failed = true;
    }
  };

  await check('GET /api/dashboard, 1,000,000 messages, all unread', '1000+');

  started = Date.now();
  await bench.db.query(
    `UPDATE contact_messages SET read_at = now()
      WHERE id NOT IN (SELECT id FROM contact_messages WHERE deleted_at IS NULL ORDER BY created_at DESC LIMIT 3)`,
  );
  await bench.db.query('VACUUM ANALYZE contact_messages');
  console.log(`marked all but 3 read in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await check('GET /api/dashboard, 1,000,000 messages, 3 unread', '3');

  const plan = await bench.db.query(
    `EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM (SELECT 1 FROM contact_messages WHERE read_at IS NULL AND deleted_at IS NULL LIMIT 1001) AS bounded`,
  );
  console.log(
    `  plan (unread count): ${plan.rows
      .map((r) => r['QUERY PLAN'].trim())
      .filter((l) => /Scan|Execution/.test(l))
      .join(' | ')}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await bench.stop();
}
