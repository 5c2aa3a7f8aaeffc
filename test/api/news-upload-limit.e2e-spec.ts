import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { image } from '../support/images.mjs';

// An app of its own (its own file, so its own process) with a smaller UPLOAD_MAX_BYTES.
const LIMIT = 1.5 * 1024 * 1024;

describe('news photo size limit from UPLOAD_MAX_BYTES', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof loggedInAgent>>['agent'];
  let id: string;

  beforeAll(async () => {
    t = await createTestApp({ uploadMaxBytes: LIMIT });
    agent = (await loggedInAgent(t)).agent;
    id = (await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A' })).body.id;
  });
  afterAll(() => t.close());

  it('answers 413 one byte over the limit, naming the configured size', async () => {
    const res = await agent.post(`/api/news/${id}/upload`).attach('photo', Buffer.alloc(LIMIT + 1), 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: { photo: { msg: 'Photo must be at most 1.5 MB' } } });
  });

  it('accepts a photo of exactly the limit', async () => {
    // A real PNG padded to the limit: decoders ignore bytes after the IEND chunk.
    const png = await image('png', 64);
    const exact = Buffer.concat([png, Buffer.alloc(LIMIT - png.length)]);
    const res = await agent.post(`/api/news/${id}/upload`).attach('photo', exact, 'exact.png');
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatch(/^\/uploads\/news\/.+\.webp$/);
  });

  it('tells admins the same limits and texts at GET /api/news/photo-limits, and nobody else', async () => {
    const res = await agent.get('/api/news/photo-limits');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      maxBytes: LIMIT,
      types: ['image/jpeg', 'image/png', 'image/webp'],
      typeMessage: 'Photo must be a JPEG, PNG or WebP image',
      sizeMessage: 'Photo must be at most 1.5 MB',
    });
    expect((await t.http().get('/api/news/photo-limits')).status).toBe(401);
  });
});
