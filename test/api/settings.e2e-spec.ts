import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { NOT_LOGGED_IN } from '../support/admin-helpers';
import type { components } from '../../client/src/lib/api-types';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];
type Settings = components['schemas']['SiteSettings'];
type Entry = components['schemas']['ActivityEntry'];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const KEYS = [
  'accentColor',
  'companyName',
  'email',
  'legalNoticePage',
  'logo',
  'maintenance',
  'phone',
  'privacyPage',
  'tagline',
  'updatedAt',
  'version',
];

/** Each field's bad values, with the message it answers with. */
/** (The logo has routes of its own: brand.e2e-spec.ts.) */
const BAD_VALUES: Record<keyof Omit<Settings, 'updatedAt' | 'logo' | 'version'>, [string, unknown, string][]> = {
  // The law's pages (issue #37): a page id or null (navigation.e2e-spec.ts sets them).
  privacyPage: [
    ['a number', 1, 'Privacy page must be the id of a page'],
    ['no UUID', 'privacy', 'Privacy page must be the id of a page'],
    ['an unknown page', '00000000-0000-4000-8000-000000000000', 'Page not found'],
  ],
  legalNoticePage: [
    ['a boolean', true, 'Legal notice page must be the id of a page'],
    ['an unknown page', '00000000-0000-4000-8000-000000000000', 'Page not found'],
  ],
  maintenance: [
    ['null', null, 'Maintenance must be true or false'],
    ['the text "true"', 'true', 'Maintenance must be true or false'],
    ['the number 1', 1, 'Maintenance must be true or false'],
    ['an empty text', '', 'Maintenance must be true or false'],
    ['an array', [true], 'Maintenance must be true or false'],
    ['an object', { on: true }, 'Maintenance must be true or false'],
  ],
  companyName: [
    ['null', null, 'Company name is required'],
    ['empty', '', 'Company name is required'],
    ['only whitespace', ' \n\t ', 'Company name is required'],
    ['101 characters long', 'c'.repeat(101), 'Company name must be at most 100 characters'],
    ['a number', 42, 'Company name must be text'],
    ['a boolean', false, 'Company name must be text'],
    ['an array', ['Acme'], 'Company name must be text'],
    ['an object', { name: 'Acme' }, 'Company name must be text'],
    ['text with a NUL character', 'Acme\u0000 Ltd', 'Company name must not contain NUL characters'],
    ['text with a lone surrogate', 'Acme \ud800', 'Company name must be valid Unicode text'],
  ],
  tagline: [
    ['null', null, 'Tagline must be text'],
    ['201 characters long', 't'.repeat(201), 'Tagline must be at most 200 characters'],
    ['a number', 7, 'Tagline must be text'],
    ['an array', ['We fix things'], 'Tagline must be text'],
    ['text with a NUL character', 'We fix\u0000 things', 'Tagline must not contain NUL characters'],
  ],
  email: [
    ['null', null, 'Email must be text'],
    ['without an @', 'hello.example.com', 'Email must be a valid email address'],
    ['without a domain', 'hello@', 'Email must be a valid email address'],
    ['without a name', '@example.com', 'Email must be a valid email address'],
    ['with a space inside', 'hel lo@example.com', 'Email must be a valid email address'],
    ['255 characters long', `${'e'.repeat(243)}@example.com`, 'Email must be at most 254 characters'],
    ['a number', 5, 'Email must be text'],
    ['an array', ['hello@example.com'], 'Email must be text'],
  ],
  phone: [
    ['null', null, 'Phone must be text'],
    ['words', 'call me', 'Phone may contain only digits, spaces and + ( ) - .'],
    ['a # sign', '555 123#4', 'Phone may contain only digits, spaces and + ( ) - .'],
    ['letters after the digits', '+44 20 7946 0958 ext 12', 'Phone may contain only digits, spaces and + ( ) - .'],
    ['41 characters long', '1'.repeat(41), 'Phone must be at most 40 characters'],
    ['a number', 5551234, 'Phone must be text'],
    ['an array', ['555 1234'], 'Phone must be text'],
    ['text with a NUL character', '555\u00001234', 'Phone may contain only digits, spaces and + ( ) - .'],
  ],
  accentColor: [
    ['null', null, 'Accent colour must be text'],
    ['a name', 'navy', 'Accent colour must be a hex colour such as #1f3a5f'],
    ['three digits', '#123', 'Accent colour must be a hex colour such as #1f3a5f'],
    ['a number', 123456, 'Accent colour must be text'],
    [
      'too light for white text',
      '#f2b134',
      'White text on #f2b134 has a contrast of only 1.8:1; choose a darker accent colour (at least 4.5:1)',
    ],
  ],
};

