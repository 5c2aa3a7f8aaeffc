import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSettingsService } from '../../server/mail/mail-settings.service';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';

// Mail set up from Settings → Mail (PUT /api/settings/mail), against a real SMTP server the test
// starts; and SMTP_URL, when set, winning over it.

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink({ auth: true });
  t = await createTestApp({ publicUrl: 'https://www.example.com', mailTiming: { pollMs: 100, sendTimeoutMs: 2000 } });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

beforeEach(async () => {
  await t.dataSource.query('DELETE FROM session');
  await t.dataSource.query('DELETE FROM admins');
  await t.dataSource.query('DELETE FROM mail_outbox');
  await t.dataSource.query('DELETE FROM mail_settings');
  // The app's copy of the settings follows the row at once, not at its next read (which under load
  // may come after the next test's first message, mailed by the previous test's server).
  await t.app.get(MailSettingsService).refresh();
  await t.dataSource.query('DELETE FROM rate_limits');
  sink.messages.length = 0;
  sink.logins.length = 0;
});

const settings = () => ({
  host: '127.0.0.1',
  port: sink.port,
  // The test server offers no STARTTLS: the clear-text relay, chosen explicitly.
  security: 'none',
  username: 'site@example.com',
  password: 's3cret pass:word@1',
  from: 'Example Co <site@example.com>',
});

describe('PUT /api/settings/mail', () => {
  it('saves the server, never returns the password, keeps it when absent, and logs the change', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const before = await ada.agent.get('/api/settings/mail');
    expect(before.body).toMatchObject({ enabled: false, source: null, settings: null });
    expect((await ada.agent.get('/api/admins/me/preferences')).body).toMatchObject({ mailEnabled: false });

    const saved = await ada.agent.put('/api/settings/mail').send(settings());
    expect(saved.status).toBe(200);
    const expected = {
      enabled: true,
      source: 'panel',
      from: 'Example Co <site@example.com>',
      server: `smtp://127.0.0.1:${sink.port}`,
      settings: {
        host: '127.0.0.1',
        port: sink.port,
        security: 'none',
        username: 'site@example.com',
        passwordSet: true,
        from: 'Example Co <site@example.com>',
      },
    };
    expect(saved.body).toMatchObject(expected);
    const read = await ada.agent.get('/api/settings/mail');
    expect(read.body).toMatchObject(expected);
    for (const body of [saved.body, read.body]) expect(JSON.stringify(body)).not.toContain('s3cret');
    const [row] = await t.dataSource.query(`SELECT password_sealed FROM mail_settings`);
    expect(row.password_sealed).toMatch(/^v1:/);
    expect(row.password_sealed).not.toContain('s3cret');
    expect((await ada.agent.get('/api/admins/me/preferences')).body).toMatchObject({ mailEnabled: true });

    const { password: _password, ...withoutPassword } = settings();
    const again = await ada.agent.put('/api/settings/mail').send({ ...withoutPassword, port: sink.port });
    expect(again.body.settings.passwordSet).toBe(true);
    const activity = await ada.agent.get('/api/activity');
    expect(activity.body.data[0]).toMatchObject({ action: 'edit', kind: 'settings', fields: ['mail'] });
  });

  it('refuses a bad sender or security with field errors', async () => {
    const ada = await loggedInAgent(t);
    const bad = await ada.agent.put('/api/settings/mail').send({ ...settings(), from: 'not an address', security: 'plain' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error).sort()).toEqual(['security']);
    const badFrom = await ada.agent.put('/api/settings/mail').send({ ...settings(), from: 'not an address' });
    expect(badFrom.status).toBe(400);
    expect(Object.keys(badFrom.body.error)).toEqual(['from']);
  });

  it('sends a test mail through the server set from the panel, logging in with the saved password', async () => {
    const ada = await loggedInAgent(t);
    await ada.agent.put('/api/settings/mail').send(settings()).expect(200);
    const sent = await ada.agent.post('/api/settings/mail/test');
    expect(sent.status).toBe(202);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([ada.admin.email]);
    expect(mail.subject).toMatch(/^Test email from /);
    expect(mail.headers.get('from')).toMatchObject({ value: [{ address: 'site@example.com', name: 'Example Co' }] });
    expect(sink.logins).toContainEqual({ username: 'site@example.com', password: 's3cret pass:word@1' });
  });

  it('mails a new contact message once mail is set in Settings, with no restart', async () => {
    const ada = await loggedInAgent(t);
    expect((await t.http().post('/api/contactus').send({ name: 'Before', phno: '', email: 'b@example.org', msg: 'Hi' })).status).toBe(201);
    await ada.agent.put('/api/settings/mail').send(settings()).expect(200);
    const posted = await t.http().post('/api/contactus').send({ name: 'Vera Visitor', phno: '', email: 'vera@example.org', msg: 'Hello' });
    expect(posted.status).toBe(201);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.subject).toBe('New message from Vera Visitor');
    expect(mail.to).toEqual([ada.admin.email]);
    expect(sink.messages).toHaveLength(1);
  });

  it('turns mail off again with DELETE', async () => {
    const ada = await loggedInAgent(t);
    await ada.agent.put('/api/settings/mail').send(settings()).expect(200);
    const cleared = await ada.agent.delete('/api/settings/mail');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ enabled: false, source: null, settings: null });
    expect((await ada.agent.post('/api/settings/mail/test')).status).toBe(409);
  });
});

