import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest with AES-256-GCM under SECRETS_KEY, a fresh nonce per value.
 * Stored form: base64(nonce | ciphertext | tag). Also derives the keyed hash used to look a
 * secret up without decrypting every row.
 */
export class SecretBox {
  private readonly hashKey: Buffer;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'talent-directory lookup hash', 32));
  }

  encrypt(plain: string | Buffer): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
  }

  decrypt(stored: string): Buffer {
    const raw = Buffer.from(stored, 'base64');
    const nonce = raw.subarray(0, NONCE_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  }

  /** A keyed hash (HMAC-SHA256) for equality look-ups of secret values. */
  lookupHash(value: string): string {
    return createHmac('sha256', this.hashKey).update(value).digest('base64');
  }

  /** Encrypts each value of a string map on its own (keys stay readable, values do not). */
  encryptMap(map: Record<string, string>): Record<string, string> {
    return mapValues(map, (value) => this.encrypt(value));
  }

  decryptMap(stored: Record<string, string>): Record<string, string> {
    return mapValues(stored, (value) => this.decrypt(value).toString('utf8'));
  }

  /**
   * The look-up hash of each value of a secret map, bound to its key so that equal values under
   * different keys do not hash alike.
   */
  hashMap(map: Record<string, string>): Record<string, string> {
    return mapValues(map, (value, key) => this.hashEntry(key, value));
  }

  /** The look-up hash `hashMap` stores for one key and value. */
  hashEntry(key: string, value: string): string {
    return this.lookupHash(`${key}\u0000${value}`);
  }

  static equal(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}

/** A new map with the same own keys ("__proto__" included) and transformed values. */
function mapValues(
  map: Record<string, string>,
  transform: (value: string, key: string) => string,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) {
    Object.defineProperty(result, key, {
      value: transform(value, key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
