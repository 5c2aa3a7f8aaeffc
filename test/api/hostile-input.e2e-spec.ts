import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/config/paths';
import { createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';

/** `{"a":{"a":…}}` nested `levels` deep, with `leaf` innermost. */
function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

const DEEP = `${'['.repeat(1300)}${']'.repeat(1300)}`;
const CONTACT = { name: 'Ada', email: 'ada@example.com', msg: 'Hello' };

describe('hostile input', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof loggedInAgent>>['agent'];
  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await loggedInAgent(t));
  });
  afterAll(() => t.close());

  describe('JSON nested deeper than 32 levels', () => {
    const depthError = { error: { body: { msg: 'The request body must not be nested deeper than 32 levels' } } };

    it('is a 400 on the anonymous contact form, not a stack overflow', async () => {
      const res = await t
        .http()
        .post('/api/contactus')
        .set('Content-Type', 'application/json')
        .send(`{"name":"Ada","email":"ada@example.com","msg":"Hi","website":${DEEP}}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(depthError);
    });

    it.each([
      ['POST', '/api/services'],
      ['POST', '/api/news'],
      ['POST', '/api/admins/register'],
      ['POST', '/api/admins/login'],
    ])('is a 400 on %s %s', async (method, path) => {
      const res = await agent[method.toLowerCase() as 'post'](path).set('Content-Type', 'application/json').send(`{"title":${DEEP}}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(depthError);
    });

    it('refuses 33 levels and lets 32 through to validation', async () => {
      const over = await t
        .http()
        .post('/api/contactus')
        .send({ ...CONTACT, name: nested(32) });
      expect(over.status).toBe(400);
      expect(over.body).toEqual(depthError);
      const at = await t
        .http()
        .post('/api/contactus')
        .send({ ...CONTACT, name: nested(31) });
      expect(at.status).toBe(400);
      expect(at.body).toEqual({ error: { name: { msg: 'Name must be text' } } });
    });
  });

  describe('a JSON body that is not an object', () => {
    const notAnObject = { error: { body: { msg: 'The request body must be a JSON object' } } };

    it.each(['null', '42', '"text"', 'true', '[]'])('%s is a 400 keyed body that says so, valid JSON as it is', async (body) => {
      const res = await agent.post('/api/services').set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(notAnObject);
      const open = await t.http().post('/api/contactus').set('Content-Type', 'application/json').send(body);
      expect(open.body).toEqual(notAnObject);
    });

    it('text that is not JSON is still a 400 saying so', async () => {
      const res = await agent.post('/api/services').set('Content-Type', 'application/json').send('{"title": ');
      expect(res.body).toEqual({ error: { body: { msg: 'The request body is not valid JSON' } } });
    });
  });

  describe('a NUL character in text', () => {
    it.each([
      ['name', 'Name'],
      ['phno', 'Phone'],
      ['email', 'Email'],
      ['msg', 'Message'],
    ])('is a 400 keyed %s on the contact form, and nothing is stored', async (field, label) => {
      const before = await t.dataSource.query('SELECT count(*)::int AS n FROM contact_messages');
      const res = await t
        .http()
        .post('/api/contactus')
        .send({ ...CONTACT, phno: '123', [field]: `a\u0000b` });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg: `${label} must not contain NUL characters` } } });
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM contact_messages')).toEqual(before);
    });

    it.each([
      ['name', 'Name'],
      ['email', 'Email'],
      ['password', 'Password'],
    ])('is a 400 keyed %s on registration', async (field, label) => {
      const body = { name: 'Grace', email: 'grace@example.com', password: 'correct horse battery', [field]: 'long enough\u0000text' };
      const res = await agent.post('/api/admins/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg: `${label} must not contain NUL characters` } } });
    });

    it.each([
      ['email', 'Email'],
      ['password', 'Password'],
    ])('is a 400 keyed %s on login', async (field, label) => {
      const body = { email: 'someone@example.com', password: 'correct horse battery', [field]: 'x\u0000y' };
      const res = await t.http().post('/api/admins/login').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg: `${label} must not contain NUL characters` } } });
    });

    it.each([
      ['email', 'Email', 'lone \ud83d'],
      ['msg', 'Message', 'tail \udfff'],
    ])('a lone surrogate is a 400 keyed %s (the e-mail check threw on it: a 500)', async (field, label, value) => {
      const res = await t
        .http()
        .post('/api/contactus')
        .send({ ...CONTACT, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg: `${label} must be valid Unicode text` } } });
    });

    it('a whole surrogate pair is text like any other', async () => {
      const res = await t
        .http()
        .post('/api/contactus')
        .send({ ...CONTACT, msg: 'Thanks 😀' });
      expect(res.status).toBe(201);
    });

    it('is a 400 keyed title when updating an article', async () => {
      const created = await agent.post('/api/news').send({ title: 'T', description: 'D', about: 'A' });
      const res = await agent.patch(`/api/news/${created.body.id}`).send({ title: '\u0000' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { title: { msg: 'Title must not contain NUL characters' } } });
    });

    it('is a 400 keyed name in the contact messages filter', async () => {
      const res = await agent.get('/api/contactus').query({ name: 'a\u0000b' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { name: { msg: 'Name must not contain NUL characters' } } });
    });
  });

  describe('a query parameter given more than once or as an array', () => {
    it.each([
      ['/api/contactus?name[]=a', 'name', 'Name must be text'],
      ['/api/contactus?name=a&name=b', 'name', 'Name must be text'],
      ['/api/contactus/export.csv?name[]=a', 'name', 'Name must be text'],
      ['/api/services?page=1&page=2', 'page', 'Page must be a whole number from 1 to 100000'],
      ['/api/news?page[]=1', 'page', 'Page must be a whole number from 1 to 100000'],
      ['/api/news?title[]=x', 'title', 'Title must be text'],
      ['/api/news?title[x]=y', 'title', 'Title must be text'],
    ])('%s is a 400 keyed %s', async (path, field, msg) => {
      const res = await agent.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { [field]: { msg } } });
    });
  });

  describe('page takes digits only', () => {
    it.each(['1e3', '1.0', ' 1', '+1', '0x10', '1_000'])('page=%j is a 400 keyed page', async (page) => {
      const res = await agent.get('/api/services').query({ page });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { page: { msg: 'Page must be a whole number from 1 to 100000' } } });
    });

    it('page=2 is still a page', async () => {
      const res = await agent.get('/api/news?page=2');
      expect(res.status).toBe(200);
      expect(res.body.meta.page).toBe(2);
    });
  });

  describe('Range and conditional headers on the maintenance page', () => {
    beforeAll(() => {
      if (!existsSync(join(CLIENT_DIST, 'index.html'))) {
        throw new Error(`The client is not built in ${CLIENT_DIST}: run \`npm run build\` first.`);
      }
    });

    it.each([
      ['Range', 'bytes=0-10'],
      ['Range', 'bytes=5000-'],
      ['If-Modified-Since', new Date(Date.now() + 86_400_000).toUTCString()],
      ['If-None-Match', '*'],
    ])('%s: %s still answers the whole page with 503', async (header, value) => {
      const whole = await t.http().get('/');
      const res = await t.http().get('/').set(header, value);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.text).toBe(whole.text);
      expect(res.text).toContain('Our website is under maintenance');
    });

    it('If-None-Match with the page ETag, and If-Range, still answer 503 with the page', async () => {
      const whole = await t.http().get('/');
      const etag = whole.headers.etag ?? '"x"';
      for (const headers of [{ 'If-None-Match': etag }, { 'If-Range': etag, Range: 'bytes=0-3' }]) {
        const res = await t.http().get('/about').set(headers);
        expect(res.status).toBe(503);
        expect(res.text).toBe(whole.text);
      }
    });
  });
});
