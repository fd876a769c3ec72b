import { randomUUID } from 'node:crypto';
import { ChangeEvent } from '../src/events/change-event.entity';
import { type AccountRecord, member, withId } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from './helpers/fixtures';
import { type Jwks, startJwks } from './helpers/jwks-server';
import { rowCounter } from './helpers/row-counts';
import { startTestApp, type TestApp } from './helpers/test-app';

// Identity (docs/tokens.md): an account is bound to (issuer, sub) at its first sign-in. The email
// claim reaches an account only while it is unbound; an account bound to another subject is never
// reached through its email (401 naming the conflict), in any letter case; an identity provider's
// email links only when email_verified is not false; only the account itself or a platform ADMIN
// changes an account's email.

const BOUND = 'invalid token: the account of this email is bound to another subject';
const UNVERIFIED = 'invalid token: the identity provider has not verified the email (email_verified is false)';
const ISSUER = 'https://idp.example';

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let rowCounts: () => Promise<Record<string, string>>;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Identity Org'));
  rowCounts = await rowCounter(t);
});

afterAll(() => t.close());

const email = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const body = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

/** Bob: a signed-in member with an app secret in reach and a private conversation. */
async function bob(): Promise<{ bob: Member & { id: string }; conversation: string }> {
  const bob = await member(t, org, admin, 'ORG_ADMIN');
  await withId(t, bob); // his first sign-in binds the account to his subject
  const asked = await t.api.post<{ conversation: string }>(
    '/api/v1/agent/ask',
    { question: 'What is my salary?' },
    bob.token,
  );
  expect(asked.status).toBe(200);
  return { bob, conversation: asked.body.conversation };
}

describe('another subject with the email of a bound account', () => {
  it.each([
    ['the same case', (e: string) => e],
    ['upper case', (e: string) => e.toUpperCase()],
    ['mixed case', (e: string) => e.replace(/^./, (c) => c.toUpperCase())],
  ])(
    'is refused with 401 naming the conflict (%s), with and without an org claim, and reaches nothing of the account',
    async (_name, caseOf) => {
      const { bob: victim, conversation } = await bob();
      const before = await rowCounts();
      const mallory = (claims: Record<string, string>) =>
        t.token({ sub: `mallory-${randomUUID()}`, email: caseOf(victim.email), ...claims });
      for (const [path, token] of [
        ['/api/v1/organization', mallory({})],
        [`/api/v1/agent/conversations/${conversation}`, mallory({ org: org.id })],
        ['/api/v1/app', mallory({ org: org.id })],
        [`/api/v1/account/${victim.id}`, mallory({ org: org.id })],
      ] as const) {
        expect(body(await t.api.get(path, token))).toEqual({ status: 401, body: BOUND });
      }
      // No account was made for the intruder either, and the owner still signs in.
      expect(await rowCounts()).toEqual(before);
      expect((await t.api.get(`/api/v1/agent/conversations/${conversation}`, victim.token)).status).toBe(200);
    },
  );

  it('is refused through GraphQL too, as UNAUTHENTICATED with HTTP 401', async () => {
    const { bob: victim } = await bob();
    const res = await t.api.graphql(
      '{ organizations { nodes { id } } }',
      {},
      t.token({ sub: `mallory-${randomUUID()}`, email: victim.email }),
    );
    expect(res.status).toBe(401);
    expect(res.errors?.[0]).toMatchObject({ message: BOUND, extensions: { code: 'UNAUTHENTICATED' } });
  });
});

