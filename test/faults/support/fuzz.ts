/** A seeded generator of hostile requests; the same seed gives the same requests. */

export interface Route {
  method: string;
  path: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  loggedIn: boolean;
}

/** mulberry32: small, fast and good enough to drive a fuzzer. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The routes Nest reports at start-up ("Mapped {/api/news/:id, GET} route"). */
export function routesFromLog(log: string): Route[] {
  const routes: Route[] = [];
  for (const match of log.matchAll(/Mapped \{([^,}]+), (\w+)\} route/g)) routes.push({ path: match[1], method: match[2] });
  return routes;
}

const FIELDS = ['title', 'about', 'description', 'name', 'email', 'password', 'phno', 'msg', 'website', 'photo', 'id', 'page'];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
const STRINGS = [
  '',
  ' ',
  'a',
  'Hello',
  'x'.repeat(201),
  'y'.repeat(5001),
  'z'.repeat(20_001),
  'nul\u0000inside',
  '\u0000',
  'lone \ud800 high',
  'lone \udfff low',
  '\ud83d',
  '😀'.repeat(300),
  "'; DROP TABLE services; --",
  '%_\\',
  '<script>alert(1)</script>',
  'admin@example.com',
  'not an email',
  '+1 (555) 000-1234',
  '00000000-0000-0000-0000-000000000000',
  '\r\n\t',
  '1e3',
  '-1',
  'NaN',
  'null',
  '{}',
  '[]',
];
const QUERY_VALUES = [
  '',
  '1',
  '2',
  '0',
  '-1',
  '1e3',
  '1.5',
  '100000',
  '100001',
  '99999999999999999999',
  'abc',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%',
  'x'.repeat(300),
  '%E2%9D%A4',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/vnd.api+json',
  '',
];

export class Fuzzer {
  readonly next: () => number;
  /** Ids that exist (filled in as the fuzz creates things), so some requests reach real rows. */
  readonly ids: string[] = [];

  constructor(
    seed: number,
    private readonly routes: Route[],
  ) {
    this.next = random(seed);
  }

  private int(max: number): number {
    return Math.floor(this.next() * max);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  private chance(p: number): boolean {
    return this.next() < p;
  }

  /** Any JSON value, nested up to `depth` levels. */
  value(depth: number): unknown {
    const kind = depth <= 0 ? this.int(5) : this.int(8);
    switch (kind) {
      case 0:
        return this.pick(STRINGS);
      case 1:
        return this.pick([0, -1, 1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1e-7]);
      case 2:
        return this.chance(0.5);
      case 3:
        return null;
      case 4:
        return this.pick(STRINGS) + String(this.int(1000));
      case 5:
      case 6:
        return this.object(depth - 1);
      default:
        return Array.from({ length: this.int(4) }, () => this.value(depth - 1));
    }
  }

  object(depth: number): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    const size = this.int(6);
    for (let i = 0; i < size; i += 1) {
      const key = this.chance(0.15) ? this.pick(PROTO_KEYS) : this.chance(0.8) ? this.pick(FIELDS) : this.pick(STRINGS).slice(0, 20);
      Object.defineProperty(object, key, { value: this.value(depth), enumerable: true, configurable: true, writable: true });
    }
    return object;
  }

  /** A body in the raw: valid JSON of any shape, deep nesting, broken JSON, or a multipart body. */
  body(): { body: string | Buffer; contentType: string } {
    const kind = this.int(10);
    if (kind === 0) {
      const depth = this.pick([31, 32, 33, 40, 1300, 5000]);
      const open = this.chance(0.5) ? '[' : '{"a":';
      const close = open === '[' ? ']' : '}';
      return { body: `{"title":${open.repeat(depth)}1${close.repeat(depth)}}`, contentType: 'application/json' };
    }
    if (kind === 1)
      return {
        body: this.pick(['{', '{"a":}', 'null', '1', '"text"', '[]', '[1,2]', '{"a":1}x', '\u0000', '{"title":"\\ud800"}', '']),
        contentType: 'application/json',
      };
    if (kind === 2) return this.multipart();
    const complete = this.object(3);
    for (const field of FIELDS) if (this.chance(0.35)) complete[field] = this.pick(STRINGS);
    return { body: JSON.stringify(complete), contentType: this.chance(0.85) ? 'application/json' : this.pick(CONTENT_TYPES) };
  }

