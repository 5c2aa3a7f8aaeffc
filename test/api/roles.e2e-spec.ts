import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminsService } from '../../server/admins/admins.service';
import type { DatabaseConnection } from '../../server/database/database-connection';
import type { Role } from '../../server/roles/permissions';
import { APP_TEST_TIMEOUT, createTestApp, type TestApp } from '../support/create-test-app';
import { cookiePair, newAdmin, sessionCookie } from '../support/admin-helpers';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { createTestDatabase } from '../support/test-database';
import { unique } from '../support/unique.mjs';

type Agent = ReturnType<TestApp['agent']>;

const LAST_ADMIN_ROLE = 'The last administrator cannot be given another role. Make someone else an administrator first.';

/** One database for two apps (replicas), closed by the test: each app's own close leaves it alone. */
async function sharedDatabase(): Promise<{ connection: DatabaseConnection; close: () => Promise<unknown> }> {
  const real = await createTestDatabase();
  return { connection: { ...real, close: async () => undefined }, close: () => real.close() };
}

let sink: SmtpSink;
let shared: Awaited<ReturnType<typeof sharedDatabase>>;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  shared = await sharedDatabase();
  t = await createTestApp(
    { mail: { url: sink.url, from: '"Example Co" <site@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 } },
    { connection: shared.connection },
  );
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await shared?.close();
  await sink?.close();
});

/** An account of this role (the first of the file is an administrator whatever is asked), signed in. */
async function signedIn(role: Role, app: TestApp = t) {
  const account = newAdmin({ name: unique(`${role} `) });
  const admin = await app.app.get(AdminsService).create(account, { role });
  const agent = app.agent();
  const res = await agent.post('/api/admins/login').send({ email: account.email, password: account.password });
  expect(res.status).toBe(200);
  return { agent, admin: { ...account, id: admin.id }, cookie: cookiePair(sessionCookie(res)) };
}

async function article(agent: Agent, fields: Record<string, unknown> = {}) {
  const res = await agent.post('/api/news').send({ title: unique('Review '), description: 'A description', about: 'About it', ...fields });
  return res;
}

describe('roles on the account', () => {
  it('makes existing and first accounts administrators, and GET /api/admins/me carries the role and what it may do', async () => {
    // The file's first account: an administrator, though an author was asked for.
    const { agent } = await signedIn('author');
    expect((await agent.get('/api/admins/me')).body.admin.role).toBe('administrator');
    const author = await signedIn('author');
    const res = await author.agent.get('/api/admins/me');
    expect(res.body.admin.role).toBe('author');
    expect(res.body.can).toMatchObject({ 'news.write': true, 'news.publish': false, 'contactus.manage': false, 'admins.manage': false });
  });

  it('refuses an author the visitors’ messages with 403 in the error shape', async () => {
    const { agent } = await signedIn('author');
    const res = await agent.get('/api/contactus');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You don't have access to this." });
  });
});

