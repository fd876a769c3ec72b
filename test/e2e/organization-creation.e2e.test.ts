import { randomUUID } from 'node:crypto';
import { type AccountRecord, member, rolesIn } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Creating organizations (docs/rules.md). ORG_CREATION=anyone (default): any signed-in
// user creates one and becomes its owner with an ORG_ADMIN grant; ORG_CREATION=admin: platform
// ADMIN only (403). ownerEmail naming anybody but the caller needs a platform ADMIN (403), when
// creating and when adding an owner; nothing is stored on a refusal.

const NOT_YOURS = 'ownerEmail naming anybody but the caller needs a platform ADMIN';
const ADMIN_ONLY = 'creating organizations needs a platform ADMIN (ORG_CREATION=admin)';
const body = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

describe('ORG_CREATION=anyone (the default)', () => {
  let t: TestApp;
  let org: OrgRecord;
  let admin: Member;
  let victim: Member;
  let rowCounts: () => Promise<Record<string, string>>;
  const callers: Record<string, () => string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ({ org, admin } = await orgWithAdmin(t, 'Creation Org'));
    ({ admin: victim } = await orgWithAdmin(t, 'Victim Org'));
    const employee = await member(t, org, admin);
    const manager = await member(t, org, admin, 'MANAGER');
    const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'full' }, admin.token);
    const key = keyed.body.keys.find((k) => k.secretBase64)!;
    const loner = newEmail('loner');
    Object.assign(callers, {
      'a user without any organization': () => t.token({ sub: loner, email: loner }),
      EMPLOYEE: () => employee.token,
      'EMPLOYEE with a forged roles claim': () =>
        t.token({
          sub: employee.sub,
          email: employee.email,
          org: org.id,
          roles: ['ORG_ADMIN', 'MANAGER', 'org_admin', 'admin'],
        }),
      MANAGER: () => manager.token,
      ORG_ADMIN: () => admin.token,
      'an organization token without limitToRole': () => signOrgToken(key.id, key.secretBase64!),
    });
    for (const make of Object.values(callers)) await t.api.get('/api/v1/organization', make());
    rowCounts = await rowCounter(t);
  });

  afterAll(() => t?.close());

  it('lets any signed-in user create one and makes them its owner with an ORG_ADMIN grant', async () => {
    const email = newEmail('founder');
    const res = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'Founded' },
      t.token({ sub: email, email }),
    );
    expect(res.status).toBe(201);
    const token = t.token({ sub: email, email, org: res.body.id });
    const own = await t.api.get<AccountRecord>(`/api/v1/account/${email}`, token);
    expect(res.body.owners).toEqual([own.body.id]);
    expect(rolesIn(own.body, res.body.id)).toEqual(['ORG_ADMIN']);
  });

  it('lets the caller name themselves as ownerEmail, in any case', async () => {
    const email = newEmail('self');
    const res = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'Self Owned', ownerEmail: email.toUpperCase() },
      t.token({ sub: email, email }),
    );
    expect(res.status).toBe(201);
    expect(res.body.owners).toHaveLength(1);
  });

  it.each([
    'a user without any organization',
    'EMPLOYEE',
    'EMPLOYEE with a forged roles claim',
    'MANAGER',
    'ORG_ADMIN',
    'an organization token without limitToRole',
  ])('refuses ownerEmail naming somebody else to %s with 403, storing nothing', async (caller) => {
    const before = await rowCounts();
    for (const ownerEmail of [victim.email, victim.email.toUpperCase(), newEmail('nobody')]) {
      const res = await t.api.post('/api/v1/organization', { name: 'Imposed', ownerEmail }, callers[caller]());
      expect(body(res)).toEqual({ status: 403, body: NOT_YOURS });
    }
    expect(await rowCounts()).toEqual(before);
    // The victim owns only their own organization still.
    const theirs = await t.api.get<OrgRecord[]>('/api/v1/organization', victim.token);
    expect(theirs.body.map((o) => o.name)).toEqual(['Victim Org']);
  });

  it('refuses adding somebody else as owner of an existing organization to its ORG_ADMIN (403), storing nothing', async () => {
    const before = await rowCounts();
    const res = await t.api.patch('/api/v1/organization', { ownerEmail: victim.email }, admin.token);
    expect(body(res)).toEqual({ status: 403, body: NOT_YOURS });
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a platform ADMIN name any owner, who becomes ORG_ADMIN', async () => {
    const ownerEmail = newEmail('appointed');
    const res = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'Appointed', ownerEmail },
      platformAdmin(t),
    );
    expect(res.status).toBe(201);
    const owner = t.token({ sub: ownerEmail, email: ownerEmail, org: res.body.id });
    expect((await t.api.patch('/api/v1/organization', { name: 'Appointed Ltd' }, owner)).status).toBe(200);
  });

  it('keeps refusing an organization token without ownerEmail with 400 naming the field', async () => {
    const res = await t.api.post(
      '/api/v1/organization',
      { name: 'Keyed' },
      callers['an organization token without limitToRole'](),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.stringContaining('ownerEmail'));
  });
});

describe('ORG_CREATION=admin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ORG_CREATION: 'admin' });
  });

  afterAll(() => t?.close());

  it('refuses every caller but a platform ADMIN with 403, storing nothing', async () => {
    const email = newEmail('user');
    const user = t.token({ sub: email, email });
    const rowCounts = await rowCounter(t);
    await t.api.get('/api/v1/organization', user);
    const before = await rowCounts();
    expect(body(await t.api.post('/api/v1/organization', { name: 'Not Allowed' }, user))).toEqual({
      status: 403,
      body: ADMIN_ONLY,
    });
    const graphql = await t.api.graphql(
      'mutation { createOrganization(input: { name: "Not Allowed" }) { id } }',
      {},
      user,
    );
    expect(graphql.errors?.[0]).toMatchObject({ message: ADMIN_ONLY, extensions: { code: 'FORBIDDEN' } });
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a platform ADMIN create one for a named owner', async () => {
    const ownerEmail = newEmail('owner');
    const res = await t.api.post<OrgRecord>(
      '/api/v1/organization',
      { name: 'By The Platform', ownerEmail },
      platformAdmin(t),
    );
    expect(res.status).toBe(201);
    const owner = t.token({ sub: ownerEmail, email: ownerEmail, org: res.body.id });
    expect((await t.api.get(`/api/v1/organization/${res.body.id}`, owner)).status).toBe(200);
  });
});
