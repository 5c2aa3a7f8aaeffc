import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactUsService } from '../../server/contact-us/contact-us.service';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { unique } from '../support/unique.mjs';

type Agent = Awaited<ReturnType<typeof loggedInAgent>>['agent'];

const UNKNOWN_ID = '6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34';

describe('read and unread contact messages', () => {
  let t: TestApp;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp({ pageSize: 100 });
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  const message = (name = unique('Visitor ')) => t.app.get(ContactUsService).create({ name, email: 'visitor@example.com', msg: 'Hello' });

  it('a new message is unread: readAt is null in the list and the detail', async () => {
    const id = await message();
    expect((await agent.get(`/api/contactus/${id}`)).body.readAt).toBeNull();
    const list = await agent.get('/api/contactus');
    expect(list.body.data.find((m: { id: string }) => m.id === id).readAt).toBeNull();
  });

  it('POST /api/contactus/:id/read marks it read for every administrator, and keeps the first time', async () => {
    const id = await message();
    const res = await agent.post(`/api/contactus/${id}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, readAt: expect.any(String) });
    const first = res.body.readAt as string;

    const other = await loggedInAgent(t);
    expect((await other.agent.get(`/api/contactus/${id}`)).body.readAt).toBe(first);
    expect((await other.agent.post(`/api/contactus/${id}/read`)).body.readAt).toBe(first);
  });

  it('POST /api/contactus/:id/unread marks it unread again', async () => {
    const id = await message();
    await agent.post(`/api/contactus/${id}/read`);
    const res = await agent.post(`/api/contactus/${id}/unread`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, readAt: null });
    expect((await agent.get(`/api/contactus/${id}`)).body.readAt).toBeNull();
  });

  it.each(['read', 'unread'])('POST …/%s answers 404 for an unknown id, a malformed one and a message in the trash', async (action) => {
    const trashed = await message();
    await agent.delete(`/api/contactus/${trashed}`);
    for (const id of [UNKNOWN_ID, 'not-a-uuid', trashed]) {
      const res = await agent.post(`/api/contactus/${id}/${action}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Message not found' });
    }
  });

  it.each(['read', 'unread'])('POST …/%s answers 401 without a session and changes nothing', async (action) => {
    const id = await message();
    if (action === 'unread') await agent.post(`/api/contactus/${id}/read`);
    const res = await t.http().post(`/api/contactus/${id}/${action}`);
    expect(res.status).toBe(401);
    expect((await agent.get(`/api/contactus/${id}`)).body.readAt === null).toBe(action === 'read');
  });

  it('GET /api/contactus?unread=true lists only the unread, ?unread=false only the read', async () => {
    const read = await message();
    const unread = await message();
    await agent.post(`/api/contactus/${read}/read`);

    const onlyUnread = await agent.get('/api/contactus?unread=true');
    expect(onlyUnread.status).toBe(200);
    const unreadIds = onlyUnread.body.data.map((m: { id: string }) => m.id);
    expect(unreadIds).toContain(unread);
    expect(unreadIds).not.toContain(read);
    expect(onlyUnread.body.data.every((m: { readAt: string | null }) => m.readAt === null)).toBe(true);

    const onlyRead = await agent.get('/api/contactus?unread=false');
    const readIds = onlyRead.body.data.map((m: { id: string }) => m.id);
    expect(readIds).toContain(read);
    expect(readIds).not.toContain(unread);
  });

  it('combines ?unread with the name search', async () => {
    const name = unique('Searchable ');
    const read = await message(name);
    const unread = await message(name);
    await agent.post(`/api/contactus/${read}/read`);
    const res = await agent.get(`/api/contactus?unread=true&name=${encodeURIComponent(name)}`);
    expect(res.body.data.map((m: { id: string }) => m.id)).toEqual([unread]);
  });

  describe('POST /api/contactus/bulk-read', () => {
    const readAt = async (id: string) => (await agent.get(`/api/contactus/${id}`)).body.readAt as string | null;

    it('marks every message read (each keeps its first time), then every one unread again', async () => {
      const [earlier, fresh] = [await message(), await message()];
      const first = (await agent.post(`/api/contactus/${earlier}/read`)).body.readAt as string;

      const read = await agent.post('/api/contactus/bulk-read').send({ ids: [earlier, fresh.toUpperCase(), fresh], read: true });
      expect(read.status).toBe(200);
      expect(read.body.ids.sort()).toEqual([earlier, fresh].sort());
      expect(await readAt(earlier)).toBe(first);
      expect(await readAt(fresh)).toEqual(expect.any(String));

      const unread = await agent.post('/api/contactus/bulk-read').send({ ids: [earlier, fresh], read: false });
      expect(unread.status).toBe(200);
      expect(unread.body.ids.sort()).toEqual([earlier, fresh].sort());
      expect([await readAt(earlier), await readAt(fresh)]).toEqual([null, null]);
    });

    it('changes none and answers 404 when one id is unknown or in the trash', async () => {
      const [kept, trashed] = [await message(), await message()];
      await agent.delete(`/api/contactus/${trashed}`);
      for (const other of [UNKNOWN_ID, trashed]) {
        const res = await agent.post('/api/contactus/bulk-read').send({ ids: [kept, other], read: true });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Message not found' });
        expect(await readAt(kept)).toBeNull();
      }
    });

    it.each([
      [{ ids: [], read: true }, 'ids', 'Ids must name at least one item'],
      [{ ids: ['not-a-uuid'], read: true }, 'ids', 'Each id must be a UUID'],
      [{ ids: Array.from({ length: 101 }, () => UNKNOWN_ID), read: true }, 'ids', 'Ids must name at most 100 items'],
      [{ ids: [UNKNOWN_ID] }, 'read', 'Read must be true or false'],
      [{ ids: [UNKNOWN_ID], read: 'yes' }, 'read', 'Read must be true or false'],
    ])('answers 400 for %j', async (body, field, msg) => {
      const res = await agent.post('/api/contactus/bulk-read').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    });

    it('answers 401 without a session and changes nothing', async () => {
      const id = await message();
      const res = await t
        .http()
        .post('/api/contactus/bulk-read')
        .send({ ids: [id], read: true });
      expect(res.status).toBe(401);
      expect(await readAt(id)).toBeNull();
    });
  });

  it.each([['yes'], ['1'], [''], ['TRUE']])('GET /api/contactus?unread=%s answers 400 keyed unread', async (value) => {
    const res = await agent.get(`/api/contactus?unread=${value}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { unread: { msg: 'Unread must be true or false' } } });
  });

  it('GET /api/contactus?unread=true&unread=false (given twice) answers 400 keyed unread', async () => {
    const res = await agent.get('/api/contactus?unread=true&unread=false');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error)).toEqual(['unread']);
  });
});
