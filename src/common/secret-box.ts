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

  static equal(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }
}
