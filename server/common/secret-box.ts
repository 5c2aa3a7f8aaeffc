import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a sealed value starts with: the scheme, so a plain value (stored before sealing) is told apart. */
const SEALED = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets the app must read back (authenticator keys) sealed at rest with AES-256-GCM under a key
 * derived (HKDF-SHA256) from SECRETS_KEY. Each value is bound to its row (`context`, e.g. the
 * admin id, as additional data): a value copied to another row does not open. Stored as
 * `v1:` + base64url(iv ‖ tag ‖ ciphertext).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretsKey: string) {
    // The command-line tools load no key (''): sealing under it would lock the secrets away for good.
    if (secretsKey.length < 32) throw new Error('SecretBox needs SECRETS_KEY (32+ characters)');
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, 'company-site', 'stored secrets v1', 32));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(SEALED);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
  }

  /** The plain value; throws when the value was not sealed with this key and context, or was changed. */
  open(sealed: string, context: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('not a sealed value');
    const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('a sealed value too short to be one');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(context))
      .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
