import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtHeader, type JwtPayload } from 'jsonwebtoken';
import { JwksClient } from 'jwks-rsa';
import type { Config } from '../config';
import { unauthenticated } from '../graphql/errors';
import { isUnstorable } from '../graphql/validation';
import { isRole, type Role } from './roles';

/** The claims the service reads from a verified token (contract: tokens). */
export interface TokenClaims {
  sub: string;
  email?: string;
  name?: string;
  org?: string;
  roles: Role[];
}

/** Finds the secret of an organization key by id (the token's `kid`); null when no such key exists. */
export type OrganizationKeySecret = (keyId: string) => Promise<{ secret: Buffer; organization: string; role: Role } | null>;

export type VerifiedToken =
  | { kind: 'user'; claims: TokenClaims }
  | { kind: 'organizationKey'; keyId: string; organization: string; role: Role; claims: Partial<TokenClaims> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies bearer tokens. Algorithms are pinned per key source: HS256 for JWT_SECRET and
 * organization keys, RS256 for the JWKS of an external identity provider, so `none` and RS/HS
 * confusion cannot pass. Every failure is a 401 that does not echo the token.
 */
export class TokenVerifier {
  private readonly jwks?: JwksClient;
  /**
   * JWT_SECRET as a key object, made once: given a string, jsonwebtoken first tries to read it as
   * a public key and fails with an exception on every verification (a sixth of a read's CPU).
   */
  private readonly userKey: KeyObject;

  constructor(
    private readonly config: Config,
    private readonly organizationKey: OrganizationKeySecret,
  ) {
    this.userKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    if (config.jwtJwksUrl) {
      this.jwks = new JwksClient({ jwksUri: config.jwtJwksUrl, cache: true, cacheMaxAge: 600_000, timeout: 5_000 });
    }
  }

  async verify(token: string): Promise<VerifiedToken> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw unauthenticated('invalid token');
    const header: JwtHeader = decoded.header;
    if (header.alg === 'HS256' && header.kid && UUID.test(header.kid)) {
      const key = await this.organizationKey(header.kid);
      if (!key) throw unauthenticated('invalid token: unknown or deleted key');
      const payload = this.check(token, createSecretKey(key.secret), 'HS256', false);
      return { kind: 'organizationKey', keyId: header.kid, organization: key.organization, role: key.role, claims: this.claims(payload, false) };
    }
    if (header.alg === 'HS256') {
      return { kind: 'user', claims: this.claims(this.check(token, this.userKey, 'HS256', true), true) };
    }
    if (header.alg === 'RS256' && this.jwks) {
      let publicKey: string;
      try {
        publicKey = (await this.jwks.getSigningKey(header.kid)).getPublicKey();
      } catch {
        throw unauthenticated('invalid token: signing key not found');
      }
      return { kind: 'user', claims: this.claims(this.check(token, publicKey, 'RS256', true), true) };
    }
    throw unauthenticated('invalid token: algorithm not accepted');
  }

  private check(token: string, key: string | KeyObject, algorithm: 'HS256' | 'RS256', external: boolean): JwtPayload {
    try {
      const payload = jwt.verify(token, key, {
        algorithms: [algorithm],
        issuer: external ? this.config.jwtIssuer : undefined,
        audience: external ? this.config.jwtAudience : undefined,
      });
      if (typeof payload === 'string') throw new Error('payload is not an object');
      return payload;
    } catch (error) {
      const reason = error instanceof jwt.TokenExpiredError ? 'token expired' : 'invalid token';
      throw unauthenticated(reason);
    }
  }

  private claims(payload: JwtPayload, requireSubject: boolean): TokenClaims {
    if (requireSubject && (typeof payload.sub !== 'string' || payload.sub === '')) {
      throw unauthenticated('invalid token: sub claim required');
    }
    // These claims are stored on a first sign-in and looked up on every request: text PostgreSQL
    // cannot store would fail there, and an over-long sub or email would overflow the account's
    // unique indexes (OpenID Connect caps sub at 255 characters, RFC 5321 an address at 254).
    for (const [claim, max] of [['sub', 255], ['email', 254], ['name', Infinity]] as const) {
      const value: unknown = payload[claim];
      if (typeof value !== 'string') continue;
      if (isUnstorable(value)) throw unauthenticated(`invalid token: ${claim} claim holds NUL characters or unpaired surrogates`);
      if (value.length > max) throw unauthenticated(`invalid token: ${claim} claim is longer than ${max} characters`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [];
    const org = text(payload.org);
    if (org !== undefined && !UUID.test(org)) throw unauthenticated('invalid token: org claim must be a UUID');
    return { sub: payload.sub ?? '', email: text(payload.email)?.toLowerCase(), name: text(payload.name), org, roles };
  }
}
