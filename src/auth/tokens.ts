import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt, { type JwtHeader, type JwtPayload } from 'jsonwebtoken';
import { JwksClient, SigningKeyNotFoundError } from 'jwks-rsa';
import type { Config } from '../config';
import { unauthenticated } from '../graphql/errors';
import { isUnstorable } from '../graphql/validation';
import { isRole, type Role } from './roles';

/** The claims the service reads from a verified token (docs/tokens.md). */
export interface TokenClaims {
  sub: string;
  email?: string;
  name?: string;
  org?: string;
  roles: Role[];
  /** Who vouches for `sub`: LOCAL_ISSUER for HS256 user tokens (JWT_SECRET), else the identity provider's `iss`. */
  issuer: string;
  /** The `email_verified` claim (the string "false" counts as false); undefined when absent. */
  emailVerified?: boolean;
}

/** The issuer of HS256 user tokens: whoever holds JWT_SECRET, whatever `iss` they write. */
export const LOCAL_ISSUER = 'local';
/** The issuer recorded for an identity provider whose tokens carry no `iss`. */
export const EXTERNAL_ISSUER = 'external';

/** Finds the secret of an organization key by id (the token's `kid`); null when no such key exists. */
export type OrganizationKeySecret = (
  keyId: string,
) => Promise<{ secret: Buffer; organization: string; role: Role } | null>;

