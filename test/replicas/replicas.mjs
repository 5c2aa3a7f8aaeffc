// `npm run test:replicas`: two replicas of the built app (NODE_ENV=production) on one PostgreSQL
// (a scratch database) and one S3-compatible store (s3rver), behind nginx (round robin, no
// stickiness, idempotent requests retried on the other replica). It proves that nothing is tied
// to one process: sessions, login limits (device cookies too), logout, sessions ended from Your
// sessions and photos hold across replicas, a replica killed under load costs no GET, a rolling
// restart loses no acknowledged write and fails no request, and both replicas' mail senders
// together deliver each mail of the shared outbox exactly once.
// Prints each point as it passes, then `replicas: N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startS3Server } from '../support/s3-server.mjs';
import { freePort } from '../support/free-port.mjs';
import { canvas } from '../support/images.mjs';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { startSmtpSink } from '../support/smtp-sink.mjs';
import { unique, uniqueEmail } from '../support/unique.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results = { passed: 0, failed: 0 };
const cleanups = [];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** One replica: the built app as a child process, with a DATA_DIR of its own (nothing shared on disk). */
class Replica {
  constructor(name, port, env) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.url = `http://127.0.0.1:${port}`;
    this.dataDir = mkdtempSync(join(tmpdir(), `replica-${name}-`));
    cleanups.push(() => rmSync(this.dataDir, { recursive: true, force: true }));
  }

  async start() {
    this.process = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), DATA_DIR: this.dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.process.stderr.on('data', (chunk) => process.stderr.write(`[replica ${this.name}] ${chunk}`));
    this.exited = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
    await waitFor(`${this.url}/api/health/ready`);
  }

  async stop(signal) {
    if (!this.process || this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.kill(signal);
    return this.exited;
  }
}

/** nginx from Debian as a child process, with its config, pid, logs and temp files in a temp dir. */
async function startNginx(port, upstreams) {
  const dir = mkdtempSync(join(tmpdir(), 'replicas-nginx-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const configure = (down = []) =>
    writeFileSync(
      join(dir, 'nginx.conf'),
      `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Round robin, no stickiness. max_fails=0: a replica is never taken out of the rotation for a
  # while, so one that has just restarted gets traffic at once; a refused connection costs a retry.
  upstream app {
${upstreams.map((upstream) => `    server ${upstream} max_fails=0${down.includes(upstream) ? ' down' : ''};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Idempotent requests go to the other replica when one fails; non_idempotent is NOT set,
      # so a POST is retried only when it never reached a replica.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 15s;
    }
  }
}
`,
    );
  configure();
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[nginx] ${chunk}`));
  cleanups.push(() => child.kill('SIGTERM'));
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return {
    url: `http://127.0.0.1:${port}`,
    errorLog: join(dir, 'error.log'),
    /**
     * Takes replicas out of the rotation (or puts them all back), as a deployment does before it
     * stops one: nginx reloads, and its old worker finishes the requests it has in flight.
     */
    async drain(...down) {
      configure(down);
      process.kill(child.pid, 'SIGHUP');
      await sleep(500);
    },
  };
}

/** A tiny cookie-keeping client for one base URL (or another, per request). */
function sessionCookie(res) {
  const header = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  return header?.split(';')[0];
}

async function call(base, method, path, { cookie, json, form } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  let body;
  if (json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  if (form) body = form;
  const res = await fetch(base + path, { method, headers, body });
  const type = res.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: data, cookie: sessionCookie(res) };
}

