import { randomUUID } from 'node:crypto';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { handMadeToken, type Jwks, startJwks } from './helpers/jwks-server';
import { signOrgToken } from './helpers/org-token';
import { JWT_SECRET, signUserToken, startTestApp, type TestApp } from './helpers/test-app';

// Token verification as docs/tokens.md describes it, probed over real HTTP.
let t: TestApp;
let org: OrgRecord;
let admin: Member;
const LIST = '/api/v1/organization';
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Auth Org'));
});

afterAll(() => t.close());

describe('user tokens (HS256 with JWT_SECRET)', () => {
  it('accepts a valid token and creates the account on first use', async () => {
    const email = `first-${randomUUID()}@example.com`;
    const res = await t.api.post<OrgRecord>(LIST, { name: 'First Use' }, t.token({ sub: `sub-${email}`, email }));
    expect(res.status).toBe(201);
    // The same subject with another email is still the same account.
    const again = await t.api.post<OrgRecord>(
      LIST,
      { name: 'Second' },
      t.token({ sub: `sub-${email}`, email: 'changed@example.com' }),
    );
    expect(again.body.owners).toEqual(res.body.owners);
  });

  it.each([
    [
      'alg none',
      () => handMadeToken({ alg: 'none', typ: 'JWT' }, { sub: 'x', email: 'x@example.com', exp: now() + 60 }),
      'invalid token: algorithm not accepted',
    ],
    [
      'an expired token',
      () => signUserToken({ sub: 'late', email: 'late@example.com' }, { expiresIn: -600 }),
      'token expired',
    ],
    [
      'a wrong secret',
      () =>
        handMadeToken(
          { alg: 'HS256', typ: 'JWT' },
          { sub: 'x', email: 'x@example.com', exp: now() + 60 },
          'another-secret-of-enough-length-000000',
        ),
      'invalid token',
    ],
    [
      'a missing sub',
      () => handMadeToken({ alg: 'HS256', typ: 'JWT' }, { email: 'nosub@example.com', exp: now() + 60 }, JWT_SECRET),
      'invalid token: sub claim required',
    ],
    [
      'an unknown subject without email',
      () => signUserToken({ sub: `ghost-${randomUUID()}` }),
      'invalid token: unknown subject and no email claim',
    ],
    [
      'an org claim that is not a UUID',
      () => signUserToken({ sub: 'o', email: 'o@example.com', org: 'acme' }),
      'invalid token: org claim must be a UUID',
    ],
    ['garbage', () => 'not.a.token', 'invalid token'],
  ])('refuses %s with 401', async (_name, make, message) => {
    const res = await t.api.get(LIST, make());
    expect(res.status).toBe(401);
    expect(res.body).toBe(message);
  });

  it('refuses a tampered payload', async () => {
    const [header, , signature] = admin.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: admin.sub, email: admin.email, org: org.id, roles: ['ADMIN'], exp: now() + 60 }),
    ).toString('base64url');
    expect((await t.api.get(LIST, `${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it('refuses an authorization header that is not "Bearer <token>"', async () => {
    const res = await t.api.request('GET', LIST, { headers: { authorization: `Basic ${admin.token}` } });
    expect(res.status).toBe(401);
    expect(res.body).toBe('authorization header must be "Bearer <token>"');
  });

  it('refuses with 403 a token naming an organization without a grant, unless ADMIN', async () => {
    const outsider = t.token({ sub: 'outsider', email: 'outsider@example.com', org: org.id });
    const res = await t.api.get(LIST, outsider);
    expect(res.status).toBe(403);
    expect(res.body).toBe('no access to the organization named by the token');
    const platform = t.token({ sub: 'root', email: 'root@example.com', org: org.id, roles: ['ADMIN'] });
    expect((await t.api.get(`${LIST}/${org.id}`, platform)).status).toBe(200);
  });

  it('answers GraphQL without a token with UNAUTHENTICATED, and an invalid token with HTTP 401', async () => {
    const anonymous = await t.api.graphql('{ organizations { nodes { id } } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const invalid = await t.api.graphql('{ organizations { nodes { id } } }', {}, 'nope');
    expect(invalid.status).toBe(401);
  });

  it('challenges with WWW-Authenticate: Bearer on every 401 of /graphql, and on no other answer', async () => {
    const ask = (token?: string) =>
      t.api.request('POST', '/graphql', { body: { query: '{ organizations { nodes { id } } }' }, token });
    const [anonymous, invalid, valid] = await Promise.all([ask(), ask('nope'), ask(admin.token)]);
    expect([anonymous, invalid, valid].map((res) => [res.status, res.headers.get('www-authenticate')])).toEqual([
      [401, 'Bearer realm="api"'],
      [401, 'Bearer realm="api"'],
      [200, null],
    ]);
  });
});

describe('organization tokens', () => {
  it('act with the key role; a wrong secret or a deleted key is refused', async () => {
    const created = await t.api.post<OrgRecord>(
      '/api/v1/organization/keys',
      { name: 'reader', limitToRole: 'EMPLOYEE' },
      admin.token,
    );
    const key = created.body.keys.find((k) => k.secretBase64)!;
    const token = signOrgToken(key.id, key.secretBase64!);
    expect((await t.api.get(`${LIST}/${org.id}`, token)).status).toBe(200);
    expect((await t.api.patch(LIST, { name: 'Nope' }, token)).status).toBe(403);
    const wrong = signOrgToken(key.id, Buffer.alloc(32, 7).toString('base64'));
    expect((await t.api.get(`${LIST}/${org.id}`, wrong)).status).toBe(401);
    await t.api.delete(`/api/v1/organization/keys/${key.id}`, admin.token);
    const afterDelete = await t.api.get(`${LIST}/${org.id}`, token);
    expect(afterDelete.status).toBe(401);
    expect(afterDelete.body).toBe('invalid token: unknown or deleted key');
  });
});

describe('RS256 tokens of an external identity provider (JWKS)', () => {
  let idp: Jwks;
  let rs: TestApp;

  beforeAll(async () => {
    idp = await startJwks();
    rs = await startTestApp({ JWT_JWKS_URL: idp.url, JWT_ISSUER: 'https://idp.example', JWT_AUDIENCE: 'talent' });
  });

  afterAll(async () => {
    await rs.close();
    await idp.close();
  });

  const claims = { sub: 'idp-user', email: 'idp-user@example.com' };

  it('accepts a token signed by a JWKS key with the configured issuer and audience', async () => {
    const res = await rs.api.post(
      LIST,
      { name: 'From The IdP' },
      idp.sign(claims, { issuer: 'https://idp.example', audience: 'talent' }),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    ['a wrong issuer', () => idp.sign(claims, { issuer: 'https://evil.example', audience: 'talent' })],
    ['a wrong audience', () => idp.sign(claims, { issuer: 'https://idp.example', audience: 'other' })],
    ['an unknown kid', () => idp.sign(claims, { issuer: 'https://idp.example', audience: 'talent', keyid: 'unknown' })],
    [
      'HS256 signed with the public key as HMAC secret',
      () =>
        handMadeToken(
          { alg: 'HS256', typ: 'JWT', kid: 'test-key' },
          { ...claims, iss: 'https://idp.example', aud: 'talent', exp: now() + 60 },
          idp.publicKeyPem,
        ),
    ],
    [
      'alg none with the JWKS kid',
      () =>
        handMadeToken(
          { alg: 'none', typ: 'JWT', kid: 'test-key' },
          { ...claims, iss: 'https://idp.example', aud: 'talent', exp: now() + 60 },
        ),
    ],
    [
      'an expired token',
      () => idp.sign(claims, { issuer: 'https://idp.example', audience: 'talent', expiresIn: -600 }),
    ],
    [
      'a tampered payload',
      () => {
        const [header, , signature] = idp
          .sign(claims, { issuer: 'https://idp.example', audience: 'talent' })
          .split('.');
        const forged = Buffer.from(
          JSON.stringify({ ...claims, roles: ['ADMIN'], iss: 'https://idp.example', aud: 'talent', exp: now() + 60 }),
        ).toString('base64url');
        return `${header}.${forged}.${signature}`;
      },
    ],
  ])('refuses %s with 401', async (_name, make) => {
    expect((await rs.api.get(LIST, make())).status).toBe(401);
  });
});
