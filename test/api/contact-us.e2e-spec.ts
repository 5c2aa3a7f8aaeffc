import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { parseCsv } from '../support/csv';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const VALID = { name: 'Ada Lovelace', phno: '+44 (20) 7946-0018', email: 'ada@example.com', msg: 'Hello there' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('contact messages', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loggedInAgent(t)).agent;
  });
  afterAll(() => t.close());
  // Every request here comes from one address; each test starts with that address's counters at zero.
  beforeEach(async () => {
    await t.dataSource.query('DELETE FROM rate_limits');
  });

  /** Posts `body` as an anonymous visitor, from the one address every request here comes from. */
  const post = (body: object) => t.http().post('/api/contactus').send(body);

  /** Leaves a message as a logged-in admin, which the per-address limit does not count. */
  async function arrange(fields: Partial<typeof VALID> = {}): Promise<string> {
    const res = await admin.post('/api/contactus').send({ ...VALID, ...fields });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function count(): Promise<number> {
    // Live messages: a deleted one waits in the trash, out of every list and export.
    const rows: { n: number }[] = await t.dataSource.query('SELECT count(*)::int AS n FROM contact_messages WHERE deleted_at IS NULL');
    return rows[0].n;
  }

  describe('POST /api/contactus', () => {
    it('stores an anonymous visitor’s message and answers 201 with only its id', async () => {
      const name = unique('Visitor ');
      const res = await post({ ...VALID, name });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['id']);
      expect(res.body.id).toMatch(UUID);

      const stored = await admin.get(`/api/contactus/${res.body.id}`);
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual({
        id: res.body.id,
        name,
        phno: VALID.phno,
        email: VALID.email,
        msg: VALID.msg,
        createdAt: expect.any(String),
        // Sent through the API, not from a page of the site: its language is not known.
        lang: null,
        readAt: null,
      });
      expect(Number.isNaN(Date.parse(stored.body.createdAt))).toBe(false);
    });

    it('trims every field and keeps line breaks inside the message', async () => {
      const name = unique('Trimmed ');
      const res = await post({ name: `  ${name}  `, phno: ' 0123 456 ', email: ' ada@example.com ', msg: '\n  line one\nline two  \n' });
      expect(res.status).toBe(201);
      const stored = await admin.get(`/api/contactus/${res.body.id}`);
      expect(stored.body).toMatchObject({ name, phno: '0123 456', email: 'ada@example.com', msg: 'line one\nline two' });
    });

    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['blank', '   '],
    ])('accepts a message whose phone is %s and stores an empty phone', async (_label, phno) => {
      const res = await post({ ...VALID, name: unique('No phone '), phno });
      expect(res.status).toBe(201);
      expect((await admin.get(`/api/contactus/${res.body.id}`)).body.phno).toBe('');
    });

    it('accepts a name of 100 characters, a phone of 30 and a message of 5,000', async () => {
      const res = await post({ name: 'n'.repeat(100), phno: '1'.repeat(30), email: VALID.email, msg: 'm'.repeat(5000) });
      expect(res.status).toBe(201);
    });

    it('ignores unknown fields', async () => {
      const res = await post({
        ...VALID,
        name: unique('Extra '),
        id: '00000000-0000-4000-8000-000000000000',
        createdAt: '2000-01-01',
        admin: true,
      });
      expect(res.status).toBe(201);
      const stored = await admin.get(`/api/contactus/${res.body.id}`);
      expect(stored.body.id).toBe(res.body.id);
      expect(stored.body.createdAt.startsWith('2000')).toBe(false);
    });

    it.each([
      ['name', undefined, 'Name is required'],
      ['name', '', 'Name is required'],
      ['name', '    ', 'Name is required'],
      ['name', 42, 'Name must be text'],
      ['name', ['Ada'], 'Name must be text'],
      ['name', { first: 'Ada' }, 'Name must be text'],
      ['name', 'n'.repeat(101), 'Name must be at most 100 characters'],
      ['phno', 5551234, 'Phone must be text'],
      ['phno', '1'.repeat(31), 'Phone must be at most 30 characters'],
      ['phno', '555-CALL-NOW', 'Phone may contain only digits, spaces and + ( ) -'],
      ['phno', '555 1234; DROP', 'Phone may contain only digits, spaces and + ( ) -'],
      ['phno', '+1.555.1234', 'Phone may contain only digits, spaces and + ( ) -'],
      ['email', undefined, 'Email is required'],
      ['email', '  ', 'Email is required'],
      ['email', true, 'Email must be text'],
      ['email', 'not-an-address', 'Email must be a valid email address'],
      ['email', 'ada@', 'Email must be a valid email address'],
      ['email', `${'a'.repeat(250)}@example.com`, 'Email must be at most 254 characters'],
      ['msg', undefined, 'Message is required'],
      ['msg', '\n\n  ', 'Message is required'],
      ['msg', 7, 'Message must be text'],
      ['msg', 'm'.repeat(5001), 'Message must be at most 5,000 characters'],
    ])('refuses %s = %j with 400 and the field’s message', async (field, value, msg) => {
      const before = await count();
      const res = await admin.post('/api/contactus').send({ ...VALID, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
      expect(await count()).toBe(before);
    });

    it('answers an anonymous empty body with one message per missing field', async () => {
      const res = await post({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { name: { msg: 'Name is required' }, email: { msg: 'Email is required' }, msg: { msg: 'Message is required' } },
      });
    });

    it('refuses a body that is not JSON with 400 or 415, never 500', async () => {
      const broken = await t.http().post('/api/contactus').set('Content-Type', 'application/json').send('{"name": ');
      expect(broken.status).toBe(400);
      const array = await post([VALID]);
      expect(array.status).toBe(400);
      const text = await t.http().post('/api/contactus').set('Content-Type', 'text/plain').send('name=Ada');
      expect(text.status).toBe(415);
    });

    it('refuses a post from a foreign origin before storing anything', async () => {
      const before = await count();
      const res = await t
        .http()
        .post('/api/contactus')
        .set('Origin', 'https://evil.example')
        .send({ ...VALID, name: unique('Foreign ') });
      expect(res.status).toBe(403);
      expect(await count()).toBe(before);
    });

    describe('the honeypot', () => {
      it.each([
        ['a web address', 'https://spam.example'],
        ['a number', 1],
        ['an object', { a: 1 }],
      ])('answers 201 with a fresh id when the hidden website field holds %s, and stores nothing', async (_label, website) => {
        const before = await count();
        const name = unique('Bot ');
        const res = await post({ ...VALID, name, website });
        expect(res.status).toBe(201);
        expect(Object.keys(res.body)).toEqual(['id']);
        expect(res.body.id).toMatch(UUID);
        expect(await count()).toBe(before);
        expect((await admin.get(`/api/contactus/${res.body.id}`)).status).toBe(404);
        expect((await admin.get('/api/contactus').query({ name })).body.data).toEqual([]);
      });

      it('stores the message when the website field is empty', async () => {
        const res = await post({ ...VALID, name: unique('Human '), website: '' });
        expect(res.status).toBe(201);
        expect((await admin.get(`/api/contactus/${res.body.id}`)).status).toBe(200);
      });

      it('gives a different id each time', async () => {
        const first = await post({ ...VALID, website: 'x' });
        const second = await post({ ...VALID, website: 'x' });
        expect(first.body.id).not.toBe(second.body.id);
      });
    });

    describe('the per-address limit', () => {
      it('accepts 5 messages in 10 minutes, then answers 429 with Retry-After and stores nothing more', async () => {
        const name = unique('Limited ');
        for (let i = 1; i <= 5; i++) {
          const res = await post({ ...VALID, name: `${name} ${i}` });
          expect(res.status).toBe(201);
        }
        const before = await count();
        const over = await post({ ...VALID, name: `${name} 6` });
        expect(over.status).toBe(429);
        expect(over.body.error).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
        const retryAfter = Number(over.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(500);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect(over.body.error).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);
        expect(await count()).toBe(before);
        expect((await admin.get('/api/contactus').query({ name: `${name} 6` })).body.data).toEqual([]);
      });

      it('does not count rejected posts against the messages a visitor may leave', async () => {
        for (let i = 0; i < 8; i++) expect((await post({ ...VALID, email: 'typo' })).status).toBe(400);
        for (let i = 0; i < 5; i++) expect((await post({ ...VALID, name: unique('After typos ') })).status).toBe(201);
      });

      it('cuts off an address that keeps sending invalid posts after 20 attempts', async () => {
        for (let i = 0; i < 20; i++) expect((await post({ msg: 'spam' })).status).toBe(400);
        const res = await post({ msg: 'spam' });
        expect(res.status).toBe(429);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        const valid = await post({ ...VALID, name: unique('Spammer ') });
        expect(valid.status).toBe(429);
      });

      it('counts honeypot catches like messages, so a bot cannot tell them apart', async () => {
        for (let i = 0; i < 5; i++) expect((await post({ ...VALID, website: 'x' })).status).toBe(201);
        expect((await post({ ...VALID, website: 'x' })).status).toBe(429);
      });

      it('keeps the message counter in the database, where every replica shares it', async () => {
        for (let i = 0; i < 5; i++) expect((await post({ ...VALID, name: unique('Shared ') })).status).toBe(201);
        const rows: { hits: number }[] = await t.dataSource.query(`SELECT hits FROM rate_limits WHERE key LIKE 'contact:messages:%'`);
        expect(rows.map((r) => r.hits)).toEqual([5]);
      });

      it('does not limit a logged-in admin', async () => {
        for (let i = 0; i < 7; i++) await arrange({ name: unique('Admin test ') });
        expect((await admin.post('/api/contactus').send({ ...VALID, name: unique('Admin test ') })).status).toBe(201);
      });
    });
  });

  describe('admin routes without a session', () => {
    it.each([
      ['GET', '/api/contactus'],
      ['GET', '/api/contactus?name=a'],
      ['GET', '/api/contactus/export.csv'],
      ['GET', '/api/contactus/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/contactus/00000000-0000-4000-8000-000000000000'],
    ])('%s %s answers 401', async (method, path) => {
      const res = await t.http()[method.toLowerCase() as 'get' | 'delete'](path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Not logged in' });
    });

    it('DELETE without a session leaves the message in place', async () => {
      const id = await arrange({ name: unique('Kept ') });
      expect((await t.http().delete(`/api/contactus/${id}`)).status).toBe(401);
      expect((await admin.get(`/api/contactus/${id}`)).status).toBe(200);
    });
  });

  describe('GET /api/contactus', () => {
    it('lists messages newest first, ten to a page, with links', async () => {
      const name = unique('Paged ');
      const ids: string[] = [];
      for (let i = 0; i < 23; i++) ids.push(await arrange({ name: `${name} #${i}` }));
      const newestFirst = [...ids].reverse();

      const first = await admin.get('/api/contactus').query({ name });
      expect(first.status).toBe(200);
      expect(first.body.data.map((m: { id: string }) => m.id)).toEqual(newestFirst.slice(0, 10));
      expect(first.body.links).toEqual({
        previousPage: null,
        nextPage: 2,
        loopLink: [{ number: 1, active: true }, { number: 2 }, { number: 3 }],
      });
      expect(first.body.meta).toEqual({ page: 1, pageSize: 10 });
      expect(Object.keys(first.body.data[0]).sort()).toEqual(['createdAt', 'email', 'id', 'lang', 'msg', 'name', 'phno', 'readAt']);

      const third = await admin.get('/api/contactus').query({ name, page: 3 });
      expect(third.body.data.map((m: { id: string }) => m.id)).toEqual(newestFirst.slice(20));
      expect(third.body.links).toMatchObject({ previousPage: 2, nextPage: null });

      const past = await admin.get('/api/contactus').query({ name, page: 9 });
      expect(past.status).toBe(200);
      expect(past.body.data).toEqual([]);
    });

    it('lists every message when no name is given', async () => {
      const id = await arrange({ name: unique('Everyone ') });
      const res = await admin.get('/api/contactus');
      expect(res.status).toBe(200);
      expect(res.body.data[0].id).toBe(id);
    });

    it.each(['0', '-1', 'abc', '1.5', '100001'])('refuses page=%s with 400 keyed page', async (page) => {
      const res = await admin.get('/api/contactus').query({ page });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error)).toEqual(['page']);
    });

    it('refuses a name filter given twice or longer than 100 characters with 400 keyed name', async () => {
      expect((await admin.get('/api/contactus?name=a&name=b')).body).toEqual({ error: { name: { msg: 'Name must be text' } } });
      const long = await admin.get('/api/contactus').query({ name: 'x'.repeat(101) });
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ error: { name: { msg: 'Name must be at most 100 characters' } } });
    });

    describe('search by name', () => {
      const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((m) => m.name).sort();

      it('matches a substring of the name, ignoring case and surrounding spaces', async () => {
        const tag = unique('Zq');
        await arrange({ name: `Alice ${tag} Smith` });
        await arrange({ name: `BOB ${tag.toUpperCase()}` });
        await arrange({ name: 'Carol Unrelated' });
        const res = await admin.get('/api/contactus').query({ name: `  ${tag.toLowerCase()} ` });
        expect(names(res)).toEqual([`Alice ${tag} Smith`, `BOB ${tag.toUpperCase()}`].sort());
      });

      it("matches the sender's email address and the message's text too, ignoring case", async () => {
        const tag = unique('Xw').toLowerCase();
        await arrange({ name: 'By name', email: `${tag}@example.com`, msg: 'Nothing here' });
        await arrange({ name: 'By text', msg: `Please call ${tag.toUpperCase()} back` });
        await arrange({ name: `Also ${tag} by name` });
        await arrange({ name: 'Unrelated', msg: 'Unrelated too' });
        const res = await admin.get('/api/contactus').query({ name: tag });
        expect(names(res)).toEqual(['Also ' + tag + ' by name', 'By name', 'By text'].sort());
        const csv = parseCsv(((await exportCsvText(tag)) as string).slice(1)).slice(1);
        expect(csv.map((r) => r[0]).sort()).toEqual(names(res));
      });

      it('takes wildcards literally in the address and the text too', async () => {
        const tag = unique('Lit');
        await arrange({ name: `Percent ${tag}`, msg: `50% off ${tag}` });
        await arrange({ name: `Plain ${tag}`, msg: `500 off ${tag}` });
        const res = await admin.get('/api/contactus').query({ name: `0% off ${tag}` });
        expect(names(res)).toEqual([`Percent ${tag}`]);
      });

      it.each([
        ['%', ['100% sure', '50%-off']],
        ['_', ['snake_case']],
        ['\\', ['back\\slash']],
        ["'", ["O'Brien"]],
        ['"', ['say "hi"']],
      ])('treats %s as itself, not as a wildcard', async (needle, expected) => {
        const tag = unique('Esc');
        const all = ['100% sure', '50%-off', 'snake_case', 'snakeXcase', 'back\\slash', "O'Brien", 'say "hi"', 'plain'];
        for (const n of all) await arrange({ name: `${n} ${tag}` });
        const res = await admin.get('/api/contactus').query({ name: `${needle}` });
        const mine = names(res).filter((n: string) => n.endsWith(tag));
        expect(mine).toEqual(expected.map((e) => `${e} ${tag}`).sort());
      });

      it('answers an empty data list and no links when nothing matches', async () => {
        const res = await admin.get('/api/contactus').query({ name: unique('Nobody at all ') });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          data: [],
          links: { previousPage: null, nextPage: null, loopLink: [] },
          meta: { page: 1, pageSize: 10 },
        });
      });
    });
  });

  /** The export's text for a search, byte-order mark included. */
  async function exportCsvText(name: string): Promise<string> {
    const res = await admin.get('/api/contactus/export.csv').query({ name }).buffer(true).responseType('blob');
    return (res.body as Buffer).toString('utf8');
  }

  describe('GET /api/contactus/:id', () => {
    it('answers the whole message', async () => {
      const msg = `First line\nSecond line, "quoted"\n${'long '.repeat(400)}`.trim();
      const id = await arrange({ name: unique('Whole '), msg });
      const res = await admin.get(`/api/contactus/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe(msg);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "1' OR '1'='1"])('answers 404 for %s', async (id) => {
      const res = await admin.get(`/api/contactus/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Message not found' });
    });
  });

  describe('DELETE /api/contactus/:id', () => {
    it('deletes the message and answers its id; a second delete is a 404', async () => {
      const id = await arrange({ name: unique('Doomed ') });
      const first = await admin.delete(`/api/contactus/${id}`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ id });
      expect((await admin.get(`/api/contactus/${id}`)).status).toBe(404);
      const second = await admin.delete(`/api/contactus/${id}`);
      expect(second.status).toBe(404);
      expect(second.body).toEqual({ error: 'Message not found' });
    });

    it('answers 404 for an id that is not a UUID', async () => {
      const res = await admin.delete('/api/contactus/abc');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Message not found' });
    });
  });

  describe('GET /api/contactus/export.csv', () => {
    /** How the export writes an API date: the UTC clock to the second, as a spreadsheet reads it. */
    const utcCell = (iso: string) => iso.slice(0, 19).replace('T', ' ');

    /** The reply with its body as the text of the file, byte-order mark included. */
    async function exportCsv(name?: string) {
      const req = admin
        .get('/api/contactus/export.csv')
        .query(name === undefined ? {} : { name })
        .buffer(true)
        .responseType('blob');
      const res = await req;
      return Object.assign(res, { body: (res.body as Buffer).toString('utf8') });
    }

    it('sends a UTF-8 CSV download with a BOM and the header row', async () => {
      const res = await exportCsv(unique('Nobody '));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="contact-messages.csv"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('\uFEFF"Name","Phone","Email","Message","Date (UTC)"\r\n');
    });

    it('quotes commas, quotes and line breaks as RFC 4180 asks, and keeps non-Latin text', async () => {
      const tag = unique('Csv ');
      const msg = 'Hello, "world"\nsecond line\r\nthird, line';
      const id = await arrange({ name: `Zoë Ångström ${tag}`, phno: '0123 456', email: 'zoe@example.com', msg });
      const res = await exportCsv(tag);
      const text = res.body as string;
      expect(text).toContain(`"Hello, ""world""\nsecond line\r\nthird, line"`);
      const rows = parseCsv(text.slice(1));
      const stored = (await admin.get(`/api/contactus/${id}`)).body;
      expect(rows).toEqual([
        ['Name', 'Phone', 'Email', 'Message', 'Date (UTC)'],
        [`Zoë Ångström ${tag}`, '0123 456', 'zoe@example.com', msg, utcCell(stored.createdAt)],
      ]);
    });

    it('quotes every cell, so a semicolon cannot split one in a spreadsheet whose separator is ;', async () => {
      const tag = unique('Quoted ');
      await arrange({ name: `Eve;=1+1 ${tag}`, phno: '0123', msg: 'plain' });
      const text = (await exportCsv(tag)).body as string;
      const lines = text.slice(1).split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe('"Name","Phone","Email","Message","Date (UTC)"');
      expect(lines[1]).toMatch(/^"Eve;=1\+1 [^"]*","0123","[^"]+","plain","[^"]+"$/);
    });

    it.each([
      ['=', '=HYPERLINK("http://evil.example","click")'],
      ['+', '+1+1'],
      ['-', '-2+3'],
      ['@', '@SUM(A1:A2)'],
    ])('neutralises a cell starting with %s by a leading single quote', async (_start, formula) => {
      const tag = unique('Formula ');
      await arrange({ name: `${tag}`, msg: formula });
      const rows = parseCsv(((await exportCsv(tag)).body as string).slice(1));
      expect(rows[1][3]).toBe(`'${formula}`);
    });

    it('neutralises formula names and phones too', async () => {
      const tag = unique('Cells ');
      await arrange({ name: `=cmd|' /C calc'!A0 ${tag}`, phno: '+44 20 7946 0018', msg: 'plain' });
      await arrange({ name: `@${tag}`, phno: '-1', msg: 'plain too' });
      const rows = parseCsv(((await exportCsv(tag)).body as string).slice(1)).slice(1);
      expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual([
        [`'@${tag}`, "'-1", 'plain too'],
        [`'=cmd|' /C calc'!A0 ${tag}`, "'+44 20 7946 0018", 'plain'],
      ]);
    });

    it('neutralises cells that start with a tab or a carriage return (stored before trimming, say)', async () => {
      const tag = unique('Untrimmed ');
      await t.dataSource.query(
        `INSERT INTO contact_messages (name, email, msg) VALUES ($1, 'x@example.com', $2), ($1, 'y@example.com', $3)`,
        [tag, '\t=1+1', '\r=2+2'],
      );
      const rows = parseCsv(((await exportCsv(tag)).body as string).slice(1)).slice(1);
      expect(rows.map((r) => r[3]).sort()).toEqual(["'\t=1+1", "'\r=2+2"].sort());
    });

    it('exports only the messages the name search matches, newest first, with wildcards taken literally', async () => {
      const tag = unique('Only ');
      await arrange({ name: `100% ${tag} one` });
      await arrange({ name: `1000 ${tag} two` });
      await arrange({ name: `Other ${tag.toUpperCase()}` });
      await arrange({ name: 'Not this one' });
      const rows = parseCsv(((await exportCsv(`${tag}`)).body as string).slice(1)).slice(1);
      expect(rows.map((r) => r[0])).toEqual([`Other ${tag.toUpperCase()}`, `1000 ${tag} two`, `100% ${tag} one`]);
      const literal = parseCsv(((await exportCsv(`0% ${tag}`)).body as string).slice(1)).slice(1);
      expect(literal.map((r) => r[0])).toEqual([`100% ${tag} one`]);
    });

    it("writes each date on UTC's clock to the second, as a spreadsheet reads a date, and says UTC in the header", async () => {
      const tag = unique('Dated ');
      // Just past midnight UTC: a local clock west of Greenwich would show the day before.
      await t.dataSource.query(
        `INSERT INTO contact_messages (name, email, msg, created_at) VALUES ($1, 'x@example.com', 'hi', '2026-03-01T00:05:09.987Z')`,
        [tag],
      );
      const rows = parseCsv(((await exportCsv(tag)).body as string).slice(1));
      expect(rows[0][4]).toBe('Date (UTC)');
      expect(rows[1][4]).toBe('2026-03-01 00:05:09');
    });

    it('exports every message, across batches, without losing or repeating one', async () => {
      const tag = unique('Bulk_');
      // 2,345 rows, many sharing one created_at (one statement), so the keyset must break ties by id.
      await t.dataSource.query(
        `INSERT INTO contact_messages (name, email, msg, created_at)
         SELECT $1 || ' ' || g, 'bulk@example.com', 'msg ' || g, now() - (g / 100) * interval '1 second'
           FROM generate_series(1, 2345) AS g`,
        [tag],
      );
      const rows = parseCsv(((await exportCsv(tag)).body as string).slice(1)).slice(1);
      expect(rows).toHaveLength(2345);
      expect(new Set(rows.map((r) => r[0])).size).toBe(2345);
      const dates = rows.map((r) => Date.parse(`${r[4].replace(' ', 'T')}Z`));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('exports everything when no name is given', async () => {
      const id = await arrange({ name: unique('Unfiltered ') });
      const rows = parseCsv(((await exportCsv()).body as string).slice(1));
      const stored = (await admin.get(`/api/contactus/${id}`)).body;
      expect(rows[1]).toEqual([stored.name, `'${stored.phno}`, stored.email, stored.msg, utcCell(stored.createdAt)]);
      expect(rows.length - 1).toBe(await count());
    });

    it('is not taken for a message id', async () => {
      const res = await admin.get('/api/contactus/export.csv');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
    });
  });
});
