import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aggregate, DIMENSION_KINDS, PAGE_KIND, WHOLE_SITE, type Hit, type VisitorState } from '../../server/analytics/aggregate';
import { previousRange, rangeDays, resolveRange } from '../../server/analytics/date-range';
import {
  campaignOf,
  countedPath,
  notAPerson,
  parseBeacon,
  referrerHost,
  screenSize,
  softwareOf,
  visitorId,
} from '../../server/analytics/hit';
import { BEACON_HASH, BEACON_SCRIPT, COUNTS_OFF_KEY } from '../../server/http/visitor-beacon';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('visitorId', () => {
  const salt = Buffer.alloc(32, 1);

  it('is the same for the same site, address and browser under one salt, and a signed 64-bit number', () => {
    const id = visitorId(salt, 'https://site.example', '203.0.113.5', CHROME);
    expect(visitorId(salt, 'https://site.example', '203.0.113.5', CHROME)).toBe(id);
    expect(id).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(id).toBeLessThan(2n ** 63n);
  });

  it('differs with the salt (the next day), the address, the browser and the site', () => {
    const id = visitorId(salt, 'https://site.example', '203.0.113.5', CHROME);
    expect(visitorId(Buffer.alloc(32, 2), 'https://site.example', '203.0.113.5', CHROME)).not.toBe(id);
    expect(visitorId(salt, 'https://site.example', '203.0.113.6', CHROME)).not.toBe(id);
    expect(visitorId(salt, 'https://site.example', '203.0.113.5', IPHONE)).not.toBe(id);
    expect(visitorId(salt, 'https://other.example', '203.0.113.5', CHROME)).not.toBe(id);
  });
});

describe('notAPerson', () => {
  const person = { method: 'POST', userAgent: CHROME, acceptLanguage: 'en', purpose: undefined };

  it('lets a browser’s view through', () => {
    expect(notAPerson(person)).toBeNull();
  });

  it.each([
    ['a bot by the list', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 'bot'],
    ['a script', { userAgent: 'curl/8.5.0' }, 'bot'],
    ['no User-Agent', { userAgent: undefined }, 'bot'],
    ['a HEAD', { method: 'HEAD' }, 'head'],
    ['a prefetch', { purpose: 'prefetch' }, 'prefetch'],
    ['a prerender', { purpose: 'prefetch;prerender' }, 'prefetch'],
    ['no Accept-Language', { acceptLanguage: undefined }, 'no-language'],
  ])('drops %s', (_label, change, reason) => {
    expect(notAPerson({ ...person, ...change })).toBe(reason);
  });
});

describe('the beacon’s body', () => {
  it('keeps the path without its query, the referrer’s host, the campaign and the width', () => {
    expect(
      parseBeacon(
        JSON.stringify({
          path: '/news/a?x=1#top',
          referrer: 'www.Search.example',
          utm_source: 'letter',
          utm_campaign: 'spring',
          width: 390,
          extra: 'ignored',
        }),
      ),
    ).toEqual({ path: '/news/a', referrer: 'www.search.example', campaign: 'letter / spring', width: 390 });
  });

  it('is null for junk: not JSON, not an object, no path, a path not from / or too long or with a control character', () => {
    for (const body of ['{', '[]', '"text"', 'null', '{}', '{"path":"news"}', `{"path":"/${'a'.repeat(300)}"}`, '{"path":"/a\\u0000"}']) {
      expect(parseBeacon(body), body).toBeNull();
    }
  });

  it('ignores a width that is not a whole positive number', () => {
    expect(parseBeacon({ path: '/', width: -3 })?.width).toBeNull();
    expect(parseBeacon({ path: '/', width: '1280' })?.width).toBeNull();
  });

  it('takes a referrer’s host from a host or a URL, and nothing from junk', () => {
    expect(referrerHost('https://news.example.org/story?id=1')).toBe('news.example.org');
    expect(referrerHost('news.example.org')).toBe('news.example.org');
    expect(referrerHost('<script>alert(1)</script>')).toBe('');
    expect(referrerHost(42)).toBe('');
  });

  it('counts a path of 300 characters, not one of 301', () => {
    expect(countedPath(`/${'a'.repeat(299)}`)).toHaveLength(300);
    expect(countedPath(`/${'a'.repeat(300)}`)).toBeNull();
  });

  it('writes the campaign from the UTM parameters present', () => {
    expect(campaignOf('', '', '')).toBe('');
    expect(campaignOf('newsletter', 'email', 'spring')).toBe('newsletter / email / spring');
  });
});

describe('softwareOf and screenSize', () => {
  it.each([
    [CHROME, { browser: 'Chrome', system: 'Windows', device: 'Desktop' }],
    [IPHONE, { browser: 'Safari', system: 'iOS', device: 'Mobile' }],
    [IPAD, { browser: 'Safari', system: 'iOS', device: 'Tablet' }],
    [ANDROID, { browser: 'Chrome', system: 'Android', device: 'Mobile' }],
  ])('names the browser, system and device of %s', (ua, expected) => {
    expect(softwareOf(ua)).toEqual(expected);
  });

  it('puts a width in a size class', () => {
    expect([screenSize(null), screenSize(390), screenSize(800), screenSize(1280), screenSize(2560)]).toEqual([
      '',
      'Phone (< 576 px)',
      'Tablet (576–991 px)',
      'Laptop (992–1439 px)',
      'Desktop (≥ 1440 px)',
    ]);
  });
});

