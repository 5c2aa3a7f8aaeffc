import { createHash, randomBytes } from 'node:crypto';

/** How many recovery codes a setup gives. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32: no I, L, O or U, so a code read off paper cannot be mistyped into another. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code: 16 characters of 5 random bits each (80 bits), shown as `abcd-efgh-jkmn-pqrs`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]);
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4).join('')).join('-');
}

/** What was typed, as the code was made: lower case, without spaces or dashes, the look-alike letters read as digits. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/[o]/g, '0').replace(/[il]/g, '1');
}

/**
 * SHA-256, unsalted: with 80 random bits there is nothing a salt or a slow hash would protect, and
 * checking a code stays one index read (as the mail links' tokens, server/admins/admin-tokens.ts).
 */
export function hashRecoveryCode(typed: string): Buffer {
  return createHash('sha256').update(normalizeRecoveryCode(typed)).digest();
}