describe('with SMTP_URL set', () => {
  let env: TestApp;
  beforeAll(async () => {
    env = await createTestApp({
      mail: { url: sink.url, from: 'Env <env@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
    });
  }, APP_TEST_TIMEOUT);
  afterAll(() => env?.close());

  it('the environment wins: the panel cannot change mail and says why', async () => {
    const ada = await loggedInAgent(env);
    const status = await ada.agent.get('/api/settings/mail');
    expect(status.body).toMatchObject({ enabled: true, source: 'env', settings: null, from: 'Env <env@example.com>' });
    const put = await ada.agent.put('/api/settings/mail').send(settings());
    expect(put.status).toBe(409);
    expect(JSON.stringify(put.body)).toContain('SMTP_URL');
    expect((await ada.agent.delete('/api/settings/mail')).status).toBe(409);
  });
});

describe('POST /api/admins/{id}/password-reset with delivery link', () => {
  it('gives a one-time link (an hour) that sets the password once, then is refused; logged in Activity', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const bob = await loggedInAgent(t, { name: 'Bob' });
    const issued = await ada.agent.post(`/api/admins/${bob.admin.id}/password-reset`).send({ delivery: 'link' });
    expect(issued.status).toBe(201);
    expect(issued.body.link).toMatch(/^https:\/\/www\.example\.com\/admin\/reset-password#token=/);
    const lifetime = new Date(issued.body.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
    const token = new URL(issued.body.link).hash.replace('#token=', '');
    const newPassword = 'a brand new passphrase 42';
    const used = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword });
    expect(used.status).toBeLessThan(300);
    expect((await t.http().post('/api/admins/login').send({ email: bob.admin.email, password: newPassword })).status).toBeLessThan(300);
    const again = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'another passphrase 43' });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.error)).toEqual(['token']);
    const activity = await ada.agent.get('/api/activity');
    expect(activity.body.data.map((entry: { action: string }) => entry.action)).toContain('password-reset-request');
  });

  it('refuses delivery mail while mail is off, and an unknown account with 404', async () => {
    const ada = await loggedInAgent(t);
    await t.dataSource.query('DELETE FROM mail_settings');
    await ada.agent.delete('/api/settings/mail');
    expect((await ada.agent.post(`/api/admins/${ada.admin.id}/password-reset`).send({ delivery: 'mail' })).status).toBe(409);
    expect(
      (await ada.agent.post('/api/admins/00000000-0000-4000-8000-000000000000/password-reset').send({ delivery: 'link' })).status,
    ).toBe(404);
  });
});

describe('POST /api/admins/invitations with delivery link', () => {
  it('needs no mail and answers the one-time link to hand over, which makes the account once', async () => {
    const ada = await loggedInAgent(t);
    const email = `colleague-${Date.now()}@example.com`;
    const made = await ada.agent.post('/api/admins/invitations').send({ email, delivery: 'link' });
    expect(made.status).toBe(201);
    expect(made.body.invitation.email).toBe(email);
    const token = new URL(made.body.link).hash.replace('#token=', '');
    const accept = { token, name: 'Colleague', password: 'a long colleague passphrase' };
    expect((await t.agent().post('/api/admins/invitations/accept').send(accept)).status).toBe(201);
    expect((await t.agent().post('/api/admins/invitations/accept').send(accept)).status).toBe(400);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM mail_outbox WHERE kind = 'invitation'`);
    expect(count).toBe(0);
  });
});
