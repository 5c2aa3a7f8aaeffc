// A real SMTP server for tests (smtp-server, by nodemailer's authors) on 127.0.0.1. It keeps every
// mail it accepts, parsed (mailparser), in arrival order. It can be stopped and started again on
// the same port (an SMTP outage), and `onMessage` may hold a mail's acknowledgement back (a test
// that kills the sender between sending and marking). By default it offers no STARTTLS, so its
// `url` carries the app's opt-in to clear text (`?insecure=true`); `starttls: true` offers it with
// smtp-server's own self-signed certificate. `auth: true` requires a login and keeps the attempts.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Starts the server on `port` (0: a free one). Returns `{ port, url, messages, waitFor, stop,
 * start, close }`; each message is `{ to: string[], from, subject, text, messageId, replyTo,
 * headers, raw, secure }`.
 */
export async function startSmtpSink({ port = 0, onMessage, starttls = false, auth = false } = {}) {
  const messages = [];
  /** Every AUTH the server received: `{ username, password }`. */
  const logins = [];
  const waiters = new Set();
  let server;
  let boundPort = port;

  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  const create = () =>
    new SMTPServer({
      authOptional: !auth,
      // A server in the middle that strips STARTTLS would take a password in clear too.
      allowInsecureAuth: true,
      disabledCommands: starttls ? [] : ['STARTTLS'],
      hideSTARTTLS: !starttls,
      logger: false,
      onAuth(login, session, callback) {
        logins.push({ username: login.username, password: login.password });
        callback(null, { user: login.username });
      },
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const message = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? null,
            replyTo: parsed.replyTo?.value.map((address) => address.address) ?? [],
            headers: parsed.headers,
            raw: raw.toString('utf8'),
            /** Whether the mail came over TLS (STARTTLS). */
            secure: session.secure,
          };
          const accept = () => {
            messages.push(message);
            notify();
            callback();
          };
          if (onMessage) await onMessage(message, accept);
          else accept();
        });
      },
    });

  const start = () =>
    new Promise((resolve, reject) => {
      server = create();
      server.on('error', () => undefined);
      server.server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = server.server.address().port;
        resolve();
      });
    });

  const stop = () =>
    new Promise((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = undefined;
      closing.close(() => resolve());
    });

  await start();
  return {
    get port() {
      return boundPort;
    },
    /** SMTP_URL for this server: with the opt-in to clear text unless it offers STARTTLS. */
    get url() {
      return `smtp://127.0.0.1:${boundPort}${starttls ? '' : '?insecure=true'}`;
    },
    messages,
    logins,
    /** Mails to `address` so far. */
    to(address) {
      return messages.filter((message) => message.to.includes(address));
    },
    /** Resolves with the mails once `check(messages)` is true; rejects after `timeoutMs`. */
    waitFor(check, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check(messages)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `no such mail within ${timeoutMs} ms; got ${messages.length}: ${messages.map((m) => `${m.to} "${m.subject}"`).join('; ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
        waiter();
      });
    },
    stop,
    start,
    close: stop,
  };
}

/** The one-time link (reset or invitation) in a mail's text: the token is in its fragment, `#token=`. */
export function linkIn(message, path) {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}#token=[A-Za-z0-9_-]+`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in: ${message.text}`);
  return match[0];
}

/** The token of a one-time link, from its fragment. */
export function tokenOf(link) {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
}
