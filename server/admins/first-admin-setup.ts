import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SETUP_TOKEN_MISSING = "Registration needs the setup link from the server's log.";
export const SETUP_TOKEN_WRONG = "This setup link is not valid: use the one from the server's log.";

/**
 * The one-time setup token that a production deployment without an administrator asks for on an
 * anonymous registration. It is derived from SESSION_SECRET (through a key of its own, so it is
 * unrelated to the session cookies' signatures) rather than drawn at start: every replica that
 * shares the secret logs and accepts the same token, whichever of them gets the request, and no
 * table is needed. It is as unguessable as the secret, and it dies with the first administrator
 * because it is accepted only while none exists (re-checked under a lock when the admin is saved).
 */
export function setupToken(sessionSecret: string): string {
  const key = createHash('sha256').update(`first-admin setup token\0${sessionSecret}`).digest();
  return createHmac('sha256', key).update('first-admin').digest('base64url');
}

/** Compares in constant time (the lengths are public: every token has the same length). */
export function isSetupToken(given: unknown, sessionSecret: string): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(setupToken(sessionSecret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The path to the register screen with the token, as the start-up log prints it. */
export function setupPath(sessionSecret: string): string {
  return `/admin/register?setup=${setupToken(sessionSecret)}`;
}
