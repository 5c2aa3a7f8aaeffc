import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A WebAuthn authenticator in software, for the API tests: an ES256 key made with node's crypto,
 * a 'none' attestation, and authenticator data built byte by byte as the spec lays it out
 * (https://w3c.github.io/webauthn/#sctn-authenticator-data). Its answers are the JSON that
 * @simplewebauthn/browser would send.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The CBOR head of a major type with its length or value (RFC 8949 §3). */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** Just enough CBOR for a COSE key and an attestation object: integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Ceremony {
  /** The options' challenge, as the server sent it. */
  challenge: string;
  /** The page's origin the browser would report. */
  origin: string;
  /** The relying party id whose hash leads the authenticator data. */
  rpId: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The user handle it was registered with (base64url), returned with each assertion. */
  userHandle: string | undefined;

  constructor() {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const { x, y } = this.publicKey.export({ format: 'jwk' });
    // kty EC2, alg ES256, crv P-256, x, y.
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(x!, 'base64url')],
        [-3, Buffer.from(y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', { challenge, origin }: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What `navigator.credentials.create()` answers to registration options (`userId`: the options' user.id). */
  register(ceremony: Ceremony, userId: string, { counter = 0 }: { counter?: number } = {}) {
    this.userHandle = userId;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(ceremony.rpId, FLAG_UP | FLAG_UV | FLAG_AT, counter, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', ceremony)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What `navigator.credentials.get()` answers: the authenticator data and client data, signed. */
  assert(ceremony: Ceremony, counter: number) {
    const authData = this.authData(ceremony.rpId, FLAG_UP | FLAG_UV, counter);
    const clientData = this.clientData('webauthn.get', ceremony);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
