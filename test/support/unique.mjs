// Names no other test, run or process makes: for titles, messages, emails and scratch databases.
import { randomBytes } from 'node:crypto';

/**
 * `prefix` followed by a stamp of 16 lower-case letters and digits (the time and 32 random bits),
 * so a searched-for name matches only its own test's rows, and one stamp is never part of another.
 */
export function unique(prefix = '') {
  return `${prefix}${Date.now().toString(36).padStart(8, '0')}${randomBytes(4).toString('hex')}`;
}

/** A lower-case address at example.com that no other test uses. */
export function uniqueEmail(prefix = 'admin') {
  return `${unique(`${prefix}-`)}@example.com`.toLowerCase();
}
