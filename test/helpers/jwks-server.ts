import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import jwt from 'jsonwebtoken';

export interface Jwks {
  url: string;
  publicKeyPem: string;
  /** How many times the JWKS was requested. */
  fetches(): number;
  sign(claims: Record<string, unknown>, options?: jwt.SignOptions): string;
  /** Signs `claims` as they are: no exp unless they carry one. */
  signExactly(claims: Record<string, unknown>): string;
  close(): Promise<void>;
}

/** An identity provider stand-in: an RSA key pair and its JWKS served on loopback. */
export async function startJwks(kid = 'test-key'): Promise<Jwks> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(publicKey as KeyObject).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    fetches += 1;
    if (req.url !== '/jwks.json') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/jwks.json`,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    fetches: () => fetches,
    sign: (claims, options = {}) =>
      jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: kid, expiresIn: '1h', ...options }),
    signExactly: (claims) =>
      jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: kid, noTimestamp: !('iat' in claims) }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token assembled by hand, for attacks no library would sign: alg none, HMAC with a public key. */
export function handMadeToken(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  hmacSecret?: string,
): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  const signature =
    hmacSecret === undefined ? '' : createHmac('sha256', hmacSecret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
