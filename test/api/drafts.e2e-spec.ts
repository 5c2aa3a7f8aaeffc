import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

// Issue #36: a working copy per item, which the public pages, the feed, the sitemap and the API's
// normal reads never show, until it is published.
describe('working copies (drafts)', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = (await loggedInAgent(t)) as unknown as { agent: SuperAgentTest });
    await agent.patch('/api/settings').send({ maintenance: false }).expect(200);
  });
  afterAll(() => t.close());

  async function createArticle(fields: Record<string, unknown> = {}) {
    const res = await agent
      .post('/api/news')
      .send({ title: unique('Live title '), description: 'Live description', about: 'Live about', ...fields });
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string; title: string; version: number };
  }

  const visitor = () => t.http();
  const revisions = async (id: string) => (await agent.get(`/api/news/${id}/revisions`)).body.data as { reason: string; draft: boolean }[];

  it('keeps a working copy a visitor, the news list, the feed and the sitemap never see, and makes it live on publish', async () => {
    const article = await createArticle();
    const title = unique('Working title ');
    const slug = unique('moved-')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-');
    const put = await agent.put(`/api/news/${article.id}/draft`).send({ title, slug });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: 1, baseVersion: 1, autosaved: true, snapshot: { title, slug, about: 'Live about' } });
    expect(put.body.updatedBy.name).toBeTruthy();

    const read = await agent.get(`/api/news/${article.id}`);
    expect(read.body).toMatchObject({ title: article.title, hasDraft: true, version: 1 });
    const list = await agent.get('/api/news');
    expect(list.body.data.find((item: { id: string }) => item.id === article.id)).toMatchObject({ title: article.title, hasDraft: true });

    for (const path of [`/news/${article.slug}`, '/news', '/news/feed.xml', '/sitemap.xml']) {
      const page = await visitor().get(path);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(title);
      expect(page.text).not.toContain(slug);
    }
    expect((await visitor().get(`/news/${article.slug}`)).text).toContain(article.title);

    const published = await agent.post(`/api/news/${article.id}/draft/publish`).set('If-Match', '"1"');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ title, slug, hasDraft: false, version: 2 });
    expect((await agent.get(`/api/news/${article.id}/draft`)).status).toBe(404);
    expect((await visitor().get(`/news/${slug}`)).text).toContain(title);
    // The address moved only now: the old one answers 301.
    const old = await visitor().get(`/news/${article.slug}`).redirects(0);
    expect(old.status).toBe(301);
    for (const path of ['/news', '/news/feed.xml', '/sitemap.xml']) expect((await visitor().get(path)).text).toContain(slug);
    expect((await revisions(article.id))[0]).toMatchObject({ reason: 'published', draft: false });
  });

  it('autosaves a half-typed form without a revision; a checkpoint writes a saved one; publish checks it in full', async () => {
    const article = await createArticle();
    const before = (await revisions(article.id)).length;
    const autosave = await agent.put(`/api/news/${article.id}/draft`).send({ title: '' });
    expect(autosave.status).toBe(200);
    expect(await revisions(article.id)).toHaveLength(before);
    const checkpoint = await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Reworked', checkpoint: true });
    expect(checkpoint.body).toMatchObject({ version: 2, autosaved: false, snapshot: { title: '', about: 'Reworked' } });
    expect((await revisions(article.id))[0]).toMatchObject({ reason: 'saved', draft: true });
    const refused = await agent.post(`/api/news/${article.id}/draft/publish`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { title: { msg: 'Title is required' } } });
    const tooLong = await agent.put(`/api/news/${article.id}/draft`).send({ title: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
  });

  it('answers 409 with the current working copy when another tab wrote since, and accepts a write without If-Match', async () => {
    const article = await createArticle();
    await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Tab one' }).expect(200);
    await agent.put(`/api/news/${article.id}/draft`).set('If-Match', '1').send({ about: 'Tab one again' }).expect(200);
    const stale = await agent.put(`/api/news/${article.id}/draft`).set('If-Match', '"1"').send({ about: 'Tab two' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ version: { msg: expect.any(String) } });
    expect(stale.body.current).toMatchObject({ version: 2, snapshot: { about: 'Tab one again' } });
    expect(stale.body.changedBy.name).toBeTruthy();
    await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Overwrite' }).expect(200);
  });

  it('discards a working copy; a second discard is a 404', async () => {
    const article = await createArticle();
    await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Gone soon' }).expect(200);
    expect((await agent.delete(`/api/news/${article.id}/draft`)).status).toBe(204);
    expect((await agent.get(`/api/news/${article.id}`)).body.hasDraft).toBe(false);
    expect((await agent.delete(`/api/news/${article.id}/draft`)).status).toBe(404);
  });

  it('gives a never-published article a working copy the same way', async () => {
    const article = await createArticle({ status: 'draft' });
    const put = await agent.put(`/api/news/${article.id}/draft`).send({ about: 'Still typing' });
    expect(put.status).toBe(200);
    expect((await agent.get(`/api/news/${article.id}/draft`)).body.snapshot).toMatchObject({ status: 'draft', about: 'Still typing' });
  });

  it('keeps a working copy of a service out of the public services page until published', async () => {
    const created = await agent.post('/api/services').send({ title: unique('Service '), about: 'Live service' });
    const title = unique('Reworked service ');
    await agent.put(`/api/services/${created.body.id}/draft`).send({ title }).expect(200);
    expect((await visitor().get('/services')).text).not.toContain(title);
    await agent.post(`/api/services/${created.body.id}/draft/publish`).expect(200);
    expect((await visitor().get('/services')).text).toContain(title);
  });

  it('shows the working copy in an administrator’s preview (maintenance on), marked, and never to a visitor', async () => {
    const article = await createArticle();
    const title = unique('Previewed ');
    await agent.put(`/api/news/${article.id}/draft`).send({ title }).expect(200);
    await agent.patch('/api/settings').send({ maintenance: true }).expect(200);
    try {
      const preview = await agent.get(`/admin/preview/news/${article.slug}`);
      expect(preview.text).toContain(title);
      expect(preview.text).toContain('Unpublished changes: visitors see the published version.');
    } finally {
      await agent.patch('/api/settings').send({ maintenance: false }).expect(200);
    }
    expect((await visitor().get(`/news/${article.slug}`)).text).not.toContain(title);
  });
});