describe('an account created by an administrator (unbound)', () => {
  it('is bound by the first sign-in with its email (any case); another subject with that email is then refused', async () => {
    const invited = email('invited');
    const created = await t.api.post<AccountRecord>('/api/v1/account', { email: invited }, admin.token);
    expect(created.status).toBe(201);
    const first = t.token({ sub: `first-${randomUUID()}`, email: invited.toUpperCase(), org: org.id });
    const own = await t.api.get<AccountRecord>(`/api/v1/account/${created.body.id}`, first);
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(created.body.id);
    const second = t.token({ sub: `second-${randomUUID()}`, email: invited, org: org.id });
    expect(body(await t.api.get('/api/v1/organization', second))).toEqual({ status: 401, body: BOUND });
    // The bound subject keeps the account whatever email its later tokens carry.
    expect((await t.api.get<AccountRecord>(`/api/v1/account/${created.body.id}`, first)).status).toBe(200);
  });

  it('goes to exactly one of two subjects signing in at once, and is one change event', async () => {
    const invited = email('raced');
    const created = await t.api.post<AccountRecord>('/api/v1/account', { email: invited }, admin.token);
    expect(created.status).toBe(201);
    const tokens = Array.from({ length: 6 }, (_, i) =>
      t.token({ sub: `racer-${i}-${randomUUID()}`, email: invited, org: org.id }),
    );
    const statuses = (await Promise.all(tokens.map((token) => t.api.get('/api/v1/organization', token)))).map(
      (res) => res.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    // The binding went through the unit of work: one account.patch, naming the subject that won.
    const bindings = await t.app.db.orm.em.fork().find(ChangeEvent, {
      objectId: created.body.id,
      type: 'account.patch',
      changedFields: { $contains: ['subject'] },
    });
    expect(bindings.map((e) => e.current?.subject)).toEqual([
      expect.stringMatching(new RegExp(`^racer-${statuses.indexOf(200)}-`)),
    ]);
  });
});

describe('changing an account’s email', () => {
  // The chain of the review: an ORG_ADMIN changes a member's email, then signs in with a new
  // subject and that email. Both steps fail.
  it('is refused to an ORG_ADMIN (403), and the email of a bound account never lets another subject in', async () => {
    const { bob: victim, conversation } = await bob();
    const before = await rowCounts();
    const taken = email('taken');
    const changed = await t.api.patch(`/api/v1/account/${victim.id}`, { email: taken }, admin.token);
    expect(body(changed)).toEqual({
      status: 403,
      body: 'only the account itself or a platform ADMIN may change its email',
    });
    expect(await rowCounts()).toEqual(before);
    // Even where the email does change (a platform ADMIN may), a new subject with it is refused.
    expect((await t.api.patch(`/api/v1/account/${victim.id}`, { email: taken }, platformAdmin(t, org.id))).status).toBe(
      200,
    );
    const taker = t.token({ sub: `taker-${randomUUID()}`, email: taken, org: org.id });
    expect(body(await t.api.get(`/api/v1/agent/conversations/${conversation}`, taker))).toEqual({
      status: 401,
      body: BOUND,
    });
    expect((await t.api.get(`/api/v1/agent/conversations/${conversation}`, victim.token)).status).toBe(200);
  });

  it('is allowed to the account itself', async () => {
    const { bob: self } = await bob();
    const res = await t.api.patch<AccountRecord>(
      `/api/v1/account/${self.id}`,
      { email: email('Mine').toUpperCase() },
      self.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(res.body.email.toLowerCase());
  });
});

describe('the roles claim', () => {
  // Organization roles come from grants only; the claim carries ADMIN and nothing else. The access
  // matrix (test/e2e/access.e2e.test.ts) runs every route with such a token; here the chain of the
  // review: read the webhook keys and app secrets, then grant oneself ORG_ADMIN for good.
  it.each([
    ['["ORG_ADMIN"]', ['ORG_ADMIN']],
    ['["MANAGER", "ORG_ADMIN"]', ['MANAGER', 'ORG_ADMIN']],
    ['lowercase', ['org_admin', 'admin']],
    ['a string', 'ORG_ADMIN'],
  ])('%s lifts no EMPLOYEE above their grants', async (_name, roles) => {
    const employee = await member(t, org, admin);
    const forged = t.token({ sub: employee.sub, email: employee.email, org: org.id, roles: roles as string[] });
    await withId(t, employee); // the first sign-in, which binds the account, is not counted below
    const before = await rowCounts();
    expect((await t.api.get('/api/v1/webhook-key', forged)).status).toBe(403);
    expect((await t.api.get('/api/v1/webhook', forged)).status).toBe(403);
    expect((await t.api.post(`/api/v1/account/${employee.id}/grant`, { role: 'ORG_ADMIN' }, forged)).status).toBe(403);
    expect((await t.api.post('/api/v1/organization/keys', { name: 'mine' }, forged)).status).toBe(403);
    expect(await rowCounts()).toEqual(before);
    const own = await t.api.get<AccountRecord>(`/api/v1/account/${employee.id}`, forged);
    expect(own.body.grants.map((g) => g.role)).toEqual(['EMPLOYEE']);
  });
});

describe('tokens of an external identity provider (RS256)', () => {
  let idp: Jwks;
  let rs: TestApp;
  let rsOrg: OrgRecord;
  let rsAdmin: Member;

  beforeAll(async () => {
    idp = await startJwks();
    // No JWT_ISSUER: the local HS256 tokens of the fixtures carry no iss; the IdP's tokens do.
    rs = await startTestApp({ JWT_JWKS_URL: idp.url });
    ({ org: rsOrg, admin: rsAdmin } = await orgWithAdmin(rs, 'IdP Org'));
  });

  afterAll(async () => {
    await rs?.close();
    await idp?.close();
  });

  const idpToken = (claims: Record<string, unknown>) => idp.sign(claims, { issuer: ISSUER });
  const invite = async (address: string) => {
    const res = await rs.api.post<AccountRecord>('/api/v1/account', { email: address }, rsAdmin.token);
    expect(res.status).toBe(201);
    return res.body.id;
  };

  it.each([
    ['false', false],
    ['"false"', 'false'],
  ])(
    'do not link an unbound account through an email with email_verified %s (401), nor claim a new one',
    async (_name, verified) => {
      const invited = email('unverified');
      const id = await invite(invited);
      const token = idpToken({ sub: `idp-${randomUUID()}`, email: invited, email_verified: verified, org: rsOrg.id });
      expect(body(await rs.api.get(`/api/v1/account/${id}`, token))).toEqual({ status: 401, body: UNVERIFIED });
      const fresh = idpToken({ sub: `idp-${randomUUID()}`, email: email('nobody'), email_verified: verified });
      expect(body(await rs.api.get('/api/v1/organization', fresh))).toEqual({ status: 401, body: UNVERIFIED });
    },
  );

  it.each([
    ['true', { email_verified: true }],
    ['absent', {}],
  ])('link an unbound account through a verified email (email_verified %s)', async (_name, extra) => {
    const invited = email('verified');
    const id = await invite(invited);
    const token = idpToken({ sub: `idp-${randomUUID()}`, email: invited.toUpperCase(), org: rsOrg.id, ...extra });
    const res = await rs.api.get<AccountRecord>(`/api/v1/account/${id}`, token);
    expect([res.status, res.body.id]).toEqual([200, id]);
  });

  it('bind to (issuer, sub): the same sub from the local issuer (HS256) is another person', async () => {
    const sub = `shared-${randomUUID()}`;
    const local = rs.token({ sub, email: email('local') });
    const created = await rs.api.post<OrgRecord>('/api/v1/organization', { name: 'Local Org' }, local);
    expect(created.status).toBe(201);
    // An identity provider's subject of the same name does not become the local account.
    const external = idpToken({ sub, email: email('external') });
    const theirs = await rs.api.get<OrgRecord[]>('/api/v1/organization', external);
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((o) => o.id)).not.toContain(created.body.id);
    // Nor does the external subject reach the local account through the local account's email.
    const [owner] = created.body.owners;
    const localAccount = await rs.api.get<AccountRecord>(
      `/api/v1/account/${owner}`,
      rs.token({ sub, org: created.body.id }),
    );
    const viaEmail = idpToken({ sub: `other-${randomUUID()}`, email: localAccount.body.email });
    expect(body(await rs.api.get('/api/v1/organization', viaEmail))).toEqual({ status: 401, body: BOUND });
  });
});