  multipart(): { body: Buffer; contentType: string } {
    const boundary = `fuzz${this.int(1e9)}`;
    const parts: Buffer[] = [];
    const count = this.int(4);
    for (let i = 0; i < count; i += 1) {
      const name = this.chance(0.6) ? 'photo' : this.pick(FIELDS);
      const filename = this.chance(0.7) ? `; filename="${this.pick(['a.png', 'x.jpg', '../../etc/passwd', 'n\u0000.webp', ''])}"` : '';
      const type = this.pick(['image/png', 'image/jpeg', 'text/plain', 'application/octet-stream']);
      const content = this.pick([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
        Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
        Buffer.from(this.pick(STRINGS)),
        Buffer.alloc(this.int(5000), this.int(256)),
      ]);
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename}\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      );
    }
    if (this.chance(0.85)) parts.push(Buffer.from(`--${boundary}--\r\n`));
    const contentType = this.chance(0.9) ? `multipart/form-data; boundary=${boundary}` : this.pick(CONTENT_TYPES);
    return { body: Buffer.concat(parts), contentType };
  }

  private fillPath(path: string): string {
    const segment = () =>
      this.pick([
        ...(this.ids.length > 0 ? [this.pick(this.ids), this.pick(this.ids)] : []),
        '00000000-0000-0000-0000-000000000000',
        crypto.randomUUID(),
        'not-a-uuid',
        '%00',
        '%ED%A0%80',
        '..%2F..%2Fetc%2Fpasswd',
        'x'.repeat(500),
        '%E2%9D%A4',
        '1',
      ]);
    return path.replace(/:\w+/g, segment).replace(/\{\*\w+\}/g, segment);
  }

  private query(): string {
    if (this.chance(0.5)) return '';
    const pairs: string[] = [];
    const count = 1 + this.int(3);
    for (let i = 0; i < count; i += 1) {
      const key = this.pick(['page', 'title', 'name', 'page', 'q', '__proto__', 'constructor']);
      const shape = this.int(6);
      const value = this.pick(QUERY_VALUES);
      if (shape === 0) pairs.push(`${key}[]=${value}`);
      else if (shape === 1) pairs.push(`${key}=${value}`, `${key}=${this.pick(QUERY_VALUES)}`);
      else if (shape === 2) pairs.push(`${key}[a][b]=${value}`);
      else pairs.push(`${key}=${value}`);
    }
    return `?${pairs.join('&')}`;
  }

  request(): FuzzRequest {
    const unknownPath = this.chance(0.05);
    const route = unknownPath
      ? { method: 'GET', path: this.pick(['/api/nothing', '/api', '/api/', '/api/news/', '/uploads/news/x.webp', '/admin/x', '/']) }
      : this.pick(this.routes);
    // A route Nest maps for every method (the site's 405s: "ALL") gets one of them: ALL is no HTTP
    // method, and Node's parser would refuse it before the app saw the request.
    const method =
      this.chance(0.8) && route.method !== 'ALL' ? route.method : this.pick(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
    const headers: Record<string, string> = {};
    let body: string | Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD' && this.chance(0.9)) {
      const made = route.path.endsWith('/upload') && this.chance(0.6) ? this.multipart() : this.body();
      body = made.body;
      if (made.contentType) headers['Content-Type'] = made.contentType;
    }
    if (this.chance(0.1)) headers.Range = this.pick(['bytes=0-10', 'bytes=-5', 'bytes=99999-', 'bytes=a-b']);
    if (this.chance(0.1)) headers['If-None-Match'] = this.pick(['*', '"x"', 'W/"y"']);
    if (this.chance(0.05)) headers['If-Modified-Since'] = this.pick(['Thu, 01 Jan 2099 00:00:00 GMT', 'yesterday']);
    if (this.chance(0.05)) headers.Origin = this.pick(['https://evil.example', 'null', 'http://127.0.0.1']);
    if (this.chance(0.05)) headers['Sec-Fetch-Site'] = this.pick(['cross-site', 'same-origin']);
    if (this.chance(0.05)) headers.Accept = this.pick(['text/html', '*/*', 'application/xml']);
    if (this.chance(0.05)) headers['X-Forwarded-For'] = this.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
    // Logout would end the fuzz's own session: it runs anonymously only.
    const loggedIn = !route.path.endsWith('/logout') && this.chance(0.6);
    // A garbage cookie now and then, anonymous or not.
    if (!loggedIn && this.chance(0.1)) headers.Cookie = this.pick(['sid=garbage', 'sid=s%3Aabc.def', 'sid=', `sid=${'x'.repeat(4000)}`]);
    return { method, path: this.fillPath(route.path) + this.query(), headers, body, loggedIn };
  }
}
