// Starts the built app for the browser suite on a database of its own: a fresh database on the
// PostgreSQL of DATABASE_URL, or the embedded database in a fresh temporary DATA_DIR; with
// TEST_STORAGE=s3, photos in an s3rver it starts; and an SMTP server (smtp-server) it starts, whose
// mails land as JSON files in the suite's mailbox (see mailboxDir) for the tests to read.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Server } from './s3-server.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { mailboxDir } from './mailbox.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'browser-test-'));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: process.env.BROWSER_TEST_PORT ?? '3100',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'browser-test-secret-browser-test-secret',
  // The address the browser tests visit (playwright.config.ts): the links in the mails they follow.
  PUBLIC_URL: `http://localhost:${process.env.BROWSER_TEST_PORT ?? '3100'}`,
  // Every test registers an admin of its own, so tests never depend on one another.
  REGISTRATION: 'open',
  LOG_LEVEL: 'warn',
};

// BROWSER_SMTP=off: no SMTP_URL, mail off until Settings → Mail sets it up (mail-setup.spec.ts
// starts such a server of its own, with an SMTP server it reads itself).
const smtpOff = process.env.BROWSER_SMTP === 'off';

// Every mail the app sends, one file each, named by arrival.
const mailbox = mailboxDir(env.PORT);
rmSync(mailbox, { recursive: true, force: true });
mkdirSync(mailbox, { recursive: true });
let received = 0;
const smtp = await startSmtpSink({
  onMessage(message, accept) {
    received += 1;
    const { headers: _headers, raw: _raw, ...fields } = message;
    // Written aside, then renamed: a test never reads a file half written.
    const name = `${mailbox}/${String(received).padStart(5, '0')}.json`;
    writeFileSync(`${name}.part`, JSON.stringify(fields));
    renameSync(`${name}.part`, name);
    accept();
  },
});
Object.assign(
  env,
  smtpOff ? { MAIL_POLL_MS: '200' } : { SMTP_URL: smtp.url, MAIL_FROM: 'Browser Suite <site@example.com>', MAIL_POLL_MS: '200' },
);

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const database = await createScratchDatabase(process.env.DATABASE_URL, 'browser');
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
}

// TEST_STORAGE=s3: photos go to an s3rver of the suite's own.
let stopS3 = async () => {};
if (process.env.TEST_STORAGE === 's3') {
  const s3 = await startS3Server();
  Object.assign(env, s3.env);
  stopS3 = s3.close;
}

const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await dropDatabase().catch(() => undefined);
  await stopS3().catch(() => undefined);
  await smtp.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
