// The browser suite's mailbox: the folder where browser-server.mjs keeps every mail its SMTP
// server receives, one JSON file each ({ to, from, subject, text, messageId, replyTo }).
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Outside test-results, which Playwright empties when a run starts (perhaps after the server has). */
export function mailboxDir(port) {
  return join(tmpdir(), `browser-mailbox-${port}`);
}

/** Every mail so far, oldest first. */
export function readMailbox(port) {
  const dir = mailboxDir(port);
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')));
}
