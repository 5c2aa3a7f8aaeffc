import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../server/common/secret-box';

const KEY = 'a-secrets-key-of-at-least-32-characters!';

describe('SecretBox', () => {
  it('seals and opens a value for its context, never the same ciphertext twice, never the value in clear', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'admin-1');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'admin-1')).not.toBe(sealed);
    expect(box.open(sealed, 'admin-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox(KEY).open(sealed, 'admin-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(SecretBox.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
  });

  it('refuses another key, another context (a value copied to another row), a changed byte, or a value in clear', () => {
    const sealed = new SecretBox(KEY).seal('JBSWY3DPEHPK3PXP', 'admin-1');
    expect(() => new SecretBox(`${KEY}?`).open(sealed, 'admin-1')).toThrow();
    expect(() => new SecretBox(KEY).open(sealed, 'admin-2')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => new SecretBox(KEY).open(`v1:${raw.toString('base64url')}`, 'admin-1')).toThrow();
    expect(() => new SecretBox(KEY).open('JBSWY3DPEHPK3PXP', 'admin-1')).toThrow();
    expect(() => new SecretBox(KEY).open('v1:AAAA', 'admin-1')).toThrow();
    expect(() => new SecretBox('')).toThrow('SecretBox needs SECRETS_KEY');
  });
});
