import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_FIRST, NOT_LOGGED_IN, PASSWORD, staleConfirmation } from '../support/admin-helpers';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { linkIn, startSmtpSink, tokenOf, type SmtpSink } from '../support/smtp-sink.mjs';
import { freePort } from '../support/free-port.mjs';
import { hashToken } from '../../server/admins/admin-tokens';
import { uniqueEmail } from '../support/unique.mjs';

// Mail through a real SMTP server (smtp-server) that the test starts: contact notifications,
// password reset, invitations, security notices, the outbox through an SMTP outage, and mail off.

let sink: SmtpSink;
let t: TestApp;
let metricsPort: number;
beforeAll(async () => {
  sink = await startSmtpSink();
  metricsPort = await freePort();
  t = await createTestApp({
    metricsPort,
    publicUrl: 'https://www.example.com',
    mail: { url: sink.url, from: '"Example Co" <site@example.com>', fromDomain: 'example.com', pollMs: 100, sendTimeoutMs: 2000 },
  });
}, APP_TEST_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/**
 * Each test starts from no admins, sessions, messages or mail, and a sink that has seen nothing:
 * mail an earlier test queued is delivered first, so none arrives during the next one.
 */
beforeEach(async () => {
  await outboxSettled();
  await t.dataSource.query('DELETE FROM session');
  await t.dataSource.query('DELETE FROM admin_tokens');
  await t.dataSource.query('DELETE FROM admins');
  await t.dataSource.query('DELETE FROM mail_outbox');
  await t.dataSource.query('DELETE FROM rate_limits');
  sink.messages.length = 0;
});

/** The outbox holds nothing that is still due. */
async function outboxSettled() {
  for (let i = 0; i < 200; i++) {
    const [{ due }] = await t.dataSource.query(`SELECT count(*)::int AS due FROM mail_outbox WHERE status = 'pending'`);
    if (due === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the outbox did not settle');
}

const visitor = { name: 'Vera Visitor', phno: '+44 20 7946 0000', email: 'vera@example.org', msg: 'Do you ship to Norway?\nThanks!' };

describe('a new contact message', () => {
  it('mails every admin who wants it, Reply-To the visitor, with the fields and a link to the message', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const bob = await loggedInAgent(t, { name: 'Bob' });
    const quiet = await loggedInAgent(t, { name: 'Quiet' });
    expect((await quiet.agent.get('/api/admins/me/preferences')).body).toEqual({
      notifyContactMessages: true,
      mailEnabled: true,
      pendingEmail: null,
    });
    const off = await quiet.agent.patch('/api/admins/me/preferences').send({ notifyContactMessages: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ notifyContactMessages: false, mailEnabled: true, pendingEmail: null });

    const posted = await t.http().post('/api/contactus').send(visitor);
    expect(posted.status).toBe(201);
    await sink.waitFor((all) => all.length >= 2);
    await outboxSettled();
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual([ada.admin.email, bob.admin.email].sort());
    const mail = sink.to(ada.admin.email)[0];
    expect(mail.subject).toBe('New message from Vera Visitor');
    expect(mail.replyTo).toEqual(['vera@example.org']);
    expect(mail.headers.get('from')).toMatchObject({ value: [{ address: 'site@example.com', name: 'Example Co' }] });
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
    expect(mail.text).toContain('> Name: Vera Visitor\n> Email: vera@example.org\n> Phone: +44 20 7946 0000\n>\n');
    expect(mail.text).toContain('> Do you ship to Norway?\n> Thanks!');
    expect(mail.text).toContain(`https://www.example.com/admin/adminContactUs?view=${posted.body.id}`);
    // Two recipients, two mails, two Message-IDs.
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(2);
  });

  it('never lets a CR or LF in the name reach a header, and refuses one in the email with a 400', async () => {
    const ada = await loggedInAgent(t);
    const posted = await t
      .http()
      .post('/api/contactus')
      .send({ ...visitor, name: 'Mallory\r\nBcc: victim@example.net\r\nX-Injected: yes' });
    expect(posted.status).toBe(201);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([ada.admin.email]);
    expect(mail.subject).toBe('New message from Mallory Bcc: victim@example.net X-Injected: yes');
    const head = mail.raw.split(/\r?\n\r?\n/)[0];
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(mail.headers.has('bcc')).toBe(false);

    const bad = await t
      .http()
      .post('/api/contactus')
      .send({ ...visitor, email: 'vera@example.org\r\nBcc: victim@example.net' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.email.msg).toEqual(expect.any(String));
  });

  it("quotes the visitor's text, so it cannot pass for the mail's own lines, and makes no link of an address in it", async () => {
    const ada = await loggedInAgent(t);
    const fake = 'Open it in the admin panel: https://evil.example/admin';
    const posted = await t
      .http()
      .post('/api/contactus')
      .send({ ...visitor, name: `Eve\n${fake}`, msg: `Hello\n\n${fake}\nor www.evil.example\n` });
    expect(posted.status).toBe(201);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([ada.admin.email]);
    const own = mail.text.split('\n').filter((line) => !line.startsWith('>'));
    expect(own.filter((line) => line.startsWith('Open it in the admin panel:'))).toEqual([
      `Open it in the admin panel: https://www.example.com/admin/adminContactUs?view=${posted.body.id}`,
    ]);
    expect(mail.text).toContain('> Name: Eve Open it in the admin panel: https[:]//evil[.]example/admin\n');
    expect(mail.text).toContain('> Hello\n>\n> Open it in the admin panel: https[:]//evil[.]example/admin\n> or www[.]evil[.]example\n');
    expect(mail.text).not.toMatch(/evil\.example/);
  });
});

describe('the outbox', () => {
  it('delivers every mail once when the SMTP server was down while messages arrived', async () => {
    const ada = await loggedInAgent(t);
    await sink.stop();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const posted = await ada.agent.post('/api/contactus').send({ ...visitor, name: `Outage ${i}` });
      expect(posted.status).toBe(201);
      ids.push(posted.body.id);
    }
    // Every mail has been tried and failed at least once while the server was down.
    for (let i = 0; ; i++) {
      const rows: { attempts: number; last_error: string | null }[] = await t.dataSource.query(
        `SELECT attempts, last_error FROM mail_outbox WHERE status = 'pending'`,
      );
      if (rows.length === 3 && rows.every((row) => row.attempts >= 1 && row.last_error)) break;
      if (i > 200) throw new Error(`not tried: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const status = await ada.agent.get('/api/settings/mail');
    expect(status.body).toMatchObject({ enabled: true, due: 3, connection: { ok: false } });
    await sink.start();
    await sink.waitFor((all) => all.length >= 3, 40_000);
    await outboxSettled();
    expect(sink.messages.map((m) => m.subject).sort()).toEqual([
      'New message from Outage 0',
      'New message from Outage 1',
      'New message from Outage 2',
    ]);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(3);
    expect((await ada.agent.get('/api/settings/mail')).body).toMatchObject({ due: 0, failed: [], connection: { ok: true } });
  }, 60_000);

  it('marks a mail the server refuses for good as failed at once, and Settings shows it with the reason', async () => {
    const ada = await loggedInAgent(t);
    // smtp-server refuses a recipient without a domain part it can read: 5xx to RCPT TO.
    await t.dataSource.query(
      `INSERT INTO mail_outbox (kind, recipient, subject, body, message_id) VALUES ('test', 'nobody@', 'Broken', 'x', '<broken@example.com>')`,
    );
    let failed: { recipient: string; reason: string }[] = [];
    for (let i = 0; i < 100 && failed.length === 0; i++) {
      failed = (await ada.agent.get('/api/settings/mail')).body.failed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(failed).toEqual([
      expect.objectContaining({ recipient: 'nobody@', kind: 'test', subject: 'Broken', reason: expect.any(String) }),
    ]);
  });

  it('shows the mail due and the mail given up as gauges on /metrics', async () => {
    await t.dataSource.query(
      `INSERT INTO mail_outbox (kind, recipient, subject, body, message_id, next_attempt_at)
       VALUES ('test', 'later@example.com', 'Later', 'x', '<later@example.com>', now() + interval '1 hour')`,
    );
    await t.dataSource.query(
      `INSERT INTO mail_outbox (kind, recipient, subject, message_id, status, finished_at, last_error)
       VALUES ('test', 'gone@example.com', 'Gone', '<gone@example.com>', 'failed', now(), 'refused')`,
    );
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toMatch(/^mail_outbox_due 1$/m);
    expect(text).toMatch(/^mail_outbox_failed 1$/m);
    await t.dataSource.query(`DELETE FROM mail_outbox`);
  });

  it('sends a test email to the signed-in admin', async () => {
    const ada = await loggedInAgent(t);
    const res = await ada.agent.post('/api/settings/mail/test');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ to: ada.admin.email });
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([ada.admin.email]);
    expect(mail.subject).toMatch(/^Test email from /);
    const status = await ada.agent.get('/api/settings/mail');
    expect(status.body).toMatchObject({ enabled: true, from: '"Example Co" <site@example.com>', server: `smtp://127.0.0.1:${sink.port}` });
    expect(JSON.stringify(status.body)).not.toContain('password');
  });
});

describe('password reset', () => {
  it('answers 202 {} for an unknown address and sends nothing; a known one gets a link that sets the password once', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const unknown = await t.http().post('/api/admins/password-reset').send({ email: 'nobody@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({});
    const known = await t.http().post('/api/admins/password-reset').send({ email: ada.admin.email.toUpperCase() });
    expect(known.status).toBe(202);
    expect(known.body).toEqual({});
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    await outboxSettled();
    expect(sink.messages).toHaveLength(1);
    expect(mail.to).toEqual([ada.admin.email]);
    const link = new URL(linkIn(mail, '/admin/reset-password'));
    expect(link.origin).toBe('https://www.example.com');
    const token = tokenOf(link.href);
    // Only the hash is stored.
    const stored: { hex: string }[] = await t.dataSource.query(`SELECT encode(token_hash, 'hex') AS hex FROM admin_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.newPassword.msg).toBe('Password must be at least 8 characters');

    sink.messages.length = 0;
    const done = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'a brand new password' });
    expect(done.status).toBe(200);
    // Every session of the admin ended.
    expect((await ada.agent.get('/api/services')).body).toEqual(NOT_LOGGED_IN);
    expect((await t.http().post('/api/admins/login').send({ email: ada.admin.email, password: PASSWORD })).status).toBe(401);
    expect((await t.http().post('/api/admins/login').send({ email: ada.admin.email, password: 'a brand new password' })).status).toBe(200);
    // The security notice.
    const [notice] = await sink.waitFor((all) => all.length >= 1);
    expect(notice.to).toEqual([ada.admin.email]);
    expect(notice.subject).toMatch(/password .* was reset$/);

    const again = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'yet another password' });
    expect(again.status).toBe(400);
    expect(again.body.error.token.msg).toEqual(expect.any(String));

    // Nobody signed in asks for a reset: the requests have no actor; the account is the item.
    const log: { action: string; admin_id: string | null; item_id: string | null }[] = await t.dataSource.query(
      `SELECT action, admin_id, item_id FROM activity WHERE action LIKE 'password-reset%' ORDER BY at`,
    );
    expect(log).toEqual([
      { action: 'password-reset-request', admin_id: null, item_id: null },
      { action: 'password-reset-request', admin_id: null, item_id: ada.admin.id },
      { action: 'password-reset', admin_id: ada.admin.id, item_id: ada.admin.id },
    ]);
  });

  it('refuses a made-up or expired token with a 400 keyed token', async () => {
    const ada = await loggedInAgent(t);
    await t.http().post('/api/admins/password-reset').send({ email: ada.admin.email });
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    const token = tokenOf(linkIn(mail, '/admin/reset-password'));
    const madeUp = await t
      .http()
      .post('/api/admins/password-reset/confirm')
      .send({ token: 'x'.repeat(43), newPassword: 'a brand new password' });
    expect(madeUp.status).toBe(400);
    expect(Object.keys(madeUp.body.error)).toEqual(['token']);
    await t.dataSource.query(`UPDATE admin_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await t.http().post('/api/admins/password-reset/confirm').send({ token, newPassword: 'a brand new password' });
    expect(expired.status).toBe(400);
    expect(Object.keys(expired.body.error)).toEqual(['token']);
  });

  it('limits requests per address (and answers 429 alike for every address)', async () => {
    const ada = await loggedInAgent(t);
    for (const email of [ada.admin.email, 'stranger@example.com']) {
      for (let i = 0; i < 3; i++) expect((await t.http().post('/api/admins/password-reset').send({ email })).status).toBe(202);
      const limited = await t.http().post('/api/admins/password-reset').send({ email });
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toEqual(expect.any(String));
    }
  });

  it('answers 400 keyed email for a malformed address', async () => {
    const res = await t.http().post('/api/admins/password-reset').send({ email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.error.email.msg).toBe('Email must be a valid email address');
  });
});

describe('invitations', () => {
  it('invites by mail, lists it, and the link creates the admin and signs them in', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const email = uniqueEmail('invitee');
    const created = await ada.agent.post('/api/admins/invitations').send({ email });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toMatchObject({ email, invitedBy: { id: ada.admin.id, name: 'Ada' } });
    const list = await ada.agent.get('/api/admins/invitations');
    expect(list.body.data.map((i: { email: string }) => i.email)).toEqual([email]);

    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toMatch(/^Ada invited you/);
    const link = new URL(linkIn(mail, '/admin/accept-invitation'));
    expect(link.origin).toBe('https://www.example.com');
    const token = tokenOf(link.href);

    const newcomer = t.agent();
    const accepted = await newcomer
      .post('/api/admins/invitations/accept')
      .send({ token, name: 'Nina Newcomer', password: 'nina password 1' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.admin).toMatchObject({ name: 'Nina Newcomer', email });
    expect((await newcomer.get('/api/admins/me')).body.admin).toMatchObject({ email });
    expect((await newcomer.get('/api/services')).status).toBe(200);
    expect((await ada.agent.get('/api/admins/invitations')).body.data).toEqual([]);

    const reused = await t.agent().post('/api/admins/invitations/accept').send({ token, name: 'Eve', password: 'eve password 1' });
    expect(reused.status).toBe(400);
    expect(Object.keys(reused.body.error)).toEqual(['token']);
  });

  it("answers 409 keyed email for an admin's address, and a revoked invitation's link stops working", async () => {
    const ada = await loggedInAgent(t);
    const taken = await ada.agent.post('/api/admins/invitations').send({ email: ada.admin.email });
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.error)).toEqual(['email']);

    const email = uniqueEmail('revoked');
    const created = await ada.agent.post('/api/admins/invitations').send({ email });
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    const token = tokenOf(linkIn(mail, '/admin/accept-invitation'));
    const revoked = await ada.agent.delete(`/api/admins/invitations/${created.body.invitation.id}`);
    expect(revoked.status).toBe(200);
    expect((await ada.agent.delete(`/api/admins/invitations/${created.body.invitation.id}`)).status).toBe(404);
    expect((await ada.agent.delete('/api/admins/invitations/not-a-uuid')).status).toBe(404);
    const refused = await t.http().post('/api/admins/invitations/accept').send({ token, name: 'Rex', password: 'rex password 1' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error)).toEqual(['token']);
  });

  it("revokes a removed admin's pending invitations: their link is refused, and each revocation is logged", async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const bob = await loggedInAgent(t, { name: 'Bob' });
    const email = uniqueEmail('from-removed');
    const created = await ada.agent.post('/api/admins/invitations').send({ email });
    expect(created.status).toBe(201);
    const kept = await bob.agent.post('/api/admins/invitations').send({ email: uniqueEmail('from-bob') });
    const [mail] = await sink.waitFor((all) => all.some((m) => m.to.includes(email)));
    const token = tokenOf(linkIn(mail, '/admin/accept-invitation'));

    expect((await bob.agent.delete(`/api/admins/${ada.admin.id}`)).status).toBe(200);
    const list = await bob.agent.get('/api/admins/invitations');
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([kept.body.invitation.id]);
    const refused = await t.agent().post('/api/admins/invitations/accept').send({ token, name: 'Rex', password: 'rex password 1' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error)).toEqual(['token']);
    expect(await t.dataSource.query(`SELECT 1 FROM admins WHERE email = $1`, [email])).toEqual([]);
    const log: { admin_id: string; item_id: string; label: string }[] = await t.dataSource.query(
      `SELECT admin_id, item_id, label FROM activity WHERE action = 'revoke-invitation' AND item_id = $1`,
      [created.body.invitation.id],
    );
    expect(log).toEqual([{ admin_id: bob.admin.id, item_id: created.body.invitation.id, label: email }]);
  });

  it('refuses an invitation whose sender is no longer an administrator, however it was left pending', async () => {
    await loggedInAgent(t);
    const token = 'left-pending-'.padEnd(43, 'x');
    // What removing the sender left before removals revoked invitations: the foreign key cleared invited_by.
    await t.dataSource.query(
      `INSERT INTO admin_tokens (purpose, token_hash, email, invited_by, invited_by_name, expires_at)
       VALUES ('invitation', $1, $2, NULL, 'Gone', now() + interval '1 day')`,
      [hashToken(token), uniqueEmail('orphan')],
    );
    const refused = await t.agent().post('/api/admins/invitations/accept').send({ token, name: 'Rex', password: 'rex password 1' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error)).toEqual(['token']);
  });

  it('needs a logged-in admin to invite, list or revoke', async () => {
    expect((await t.http().post('/api/admins/invitations').send({ email: 'x@example.com' })).status).toBe(401);
    expect((await t.http().get('/api/admins/invitations')).status).toBe(401);
  });
});

describe('invitations under REGISTRATION=closed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await createTestApp({ registration: 'closed' });
  }, APP_TEST_TIMEOUT);
  afterAll(() => closed?.close());

  it('refuses every pending invitation with 403, and leaves it unspent', async () => {
    const ada = await loggedInAgent(closed);
    const token = 'sent-before-closing-'.padEnd(43, 'x');
    const email = uniqueEmail('closed');
    // Sent while registration was open: under `closed` no invitation can be made.
    await closed.dataSource.query(
      `INSERT INTO admin_tokens (purpose, token_hash, email, invited_by, invited_by_name, expires_at)
       VALUES ('invitation', $1, $2, $3, 'Ada', now() + interval '1 day')`,
      [hashToken(token), email, ada.admin.id],
    );
    const refused = await closed.agent().post('/api/admins/invitations/accept').send({ token, name: 'Rex', password: 'rex password 1' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Registration is closed. Ask an administrator to add you.' });
    expect(await closed.dataSource.query(`SELECT 1 FROM admins WHERE email = $1`, [email])).toEqual([]);
    expect(await closed.dataSource.query(`SELECT used_at FROM admin_tokens WHERE email = $1`, [email])).toEqual([{ used_at: null }]);
  });
});

describe('your own name and email (issue 38 item 8)', () => {
  it('changes the name at once, logged in Activity; a bad name is a 400 keyed name', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const empty = await ada.agent.patch('/api/admins/me').send({ name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: { name: { msg: 'Name is required' } } });
    const renamed = await ada.agent.patch('/api/admins/me').send({ name: '  Ada Lovelace ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.admin).toMatchObject({ id: ada.admin.id, name: 'Ada Lovelace', email: ada.admin.email });
    expect((await ada.agent.get('/api/admins/me')).body.admin.name).toBe('Ada Lovelace');
    const [entry] = await t.dataSource.query(`SELECT action, kind, label FROM activity WHERE item_id = $1 AND action = 'edit'`, [
      ada.admin.id,
    ]);
    expect(entry).toEqual({ action: 'edit', kind: 'admins', label: 'Ada Lovelace' });
    expect((await t.http().patch('/api/admins/me').send({ name: 'Nobody' })).body).toEqual(NOT_LOGGED_IN);
  });

  it('mails a link to a new email, which changes only when the link is opened, once; the old address gets a notice', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const newEmail = uniqueEmail();
    const asked = await ada.agent.post('/api/admins/me/email').send({ email: ` ${newEmail.toUpperCase()} ` });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ pendingEmail: newEmail, expiresAt: expect.any(String) });
    expect((await ada.agent.get('/api/admins/me/preferences')).body.pendingEmail).toBe(newEmail);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([newEmail]);
    expect(mail.subject).toMatch(/^Confirm your new email for /);
    // Not yet: the old address still signs in.
    expect((await ada.agent.get('/api/admins/me')).body.admin.email).toBe(ada.admin.email);
    const token = tokenOf(linkIn(mail, '/admin/confirm-email'));
    const stored: { hex: string }[] = await t.dataSource.query(`SELECT encode(token_hash, 'hex') AS hex FROM admin_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    await outboxSettled();
    sink.messages.length = 0;
    // The link works signed out too: it acts on the token alone.
    const done = await t.http().post('/api/admins/me/email/confirm').send({ token });
    expect(done.status).toBe(200);
    expect(done.body.admin).toMatchObject({ id: ada.admin.id, email: newEmail });
    expect((await ada.agent.get('/api/admins/me')).body.admin.email).toBe(newEmail);
    expect((await ada.agent.get('/api/admins/me/preferences')).body.pendingEmail).toBeNull();
    expect((await t.http().post('/api/admins/login').send({ email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await t.http().post('/api/admins/login').send({ email: ada.admin.email, password: PASSWORD })).status).toBe(401);
    const [notice] = await sink.waitFor((all) => all.length >= 1);
    expect(notice.to).toEqual([ada.admin.email]);
    expect(notice.text).toContain(`was changed to ${newEmail}`);

    const again = await t.http().post('/api/admins/me/email/confirm').send({ token });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.error)).toEqual(['token']);
  });

  it("refuses its own address (400), another admin's (409 keyed email), a bad one (400), and asks for a recent confirmation first", async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const bob = await loggedInAgent(t, { name: 'Bob' });
    const own = await ada.agent.post('/api/admins/me/email').send({ email: ada.admin.email });
    expect(own.status).toBe(400);
    expect(Object.keys(own.body.error)).toEqual(['email']);
    const taken = await ada.agent.post('/api/admins/me/email').send({ email: bob.admin.email });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: { email: { msg: 'Email is already registered' } } });
    const bad = await ada.agent.post('/api/admins/me/email').send({ email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.email.msg).toBe('Email must be a valid email address');
    await staleConfirmation(t, ada.admin.id);
    const stale = await ada.agent.post('/api/admins/me/email').send({ email: uniqueEmail() });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual(CONFIRM_FIRST);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM admin_tokens WHERE purpose = 'email-change'`);
    expect(count).toBe(0);
  });

  it('answers 409 keyed email when another admin took the address before the link was opened, and the link stays unspent', async () => {
    const ada = await loggedInAgent(t, { name: 'Ada' });
    const wanted = uniqueEmail();
    expect((await ada.agent.post('/api/admins/me/email').send({ email: wanted })).status).toBe(202);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    const token = tokenOf(linkIn(mail, '/admin/confirm-email'));
    await loggedInAgent(t, { name: 'Quick', email: wanted });
    const late = await t.http().post('/api/admins/me/email/confirm').send({ token });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: { email: { msg: 'Email is already registered' } } });
    expect((await ada.agent.get('/api/admins/me')).body.admin.email).toBe(ada.admin.email);
    const [{ used }] = await t.dataSource.query(
      `SELECT count(*)::int AS used FROM admin_tokens WHERE purpose = 'email-change' AND used_at IS NOT NULL`,
    );
    expect(used).toBe(0);
  });
});

