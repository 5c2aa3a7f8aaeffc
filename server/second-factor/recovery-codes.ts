import { createHash, randomBytes } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's least cost (19 MiB, 2 iterations), as for passwords: a salt of its own per code. */
const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** How many recovery codes a setup gives. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32: no I, L, O or U, so a code read off paper cannot be mistyped into another. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** The code's first characters: its lookup id (30 bits), not secret, stored as it is to find the one row to check. */
const LOOKUP_CHARS = 6;
/** The rest: the secret, 26 characters of 5 bits (130 bits), stored only as an argon2id hash. */
const SECRET_CHARS = 26;
/** A code made before the lookup id (16 characters, 80 bits, kept as unsalted SHA-256): still taken once until replaced. */
const LEGACY_CHARS = 16;

/** A recovery code: 32 random characters (a lookup id and 130 secret bits), shown as eight groups of four. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(LOOKUP_CHARS + SECRET_CHARS)].map((byte) => ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What was typed, as the code was made: lower case, without spaces or dashes, the look-alike letters read as digits. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '').replace(/[o]/g, '0').replace(/[il]/g, '1');
}

export type TypedRecoveryCode = { kind: 'current'; lookup: string; secret: string } | { kind: 'legacy'; sha256: Buffer };

/** A typed code split into what is looked up and what is checked, or null when it cannot be a recovery code. */
export function parseRecoveryCode(typed: string): TypedRecoveryCode | null {
  const code = normalizeRecoveryCode(typed);
  if (![...code].every((char) => ALPHABET.includes(char))) return null;
  if (code.length === LOOKUP_CHARS + SECRET_CHARS)
    return { kind: 'current', lookup: code.slice(0, LOOKUP_CHARS), secret: code.slice(LOOKUP_CHARS) };
  if (code.length === LEGACY_CHARS) return { kind: 'legacy', sha256: createHash('sha256').update(code).digest() };
  return null;
}

/** What is stored of a new code: its lookup id and the salted argon2id hash (PHC string) of its secret. */
export async function storedRecoveryCode(code: string): Promise<{ lookup: string; hash: string }> {
  const parsed = parseRecoveryCode(code);
  if (parsed?.kind !== 'current') throw new Error('not a recovery code of the current kind');
  return { lookup: parsed.lookup, hash: await hash(parsed.secret, ARGON2) };
}

/** Whether a typed code's secret part is the one under this stored hash (false for a hash that is not one). */
export async function recoverySecretMatches(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}
