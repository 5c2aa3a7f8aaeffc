import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

// Issue #36: no silent overwrite. Every read gives the version (ETag and `version`); a save may
// send it back (If-Match); a stale one is a 409 with the current copy. Run on both databases:
// with DATABASE_URL (PostgreSQL) and without (the embedded one).
describe('If-Match and conflicts', () => {
  let t: TestApp;
  let agent: SuperAgentTest;
  let adminName: string;

  beforeAll(async () => {
    t = await createTestApp();
    const logged = await loggedInAgent(t);
    agent = logged.agent as unknown as SuperAgentTest;
    adminName = logged.admin.name;
  });
  afterAll(() => t.close());

  async function createArticle() {
    const res = await agent.post('/api/news').send({ title: unique('Article '), description: 'Description', about: 'About' });
    expect(res.status).toBe(201);
    return res.body as { id: string; version: number };
  }

  it('gives the version as the ETag and in the body of a single read', async () => {
    const article = await createArticle();
    const read = await agent.get(`/api/news/${article.id}`);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body.version).toBe(1);
    await agent.patch(`/api/news/${article.id}`).send({ about: 'Changed' }).expect(200);
    expect((await agent.get(`/api/news/${article.id}`)).headers.etag).toBe('"2"');
    const service = await agent.post('/api/services').send({ title: unique('Service '), about: 'About' });
    expect((await agent.get(`/api/services/${service.body.id}`)).headers.etag).toBe('"1"');
  });

  it('answers a stale If-Match with 409, the current copy, who changed it and when; a save without one is accepted', async () => {
    const article = await createArticle();
    await agent.patch(`/api/news/${article.id}`).set('If-Match', '"1"').send({ about: 'First tab' }).expect(200);
    const stale = await agent.patch(`/api/news/${article.id}`).set('If-Match', '"1"').send({ about: 'Second tab' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: { version: { msg: expect.any(String) } },
      current: { id: article.id, about: 'First tab', version: 2, hasDraft: false },
      changedBy: { name: adminName },
    });
    expect(new Date(stale.body.changedAt).getTime()).toBeGreaterThan(0);
    expect((await agent.get(`/api/news/${article.id}`)).body.about).toBe('First tab');
    await agent.patch(`/api/news/${article.id}`).send({ about: 'Overwrite' }).expect(200);
    expect((await agent.patch(`/api/news/${article.id}`).set('If-Match', 'yesterday').send({ about: 'x' })).status).toBe(400);
  });

  it('settles two concurrent saves from one version: one 200, one 409', async () => {
    const article = await createArticle();
    const [a, b] = await Promise.all([
      agent.patch(`/api/news/${article.id}`).set('If-Match', '"1"').send({ about: 'Tab A' }),
      agent.patch(`/api/news/${article.id}`).set('If-Match', '"1"').send({ about: 'Tab B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.current.about).toBe(winner.body.about);
    expect((await agent.get(`/api/news/${article.id}`)).body).toMatchObject({ about: winner.body.about, version: 2 });
  });

  it('settles two concurrent service saves and two concurrent settings saves the same way', async () => {
    const service = await agent.post('/api/services').send({ title: unique('Service '), about: 'About' });
    const both = await Promise.all(
      ['A', 'B'].map((tab) =>
        agent
          .patch(`/api/services/${service.body.id}`)
          .set('If-Match', '1')
          .send({ about: `Tab ${tab}` }),
      ),
    );
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    const { version } = (await agent.get('/api/settings')).body as { version: number };
    const settings = await Promise.all(
      ['A', 'B'].map((tab) =>
        agent
          .patch('/api/settings')
          .set('If-Match', `"${version}"`)
          .send({ tagline: unique(`Tab ${tab} `) }),
      ),
    );
    expect(settings.map((res) => res.status).sort()).toEqual([200, 409]);
  });

  it('checks If-Match on a restore to live and on publishing a working copy (the live version)', async () => {
    const article = await createArticle();
    await agent.patch(`/api/news/${article.id}`).send({ about: 'Second' }).expect(200);
    const restore = await agent.post(`/api/news/${article.id}/revisions/1/restore`).set('If-Match', '"1"').send({ to: 'live' });
    expect(restore.status).toBe(409);
    expect(restore.body.current.version).toBe(2);
    await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Working' }).expect(200);
    expect((await agent.post(`/api/news/${article.id}/draft/publish`).set('If-Match', '"1"')).status).toBe(409);
    expect((await agent.get(`/api/news/${article.id}/draft`)).status).toBe(200);
    expect((await agent.post(`/api/news/${article.id}/draft/publish`).set('If-Match', '"2"')).status).toBe(200);
  });
});
