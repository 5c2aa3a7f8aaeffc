import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactUsService } from '../../server/contact-us/contact-us.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const res = await agent.get('/api/dashboard');
    expect(res.status).toBe(200);
    return res.body as {
      unread: { count: number; orMore: boolean; latest: { id: string; name: string; readAt: string | null }[] };
      site: { maintenance: boolean; mail: boolean | null };
      checklist: Record<'brand' | 'mail' | 'article' | 'live', boolean>;
      counts: Record<'services' | 'news' | 'trash', { count: number; orMore: boolean }>;
      activity: { action: string; kind: string; label: string | null; at: string }[];
    };
  };

  const message = (name = unique('Visitor ')) => t.app.get(ContactUsService).create({ name, email: 'visitor@example.com', msg: 'Hello' });

  it('answers 401 without a session', async () => {
    const res = await t.http().get('/api/dashboard');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not logged in' });
  });

  it('counts unread messages and lists the newest five, newest first, without the read or trashed ones', async () => {
    const before = (await dashboard()).unread.count;
    const names = Array.from({ length: 7 }, (_, i) => unique(`Unread ${i} `));
    const ids: string[] = [];
    for (const name of names) ids.push(await message(name));
    expect((await agent.post(`/api/contactus/${ids[6]}/read`)).status).toBe(200);
    expect((await agent.delete(`/api/contactus/${ids[5]}`)).status).toBe(200);

    const { unread } = await dashboard();
    expect(unread.count).toBe(before + 5);
    expect(unread.orMore).toBe(false);
    expect(unread.latest.map((m) => m.name)).toEqual([names[4], names[3], names[2], names[1], names[0]]);
    expect(unread.latest.every((m) => m.readAt === null)).toBe(true);
  });

  it('ticks the first run checklist off from the real state: the brand, mail, a first article, the site live', async () => {
    const admin = (await loggedInAgent(t)).agent;
    expect((await dashboard()).checklist).toEqual({ brand: false, mail: false, article: false, live: false });
    await t.dataSource.query(`UPDATE site_settings SET company_name = 'Acme', accent_color = '#1f3a5f'`);
    // Name and colour without a logo: the brand is not done yet.
    expect((await admin.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    expect(await admin.post('/api/news').send({ title: unique('News '), description: 'Short.', about: 'Long.' })).toHaveProperty(
      'status',
      201,
    );
    expect((await dashboard()).checklist).toEqual({ brand: false, mail: false, article: true, live: true });
    await t.dataSource.query(`UPDATE site_settings SET logo = '/uploads/logo.webp'`);
    expect((await admin.patch('/api/settings').send({ maintenance: true })).status).toBe(200);
    expect((await dashboard()).checklist).toEqual({ brand: true, mail: false, article: true, live: false });
    await t.dataSource.query(`UPDATE site_settings SET company_name = 'Our company', accent_color = '', logo = NULL`);
    await t.dataSource.query(`UPDATE news SET deleted_at = now()`);
  });

  it('shows the maintenance switch as the settings hold it, and mail off while SMTP_URL is unset', async () => {
    expect((await dashboard()).site).toEqual({ maintenance: true, mail: false });
    const admin = await loggedInAgent(t);
    expect((await admin.agent.patch('/api/settings').send({ maintenance: false })).status).toBe(200);
    // The dashboard reads the replica's copy, which the change refreshed at once.
    expect((await dashboard()).site.maintenance).toBe(false);
    expect((await admin.agent.patch('/api/settings').send({ maintenance: true })).status).toBe(200);
  });

  it('counts live services and news and the items in the trash', async () => {
    const before = (await dashboard()).counts;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/services').send({ title: unique('Service '), about: 'About.' });
      made.push(res.body.id as string);
    }
    await agent.post('/api/news').send({ title: unique('News '), description: 'Short.', about: 'Long.' });
    expect((await agent.delete(`/api/services/${made[0]}`)).status).toBe(200);

    const { counts } = await dashboard();
    expect(counts.services).toEqual({ count: before.services.count + 2, orMore: false });
    expect(counts.news).toEqual({ count: before.news.count + 1, orMore: false });
    expect(counts.trash).toEqual({ count: before.trash.count + 1, orMore: false });
  });

  it('says 1,000+ instead of counting past 1,000', async () => {
    await t.dataSource.query(
      `INSERT INTO contact_messages (name, email, msg) SELECT 'Bulk ' || i, 'bulk@example.com', 'Hi' FROM generate_series(1, 1001) AS i`,
    );
    const { unread } = await dashboard();
    expect(unread).toMatchObject({ count: 1000, orMore: true });
    expect(unread.latest).toHaveLength(5);
    await t.dataSource.query(`UPDATE contact_messages SET read_at = now() WHERE name LIKE 'Bulk %'`);
    expect((await dashboard()).unread.orMore).toBe(false);
  });

  it('lists the last ten activity entries, newest first', async () => {
    const titles: string[] = [];
    for (let i = 0; i < 11; i++) {
      const title = unique(`Activity ${i} `);
      titles.push(title);
      expect((await agent.post('/api/services').send({ title, about: 'About.' })).status).toBe(201);
    }
    const { activity } = await dashboard();
    expect(activity).toHaveLength(10);
    expect(activity.map((entry) => entry.label)).toEqual(titles.slice(1).reverse());
    expect(activity[0]).toMatchObject({ action: 'create', kind: 'services' });
  });
});
