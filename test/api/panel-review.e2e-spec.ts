import type { SuperAgentTest } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

// Issue #26's API: how long the trash keeps an item. (Its other half, removing a news photo, is a
// save with `photo: null` since issue #34: photos.e2e-spec.ts.)
describe('panel review', () => {
  let t: TestApp;
  let agent: SuperAgentTest;

  beforeAll(async () => {
    t = await createTestApp({ trashDays: 12 });
    agent = (await loggedInAgent(t)).agent as unknown as SuperAgentTest;
  });
  afterAll(() => t.close());

  describe('GET /api/trash', () => {
    it('says how many days an item is kept (TRASH_DAYS), on every page', async () => {
      for (const page of [1, 2]) {
        const res = await agent.get(`/api/trash?page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body.trashDays).toBe(12);
      }
    });
  });
});
