import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.mjs';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '../support/smtp-sink.mjs';
import { AppProcess, isReply, send, sleep } from './support/app-process';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A claim lapses after twice this: the mail of a killed sender goes again soon after. */
const SEND_TIMEOUT_MS = 1000;

/**
 * The app killed (SIGKILL) after the SMTP server has the mail and before the app can mark it
 * sent: the mail is not lost. The next process sends it again, with the same Message-ID, so the
 * recipient's mail system can tell it is the same mail. And a SIGTERM while the SMTP server hangs
 * stops the app in time and hands the mail back. On the PostgreSQL of DATABASE_URL (a scratch
 * database), not a private cluster: nothing here stops the database.
 */
describe('mail when the sending app dies or stops', () => {
  let database: ScratchDatabase;
  let sink: SmtpSink;
  let app: AppProcess | undefined;
  let killedOn: SinkMessage | undefined;
  /** Set while a test holds a mail's acknowledgement back (an SMTP server that hangs). */
  let holdBack: ((message: SinkMessage) => boolean) | undefined;
  const held: (() => void)[] = [];
  const env = () => ({
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    MAIL_FROM: 'Fault Suite <site@example.com>',
    MAIL_POLL_MS: '100',
    MAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
  });

  beforeAll(async () => {
    database = await createScratchDatabase(baseUrl, 'mailfault');
    sink = await startSmtpSink({
      // The first delivery of the marked mail: the app is killed while the server holds the mail,
      // then the server says 250 to a connection nobody reads any more.
      async onMessage(message, accept) {
        if (holdBack?.(message)) {
          held.push(accept);
          return;
        }
        if (!killedOn && message.subject.includes('Kill at delivery') && app) {
          killedOn = message;
          app.child.kill('SIGKILL');
          await app.exited;
        }
        accept();
      },
    });
  });
  afterAll(async () => {
    for (const accept of held) accept();
    await app?.dispose();
    await sink?.close();
    await database?.drop();
  });

  it('sends the mail again after a restart, with the same Message-ID, and then marks it sent', async () => {
    app = await AppProcess.spawn(env());
    await app.ready();
    const cookie = await app.login();
    const first = app;
    const posted = await send(first.port, '/api/contactus', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Kill at delivery', phno: '', email: 'visitor@example.org', msg: 'Is anyone there?' }),
    });
    expect(isReply(posted) && posted.status).toBe(201);
    await first.exited;
    expect(killedOn).toBeDefined();
    await first.dispose();

    app = await AppProcess.spawn(env());
    await app.ready();
    await sink.waitFor((all) => all.filter((m) => m.subject === 'New message from Kill at delivery').length >= 2, 30_000);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (let i = 0; ; i++) {
        const { rows } = await client.query(`SELECT status FROM mail_outbox WHERE subject = 'New message from Kill at delivery'`);
        if (rows.length === 1 && rows[0].status === 'sent') break;
        if (i > 100) throw new Error(`not marked sent: ${JSON.stringify(rows)}`);
        await sleep(100);
      }
    } finally {
      await client.end();
    }
    // Marked sent, it goes no more: after another claim's lapse, still the two deliveries.
    await sleep(3 * SEND_TIMEOUT_MS);
    const deliveries = sink.messages.filter((m) => m.subject === 'New message from Kill at delivery');
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1].messageId).toBe(deliveries[0].messageId);
    expect(deliveries[0].messageId).toMatch(/^<[0-9a-f-]{36}@example\.com>$/);
  });

  it('stops on SIGTERM within the shutdown timeout while the SMTP server hangs, and the mail goes after the restart', async () => {
    const shutdownMs = 3000;
    holdBack = (message) => message.subject === 'New message from Hung at delivery';
    app = await AppProcess.spawn({ ...env(), SHUTDOWN_TIMEOUT_MS: String(shutdownMs), MAIL_SEND_TIMEOUT_MS: '60000' });
    await app.ready();
    const cookie = await app.login();
    const posted = await send(app.port, '/api/contactus', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Hung at delivery', phno: '', email: 'visitor@example.org', msg: 'Anyone?' }),
    });
    expect(isReply(posted) && posted.status).toBe(201);
    for (let i = 0; held.length === 0; i++) {
      if (i > 200) throw new Error('the mail never reached the SMTP server');
      await sleep(50);
    }
    const stopped = await app.terminate();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(shutdownMs + 1000);
    await app.dispose();

    // The interrupted delivery was handed back as due: the next process sends it at once, not
    // after its claim would have lapsed (2 × 60 s).
    holdBack = undefined;
    app = await AppProcess.spawn(env());
    await app.ready();
    await sink.waitFor((all) => all.some((m) => m.subject === 'New message from Hung at delivery'), 30_000);
  });
});
