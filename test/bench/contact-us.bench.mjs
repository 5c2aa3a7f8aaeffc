// Contact messages on a million rows: the list (first and deep pages), a search for a rare name
// and for a common fragment, and a streamed CSV export of 100,000 rows.
// Built by `npm run bench` before it runs, like the server the benchmark starts.
import { insertContactMessages } from '../../dist/server/cli/demo-contact-messages.js';
import { measure, report, startBenchServer } from './support.mjs';

const TOTAL = 1_000_000;
const EXPORTED = 100_000;
const RARE = 'Quintessa Vanderbilt';
const COMMON = 'son';

const bench = await startBenchServer();
try {
  let started = Date.now();
  // The seed:demo generator, one in ten names carrying the prefix the export selects; the 17th,
  // 333,333rd and 999,999th newest messages get a rare name.
  const messages = insertContactMessages(TOTAL, { secondsApart: 1, tag: { every: 10, text: 'Exportee ' } });
  await bench.db.query(messages.sql, messages.parameters);
  for (const position of [17, 333_333, 999_999]) {
    await bench.db.query(
      `UPDATE contact_messages SET name = $1
        WHERE id = (SELECT id FROM contact_messages ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1)`,
      [RARE, position - 1],
    );
  }
  await bench.db.query('VACUUM ANALYZE contact_messages');
  console.log(`seeded ${TOTAL.toLocaleString('en-US')} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const getJson = async (path) => {
    const res = await bench.request(path);
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };

  const check = async (label, path, expectRows) => {
    const body = await getJson(path);
    if (expectRows !== undefined && body.data.length !== expectRows)
      throw new Error(`${label}: ${body.data.length} rows, expected ${expectRows}`);
    report(label, await measure(() => getJson(path), { times: 30 }));
  };

  await check('list page 1', '/api/contactus', 10);
  await check('list page 1,000 (offset 9,990)', '/api/contactus?page=1000', 10);
  await check('list page 10,000 (offset 99,990)', '/api/contactus?page=10000', 10);
  await check('list page 100,000 (the last; offset 999,990)', '/api/contactus?page=100000', 10);
  await check(`search a rare name "${RARE}" (3 matches)`, `/api/contactus?name=${encodeURIComponent('quintessa')}`, 3);
  await check(`search a common fragment "${COMMON}" (page 1)`, `/api/contactus?name=${COMMON}`, 10);
  await check(`search a common fragment "${COMMON}" (page 50)`, `/api/contactus?name=${COMMON}&page=50`, 10);
  await check('search the export prefix "Exportee" (page 1)', '/api/contactus?name=Exportee', 10);

  for (const [label, name] of [
    ['rare', 'quintessa'],
    ['common', COMMON],
  ]) {
    const plan = await bench.db.query(
      `EXPLAIN (ANALYZE, COSTS OFF) SELECT * FROM contact_messages WHERE name ILIKE $1 ESCAPE '\\' ORDER BY created_at DESC, id DESC LIMIT 10`,
      [`%${name}%`],
    );
    console.log(
      `  plan (${label}): ${plan.rows
        .map((r) => r['QUERY PLAN'].trim())
        .filter((l) => /Scan|Execution/.test(l))
        .join(' | ')}`,
    );
  }

  let bytes = 0;
  let lines = 0;
  const exportOnce = async () => {
    const res = await bench.request('/api/contactus/export.csv?name=Exportee');
    if (!res.ok) throw new Error(`export: ${res.status}`);
    bytes = 0;
    lines = 0;
    // Read the stream as a client would, chunk by chunk.
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  };
  started = Date.now();
  const stats = await measure(exportOnce, { times: 5, warmup: 1 });
  if (lines - 1 !== EXPORTED) throw new Error(`export: ${lines - 1} rows, expected ${EXPORTED}`);
  report(`export ${EXPORTED.toLocaleString('en-US')} rows as CSV (${(bytes / 1e6).toFixed(1)} MB, whole download)`, stats);
} finally {
  await bench.stop();
}