describe('settings API', () => {
  let t: TestApp;
  let agent: Agent;
  let admin: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent, admin } = await loggedInAgent(t, { name: unique('Site keeper ') }));
  });
  afterAll(() => t.close());

  async function read(): Promise<Settings> {
    const res = await agent.get('/api/settings');
    expect(res.status).toBe(200);
    return res.body as Settings;
  }

  async function patch(body: Record<string, unknown>): Promise<Settings> {
    const res = await agent.patch('/api/settings').send(body);
    expect(res.status).toBe(200);
    return res.body as Settings;
  }

  /** The settings entries of the activity log, newest first. */
  async function settingsEntries(): Promise<Entry[]> {
    const res = await agent.get('/api/activity?kind=settings');
    expect(res.status).toBe(200);
    return res.body.data as Entry[];
  }

  const storedRow = async () =>
    (await t.dataSource.query('SELECT maintenance, company_name, tagline, email, phone, version FROM site_settings'))[0] as Record<
      string,
      unknown
    >;

  describe('without a session', () => {
    it('GET /api/settings answers 401', async () => {
      const res = await t.http().get('/api/settings');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_LOGGED_IN);
    });

    it('PATCH /api/settings answers 401 and changes nothing', async () => {
      const before = await storedRow();
      const res = await t.http().patch('/api/settings').send({ maintenance: !before.maintenance, companyName: 'Hijacked' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_LOGGED_IN);
      expect(await storedRow()).toEqual(before);
    });
  });

  describe('on a new site', () => {
    let fresh: TestApp;
    let freshAgent: Agent;

    beforeAll(async () => {
      fresh = await createTestApp();
      ({ agent: freshAgent } = await loggedInAgent(fresh));
    }, APP_TEST_TIMEOUT);
    afterAll(() => fresh.close());

    it('answers the defaults: maintenance on, "Our company", the rest empty, and nothing else', async () => {
      const res = await freshAgent.get('/api/settings');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(KEYS);
      expect(res.body).toMatchObject({
        maintenance: true,
        companyName: 'Our company',
        tagline: '',
        email: '',
        phone: '',
        accentColor: '',
        logo: null,
      });
      expect(res.body.updatedAt).toMatch(ISO);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('PATCH /api/settings', () => {
    it.each([
      ['maintenance', false],
      ['maintenance', true],
      ['companyName', unique('Acme ')],
      ['tagline', unique('We fix what others cannot ')],
      ['tagline', ''],
      ['email', `${unique('hello-')}@example.com`],
      ['email', ''],
      ['phone', '+44 (0)20 7946-0958'],
      ['phone', ''],
      ['accentColor', '#1f3a5f'],
      ['accentColor', ''],
    ])('saves %s = %j alone, answers every setting and keeps the others', async (field, value) => {
      // A known starting point that differs from the value, so the change is a change.
      const start = await patch({
        maintenance: value !== true,
        companyName: 'Start Ltd',
        tagline: 'Start tagline',
        email: 'start@example.com',
        phone: '000',
        accentColor: '#0b5d1e',
      });
      const res = await agent.patch('/api/settings').send({ [field]: value });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(KEYS);
      expect(res.body).toEqual({ ...start, [field]: value, updatedAt: expect.stringMatching(ISO), version: start.version + 1 });
      expect(await read()).toEqual(res.body);
    });

    it('saves a subset of the fields and leaves the rest as they were', async () => {
      const start = await patch({ maintenance: true, companyName: unique('Keep '), email: 'keep@example.com' });
      const tagline = unique('New tagline ');
      const saved = await patch({ tagline, phone: '555 0100' });
      expect(saved).toEqual({ ...start, tagline, phone: '555 0100', updatedAt: expect.stringMatching(ISO), version: start.version + 1 });
      expect(await read()).toEqual(saved);
    });

    it('saves every field at once', async () => {
      const values = {
        maintenance: false,
        companyName: unique('All at once '),
        tagline: 'Everything, everywhere',
        email: 'all@example.com',
        phone: '+1 (555) 010-0199',
        accentColor: '#5b2a86',
      };
      const saved = await patch(values);
      expect(saved).toEqual({
        ...values,
        logo: null,
        privacyPage: null,
        legalNoticePage: null,
        updatedAt: expect.stringMatching(ISO),
        version: expect.any(Number),
      });
      await patch({ maintenance: true });
    });

    it('trims the text fields, and a blank email, phone or tagline is stored empty', async () => {
      const saved = await patch({ companyName: '  Trimmed Ltd \n', tagline: ' \t ', email: '  ', phone: '   ' });
      expect(saved).toMatchObject({ companyName: 'Trimmed Ltd', tagline: '', email: '', phone: '' });
      const email = await patch({ email: '  trim@example.com  ', phone: ' 555 0101 ' });
      expect(email).toMatchObject({ email: 'trim@example.com', phone: '555 0101' });
    });

    it('accepts each field at its longest, measured after trimming', async () => {
      const longest = {
        companyName: ` ${'c'.repeat(100)} `,
        tagline: `\n${'t'.repeat(200)}\n`,
        // 64 characters before the @ (the most an address allows there), 254 in all.
        email: `${'e'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(57)}.com`,
        phone: ` ${'1'.repeat(40)} `,
      };
      const saved = await patch(longest);
      expect(saved.companyName).toHaveLength(100);
      expect(saved.tagline).toHaveLength(200);
      expect(saved.email).toHaveLength(254);
      expect(saved.phone).toHaveLength(40);
    });

    it('counts characters, not UTF-16 units: 100 emoji fit in a company name', async () => {
      const companyName = '🚀'.repeat(100);
      expect((await patch({ companyName })).companyName).toBe(companyName);
    });

    it('answers with the settings unchanged, and 200, for an empty body', async () => {
      const before = await read();
      const res = await agent.patch('/api/settings').send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before);
    });

    for (const [field, cases] of Object.entries(BAD_VALUES)) {
      it.each(cases)(`answers 400 keyed ${field} when it is %s, and saves nothing`, async (_case, value, msg) => {
        const before = await storedRow();
        // A valid change beside the bad field: it must not be saved either.
        const other = field === 'tagline' ? { phone: '555 0199' } : { tagline: unique('Must not stick ') };
        const res = await agent.patch('/api/settings').send({ ...other, [field]: value });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: { [field]: { msg } } });
        expect(await storedRow()).toEqual(before);
      });
    }

    it('answers an error for each failing field at once', async () => {
      const res = await agent
        .patch('/api/settings')
        .send({ maintenance: 'yes', companyName: '', tagline: 't'.repeat(201), email: 'nope', phone: 'call me' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          maintenance: { msg: 'Maintenance must be true or false' },
          companyName: { msg: 'Company name is required' },
          tagline: { msg: 'Tagline must be at most 200 characters' },
          email: { msg: 'Email must be a valid email address' },
          phone: { msg: 'Phone may contain only digits, spaces and + ( ) - .' },
        },
      });
    });

    it('ignores unknown fields, including a version and timestamps of its own', async () => {
      const before = await storedRow();
      const tagline = unique('Unknown fields ');
      const res = await agent
        .patch('/api/settings')
        .send({ tagline, id: 2, version: 99, updatedAt: '2000-01-01T00:00:00.000Z', isAdmin: true, theme: 'dark' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(KEYS);
      expect(res.body.tagline).toBe(tagline);
      expect(res.body.updatedAt.startsWith('2000')).toBe(false);
      const after = await storedRow();
      expect(after.version).toBe((before.version as number) + 1);
      expect((await t.dataSource.query('SELECT count(*)::int AS n FROM site_settings'))[0].n).toBe(1);
    });

    it('answers 400 to malformed JSON and to a body that is not a JSON object, 415 to one that is not JSON', async () => {
      const before = await storedRow();
      const malformed = await agent.patch('/api/settings').set('Content-Type', 'application/json').send('{"tagline": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: { body: { msg: 'The request body is not valid JSON' } } });
      const array = await agent.patch('/api/settings').send([{ tagline: 'In an array' }]);
      expect(array.status).toBe(400);
      expect(array.body).toEqual({ error: { body: { msg: 'The request body must be a JSON object' } } });
      const text = await agent.patch('/api/settings').set('Content-Type', 'text/plain').send('tagline=plain');
      expect(text.status).toBe(415);
      expect(await storedRow()).toEqual(before);
    });

    it('moves updatedAt and the version on a change and keeps both when nothing changes', async () => {
      const first = await patch({ tagline: unique('Time ') });
      const version = (await storedRow()).version as number;
      const same = await patch({ tagline: first.tagline, companyName: first.companyName });
      expect(same.updatedAt).toBe(first.updatedAt);
      expect((await storedRow()).version).toBe(version);
      const changed = await patch({ tagline: unique('Later ') });
      expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
      expect((await storedRow()).version).toBe(version + 1);
    });

    it('applies two saves of different fields sent at once, both of them', async () => {
      const tagline = unique('Together ');
      const phone = '555 0123';
      const [a, b] = await Promise.all([agent.patch('/api/settings').send({ tagline }), agent.patch('/api/settings').send({ phone })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await read()).toMatchObject({ tagline, phone });
    });
  });

  describe('the activity log', () => {
    it('records a change as an edit of "Site settings" by the admin, naming only the fields that changed', async () => {
      const start = await patch({ maintenance: true, companyName: unique('Logged '), tagline: 'Old', phone: '111' });
      const res = await agent
        .patch('/api/settings')
        .send({ maintenance: true, companyName: start.companyName, tagline: 'New', phone: '222', email: start.email });
      expect(res.status).toBe(200);
      const [entry] = await settingsEntries();
      expect(entry).toMatchObject({
        admin: { id: admin.id, name: admin.name },
        action: 'edit',
        kind: 'settings',
        itemId: null,
        label: 'Site settings',
        fields: ['tagline', 'phone'],
      });
      // Names, never contents.
      expect(JSON.stringify(entry)).not.toContain('222');
    });

    it('records the maintenance switch by its field name', async () => {
      await patch({ maintenance: true });
      await patch({ maintenance: false });
      expect((await settingsEntries())[0].fields).toEqual(['maintenance']);
      await patch({ maintenance: true });
      expect((await settingsEntries())[0].fields).toEqual(['maintenance']);
    });

    it('records nothing for a save that changes nothing, trimmed values and an empty body included', async () => {
      const current = await patch({ companyName: unique('Steady '), tagline: 'Steady' });
      const before = await settingsEntries();
      await patch({ companyName: current.companyName, tagline: current.tagline, maintenance: current.maintenance });
      await patch({ companyName: `  ${current.companyName}  ` });
      await patch({});
      expect(await settingsEntries()).toEqual(before);
    });

    it('records nothing for a refused save', async () => {
      const before = await settingsEntries();
      expect((await agent.patch('/api/settings').send({ tagline: unique('Refused '), email: 'nope' })).status).toBe(400);
      expect(await settingsEntries()).toEqual(before);
    });
  });
});
