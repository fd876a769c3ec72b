import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { type Jwks, startJwks } from './helpers/jwks-server';
import { signOrgToken } from './helpers/org-token';
import { JWT_SECRET, startTestApp, type TestApp } from './helpers/test-app';

// The edges of the token rules (docs/tokens.md): exp required, a maximum lifetime, iat and exp compared with a
// small clock skew (defaults: 86400 s and 60 s), and JWKS fetches an anonymous caller cannot multiply.
const LIST = '/api/v1/organization';
const MAX = 86_400;
const SKEW = 60;
const now = () => Math.floor(Date.now() / 1000);

let t: TestApp;
let org: OrgRecord;
let admin: Member;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Token Edges Org'));
});

afterAll(() => t.close());

/** A user token signed with the service's secret, exactly as given (no exp or iat added). */
const userToken = (payload: Record<string, unknown>) =>
  jwt.sign({ sub: admin.sub, email: admin.email, org: org.id, ...payload }, JWT_SECRET, {
    algorithm: 'HS256',
    noTimestamp: !('iat' in payload),
  });

async function status(token: string): Promise<{ status: number; body: unknown }> {
  const res = await t.api.get(LIST, token);
  return { status: res.status, body: res.body };
}

describe('user tokens (HS256)', () => {
  it('refuses a token without exp', async () => {
    expect(await status(userToken({ iat: now() }))).toEqual({ status: 401, body: 'token has no exp claim' });
    expect(await status(userToken({}))).toEqual({ status: 401, body: 'token has no exp claim' });
  });

  it('refuses a token living longer than the maximum, measured from iat, and names the limit', async () => {
    const issued = now();
    const refused = await status(userToken({ iat: issued, exp: issued + MAX + 1 }));
    expect(refused).toEqual({
      status: 401,
      body: `token lifetime exceeds the maximum of ${MAX} seconds (JWT_MAX_LIFETIME_SECONDS)`,
    });
    expect((await status(userToken({ iat: issued, exp: issued + MAX }))).status).toBe(200);
    // An old iat does not make a long-lived token acceptable: the lifetime is exp - iat.
    expect((await status(userToken({ iat: issued - 10 * MAX, exp: issued + 60 }))).status).toBe(401);
  });

  it('measures a token without iat from now', async () => {
    expect((await status(userToken({ exp: now() + MAX + SKEW + 60 }))).status).toBe(401);
    expect((await status(userToken({ exp: now() + 3600 }))).status).toBe(200);
  });

  it('refuses an iat in the future beyond the clock skew, and tolerates one within it', async () => {
    const future = now() + SKEW + 30;
    const refused = await status(userToken({ iat: future, exp: future + 60 }));
    expect(refused).toEqual({
      status: 401,
      body: `token issued in the future (iat beyond the clock skew of ${SKEW} seconds)`,
    });
    const near = now() + SKEW - 30;
    expect((await status(userToken({ iat: near, exp: near + 60 }))).status).toBe(200);
  });

  it('checks exp with the same clock tolerance', async () => {
    expect((await status(userToken({ iat: now() - 100, exp: now() - (SKEW - 20) }))).status).toBe(200);
    expect(await status(userToken({ iat: now() - 200, exp: now() - (SKEW + 20) }))).toEqual({
      status: 401,
      body: 'token expired',
    });
  });

  it('refuses the same tokens on GraphQL', async () => {
    const res = await t.api.graphql('{ organizations { nodes { id } } }', {}, userToken({ iat: now() }));
    expect(res.status).toBe(401);
  });

  it('accepts the maximum configured by JWT_MAX_LIFETIME_SECONDS', async () => {
    const short = await startTestApp({ JWT_MAX_LIFETIME_SECONDS: '600' });
    try {
      const sub = `short-${randomUUID()}`;
      const sign = (expiresIn: number) => short.token({ sub, email: `${sub}@example.com` }, { expiresIn });
      expect((await short.api.get(LIST, sign(600))).status).toBe(200);
      const refused = await short.api.get(LIST, sign(601));
      expect([refused.status, refused.body]).toEqual([
        401,
        'token lifetime exceeds the maximum of 600 seconds (JWT_MAX_LIFETIME_SECONDS)',
      ]);
    } finally {
      await short.close();
    }
  });
});

describe('organization tokens', () => {
  it('need exp and a lifetime within the maximum', async () => {
    const created = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'edges' }, admin.token);
    const key = created.body.keys.find((k) => k.secretBase64)!;
    const secret = Buffer.from(key.secretBase64!, 'base64');
    const keyToken = (payload: Record<string, unknown>) =>
      jwt.sign({ sub: `key:${key.id}`, ...payload }, secret, {
        algorithm: 'HS256',
        keyid: key.id,
        noTimestamp: !('iat' in payload),
      });
    expect((await status(signOrgToken(key.id, key.secretBase64!))).status).toBe(200);
    expect(await status(keyToken({ iat: now() }))).toEqual({ status: 401, body: 'token has no exp claim' });
    expect((await status(keyToken({ iat: now(), exp: now() + MAX + 1 }))).status).toBe(401);
    expect((await status(keyToken({ iat: now() + SKEW + 30, exp: now() + 600 }))).status).toBe(401);
  });
});

describe('RS256 tokens of an identity provider (JWKS)', () => {
  let idp: Jwks;
  let rs: TestApp;
  const claims = { sub: 'edge-idp-user', email: 'edge-idp-user@example.com' };

  beforeAll(async () => {
    idp = await startJwks();
    rs = await startTestApp({ JWT_JWKS_URL: idp.url });
  });

  afterAll(async () => {
    await rs.close();
    await idp.close();
  });

  it('refuses a token without exp, or living too long', async () => {
    const res = await rs.api.get(LIST, idp.signExactly({ ...claims, iat: now() }));
    expect([res.status, res.body]).toEqual([401, 'token has no exp claim']);
    expect((await rs.api.get(LIST, idp.sign(claims, { expiresIn: MAX + 1 }))).status).toBe(401);
    expect((await rs.api.get(LIST, idp.sign(claims))).status).toBe(200);
  });

  it('fetches the JWKS a handful of times for 100 tokens with unknown kids, and keeps accepting the known key', async () => {
    expect((await rs.api.get(LIST, idp.sign(claims))).status).toBe(200);
    const before = idp.fetches();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        rs.api.get(LIST, idp.sign(claims, { keyid: randomUUID() })).then((r) => r.status),
      ),
    );
    expect(answers.every((s) => s === 401)).toBe(true);
    expect(idp.fetches() - before).toBeLessThanOrEqual(5);
    // The key already known is served from the cache: the flood does not lock its users out.
    expect((await rs.api.get(LIST, idp.sign(claims))).status).toBe(200);
  });

  it('remembers an unknown kid: repeating it makes no further fetch', async () => {
    const fresh = await startTestApp({ JWT_JWKS_URL: idp.url });
    try {
      const kid = `unknown-${randomUUID()}`;
      const before = idp.fetches();
      for (let i = 0; i < 20; i++)
        expect((await fresh.api.get(LIST, idp.sign(claims, { keyid: kid }))).status).toBe(401);
      expect(idp.fetches() - before).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
