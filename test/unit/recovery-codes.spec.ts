import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRecoveryCode, parseRecoveryCode, recoverySecretMatches, storedRecoveryCode } from '../../server/second-factor/recovery-codes';

describe('recovery codes', () => {
  it('are 32 base32 characters in eight groups: 160 random bits, 130 of them secret', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){7}$/);
    expect(new Set(codes).size).toBe(200);
    // Every one of the 32 characters turns up: no bias toward part of the alphabet.
    expect(new Set(codes.join('').replaceAll('-', '')).size).toBe(32);
  });

  it('parse as typed: any case, without dashes, with spaces, look-alike letters read as digits', () => {
    const code = newRecoveryCode();
    const parsed = parseRecoveryCode(code);
    expect(parsed).toEqual({ kind: 'current', lookup: code.replaceAll('-', '').slice(0, 6), secret: code.replaceAll('-', '').slice(6) });
    expect(parseRecoveryCode(code.toUpperCase().replaceAll('-', ' '))).toEqual(parsed);
    const withOnes = '1111-0000-aaaa-bbbb-cccc-dddd-eeee-ffff';
    expect(parseRecoveryCode('IlI1-oOoO-aaaa-bbbb-cccc-dddd-eeee-ffff')).toEqual(parseRecoveryCode(withOnes));
  });

  it('parse a code of the earlier kind (16 characters) to its SHA-256, and nothing else to anything', () => {
    expect(parseRecoveryCode('ABCD-efgh-jkmn-pqrs')).toEqual({
      kind: 'legacy',
      sha256: createHash('sha256').update('abcdefghjkmnpqrs').digest(),
    });
    for (const typed of ['', 'abcd', 'abcd-efgh-jkmn-pqrs-t', 'uuuu-efgh-jkmn-pqrs', `${newRecoveryCode()}-x`])
      expect(parseRecoveryCode(typed)).toBeNull();
  });

  it('are stored as the lookup id and a salted argon2id hash of the secret part only', async () => {
    const code = newRecoveryCode();
    const [a, b] = await Promise.all([storedRecoveryCode(code), storedRecoveryCode(code)]);
    expect(a.lookup).toBe(code.replaceAll('-', '').slice(0, 6));
    expect(a.hash).toMatch(/^\$argon2id\$/);
    expect(a.hash).not.toBe(b.hash);
    const { secret } = parseRecoveryCode(code) as { secret: string };
    expect(await recoverySecretMatches(a.hash, secret)).toBe(true);
    expect(await recoverySecretMatches(a.hash, code)).toBe(false);
    expect(a.hash).not.toContain(secret);
  });
});
