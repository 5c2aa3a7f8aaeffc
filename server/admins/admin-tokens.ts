import { createHash, randomBytes } from 'node:crypto';

/** A new one-time token (256 random bits, URL-safe) and the hash that is stored in its place. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * SHA-256, unsalted: the token is random and as long as the hash, so there is nothing to guess
 * that a salt or a slow hash would protect, and a lookup by hash stays an index read.
 */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