describe('security notice', () => {
  it('mails the admin when their password changes', async () => {
    const ada = await loggedInAgent(t);
    const changed = await ada.agent
      .post('/api/admins/me/password')
      .send({ currentPassword: PASSWORD, newPassword: 'another good password' });
    expect(changed.status).toBe(200);
    const [mail] = await sink.waitFor((all) => all.length >= 1);
    expect(mail.to).toEqual([ada.admin.email]);
    expect(mail.subject).toMatch(/password .* was changed$/);
  });
});

describe('with mail off (no SMTP_URL)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  }, APP_TEST_TIMEOUT);
  afterAll(() => off?.close());

  it('says so, offers no reset or invitation, and still takes contact messages', async () => {
    const ada = await loggedInAgent(off);
    expect((await off.http().get('/api/admins/password-reset')).body).toEqual({ available: false });
    const reset = await off.http().post('/api/admins/password-reset').send({ email: ada.admin.email });
    expect(reset.status).toBe(409);
    const invite = await ada.agent.post('/api/admins/invitations').send({ email: 'x@example.com' });
    expect(invite.status).toBe(409);
    expect(Object.keys(invite.body.error)).toEqual(['email']);
    expect((await ada.agent.post('/api/settings/mail/test')).status).toBe(409);
    expect((await ada.agent.get('/api/settings/mail')).body).toEqual({
      enabled: false,
      source: null,
      settings: null,
      from: null,
      server: null,
      connection: null,
      due: 0,
      failed: [],
    });
    expect((await ada.agent.get('/api/admins/me/preferences')).body).toEqual({
      notifyContactMessages: true,
      mailEnabled: false,
      pendingEmail: null,
    });
    // A new email is confirmed by a link sent to it: not without mail.
    const email = await ada.agent.post('/api/admins/me/email').send({ email: 'new@example.com' });
    expect(email.status).toBe(409);
    expect(Object.keys(email.body.error)).toEqual(['email']);
    expect((await off.http().post('/api/contactus').send(visitor)).status).toBe(201);
    const [{ count }] = await off.dataSource.query(`SELECT count(*)::int AS count FROM mail_outbox`);
    expect(count).toBe(0);
  });
});