describe('the review flow', () => {
  it('saves an author’s article as a draft, refuses publishing it, and takes it through submit → mail → an editor’s publish', async () => {
    const editor = await signedIn('editor');
    const author = await signedIn('author');

    const published = await article(author.agent, { status: 'published' });
    expect(published.status).toBe(403);
    expect(published.body.error.status.msg).toBe('An editor publishes it: submit it for review instead.');
    const scheduled = await article(author.agent, { publishAt: '2030-01-01T00:00:00Z' });
    expect(scheduled.status).toBe(403);
    expect(Object.keys(scheduled.body.error)).toEqual(['publishAt']);

    const created = await article(author.agent);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', createdBy: author.admin.id, review: null });
    const id = created.body.id as string;
    expect((await author.agent.patch(`/api/news/${id}`).send({ status: 'published' })).status).toBe(403);

    const before = (await editor.agent.get('/api/dashboard')).body.counts.review.count as number;
    const submitted = await author.agent.post(`/api/news/${id}/submit`);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ id, review: 'submitted', status: 'draft' });
    expect((await editor.agent.get('/api/dashboard')).body.counts.review.count).toBe(before + 1);

    const [mail] = await sink.waitFor((messages) => messages.some((m) => m.to.includes(editor.admin.email)));
    const toEditor = sink.to(editor.admin.email).at(-1)!;
    expect(toEditor.subject).toContain('is waiting for review');
    expect(toEditor.text).toContain(`/admin/news/edit/${id}`);
    expect(mail).toBeDefined();
    expect(sink.to(author.admin.email)).toEqual([]);

    // The author may not change the live article or send it back; the editor publishes as usual.
    expect((await author.agent.post(`/api/news/${id}/return`).send({ note: 'No' })).status).toBe(403);
    const live = await editor.agent.patch(`/api/news/${id}`).send({ status: 'published' });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'published', review: null });
    expect((await editor.agent.get('/api/dashboard')).body.counts.review.count).toBe(before);
    // Published, it is the editors’: the author changes it through a draft.
    const edit = await author.agent.patch(`/api/news/${id}`).send({ title: 'Changed live' });
    expect(edit.status).toBe(403);
    expect((await author.agent.put(`/api/news/${id}/draft`).send({ title: 'Changed in the draft' })).status).toBe(200);
    expect((await author.agent.post(`/api/news/${id}/draft/publish`)).status).toBe(403);
    expect((await author.agent.post(`/api/news/${id}/submit`)).body.review).toBe('submitted');
    const draftPublished = await editor.agent.post(`/api/news/${id}/draft/publish`);
    expect(draftPublished.status).toBe(200);
    expect(draftPublished.body).toMatchObject({ title: 'Changed in the draft', review: null });
  });

  it('sends an article back with a note the author sees on the item and gets by mail', async () => {
    const editor = await signedIn('editor');
    const author = await signedIn('author');
    const id = (await article(author.agent)).body.id as string;
    expect((await editor.agent.post(`/api/news/${id}/return`).send({ note: 'Too early' })).status).toBe(409);
    await author.agent.post(`/api/news/${id}/submit`).expect(200);

    expect((await editor.agent.post(`/api/news/${id}/return`).send({ note: '' })).body).toEqual({
      error: { note: { msg: 'Note is required' } },
    });
    const returned = await editor.agent.post(`/api/news/${id}/return`).send({ note: 'Add the opening hours, please.' });
    expect(returned.status).toBe(200);
    expect((await author.agent.get(`/api/news/${id}`)).body).toMatchObject({
      review: 'returned',
      reviewNote: 'Add the opening hours, please.',
    });
    await sink.waitFor(() => sink.to(author.admin.email).length > 0);
    expect(sink.to(author.admin.email)[0].text).toContain('Add the opening hours, please.');
    // Back to submitted, the note is gone.
    expect((await author.agent.post(`/api/news/${id}/submit`)).body).toMatchObject({ review: 'submitted', reviewNote: null });
  });

  it('lists what waits for review (GET /api/review), news and pages, the longest waiting first, until it is published or sent back', async () => {
    const editor = await signedIn('editor');
    const author = await signedIn('author');
    const news = (await article(author.agent)).body as { id: string; title: string };
    const page = await author.agent.post('/api/pages').send({ title: unique('Careers '), description: 'Jobs', body: 'Join us' });
    expect(page.status).toBe(201);
    const waiting = async () => {
      const res = await editor.agent.get('/api/review');
      expect(res.status).toBe(200);
      return (res.body.data as { kind: string; id: string }[]).filter((item) => item.id === news.id || item.id === page.body.id);
    };
    expect(await waiting()).toEqual([]);
    await author.agent.post(`/api/news/${news.id}/submit`).expect(200);
    await author.agent.post(`/api/pages/${page.body.id}/submit`).expect(200);
    expect(await waiting()).toEqual([
      {
        kind: 'news',
        id: news.id,
        title: news.title,
        status: 'draft',
        hasDraft: false,
        updatedAt: expect.any(String),
        createdBy: { id: author.admin.id, name: author.admin.name },
      },
      expect.objectContaining({ kind: 'pages', id: page.body.id, createdBy: { id: author.admin.id, name: author.admin.name } }),
    ]);
    // An author reviews nothing: the route is the reviewers'.
    expect((await author.agent.get('/api/review')).status).toBe(403);
    await editor.agent.post(`/api/pages/${page.body.id}/return`).send({ note: 'Shorter, please' }).expect(200);
    await editor.agent.patch(`/api/news/${news.id}`).send({ status: 'published' }).expect(200);
    expect(await waiting()).toEqual([]);
  });

  it('keeps an author to their own articles', async () => {
    const author = await signedIn('author');
    const other = await signedIn('author');
    const id = (await article(other.agent)).body.id as string;
    const res = await author.agent.patch(`/api/news/${id}`).send({ title: 'Mine now' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { id: { msg: 'You can change only what you created.' } } });
    expect((await author.agent.put(`/api/news/${id}/draft`).send({ title: 'Mine now' })).status).toBe(403);
    expect((await author.agent.post(`/api/news/${id}/submit`)).status).toBe(403);
    expect((await author.agent.delete(`/api/news/${id}`)).status).toBe(403);
  });
});

