import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { ANALYTICS_CLOCK, type AnalyticsClock } from '../../server/analytics/analytics-clock';
import { addDays, utcDay } from '../../server/analytics/date-range';
import type { DatabaseConnection } from '../../server/database/database-connection';
import { BEACON_HASH, BEACON_SCRIPT } from '../../server/http/visitor-beacon';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { createTestDatabase } from '../support/test-database';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

/** A browser's User-Agent of its own per test, so each test's visitor is a new one. */
const browser = (name = unique('Tester')) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${name}`;

interface View {
  path: string;
  referrer?: string;
  ua?: string;
  address?: string;
  utm?: Record<string, string>;
  width?: number;
  headers?: Record<string, string>;
}

/** The beacon as a browser sends it: sendBeacon's text/plain JSON, from the site's own page. */
function beacon(t: TestApp, view: View) {
  const req = t
    .http()
    .post('/api/collect')
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('Origin', t.config.publicUrl)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('User-Agent', view.ua ?? browser())
    .set('Accept-Language', 'en-GB,en;q=0.9')
    .set('X-Forwarded-For', view.address ?? '203.0.113.77');
  for (const [name, value] of Object.entries(view.headers ?? {})) req.set(name, value);
  return req.send(JSON.stringify({ path: view.path, referrer: view.referrer ?? '', width: view.width ?? 1280, ...(view.utm ?? {}) }));
}

/** One database for two apps (replicas), closed by the test: each app's own close leaves it alone. */
async function sharedDatabase(): Promise<{ connection: DatabaseConnection; close: () => Promise<unknown> }> {
  const real = await createTestDatabase();
  return { connection: { ...real, close: async () => undefined }, close: () => real.close() };
}

async function pageCounts(agent: Agent, path: string, query = '') {
  const res = await agent.get(`/api/analytics/pages?path=${encodeURIComponent(path)}${query}`);
  expect(res.status).toBe(200);
  return (res.body.data as { value: string; visitors: number; pageviews: number }[])[0] ?? { value: path, visitors: 0, pageviews: 0 };
}

describe('visitor counts', () => {
  let t: TestApp;
  let agent: Agent;
  let shared: Awaited<ReturnType<typeof sharedDatabase>>;

  beforeAll(async () => {
    shared = await sharedDatabase();
    // Behind a proxy (loopback), so each test's visitor can come from an address of its own.
    t = await createTestApp({ trustProxy: 'loopback' }, { connection: shared.connection });
    ({ agent } = await loggedInAgent(t));
  }, APP_TEST_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await shared.close();
  });

  describe('POST /api/collect', () => {
    it('answers 204, no-store and no cookie, and counts the view once', async () => {
      const path = `/news/${unique('first-')}`;
      const res = await beacon(t, { path });
      expect(res.status).toBe(204);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
    });

    it('answers ahead of Express with the API’s security headers, and counts the other spellings of its path through the API', async () => {
      const api = await t.http().get('/api/health');
      const res = await beacon(t, { path: `/news/${unique('headers-')}` });
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'strict-transport-security',
        'referrer-policy',
      ]) {
        expect(res.headers[name], name).toBe(api.headers[name]);
      }
      expect(res.headers['x-powered-by']).toBeUndefined();
      // `/api/collect/` is Express's (and CollectController's): counted the same way.
      const path = `/news/${unique('slash-')}`;
      const slash = await t
        .http()
        .post('/api/collect/')
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .set('User-Agent', browser())
        .set('Accept-Language', 'en')
        .set('X-Forwarded-For', '203.0.113.78')
        .send(JSON.stringify({ path }));
      expect(slash.status).toBe(204);
      expect(slash.headers['x-content-type-options']).toBe('nosniff');
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
    });

    it('takes a forwarded address that is no address as the connection’s own, and counts the view', async () => {
      const path = `/news/${unique('junk-address-')}`;
      const res = await beacon(t, { path, address: 'x'.repeat(300) });
      expect(res.status).toBe(204);
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
    });

    it('counts a view posted from another origin (a page a CDN serves) instead of refusing it as cross-site', async () => {
      const path = `/news/${unique('cdn-')}`;
      const res = await beacon(t, { path, headers: { Origin: 'https://cdn.example', 'Sec-Fetch-Site': 'cross-site' } });
      expect(res.status).toBe(204);
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
    });

    it('counts the same visitor twice in a day as one visitor with two page views', async () => {
      const path = `/news/${unique('twice-')}`;
      const ua = browser();
      await beacon(t, { path, ua });
      await beacon(t, { path, ua });
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 2 });
      // Another address is another visitor.
      await beacon(t, { path, ua, address: '198.51.100.9' });
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 2, pageviews: 3 });
    });

    it(
      'counts a visitor once through two replicas on one database',
      async () => {
        const replica = await createTestApp({ trustProxy: 'loopback' }, { connection: shared.connection });
        try {
          const path = `/news/${unique('replicas-')}`;
          const ua = browser();
          await beacon(t, { path, ua });
          await beacon(replica, { path, ua });
          // Each flushes its own buffer (a report flushes the replica that answers it).
          const other = (await loggedInAgent(replica)).agent;
          expect(await pageCounts(other, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
          expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 2 });
        } finally {
          await replica.close();
        }
      },
      APP_TEST_TIMEOUT,
    );

    it('counts the same person as a new visitor the next day (a new salt)', async () => {
      const clock = t.app.get<AnalyticsClock>(ANALYTICS_CLOCK);
      const path = `/news/${unique('next-day-')}`;
      const ua = browser();
      await beacon(t, { path, ua });
      const today = utcDay(Date.now());
      const tomorrow = addDays(today, 1);
      const realNow = clock.now;
      clock.now = () => Date.now() + 24 * 60 * 60 * 1000;
      try {
        await beacon(t, { path, ua });
        expect(await pageCounts(agent, path, `&from=${today}&to=${tomorrow}`)).toEqual({ value: path, visitors: 2, pageviews: 2 });
        const salts = await t.dataSource.query<{ day: string }[]>(`SELECT day::text AS day FROM analytics_salts ORDER BY day`);
        expect(salts.map((s) => s.day)).toEqual(expect.arrayContaining([today, tomorrow]));
      } finally {
        clock.now = realNow;
      }
    });

    it('drops a bot, a HEAD, a prefetch and a request without Accept-Language, and counts them as dropped, today and in total', async () => {
      const path = `/news/${unique('machines-')}`;
      const today = utcDay(Date.now());
      const droppedToday = (summary: { series: { date: string; dropped: number | null }[] }) =>
        summary.series.find((point) => point.date === today)?.dropped;
      const earlier = (await agent.get('/api/analytics/summary')).body;
      const before = earlier.dropped as number;
      await beacon(t, { path, ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
      await beacon(t, { path, headers: { 'Sec-Purpose': 'prefetch' } });
      await t.http().post('/api/collect').set('Content-Type', 'text/plain').set('User-Agent', browser()).send(JSON.stringify({ path }));
      const head = await t
        .http()
        .head(`/api/collect.gif?path=${encodeURIComponent(path)}`)
        .set('User-Agent', browser())
        .set('Accept-Language', 'en');
      expect(head.status).toBe(200);
      const summary = (await agent.get('/api/analytics/summary')).body;
      expect(summary.dropped).toBe(before + 4);
      expect(droppedToday(summary)).toBe(droppedToday(earlier)! + 4);
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 0, pageviews: 0 });
    });

    it('ignores junk with a 204, never a 500', async () => {
      const before = (await agent.get('/api/analytics/summary')).body.pageviews as number;
      for (const body of ['{', '[]', 'null', JSON.stringify({ path: 'news' }), JSON.stringify({ path: `/${'a'.repeat(300)}` })]) {
        const res = await t
          .http()
          .post('/api/collect')
          .set('Content-Type', 'text/plain')
          .set('User-Agent', browser())
          .set('Accept-Language', 'en')
          .send(body);
        expect(res.status).toBe(204);
      }
      const huge = await t
        .http()
        .post('/api/collect')
        .set('Content-Type', 'text/plain')
        .set('User-Agent', browser())
        .set('Accept-Language', 'en')
        .send(JSON.stringify({ path: '/', padding: 'x'.repeat(10_000) }));
      expect(huge.status).toBe(204);
      expect((await agent.get('/api/analytics/summary')).body.pageviews).toBe(before);
    });

    it('keeps `<script>` in a path as text, and a referrer as its host alone', async () => {
      const path = `/news/<script>alert(${unique('x')})</script>`;
      await beacon(t, { path, referrer: 'Search.Example.org' });
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
      await beacon(t, { path: '/', referrer: '<script>alert(1)</script>' });
      const referrers = (await agent.get(`/api/analytics/referrers?path=${encodeURIComponent(path)}`)).body.data;
      expect(referrers).toEqual([{ value: 'search.example.org', visitors: 1, pageviews: 1 }]);
      const all = (await agent.get('/api/analytics/referrers')).body.data as { value: string }[];
      expect(all.some((row) => row.value.includes('<'))).toBe(false);
    });

    it('counts the referrer, campaign, country, browser, system, device and screen of a view', async () => {
      const path = `/news/${unique('dimensions-')}`;
      await beacon(t, {
        path,
        referrer: 'news.example.com',
        address: '8.8.4.4',
        width: 390,
        ua: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 ${unique('i')}`,
        utm: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' },
      });
      const report = async (name: string) =>
        (await agent.get(`/api/analytics/${name}?path=${encodeURIComponent(path)}`)).body.data.map((row: { value: string }) => row.value);
      expect(await report('referrers')).toEqual(['news.example.com']);
      expect(await report('campaigns')).toEqual(['newsletter / email / spring']);
      expect(await report('countries')).toEqual(['US']);
      expect(await report('browsers')).toEqual(['Safari']);
      expect(await report('systems')).toEqual(['iOS']);
      expect(await report('devices')).toEqual(['Mobile']);
      expect(await report('screens')).toEqual(['Phone (< 576 px)']);
      // A link within the site is no referrer.
      const inside = `/news/${unique('inside-')}`;
      await beacon(t, { path: inside, referrer: new URL(t.config.publicUrl).host });
      expect(await report('referrers')).toEqual(['news.example.com']);
      expect((await agent.get(`/api/analytics/referrers?path=${encodeURIComponent(inside)}`)).body.data).toEqual([]);
    });

    it('counts visits and bounces: one view is a bounce, a second view in the visit takes it back', async () => {
      const start = (await agent.get('/api/analytics/summary')).body as { visits: number; bounceRate: number };
      const ua = browser();
      await beacon(t, { path: '/', ua, address: '192.0.2.50' });
      let now = (await agent.get('/api/analytics/summary')).body;
      expect(now.visits).toBe(start.visits + 1);
      const bouncesBefore = Math.round(now.bounceRate * now.visits);
      await beacon(t, { path: '/services', ua, address: '192.0.2.50' });
      now = (await agent.get('/api/analytics/summary')).body;
      expect(now.visits).toBe(start.visits + 1);
      expect(Math.round(now.bounceRate * now.visits)).toBe(bouncesBefore - 1);
    });

    it('keeps no address and no User-Agent in any table', async () => {
      const ua = browser(unique('NeedleBrowser'));
      const address = '203.0.113.201';
      await beacon(t, { path: `/news/${unique('private-')}`, ua, address });
      await t.http().get('/api/collect.gif?path=/').set('User-Agent', ua).set('Accept-Language', 'en').set('X-Forwarded-For', address);
      await agent.get('/api/analytics/summary'); // flushes
      const tables = await t.dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
      );
      let rows = 0;
      for (const { table_name } of tables) {
        const dump = await t.dataSource.query<{ row: string }[]>(`SELECT t::text AS row FROM "${table_name}" t`);
        rows += dump.length;
        for (const { row } of dump) {
          expect(row).not.toContain(address);
          expect(row).not.toContain('NeedleBrowser');
          expect(row).not.toContain(ua.slice(0, 40));
        }
      }
      expect(rows).toBeGreaterThan(0);
    });

    it('answers the <noscript> image with a transparent GIF, no-store, counting the page without a referrer', async () => {
      const path = `/news/${unique('pixel-')}`;
      const res = await t
        .http()
        .get(`/api/collect.gif?path=${encodeURIComponent(path)}`)
        .set('User-Agent', browser())
        .set('Accept-Language', 'en')
        .set('Referer', 'https://elsewhere.example/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('no-store');
      expect((res.body as Buffer).subarray(0, 6).toString()).toBe('GIF89a');
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 1, pageviews: 1 });
      expect((await agent.get(`/api/analytics/referrers?path=${encodeURIComponent(path)}`)).body.data).toEqual([]);
    });
  });

  describe('GET /api/analytics/*', () => {
    it('answers 401 without a session', async () => {
      for (const route of ['summary', 'pages', 'live', 'status', 'export']) {
        expect((await t.http().get(`/api/analytics/${route}`)).status).toBe(401);
      }
    });

    it('answers 400 keyed by the field for a date that is none, from after to, or more than 800 days', async () => {
      const bad = async (query: string, field: string) => {
        const res = await agent.get(`/api/analytics/summary?${query}`);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.error)).toEqual([field]);
      };
      await bad('from=2026-02-30', 'from');
      await bad('to=yesterday', 'to');
      await bad('from=2026-03-02&to=2026-03-01', 'from');
      await bad('from=2020-01-01&to=2026-01-01', 'from');
      expect((await agent.get('/api/analytics/pages?path=no-slash')).status).toBe(400);
      expect((await agent.get('/api/analytics/nothing')).status).toBe(404);
    });

    it('sums a period with the previous one, hour by hour for a day and day by day otherwise', async () => {
      const today = utcDay(Date.now());
      await beacon(t, { path: `/news/${unique('series-')}` });
      const day = (await agent.get(`/api/analytics/summary?from=${today}&to=${today}`)).body;
      expect(day.series).toHaveLength(24);
      expect(day.visitorsSummed).toBe(false);
      expect(day.series.reduce((sum: number, point: { pageviews: number }) => sum + point.pageviews, 0)).toBe(day.pageviews);
      // Dropped requests are kept per day: an hour has none to give.
      expect(day.series.every((point: { dropped: number | null }) => point.dropped === null)).toBe(true);
      const month = (await agent.get('/api/analytics/summary')).body;
      expect(month.series).toHaveLength(30);
      expect(month.series.reduce((sum: number, point: { dropped: number }) => sum + point.dropped, 0)).toBe(month.dropped);
      expect(month.to).toBe(today);
      expect(month.visitorsSummed).toBe(true);
      expect(month.previous).toEqual({ visitors: 0, pageviews: 0, visits: 0, bounceRate: 0, dropped: 0 });
    });

    it('says how many visitors came in the last five minutes', async () => {
      const before = (await agent.get('/api/analytics/live')).body.visitors as number;
      await beacon(t, { path: '/', address: '192.0.2.77' });
      expect((await agent.get('/api/analytics/live')).body).toEqual({ visitors: before + 1 });
    });

    it('exports the period day by day as CSV', async () => {
      const today = utcDay(Date.now());
      const res = await agent.get(`/api/analytics/export?from=${today}&to=${today}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"Date","Visitors","Page views","Visits","Bounces","Dropped"');
      expect(lines[1]).toMatch(new RegExp(`^"${today}","\\d+"`));
    });

    it('says counting is on, and the key that keeps a browser out', async () => {
      expect((await agent.get('/api/analytics/status')).body).toEqual({ enabled: true, days: 730, optOutKey: 'counts-off' });
    });
  });

  describe('the public pages', () => {
    it('carry the beacon, allowed by its hash, and the <noscript> image', async () => {
      expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
      const res = await t.http().get('/services');
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<script>${BEACON_SCRIPT}</script>`);
      expect(res.text).toContain('<noscript><img src="/api/collect.gif?path=%2Fservices"');
      expect(res.headers['content-security-policy']).toContain(`script-src ${BEACON_HASH}`);
      expect(Buffer.byteLength(BEACON_SCRIPT)).toBeLessThan(1024);
    });
  });

  it(
    'loses no buffered view when the app closes',
    async () => {
      const path = `/news/${unique('shutdown-')}`;
      const replica = await createTestApp({ trustProxy: 'loopback' }, { connection: shared.connection });
      await beacon(replica, { path });
      await beacon(replica, { path, address: '198.51.100.200' });
      await replica.close();
      expect(await pageCounts(agent, path)).toEqual({ value: path, visitors: 2, pageviews: 2 });
    },
    APP_TEST_TIMEOUT,
  );
});

describe('ANALYTICS=off', () => {
  let t: TestApp;
  let agent: Agent;
  let dataSource: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ analytics: false });
    ({ agent } = await loggedInAgent(t));
    dataSource = t.dataSource;
  }, APP_TEST_TIMEOUT);
  afterAll(() => t?.close());

  it('answers 404 on every /api/collect route, and the pages carry no script', async () => {
    expect((await beacon(t, { path: '/' })).status).toBe(404);
    expect((await t.http().get('/api/collect.gif?path=/').set('User-Agent', browser()).set('Accept-Language', 'en')).status).toBe(404);
    expect((await agent.get('/api/analytics/status')).body.enabled).toBe(false);
    expect((await agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    const page = await t.http().get('/');
    expect(page.text).not.toContain('<script>');
    expect(page.text).not.toContain('/api/collect');
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(await dataSource.query(`SELECT * FROM analytics_days`)).toEqual([]);
  });
});