/** `expiresAt`: the token's exp (unix seconds); live subscriptions end there. */
export type VerifiedToken =
  | { kind: 'user'; claims: TokenClaims; expiresAt: number }
  | {
      kind: 'organizationKey';
      keyId: string;
      organization: string;
      role: Role;
      claims: Partial<TokenClaims>;
      expiresAt: number;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Fetches of the identity provider's JWKS per minute. Keys found are cached for 10 minutes, so
 * this bounds only what tokens with kids never seen can make the service fetch.
 */
const JWKS_FETCHES_PER_MINUTE = 5;
/** A kid the JWKS did not hold is answered from memory for this long, without another fetch. */
const UNKNOWN_KID_TTL_MS = 5 * 60_000;
const UNKNOWN_KIDS_MAX = 1_000;

/** Kids the JWKS was fetched for and did not hold: a bounded map, oldest first, each with its expiry. */
class UnknownKids {
  private readonly until = new Map<string, number>();

  has(kid: string): boolean {
    const expiry = this.until.get(kid);
    if (expiry === undefined) return false;
    if (expiry > Date.now()) return true;
    this.until.delete(kid);
    return false;
  }

  add(kid: string): void {
    this.until.delete(kid);
    if (this.until.size >= UNKNOWN_KIDS_MAX) this.until.delete(this.until.keys().next().value as string);
    this.until.set(kid, Date.now() + UNKNOWN_KID_TTL_MS);
  }
}

/**
 * Verifies bearer tokens. Algorithms are pinned per key source: HS256 for JWT_SECRET and
 * organization keys, RS256 for the JWKS of an external identity provider, so `none` and RS/HS
 * confusion cannot pass. Every token must carry `exp`, live at most JWT_MAX_LIFETIME_SECONDS and
 * not be issued in the future; exp, nbf and iat are compared with JWT_CLOCK_SKEW_SECONDS of
 * tolerance. Every failure is a 401 that does not echo the token.
 */
export class TokenVerifier {
  private readonly jwks?: JwksClient;
  /**
   * JWT_SECRET as a key object, made once: given a string, jsonwebtoken first tries to read it as
   * a public key and fails with an exception on every verification (a sixth of a read's CPU).
   */
  private readonly userKey: KeyObject;
  private readonly unknownKids = new UnknownKids();

  constructor(
    private readonly config: Config,
    private readonly organizationKey: OrganizationKeySecret,
  ) {
    this.userKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    if (config.jwtJwksUrl) {
      // Unauthenticated callers choose the kid: fetches are rate-limited (beyond the limit a new
      // kid is refused until the minute passes) and kids found missing are remembered (verify).
      this.jwks = new JwksClient({
        jwksUri: config.jwtJwksUrl,
        cache: true,
        cacheMaxAge: 600_000,
        timeout: 5_000,
        rateLimit: true,
        jwksRequestsPerMinute: JWKS_FETCHES_PER_MINUTE,
      });
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
      const claims = this.claims(payload, false);
      return {
        kind: 'organizationKey',
        keyId: header.kid,
        organization: key.organization,
        role: key.role,
        claims,
        expiresAt: payload.exp,
      };
    }
    if (header.alg === 'HS256') {
      const payload = this.check(token, this.userKey, 'HS256', true);
      return { kind: 'user', claims: this.claims(payload, true, 'local'), expiresAt: payload.exp };
    }
    if (header.alg === 'RS256' && this.jwks) {
      const payload = this.check(token, await this.publicKey(this.jwks, header.kid), 'RS256', true);
      return { kind: 'user', claims: this.claims(payload, true, 'external'), expiresAt: payload.exp };
    }
    throw unauthenticated('invalid token: algorithm not accepted');
  }

  /** The identity provider's key for `kid`: from the JWKS cache, or one rate-limited fetch. */
  private async publicKey(jwks: JwksClient, kid: string | undefined): Promise<string> {
    const name = kid ?? '';
    if (this.unknownKids.has(name)) throw unauthenticated('invalid token: signing key not found');
    try {
      return (await jwks.getSigningKey(kid)).getPublicKey();
    } catch (error) {
      // Only a JWKS that was read and lacked the kid says it is unknown; a refused (rate-limited)
      // or failed fetch says nothing about it.
      if (error instanceof SigningKeyNotFoundError) this.unknownKids.add(name);
      throw unauthenticated('invalid token: signing key not found');
    }
  }

  private check(
    token: string,
    key: string | KeyObject,
    algorithm: 'HS256' | 'RS256',
    external: boolean,
  ): JwtPayload & { exp: number } {
    const skew = this.config.jwtClockSkewSeconds;
    let payload: JwtPayload;
    try {
      const verified = jwt.verify(token, key, {
        algorithms: [algorithm],
        issuer: external ? this.config.jwtIssuer : undefined,
        audience: external ? this.config.jwtAudience : undefined,
        clockTolerance: skew,
      });
      if (typeof verified === 'string') throw new Error('payload is not an object');
      payload = verified;
    } catch (error) {
      const reason = error instanceof jwt.TokenExpiredError ? 'token expired' : 'invalid token';
      throw unauthenticated(reason);
    }
    // A token without exp would never expire; one living longer than the maximum is refused,
    // measured from iat, or from now when the issuer left iat out.
    if (typeof payload.exp !== 'number') throw unauthenticated('token has no exp claim');
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.iat === 'number' && payload.iat > now + skew) {
      throw unauthenticated(`token issued in the future (iat beyond the clock skew of ${skew} seconds)`);
    }
    const max = this.config.jwtMaxLifetimeSeconds;
    const lifetime = typeof payload.iat === 'number' ? payload.exp - payload.iat : payload.exp - now - skew;
    if (lifetime > max)
      throw unauthenticated(`token lifetime exceeds the maximum of ${max} seconds (JWT_MAX_LIFETIME_SECONDS)`);
    return { ...payload, exp: payload.exp };
  }

  private claims(payload: JwtPayload, requireSubject: boolean, source: 'local' | 'external' = 'local'): TokenClaims {
    if (requireSubject && (typeof payload.sub !== 'string' || payload.sub === '')) {
      throw unauthenticated('invalid token: sub claim required');
    }
    // These claims are stored on a first sign-in and looked up on every request: text PostgreSQL
    // cannot store would fail there, and an over-long sub or email would overflow the account's
    // unique indexes (OpenID Connect caps sub at 255 characters, RFC 5321 an address at 254).
    for (const [claim, max] of [
      ['sub', 255],
      ['email', 254],
      ['name', Infinity],
    ] as const) {
      const value: unknown = payload[claim];
      if (typeof value !== 'string') continue;
      if (isUnstorable(value))
        throw unauthenticated(`invalid token: ${claim} claim holds NUL characters or unpaired surrogates`);
      if (value.length > max) throw unauthenticated(`invalid token: ${claim} claim is longer than ${max} characters`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [];
    const org = text(payload.org);
    if (org !== undefined && !UUID.test(org)) throw unauthenticated('invalid token: org claim must be a UUID');
    // An account is bound to (issuer, sub): subjects of different issuers are different people.
    const issuer = source === 'external' ? (text(payload.iss) ?? EXTERNAL_ISSUER) : LOCAL_ISSUER;
    const verified: unknown = payload.email_verified;
    const emailVerified =
      verified === false || verified === 'false' ? false : verified === true || verified === 'true' ? true : undefined;
    return {
      sub: payload.sub ?? '',
      email: text(payload.email)?.toLowerCase(),
      name: text(payload.name),
      org,
      roles,
      issuer,
      emailVerified,
    };
  }
}