describe('changing roles', () => {
  it('lets only administrators change a role, logs it and mails the person', async () => {
    const administrator = await signedIn('administrator');
    const editor = await signedIn('editor');
    const person = await signedIn('author');
    expect((await editor.agent.patch(`/api/admins/${person.admin.id}`).send({ role: 'editor' })).status).toBe(403);
    expect((await administrator.agent.patch(`/api/admins/${person.admin.id}`).send({ role: 'boss' })).body).toEqual({
      error: { role: { msg: 'Role must be administrator, editor or author' } },
    });
    const res = await administrator.agent.patch(`/api/admins/${person.admin.id}`).send({ role: 'editor' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.admin.id, role: 'editor' });
    const activity = await administrator.agent.get('/api/activity');
    expect(activity.body.data[0]).toMatchObject({ action: 'role-editor', kind: 'admins', label: person.admin.name });
    await sink.waitFor(() => sink.to(person.admin.email).length > 0);
    expect(sink.to(person.admin.email)[0].subject).toMatch(/^You are now an editor of /);
  });

  it('never leaves the site without an administrator: the last one cannot be demoted (409 on role) or removed', async () => {
    await t.dataSource.query(`UPDATE admins SET role = 'editor'`);
    const last = await signedIn('editor');
    await t.dataSource.query(`UPDATE admins SET role = 'administrator' WHERE id = $1`, [last.admin.id]);
    const demoted = await last.agent.patch(`/api/admins/${last.admin.id}`).send({ role: 'author' });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ error: { role: { msg: LAST_ADMIN_ROLE } } });
    const removed = await last.agent.delete(`/api/admins/${last.admin.id}`);
    expect(removed.status).toBe(409);
    // An editor is not an administrator: removing one never counts as the last.
    const editor = await signedIn('editor');
    expect((await last.agent.delete(`/api/admins/${editor.admin.id}`)).status).toBe(200);
    // With a second administrator, the first may step down.
    const second = await signedIn('author');
    await last.agent.patch(`/api/admins/${second.admin.id}`).send({ role: 'administrator' }).expect(200);
    expect((await last.agent.patch(`/api/admins/${last.admin.id}`).send({ role: 'editor' })).status).toBe(200);
    await t.dataSource.query(`UPDATE admins SET role = 'administrator'`);
  });

  it(
    'applies a role change on another replica at the person’s next request, without signing them out',
    async () => {
      const replica = await createTestApp({}, { connection: shared.connection });
      try {
        const administrator = await signedIn('administrator');
        const editor = await signedIn('editor');
        const onReplica = () => replica.http().get('/api/contactus').set('Cookie', editor.cookie);
        expect((await onReplica()).status).toBe(200);
        await administrator.agent.patch(`/api/admins/${editor.admin.id}`).send({ role: 'author' }).expect(200);
        expect((await onReplica()).status).toBe(403);
        const me = await replica.http().get('/api/admins/me').set('Cookie', editor.cookie);
        expect(me.body.admin).toMatchObject({ id: editor.admin.id, role: 'author' });
        expect(me.body.can['contactus.manage']).toBe(false);
      } finally {
        await replica.close();
      }
    },
    APP_TEST_TIMEOUT,
  );

  it('gives an invitation’s role to the person who accepts it', async () => {
    const administrator = await signedIn('administrator');
    const email = `${unique('invited-')}@example.org`;
    const invited = await administrator.agent.post('/api/admins/invitations').send({ email, role: 'author' });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation.role).toBe('author');
    const [mail] = await sink.waitFor(() => sink.to(email).length > 0);
    expect(mail).toBeDefined();
    const token = /#token=([^\s]+)/.exec(sink.to(email)[0].text)![1];
    const accepted = await t
      .agent()
      .post('/api/admins/invitations/accept')
      .send({ token, name: 'Ivy Invited', password: 'correct horse battery' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.admin.role).toBe('author');
  });
});

describe('REGISTRATION_ROLE', () => {
  it(
    'gives an open registration the configured role, but the first admin is always an administrator',
    async () => {
      const open = await createTestApp({ registration: 'open', registrationRole: 'author' });
      try {
        const first = await open.http().post('/api/admins/register').send(newAdmin());
        expect(first.body.admin.role).toBe('administrator');
        const next = await open.http().post('/api/admins/register').send(newAdmin());
        expect(next.status).toBe(201);
        expect(next.body.admin.role).toBe('author');
      } finally {
        await open.close();
      }
    },
    APP_TEST_TIMEOUT,
  );
});
