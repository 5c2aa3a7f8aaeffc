// POST /api/contactus with mail off and with mail on (the outbox row is written in the message's
// transaction; sending happens off the request path), then contact messages on a million rows: the
// list (first and deep pages), a search for a rare name and for a common fragment, and a streamed
// CSV export of 100,000 rows. BENCH_CONTACT_POST_ONLY=1 stops after the first part.
// Built by `npm run bench` before it runs, like the server the benchmark starts.
import { insertContactMessages } from '../../dist/server/cli/demo-contact-messages.js';
import { spawn } from 'node:child_process';
import { measure, report, startBenchServer } from './support.mjs';

/**
 * The public post, one at a time, on two servers side by side (same machine, same moment):
 * without mail, and with mail to three admins through a real SMTP server. Rounds alternate
 * between the two, so a busy moment of the machine falls on both alike.
 */
/** smtp-drain.mjs as a child process: `{ url, mails(), stop() }`. */
async function startSmtpDrain() {
  const child = spawn(process.execPath, [new URL('./smtp-drain.mjs', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
  let mails = 0;
  const port = await new Promise((resolve, reject) => {
    child.once('exit', () => reject(new Error('smtp-drain exited')));
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      for (const line of chunk.split('\n')) {
        if (line.startsWith('port ')) resolve(Number(line.slice(5)));
        if (line.startsWith('mails ')) mails = Number(line.slice(6));
      }
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}?insecure=true`,
    mails: () => mails,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

async function postWithAndWithoutMail() {
  const smtp = await startSmtpDrain();
  const off = await startBenchServer();
  const on = await startBenchServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Bench <site@example.com>' });
  try {
    // Two more admins who want new messages: three mails per message.
    for (const i of [1, 2]) {
      await on.db.query(`INSERT INTO admins (name, email, password_hash) VALUES ($1, $2, 'unused')`, [
        `Admin ${i}`,
        `admin${i}@example.com`,
      ]);
    }
    const post = (server) => async () => {
      const res = await server.request('/api/contactus', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Visitor', phno: '+1 555 0100', email: 'visitor@example.org', msg: 'A message for the bench.' }),
      });
      if (res.status !== 201) throw new Error(`POST /api/contactus: ${res.status}`);
      await res.arrayBuffer();
    };
    const samples = { off: [], on: [] };
    for (let round = 0; round < 4; round++) {
      for (const [name, server] of [
        ['off', off],
        ['on', on],
      ]) {
        const stats = await measure(post(server), { times: 50, warmup: round === 0 ? 10 : 0 });
        samples[name].push(stats);
      }
    }
    const merged = (list) => ({
      median: list.map((s) => s.median).sort((a, b) => a - b)[Math.floor(list.length / 2)],
      p95: Math.max(...list.map((s) => s.p95)),
      min: Math.min(...list.map((s) => s.min)),
      max: Math.max(...list.map((s) => s.max)),
      n: list.reduce((sum, s) => sum + s.n, 0),
    });
    report('POST /api/contactus, mail off', merged(samples.off));
    report('POST /api/contactus, mail on (3 admins: the message and 3 outbox rows in one statement)', merged(samples.on));
    // 3 mails for each post, warm-up included.
    const expected = 3 * (samples.on.reduce((sum, s) => sum + s.n, 0) + 10);
    for (let i = 0; i < 1200 && smtp.mails() < expected; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(`  mails delivered by the sender, off the request path: ${smtp.mails()} of ${expected}`);
  } finally {
    await on.stop();
    await off.stop();
    await smtp.stop();
  }
}

await postWithAndWithoutMail();
if (process.env.BENCH_CONTACT_POST_ONLY) process.exit(0);

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