async function point(description, check) {
  try {
    await check();
    results.passed += 1;
    console.log(`✓ ${description}`);
  } catch (error) {
    results.failed += 1;
    console.log(`✗ ${description}\n    ${error.stack ?? error}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * One request on a connection of its own, as the load uses: a connection kept alive by the client
 * could be closed by nginx's reload (drain) just as a request goes out on it, which is a client's
 * retry to make (browsers do), not a failure of the site.
 */
function send(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs `worker` on `concurrency` loops until stop() and counts outcomes. A worker returns true
 * for a good reply; a thrown error (connection refused, reset) counts as a failure.
 */
function load(concurrency, worker) {
  const stats = { ok: 0, failed: 0, failures: [] };
  let running = true;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      try {
        if (await worker()) stats.ok += 1;
        else stats.failed += 1;
      } catch (error) {
        stats.failed += 1;
        stats.failures.push(String(error.cause ?? error));
      }
    }
  });
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}

async function main() {
  const [nginxPort, portA, portB, s3Port] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const s3 = await startS3Server({ port: s3Port });
  cleanups.push(() => s3.close());
  const database = await createScratchDatabase(baseDatabaseUrl, 'replicas');
  cleanups.push(() => database.drop());
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());

  // Production asks an anonymous first registration for the setup link: both replicas are given
  // the first administrator instead (they start together; one creates it).
  const admin = { name: 'Replica Admin', email: uniqueEmail('replicas'), password: 'correct horse battery' };
  const secrets = mkdtempSync(join(tmpdir(), 'replicas-secret-'));
  cleanups.push(() => rmSync(secrets, { recursive: true, force: true }));
  writeFileSync(join(secrets, 'admin-password'), admin.password);
  const env = {
    NODE_ENV: 'production',
    ADMIN_NAME: admin.name,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD_FILE: join(secrets, 'admin-password'),
    DATABASE_URL: database.url,
    SESSION_SECRET: 'replica-test-secret-replica-test-secret-0123',
    SECRETS_KEY: 'replica-secrets-key-replica-secrets-key-0123',
    // The admins here sign in with a password alone; the second factor has tests of its own.
    REQUIRE_SECOND_FACTOR: 'false',
    // The balancer's address: both replicas write their links on it (http://, so the cookie stays `sid`).
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Replica Test <site@example.com>',
    // Both senders poll often, so they race for the same rows.
    MAIL_POLL_MS: '50',
    ...s3.env,
  };
  const a = new Replica('A', portA, env);
  const b = new Replica('B', portB, env);
  cleanups.push(
    () => a.stop('SIGKILL'),
    () => b.stop('SIGKILL'),
  );
  await Promise.all([a.start(), b.start()]);
  const nginx = await startNginx(nginxPort, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
  const site = nginx.url;
  console.log(`two replicas (${a.url}, ${b.url}) behind nginx at ${site}, PostgreSQL ${database.name}, s3rver ${s3.endpoint}\n`);

  let cookie;
  await point('a login on replica A is a session on replica B', async () => {
    const login = await call(a.url, 'POST', '/api/admins/login', { json: { email: admin.email, password: admin.password } });
    assert(login.status === 200 && login.cookie, `login on A: ${login.status}`);
    cookie = login.cookie;
    const me = await call(b.url, 'GET', '/api/admins/me', { cookie });
    assert(me.status === 200 && me.body.admin?.email === admin.email, `me on B: ${JSON.stringify(me.body)}`);
  });

  let photoPath;
  await point('a photo uploaded through replica A is served by replica B (same bytes, Range answered)', async () => {
    const created = await call(a.url, 'POST', '/api/news', { cookie, json: { title: unique('Replica '), description: 'd', about: 'a' } });
    assert(created.status === 201, `create: ${created.status}`);
    const form = new FormData();
    const png = await canvas(64, 48).png().toBuffer();
    form.append('photo', new Blob([png], { type: 'image/png' }), 'photo.png');
    const uploaded = await call(a.url, 'POST', `/api/news/${created.body.id}/upload`, { cookie, form });
    assert(uploaded.status === 200 && uploaded.body.photo, `upload on A: ${uploaded.status}`);
    photoPath = uploaded.body.photo;
    const fromA = await call(a.url, 'GET', photoPath);
    const fromB = await call(b.url, 'GET', photoPath);
    assert(fromB.status === 200 && fromB.headers.get('content-type') === 'image/webp', `photo on B: ${fromB.status}`);
    assert(Buffer.compare(fromA.body, fromB.body) === 0, 'A and B serve different bytes');
    const range = await fetch(b.url + photoPath, { headers: { range: 'bytes=0-15' } });
    assert(range.status === 206 && range.headers.get('content-range') === `bytes 0-15/${fromB.body.length}`, `range on B: ${range.status}`);
  });

  await point('five failed logins spread over both replicas lock the account (not ten)', async () => {
    const victim = { name: 'Victim', email: uniqueEmail('victim'), password: 'correct horse battery' };
    const made = await call(a.url, 'POST', '/api/admins/register', { cookie, json: victim });
    assert(made.status === 201, `register victim: ${made.status}`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const replica = attempt % 2 === 0 ? a : b;
      const res = await call(replica.url, 'POST', '/api/admins/login', { json: { email: victim.email, password: 'wrong password!' } });
      assert(res.status === 401, `failure ${attempt + 1} on ${replica.name}: ${res.status}`);
    }
    for (const replica of [a, b]) {
      const res = await call(replica.url, 'POST', '/api/admins/login', { json: { email: victim.email, password: victim.password } });
      assert(res.status === 429, `right password on ${replica.name} after 5 failures: ${res.status} (expected 429)`);
    }
  });

  await point('a logout on replica B ends the session on replica A', async () => {
    const login = await call(b.url, 'POST', '/api/admins/login', { json: { email: admin.email, password: admin.password } });
    const other = login.cookie;
    assert((await call(a.url, 'GET', '/api/admins/me', { cookie: other })).body.admin, 'session not seen on A before logout');
    const out = await call(b.url, 'POST', '/api/admins/logout', { cookie: other });
    assert(out.status === 200, `logout on B: ${out.status}`);
    const me = await call(a.url, 'GET', '/api/admins/me', { cookie: other });
    assert(me.body.admin === null, `A still knows the session: ${JSON.stringify(me.body)}`);
    assert((await call(a.url, 'GET', '/api/news', { cookie: other })).status === 401, 'A still serves the logged-out session');
  });

  // Each of these uses the session on A first, ends it elsewhere, and asks A at once: no replica
  // may answer from what it read before.
  await point('an admin removed on replica B is logged out on replica A at once', async () => {
    const other = { name: 'Removed Admin', email: uniqueEmail('removed'), password: 'removed admin password' };
    const added = await call(b.url, 'POST', '/api/admins/register', { cookie, json: other });
    assert(added.status === 201, `add on B: ${added.status}`);
    const theirs = (await call(a.url, 'POST', '/api/admins/login', { json: { email: other.email, password: other.password } })).cookie;
    for (let i = 0; i < 3; i++) assert((await call(a.url, 'GET', '/api/news', { cookie: theirs })).status === 200, 'not logged in on A');
    const removed = await call(b.url, 'DELETE', `/api/admins/${added.body.admin.id}`, { cookie });
    assert(removed.status === 200, `remove on B: ${removed.status}`);
    assert((await call(a.url, 'GET', '/api/news', { cookie: theirs })).status === 401, 'A still serves the removed admin');
  });

  await point('a session row deleted in psql stops working on both replicas at once', async () => {
    const login = await call(a.url, 'POST', '/api/admins/login', { json: { email: admin.email, password: admin.password } });
    for (const replica of [a, b])
      assert((await call(replica.url, 'GET', '/api/news', { cookie: login.cookie })).status === 200, 'not logged in');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const sid = decodeURIComponent(login.cookie.split('=')[1]).slice(2).split('.')[0];
      const { rowCount } = await client.query('DELETE FROM session WHERE sid = $1', [sid]);
      assert(rowCount === 1, `no session row ${sid}`);
    } finally {
      await client.end();
    }
    for (const replica of [a, b]) {
      assert((await call(replica.url, 'GET', '/api/news', { cookie: login.cookie })).status === 401, `${replica.name} still serves it`);
    }
  });

  await point('a session ended from Your sessions on replica A is refused on replica B at once', async () => {
    const login = await call(b.url, 'POST', '/api/admins/login', { json: { email: admin.email, password: admin.password } });
    for (let i = 0; i < 3; i++)
      assert((await call(b.url, 'GET', '/api/news', { cookie: login.cookie })).status === 200, 'not logged in on B');
    const listed = await call(a.url, 'GET', '/api/admins/me/sessions', { cookie });
    assert(listed.status === 200, `list on A: ${listed.status}`);
    // The newest of the others is the one just made on B.
    const [target] = listed.body.data
      .filter((session) => !session.current)
      .sort((x, y) => Date.parse(y.createdAt) - Date.parse(x.createdAt));
    assert(target, `no other session listed: ${JSON.stringify(listed.body)}`);
    const ended = await call(a.url, 'DELETE', `/api/admins/me/sessions/${target.id}`, { cookie });
    assert(ended.status === 200, `end on A: ${ended.status}`);
    assert((await call(b.url, 'GET', '/api/news', { cookie: login.cookie })).status === 401, 'B still serves the ended session');
    assert((await call(b.url, 'GET', '/api/news', { cookie })).status === 200, "B no longer serves the ender's own session");
  });

  await point(
    "strangers' failures on both replicas lock them out, not the admin's browser whose device cookie replica A gave",
    async () => {
      const owner = { name: 'Device Owner', email: uniqueEmail('device'), password: 'correct horse battery' };
      assert((await call(a.url, 'POST', '/api/admins/register', { cookie, json: owner })).status === 201, 'register');
      const first = await call(a.url, 'POST', '/api/admins/login', { json: { email: owner.email, password: owner.password } });
      const device = first.headers
        .getSetCookie()
        .find((each) => each.startsWith('device='))
        ?.split(';')[0];
      assert(device, 'no device cookie from A');
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const replica = attempt % 2 === 0 ? a : b;
        await call(replica.url, 'POST', '/api/admins/login', { json: { email: owner.email, password: 'a stranger guessing' } });
      }
      for (const replica of [a, b]) {
        const stranger = await call(replica.url, 'POST', '/api/admins/login', { json: { email: owner.email, password: owner.password } });
        assert(stranger.status === 429, `a stranger with the right password on ${replica.name}: ${stranger.status} (expected 429)`);
      }
      const own = await call(b.url, 'POST', '/api/admins/login', {
        cookie: device,
        json: { email: owner.email, password: owner.password },
      });
      assert(own.status === 200, `the owner's browser on B: ${own.status} (expected 200)`);
    },
  );

  await point('two replicas sending from one outbox deliver each mail exactly once', async () => {
    const count = 30;
    const names = [];
    // Posted to both replicas alternately, a few at a time, so each replica's sender is woken
    // by its own posts while the other one polls.
    for (let i = 0; i < count; i += 3) {
      await Promise.all(
        [0, 1, 2].map(async (j) => {
          const name = unique(`Replica mail ${i + j} `);
          names.push(name);
          const replica = (i + j) % 2 === 0 ? a : b;
          const res = await call(replica.url, 'POST', '/api/contactus', {
            cookie,
            json: { name, phno: '', email: 'visitor@example.org', msg: 'Hi' },
          });
          assert(res.status === 201, `contact on ${replica.name}: ${res.status}`);
        }),
      );
    }
    const subjects = new Set(names.map((name) => `New message from ${name}`));
    const ours = () => smtp.messages.filter((message) => subjects.has(message.subject));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let recipients;
    try {
      // Every admin wants new messages (the default): one mail per message and admin.
      recipients = (await client.query('SELECT email FROM admins')).rows.map((row) => row.email);
      await smtp.waitFor(() => ours().length >= count * recipients.length, 60_000);
      for (let i = 0; ; i++) {
        const { rows } = await client.query(`SELECT count(*)::int AS due FROM mail_outbox WHERE status = 'pending'`);
        if (rows[0].due === 0) break;
        assert(i < 200, `${rows[0].due} mails still due`);
        await sleep(100);
      }
    } finally {
      await client.end();
    }
    // Several more polls of both senders: nothing goes a second time.
    await sleep(1000);
    const delivered = ours();
    const expected = count * recipients.length;
    const pairs = new Set(delivered.map((message) => `${message.to.join(',')} ${message.subject}`));
    const ids = new Set(delivered.map((message) => message.messageId));
    assert(delivered.length === expected, `${delivered.length} mails delivered for ${count} messages to ${recipients.length} admins`);
    assert(pairs.size === expected && ids.size === expected, 'a mail was delivered twice');
    assert(
      delivered.every((message) => message.to.length === 1 && recipients.includes(message.to[0])),
      'a mail went to someone else',
    );
    console.log(`    ${count} messages to ${recipients.length} admins: ${delivered.length} mails, each once`);
  });

  /** How long until `path` on `replica` answers `status` to a visitor (no cookie), polled every 50 ms for up to 5 s. */
  async function untilStatus(replica, path, status) {
    const start = performance.now();
    while (performance.now() - start < 5000) {
      if ((await call(replica.url, 'GET', path)).status === status) return performance.now() - start;
      await sleep(50);
    }
    return Infinity;
  }

  await point('the maintenance switch flipped on replica A takes effect on replica B within 2 s, both ways', async () => {
    assert((await call(b.url, 'GET', '/')).status === 503, 'B does not start in maintenance');
    const tagline = unique('Open on every replica ');
    const off = await call(a.url, 'PATCH', '/api/settings', { cookie, json: { maintenance: false, tagline } });
    assert(off.status === 200 && off.body.maintenance === false, `switch off on A: ${off.status}`);
    const opened = await untilStatus(b, '/', 200);
    assert(opened <= 2000, `B still in maintenance ${Math.round(opened)} ms after the switch`);
    const home = await call(b.url, 'GET', '/');
    assert(home.body.toString('utf8').includes(tagline.replaceAll('&', '&amp;')), 'B shows the old tagline');
    const on = await call(a.url, 'PATCH', '/api/settings', { cookie, json: { maintenance: true } });
    assert(on.status === 200 && on.body.maintenance === true, `switch on on A: ${on.status}`);
    const closed = await untilStatus(b, '/', 503);
    assert(closed <= 2000, `B still open ${Math.round(closed)} ms after the switch`);
    console.log(`    B followed in ${Math.round(opened)} ms (off) and ${Math.round(closed)} ms (on)`);
  });

  // Logged-in GETs read their session row on every request (and renew it at most once a minute).
  const reads = () =>
    load(8, async () => {
      const which = Math.random();
      const path = which < 0.4 ? '/api/news?page=1' : which < 0.7 ? photoPath : which < 0.9 ? '/api/admins/me' : '/api/services?page=1';
      const res = await send('GET', site + path, { cookie });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      return true;
    });

  await point('a replica killed with SIGKILL under GET load costs 0 failed GETs', async () => {
    const run = reads();
    await sleep(1500);
    const before = run.stats.ok;
    await a.stop('SIGKILL');
    await sleep(2500);
    const stats = await run.stop();
    console.log(`    ${stats.ok} GETs answered (${before} before the kill), ${stats.failed} failed`);
    assert(stats.ok > before, 'no GET was answered after the kill');
    assert(stats.failed === 0, `${stats.failed} GETs failed: ${stats.failures.slice(0, 3).join('; ')}`);
    await a.start();
  });

  await point(
    'a rolling restart (drain and SIGTERM A, start it, then B) under mixed load loses no acknowledged write and fails no request',
    async () => {
      const acknowledged = [];
      const readLoad = reads();
      const writeLoad = load(3, async () => {
        const title = unique('Rolling ');
        const res = await send(
          'POST',
          `${site}/api/news`,
          { cookie, 'content-type': 'application/json' },
          JSON.stringify({ title, description: 'd', about: 'a' }),
        );
        const text = res.body.toString('utf8');
        if (res.status !== 201) throw new Error(`POST /api/news: ${res.status} ${text.slice(0, 120)}`);
        const body = JSON.parse(text);
        acknowledged.push({ id: body.id, title });
        return true;
      });
      await sleep(1000);
      for (const replica of [a, b]) {
        // Out of the rotation first (a Service does the same when a pod terminates): a POST already
        // sent to a replica that closes cannot be retried (non_idempotent is not set).
        await nginx.drain(`127.0.0.1:${replica.port}`);
        const exit = await replica.stop('SIGTERM');
        assert(exit.code === 0, `replica ${replica.name} exited with ${JSON.stringify(exit)} on SIGTERM`);
        await replica.start();
        await nginx.drain();
        await sleep(1000);
      }
      const reads_ = await readLoad.stop();
      const writes = await writeLoad.stop();
      if (reads_.failed + writes.failed > 0)
        console.log(
          readFileSync(nginx.errorLog, 'utf8')
            .split('\n')
            .filter((line) => !line.includes('[notice]'))
            .slice(-8)
            .join('\n'),
        );
      console.log(`    ${reads_.ok} GETs and ${writes.ok} POSTs answered; ${reads_.failed + writes.failed} failed`);
      assert(reads_.failed === 0, `${reads_.failed} GETs failed: ${reads_.failures.slice(0, 3).join('; ')}`);
      assert(writes.failed === 0, `${writes.failed} POSTs failed: ${writes.failures.slice(0, 3).join('; ')}`);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT id, title FROM news WHERE id = ANY($1)', [acknowledged.map((write) => write.id)]);
        const stored = new Map(rows.map((row) => [row.id, row.title]));
        const lost = acknowledged.filter((write) => stored.get(write.id) !== write.title);
        assert(acknowledged.length > 0, 'no write was acknowledged');
        assert(lost.length === 0, `${lost.length} of ${acknowledged.length} acknowledged writes are missing`);
        console.log(`    all ${acknowledged.length} acknowledged writes are in the database`);
      } finally {
        await client.end();
      }
    },
  );
}

// Stopped from outside: the replicas, nginx and s3rver go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    process.exit(1);
  });
}

let crashed = false;
try {
  await main();
} catch (error) {
  crashed = true;
  console.error(error);
}
for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
if (crashed && results.failed === 0) results.failed = 1;
if (process.env.REPLICAS_REPORT) writeFileSync(process.env.REPLICAS_REPORT, JSON.stringify(results));
console.log(`\nreplicas: ${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
