import jwt from 'jsonwebtoken';

/** An organization token: HS256 signed with a key's secret, header kid = key id (docs/tokens.md). */
export function signOrgToken(keyId: string, secretBase64: string, options: jwt.SignOptions = {}): string {
  return jwt.sign({ sub: `key:${keyId}` }, Buffer.from(secretBase64, 'base64'), {
    algorithm: 'HS256',
    keyid: keyId,
    expiresIn: '1h',
    ...options,
  });
}
