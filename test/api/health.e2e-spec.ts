import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 without a session', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 when the database answers', async () => {
    const res = await t.http().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.database).toBe('ok');
  });

  it(
    'GET /api/health/ready answers 503 when the database is gone',
    async () => {
      const other = await createTestApp();
      await other.dataSource.destroy();
      const res = await other.http().get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: 'Database unavailable' });
      await other.close().catch(() => undefined);
    },
    APP_TEST_TIMEOUT,
  );
});
