import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportOptions } from '../../server/mail/mail-sender.service';
import type { MailConfig } from '../../server/config/app-config';
import { APP_TEST_TIMEOUT, createTestApp, loggedInAgent, type TestApp } from '../support/create-test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';

// Mail never goes in clear by accident: an smtp:// server that offers no STARTTLS (or an attacker
// in the path who hides it) gets neither the password nor a mail, unless SMTP_URL says
// `insecure=true` for a local relay.

const mailConfig = (url: string, extra: Partial<MailConfig> = {}): MailConfig => ({
  url,
  from: 'site@example.com',
  fromDomain: 'example.com',
  pollMs: 100,
  sendTimeoutMs: 2000,
  ...extra,
});

describe('an smtp:// server without STARTTLS, SMTP_URL without insecure=true', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ auth: true });
    t = await createTestApp({ mail: mailConfig(`smtp://site:smtp-password@127.0.0.1:${sink.port}`) });
  }, APP_TEST_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('receives no credentials and no mail; the mail waits for a retry and Settings shows why', async () => {
    const ada = await loggedInAgent(t);
    expect((await ada.agent.post('/api/settings/mail/test')).status).toBe(202);
    let row: { attempts: number; status: string; last_error: string | null } | undefined;
    for (let i = 0; i < 200 && !row?.last_error; i++) {
      [row] = await t.dataSource.query(`SELECT attempts, status, last_error FROM mail_outbox WHERE kind = 'test'`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/STARTTLS/) });
    const status = await ada.agent.get('/api/settings/mail');
    expect(status.body).toMatchObject({ due: 1, connection: { ok: false, error: expect.stringMatching(/STARTTLS/) } });
    expect(sink.logins).toEqual([]);
    expect(sink.messages).toEqual([]);
  });
});

describe('transportOptions', () => {
  const send = (url: string, extra: Partial<MailConfig> = {}) =>
    createTransport(transportOptions(mailConfig(url, extra))).sendMail({
      from: 'site@example.com',
      to: 'ada@example.com',
      subject: 'Hi',
      text: 'x',
    });

  it('with insecure=true, sends in clear to a relay that offers no STARTTLS', async () => {
    const sink = await startSmtpSink({ auth: true });
    try {
      await send(`smtp://site:smtp-password@127.0.0.1:${sink.port}?insecure=true`);
      expect(sink.logins).toEqual([{ username: 'site', password: 'smtp-password' }]);
      expect(sink.messages).toEqual([expect.objectContaining({ subject: 'Hi', secure: false })]);
    } finally {
      await sink.close();
    }
  });

  it('by default logs in and sends only after STARTTLS when the server offers it', async () => {
    const sink = await startSmtpSink({ auth: true, starttls: true });
    try {
      // smtp-server's own certificate is self-signed: only the tests turn verification off (no variable can).
      await send(`smtp://site:smtp-password@127.0.0.1:${sink.port}`, { tls: { rejectUnauthorized: false } });
      expect(sink.logins).toEqual([{ username: 'site', password: 'smtp-password' }]);
      expect(sink.messages).toEqual([expect.objectContaining({ subject: 'Hi', secure: true })]);
    } finally {
      await sink.close();
    }
  });

  it('passes no option from the URL to nodemailer and requires STARTTLS for smtp:// only', () => {
    expect(transportOptions(mailConfig('smtp://u:p%40ss@mail.example.com:587'))).toMatchObject({
      url: 'smtp://u:p%40ss@mail.example.com:587',
      requireTLS: true,
      ignoreTLS: false,
    });
    expect(transportOptions(mailConfig('smtp://relay:25?insecure=true'))).toMatchObject({ url: 'smtp://relay:25', requireTLS: false });
    expect(transportOptions(mailConfig('smtps://mail.example.com:465'))).toMatchObject({ requireTLS: false, ignoreTLS: false });
  });
});
