import { type AccountMember, type AccountRecord, member, withId } from '../helpers/directory';
import { type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Account privacy across organizations (docs/rules.md). Adding an existing account by
// email adds a grant and reveals nothing of the account's other organizations: no createdBy or
// changedBy from elsewhere, no other grant, no preferences. An account's preferences are the
// account's own (and a platform ADMIN's): 403 to anyone else who sees the account, 404 to whoever
// does not see it.

const NOT_YOURS = 'an account’s preferences are the account’s own (and a platform ADMIN’s)';

let t: TestApp;
let home: OrgRecord;
let homeAdmin: AccountMember;
let bob: AccountMember;
let other: OrgRecord;
let otherAdmin: AccountMember;
let rowCounts: () => Promise<Record<string, string>>;

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Home Org');
  const b = await orgWithAdmin(t, 'Adding Org');
  home = a.org;
  other = b.org;
  homeAdmin = await withId(t, a.admin);
  otherAdmin = await withId(t, b.admin);
  // Bob was invited by Home's administrator, signed in and set his own preferences.
  bob = await member(t, home, homeAdmin);
  const set = await t.api.request('PUT', `/api/v1/account/${bob.id}/preferences/private`, {
    token: bob.token,
    body: { values: { diary: 'I am job hunting' } },
  });
  expect(set.status).toBe(200);
  rowCounts = await rowCounter(t);
});

afterAll(() => t.close());

const body = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('POST /api/v1/account with the email of another organization’s account', () => {
  it('adds an EMPLOYEE grant and answers only what the adding organization may know', async () => {
    const res = await t.api.post<AccountRecord>(
      '/api/v1/account',
      { email: bob.email.toUpperCase() },
      otherAdmin.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: bob.id, email: bob.email, active: true });
    // Home's administrator created and activated the account: unknown to the adding organization.
    expect(res.body.created.createdBy).toBeNull();
    expect(res.body.status.changedBy).toBeNull();
    expect(res.body.grants).toEqual([{ orgId: other.id, role: 'EMPLOYEE', employeeId: null }]);
    expect(res.body.preferences).toEqual([]);
    expect(res.text).not.toContain(home.id);
    expect(res.text).not.toContain(homeAdmin.id);
    expect(res.text).not.toContain('job hunting');
    // And the same when the adding organization reads it later, alone or in its list.
    const read = await t.api.get<AccountRecord>(`/api/v1/account/${bob.id}`, otherAdmin.token);
    const list = await t.api.get<AccountRecord[]>('/api/v1/account', otherAdmin.token);
    for (const text of [read.text, list.text]) {
      expect(text).not.toContain(home.id);
      expect(text).not.toContain(homeAdmin.id);
      expect(text).not.toContain('job hunting');
    }
    // Home, which did create it, still sees who did; so does the account itself.
    expect((await t.api.get<AccountRecord>(`/api/v1/account/${bob.id}`, homeAdmin.token)).body.created.createdBy).toBe(
      homeAdmin.id,
    );
    expect((await t.api.get<AccountRecord>(`/api/v1/account/${bob.id}`, bob.token)).body.created.createdBy).toBe(
      homeAdmin.id,
    );
  });

  it('shows the adder as creator of an account the adder created', async () => {
    const fresh = await t.api.post<AccountRecord>(
      '/api/v1/account',
      { email: `fresh-${Date.now()}@example.com` },
      otherAdmin.token,
    );
    expect(fresh.status).toBe(201);
    expect(fresh.body.created.createdBy).toBe(otherAdmin.id);
  });
});

describe('an account’s preferences', () => {
  const path = (ns = 'private') => `/api/v1/account/${bob.id}/preferences/${ns}`;

  it('are read and written by the account itself', async () => {
    expect(body(await t.api.get(path(), bob.token))).toEqual({
      status: 200,
      body: { namespace: 'private', values: { diary: 'I am job hunting' } },
    });
    const own = await t.api.get<AccountRecord>(`/api/v1/account/${bob.id}`, bob.token);
    expect(own.body.preferences).toEqual([{ namespace: 'private', values: { diary: 'I am job hunting' } }]);
  });

  it('are 403 to an ORG_ADMIN of an organization the account belongs to, read or written, and listed empty', async () => {
    const before = await rowCounts();
    for (const admin of [homeAdmin, otherAdmin]) {
      expect(body(await t.api.get(path(), admin.token))).toEqual({ status: 403, body: NOT_YOURS });
      expect(
        body(await t.api.request('PUT', path(), { token: admin.token, body: { values: { diary: 'edited' } } })),
      ).toEqual({ status: 403, body: NOT_YOURS });
      expect(
        body(await t.api.request('PUT', path('fresh'), { token: admin.token, body: { values: { a: 'b' } } })),
      ).toEqual({ status: 403, body: NOT_YOURS });
      expect((await t.api.get<AccountRecord>(`/api/v1/account/${bob.id}`, admin.token)).body.preferences).toEqual([]);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('are 403 through GraphQL as well, and an empty list on the account', async () => {
    const res = await t.api.graphql<{ account: { preferences: unknown[] } }>(
      'query($id: String!) { account(accountIdOrEmail: $id) { preferences { namespace values } } }',
      { id: bob.id },
      homeAdmin.token,
    );
    expect(res.data?.account.preferences).toEqual([]);
    const one = await t.api.graphql(
      `query($id: UUID!) { accountPreferences(accountId: $id, namespace: "private") { values } }`,
      { id: bob.id },
      homeAdmin.token,
    );
    expect(one.errors?.[0]).toMatchObject({ message: NOT_YOURS, extensions: { code: 'FORBIDDEN' } });
  });

  it('are 404 to whoever does not see the account', async () => {
    const { admin: stranger } = await orgWithAdmin(t, 'Stranger Org');
    expect(body(await t.api.get(path(), stranger.token))).toEqual({ status: 404, body: 'account not found' });
  });

  it('are read and written by a platform ADMIN', async () => {
    const adminToken = platformAdmin(t, home.id);
    expect((await t.api.get(path(), adminToken)).status).toBe(200);
    expect(
      (await t.api.request('PUT', path('support'), { token: adminToken, body: { values: { ticket: '42' } } })).status,
    ).toBe(200);
    expect(body(await t.api.get(path('support'), bob.token))).toEqual({
      status: 200,
      body: { namespace: 'support', values: { ticket: '42' } },
    });
  });
});