describe('resolveRange', () => {
  const now = new Date('2026-11-26T15:00:00Z');

  it('defaults to the last 30 days, today included', () => {
    expect(resolveRange(undefined, undefined, now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(rangeDays({ from: '2026-10-28', to: '2026-11-26' })).toBe(30);
    expect(resolveRange('', '', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
  });

  it('refuses a date that is none, from after to, and more than 800 days, keyed by the field', () => {
    expect(resolveRange('2026-02-30', undefined, now)).toMatchObject({ field: 'from' });
    expect(resolveRange(undefined, '26/11/2026', now)).toMatchObject({ field: 'to' });
    expect(resolveRange('2026-11-27', '2026-11-26', now)).toMatchObject({ field: 'from' });
    expect(resolveRange('2024-08-17', '2026-10-26', now)).toMatchObject({ field: 'from' });
    expect(resolveRange('2024-08-18', '2026-10-26', now)).toEqual({ from: '2024-08-18', to: '2026-10-26' });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange({ from: '2026-11-26', to: '2026-11-26' })).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-07' })).toEqual({ from: '2026-02-22', to: '2026-02-28' });
  });
});

describe('aggregate', () => {
  const day = '2026-11-26';
  const at = (time: string) => Date.parse(`${day}T${time}Z`);
  const none = { referrer: '', country: '', browser: '', system: '', device: '', screen: '', campaign: '' };
  const hit = (visitor: string, time: string, path = '/', dimensions: Partial<Hit['dimensions']> = {}): Hit => ({
    at: at(time),
    day,
    visitor,
    path,
    dimensions: { ...none, ...dimensions },
  });
  const ids = new Map<string, number>();
  const nameId = (name: string) => ids.get(name) ?? (ids.set(name, ids.size + 1), ids.size);

  it('counts a visitor once a day, once an hour and once per path, and views every time', () => {
    const sums = aggregate(
      [hit('1', '10:00:00'), hit('1', '10:05:00'), hit('1', '11:00:00', '/news'), hit('2', '10:30:00')],
      new Map(),
      new Map(),
      nameId,
    );
    expect(sums.days.get(day)).toMatchObject({ visitors: 2, pageviews: 4 });
    expect(sums.hours.get(`${WHOLE_SITE}|${at('10:00:00')}`)).toEqual({ visitors: 2, pageviews: 3 });
    expect(sums.hours.get(`${WHOLE_SITE}|${at('11:00:00')}`)).toEqual({ visitors: 1, pageviews: 1 });
    expect(sums.daily.get(`${PAGE_KIND}|${WHOLE_SITE}|${day}|${nameId('/')}`)).toEqual({ visitors: 2, pageviews: 3 });
  });

  it('starts a visit after 30 minutes idle, and a visit of one view is a bounce', () => {
    const sums = aggregate(
      [hit('1', '09:00:00'), hit('1', '09:10:00'), hit('1', '10:00:00'), hit('2', '09:00:00')],
      new Map(),
      new Map(),
      nameId,
    );
    // Visitor 1: a visit of two views, then one of one; visitor 2: one of one.
    expect(sums.days.get(day)).toMatchObject({ visits: 3, bounces: 2 });
  });

  it('continues what the database knows: a known visitor is not new, and a second view takes the bounce back', () => {
    const known = new Map<string, VisitorState>([[`${day}|1`, { lastSeen: at('09:50:00'), visitPageviews: 1 }]]);
    const sums = aggregate([hit('1', '10:10:00')], known, new Map(), nameId);
    expect(sums.days.get(day)).toEqual({ visitors: 0, pageviews: 1, visits: 0, bounces: -1 });
    expect(known.get(`${day}|1`)).toEqual({ lastSeen: at('10:10:00'), visitPageviews: 2 });
  });

  it('counts a dimension’s visitors on their first view of the day (site) and of the path (page)', () => {
    const referrer = 'search.example';
    const sums = aggregate(
      [hit('1', '10:00:00', '/a', { referrer }), hit('1', '10:01:00', '/b', { referrer })],
      new Map(),
      new Map(),
      nameId,
    );
    const kind = DIMENSION_KINDS.referrer;
    expect(sums.daily.get(`${kind}|${WHOLE_SITE}|${day}|${nameId(referrer)}`)).toEqual({ visitors: 1, pageviews: 2 });
    expect(sums.daily.get(`${kind}|${nameId('/b')}|${day}|${nameId(referrer)}`)).toEqual({ visitors: 1, pageviews: 1 });
  });
});

describe('the beacon script', () => {
  it('is under 1 KB, allowed by its own hash, and honours the panel’s key', () => {
    expect(Buffer.byteLength(BEACON_SCRIPT)).toBeLessThan(1024);
    expect(BEACON_HASH).toBe(`'sha256-${createHash('sha256').update(BEACON_SCRIPT).digest('base64')}'`);
    expect(BEACON_SCRIPT).toContain(`localStorage.getItem("${COUNTS_OFF_KEY}")`);
    expect(BEACON_SCRIPT).not.toMatch(/cookie|setItem/);
  });

  it('parses as JavaScript', () => {
    expect(() => new Function(BEACON_SCRIPT)).not.toThrow();
  });
});
