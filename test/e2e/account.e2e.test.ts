import { randomUUID } from 'node:crypto';
import { type AccountMember, type AccountRecord, member, rolesIn, withId } from '../helpers/directory';
import { type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { pagingOf, readPaging } from '../helpers/paging';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The account routes (/account: list, create, get, update, grant, revoke, org-admins, linked
// employees, preferences) over real HTTP.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let employee: AccountMember;
let manager: AccountMember;
let other: OrgRecord;
let otherAdmin: AccountMember;

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Accounts Org');
  const b = await orgWithAdmin(t, 'Other Accounts Org');
  org = a.org;
  other = b.org;
  admin = await withId(t, a.admin);
  otherAdmin = await withId(t, b.admin);
  employee = await member(t, org, admin);
  manager = await member(t, org, admin, 'MANAGER');
});

afterAll(() => t.close());

const list = async (token = admin.token, query = '?limit=500') =>
  (await t.api.get<AccountRecord[]>(`/api/v1/account${query}`, token)).body;
const emails = async (token = admin.token, query = '?limit=500') => (await list(token, query)).map((a) => a.email);
const account = async (idOrEmail: string, token = admin.token) =>
  (await t.api.get<AccountRecord>(`/api/v1/account/${idOrEmail}`, token)).body;
const grant = (id: string, body: Record<string, unknown>, token = admin.token) =>
  t.api.post<AccountRecord>(`/api/v1/account/${id}/grant`, body, token);
const revoke = (id: string, body: Record<string, unknown>, token = admin.token) =>
  t.api.request<AccountRecord>('DELETE', `/api/v1/account/${id}/grant`, { token, body });
const putPrefs = (id: string, ns: string, body: unknown, token: string) =>
  t.api.request(`PUT`, `/api/v1/account/${id}/preferences/${ns}`, { token, body });
/** A REST error: the status and the JSON-string body naming the problem. */
const expectError = (res: { status: number; body: unknown }, status: number, message: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: message });

describe('GET /api/v1/account', () => {
  it('lists the accounts with a grant in the current organization, by email, without other tenants', async () => {
    const res = await t.api.get<AccountRecord[]>('/api/v1/account', admin.token);
    expect(res.status).toBe(200);
    const all = res.body.map((a) => a.email);
    expect([...all].sort()).toEqual([admin.email, employee.email, manager.email].sort());
    expect(all).toEqual([...all].sort());
    expect(all).not.toContain(otherAdmin.email);
    for (const record of res.body) expect(record.grants.every((g) => g.orgId === org.id)).toBe(true);
    // The MANAGER holds two grants here and is listed once.
    expect(
      rolesIn(
        res.body.find((a) => a.id === manager.id)!,
        org.id,
      ),
    ).toEqual(['EMPLOYEE', 'MANAGER']);
    expect(await emails(otherAdmin.token)).toEqual([otherAdmin.email]);
  });

  it('pages with limit and offset', async () => {
    const all = await emails();
    expect(await emails(admin.token, '?limit=1')).toEqual(all.slice(0, 1));
    expect(await emails(admin.token, '?limit=2&offset=1')).toEqual(all.slice(1, 3));
    expect(await emails(admin.token, `?offset=${all.length}`)).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 500'],
    ['?limit=501', 'limit must be between 1 and 500'],
    ['?limit=abc', 'limit must be an integer'],
    ['?offset=-1', 'offset must be 0 or more'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await t.api.get(`/api/v1/account${query}`, admin.token);
    expectError(res, 400, message);
  });

  it('answers 401 without a token or with a bad one', async () => {
    const res = await t.api.get('/api/v1/account');
    expectError(res, 401, 'authentication required');
    expect((await t.api.get('/api/v1/account', 'not-a-jwt')).status).toBe(401);
  });
});

describe('POST /api/v1/account', () => {
  it('creates an account with an EMPLOYEE grant here, lower-casing the email', async () => {
    const res = await t.api.post<AccountRecord>(
      '/api/v1/account',
      { email: ' New.Person@Example.COM ', name: 'New Person' },
      admin.token,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new.person@example.com',
      name: 'New Person',
      active: true,
      preferences: [],
    });
    expect(res.body.status).toMatchObject({ current: 'ACTIVE', changedBy: admin.id });
    expect(res.body.created.createdBy).toBe(admin.id);
    expect(res.body.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    expect(await emails()).toContain('new.person@example.com');
    // The new person signs in with a token naming the organization.
    const token = t.token({ sub: 'new-person', email: 'new.person@example.com', org: org.id });
    expect((await account(res.body.id, token)).id).toBe(res.body.id);
    // Without a name, the account is named after the email.
    const nameless = await t.api.post<AccountRecord>('/api/v1/account', { email: 'nameless@example.com' }, admin.token);
    expect([nameless.status, nameless.body.name]).toEqual([201, 'nameless']);
  });

  it('adds an account of another organization (201), showing only this organization’s grants', async () => {
    const third = await orgWithAdmin(t, 'Third Org');
    const res = await t.api.post<AccountRecord>(
      '/api/v1/account',
      { email: third.admin.email.toUpperCase() },
      admin.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.email).toBe(third.admin.email);
    expect(res.body.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    const own = await account(third.admin.email, third.admin.token);
    expect(own.grants.map((g) => `${g.orgId}:${g.role}`).sort()).toEqual(
      [`${org.id}:EMPLOYEE`, `${third.org.id}:ORG_ADMIN`].sort(),
    );
  });

  it('answers 409 for an email already in this organization, storing nothing', async () => {
    const before = await list();
    const res = await t.api.post('/api/v1/account', { email: employee.email.toUpperCase(), name: 'Dup' }, admin.token);
    expectError(res, 409, 'email is already in use');
    expect(await list()).toEqual(before);
  });

  it.each([
    [{}, 'email is required'],
    [{ email: null }, 'email is required'],
    [{ email: 'nope' }, 'email must be an email address'],
    [{ email: 5 }, 'email must be a string'],
    [{ email: 'ok@example.com', name: '' }, 'name must be 1-200 characters'],
    [{ email: 'ok@example.com', name: 'x'.repeat(201) }, 'name must be 1-200 characters'],
  ])('answers 400 naming the field for %j, storing nothing', async (body, message) => {
    const before = await emails();
    const res = await t.api.post('/api/v1/account', body, admin.token);
    expectError(res, 400, message);
    expect(await emails()).toEqual(before);
  });

  it('answers 403 to an EMPLOYEE or MANAGER and 401 without a token, storing nothing', async () => {
    const before = await emails();
    for (const caller of [employee, manager]) {
      const res = await t.api.post('/api/v1/account', { email: 'refused@example.com' }, caller.token);
      expectError(res, 403, 'requires the ORG_ADMIN role in this organization');
    }
    expect((await t.api.post('/api/v1/account', { email: 'refused@example.com' })).status).toBe(401);
    expect(await emails()).toEqual(before);
  });
});

describe('GET /api/v1/account/{accountIdOrEmail}', () => {
  it('reads by id and by email, case-insensitively; a user reads their own', async () => {
    const byId = await t.api.get<AccountRecord>(`/api/v1/account/${employee.id}`, admin.token);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: employee.id,
      email: employee.email,
      active: true,
      grants: [{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }],
    });
    expect((await account(employee.email.toUpperCase())).id).toBe(employee.id);
    expect((await account(employee.id.toUpperCase())).id).toBe(employee.id);
    // A user reads their own account, and a fellow member's.
    expect((await account(employee.id, employee.token)).email).toBe(employee.email);
    expect((await account(admin.id, employee.token)).email).toBe(admin.email);
  });

  it('answers 404 for another tenant’s account and an unknown one, 401 without a token', async () => {
    for (const key of [otherAdmin.id, otherAdmin.email, randomUUID(), 'nobody@example.com']) {
      const res = await t.api.get(`/api/v1/account/${key}`, admin.token);
      expectError(res, 404, 'account not found');
    }
    expect((await t.api.get(`/api/v1/account/${employee.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/account/{accountIdOrEmail}', () => {
  it('lets a user rename themselves', async () => {
    const res = await t.api.patch<AccountRecord>(
      `/api/v1/account/${employee.id}`,
      { name: '  Renamed Self ' },
      employee.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed Self');
    expect((await account(employee.id)).name).toBe('Renamed Self');
  });

  it('lets an ORG_ADMIN change a member’s name, and the member (not the ORG_ADMIN) their email (lower-cased)', async () => {
    const person = await member(t, org, admin);
    const res = await t.api.patch<AccountRecord>(`/api/v1/account/${person.email}`, { name: 'By Admin' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, name: 'By Admin' });
    // The email is the account's own (docs/tokens.md): 403 to the ORG_ADMIN, storing no part of the change.
    const refused = await t.api.patch(
      `/api/v1/account/${person.email}`,
      { name: 'Half Done', email: 'Changed.Email@Example.com' },
      admin.token,
    );
    expectError(refused, 403, 'only the account itself or a platform ADMIN may change its email');
    expect(await account(person.id)).toMatchObject({ email: person.email, name: 'By Admin' });
    const own = await t.api.patch<AccountRecord>(
      `/api/v1/account/${person.email}`,
      { email: 'Changed.Email@Example.com' },
      person.token,
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: person.id, email: 'changed.email@example.com' });
    expect((await account('changed.email@example.com')).id).toBe(person.id);
  });

  it('answers 403 to an EMPLOYEE changing someone else, changing nothing', async () => {
    const res = await t.api.patch(`/api/v1/account/${manager.id}`, { name: 'Hijacked' }, employee.token);
    expectError(res, 403, 'only the account itself or an ORG_ADMIN may change it');
    expect((await account(manager.id)).name).not.toBe('Hijacked');
  });

  it('answers 409 for an email in use (any case), storing no part of the change', async () => {
    const res = await t.api.patch(
      `/api/v1/account/${manager.id}`,
      { name: 'Half Done', email: admin.email.toUpperCase() },
      manager.token,
    );
    expectError(res, 409, 'email is already in use');
    expect(await account(manager.id)).toMatchObject({
      email: manager.email,
      name: expect.not.stringMatching('Half Done'),
    });
  });

  it('answers 400 naming the field, 404 for another tenant', async () => {
    const bad = await t.api.patch(`/api/v1/account/${employee.id}`, { email: 'bad' }, admin.token);
    expectError(bad, 400, 'email must be an email address');
    const empty = await t.api.patch(`/api/v1/account/${employee.id}`, { name: '' }, admin.token);
    expectError(empty, 400, 'name must be 1-200 characters');
    const active = await t.api.patch(`/api/v1/account/${employee.id}`, { active: 'no' }, admin.token);
    expectError(active, 400, 'active must be a boolean');
    expectError(
      await t.api.patch(`/api/v1/account/${employee.id}`, { name: 'x' }, otherAdmin.token),
      404,
      'account not found',
    );
  });

  it('deactivates with active:false; the account’s tokens then get 403 everywhere until reactivated', async () => {
    const leaving = await member(t, org, admin);
    const res = await t.api.patch<AccountRecord>(`/api/v1/account/${leaving.id}`, { active: false }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    expect(res.body.status).toMatchObject({ current: 'INACTIVE', changedBy: admin.id });
    const calls = [
      t.api.get('/api/v1/account', leaving.token),
      t.api.get(`/api/v1/account/${leaving.id}`, leaving.token),
      t.api.patch(`/api/v1/account/${leaving.id}`, { active: true }, leaving.token),
      t.api.get('/api/v1/organization', leaving.token),
      t.api.get('/api/v1/account/org-admins', t.token({ sub: leaving.sub, email: leaving.email })),
    ];
    for (const refused of await Promise.all(calls)) {
      expectError(refused, 403, 'account is deactivated');
    }
    expect((await account(leaving.id)).status.current).toBe('INACTIVE');
    const back = await t.api.patch<AccountRecord>(`/api/v1/account/${leaving.id}`, { active: true }, admin.token);
    expect(back.body).toMatchObject({ active: true, status: { current: 'ACTIVE' } });
    expect((await t.api.get('/api/v1/account', leaving.token)).status).toBe(200);
  });

  it('refuses to deactivate the last active ORG_ADMIN (409), allows it when another remains', async () => {
    const lonely = await orgWithAdmin(t);
    const last = await t.api.patch(`/api/v1/account/${lonely.admin.email}`, { active: false }, lonely.admin.token);
    expectError(last, 409, 'an organization must keep at least one ORG_ADMIN');
    expect((await account(lonely.admin.email, lonely.admin.token)).active).toBe(true);
    const second = await member(t, lonely.org, lonely.admin, 'ORG_ADMIN');
    const ok = await t.api.patch<AccountRecord>(
      `/api/v1/account/${lonely.admin.email}`,
      { active: false },
      second.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.status).toMatchObject({ current: 'INACTIVE', changedBy: second.id });
  });
});

describe('POST /api/v1/account/{accountId}/grant', () => {
  it('grants a role in the current organization by default, once', async () => {
    const person = await member(t, org, admin);
    const res = await grant(person.id, { role: 'MANAGER' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(person.id);
    expect(res.body.grants).toEqual(expect.arrayContaining([{ orgId: org.id, role: 'MANAGER', employeeId: null }]));
    expect(rolesIn(res.body, org.id)).toEqual(['EMPLOYEE', 'MANAGER']);
    const again = await grant(person.id, { role: 'MANAGER', orgId: org.id });
    expect(again.status).toBe(200);
    expect(rolesIn(again.body, org.id)).toEqual(['EMPLOYEE', 'MANAGER']);
  });

  it('ties a grant to an employee of the organization only', async () => {
    const person = await member(t, org, admin);
    const own = await t.api.post<{ id: string }>('/api/v1/employee', { name: 'Tied' }, admin.token);
    const foreign = await t.api.post<{ id: string }>('/api/v1/employee', { name: 'Foreign' }, otherAdmin.token);
    expect([own.status, foreign.status]).toEqual([201, 201]);
    const ok = await grant(person.id, { role: 'MANAGER', employeeId: own.body.id });
    expect(ok.body.grants).toEqual(
      expect.arrayContaining([{ orgId: org.id, role: 'MANAGER', employeeId: own.body.id }]),
    );
    const bad = await grant(person.id, { role: 'EMPLOYEE', employeeId: foreign.body.id });
    expectError(bad, 400, 'employeeId must be an employee of the organization');
    expect((await account(person.id)).grants).toEqual(ok.body.grants);
  });

  it.each([
    [{ role: 'ADMIN' }, 'role must be ORG_ADMIN, MANAGER or EMPLOYEE'],
    [{ role: 'BOSS' }, 'role must be one of ADMIN, ORG_ADMIN, MANAGER, EMPLOYEE'],
    [{}, 'role is required'],
    [{ role: 'MANAGER', orgId: 'nope' }, 'orgId must be a UUID'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await grant(employee.id, body);
    expectError(res, 400, message);
    expect(rolesIn(await account(employee.id), org.id)).toEqual(['EMPLOYEE']);
  });

  it('answers 403 to a non-admin, 404 for an organization the caller is not in, 404 for an unknown account', async () => {
    const denied = await grant(employee.id, { role: 'ORG_ADMIN' }, manager.token);
    expectError(denied, 403, 'requires the ORG_ADMIN role in this organization');
    const elsewhere = await grant(employee.id, { role: 'MANAGER', orgId: other.id });
    expectError(elsewhere, 404, 'organization not found');
    const unknown = await grant(randomUUID(), { role: 'MANAGER' });
    expectError(unknown, 404, 'account not found');
    expect(rolesIn(await account(employee.id), org.id)).toEqual(['EMPLOYEE']);
  });

  // Contract (REST errors): another tenant's object answers 404 and its existence is never revealed;
  // GET /account/{id} hides such an account, so granting by id must not reveal (or enrol) the account either.
  it('answers 404 for another tenant’s account, revealing and storing nothing', async () => {
    const outsider = await withId(t, (await orgWithAdmin(t)).admin);
    expect((await t.api.get(`/api/v1/account/${outsider.id}`, admin.token)).status).toBe(404);
    const res = await grant(outsider.id, { role: 'MANAGER' });
    expectError(res, 404, 'account not found');
    expect(await emails()).not.toContain(outsider.email);
  });
});

describe('DELETE /api/v1/account/{accountId}/grant', () => {
  it('revokes a role; revoking the only grant takes the account out of the organization', async () => {
    const person = await member(t, org, admin, 'MANAGER');
    const res = await revoke(person.id, { role: 'MANAGER' });
    expect(res.status).toBe(200);
    expect(res.body.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    expect((await revoke(person.id, { role: 'EMPLOYEE', orgId: org.id })).status).toBe(200);
    expect(await emails()).not.toContain(person.email);
    expectError(await t.api.get(`/api/v1/account/${person.id}`, admin.token), 404, 'account not found');
    // Without a grant, the person's token naming the organization is refused.
    expectError(
      await t.api.get('/api/v1/account', person.token),
      403,
      'no access to the organization named by the token',
    );
  });

  it('answers 404 when there is no such grant, 403 to a non-admin, 400 without a role', async () => {
    const missing = await revoke(employee.id, { role: 'MANAGER' });
    expectError(missing, 404, 'grant not found');
    expectError(
      await revoke(manager.id, { role: 'MANAGER' }, employee.token),
      403,
      'requires the ORG_ADMIN role in this organization',
    );
    expectError(await revoke(employee.id, {}), 400, 'role is required');
    expect(rolesIn(await account(manager.id), org.id)).toEqual(['EMPLOYEE', 'MANAGER']);
  });

  it('keeps the last active ORG_ADMIN (409), and lets one of two go', async () => {
    const last = await revoke(admin.id, { role: 'ORG_ADMIN' });
    expectError(last, 409, 'an organization must keep at least one ORG_ADMIN');
    expect(rolesIn(await account(admin.id), org.id)).toEqual(['ORG_ADMIN']);
    const lonely = await orgWithAdmin(t);
    const second = await member(t, lonely.org, lonely.admin, 'ORG_ADMIN');
    const ok = await revoke(second.id, { role: 'ORG_ADMIN' }, lonely.admin.token);
    expect(ok.status).toBe(200);
    expect(rolesIn(ok.body, lonely.org.id)).toEqual(['EMPLOYEE']);
  });
});

describe('GET /api/v1/account/org-admins', () => {
  it('lists only the ORG_ADMINs of the current organization, to any member', async () => {
    const fresh = await orgWithAdmin(t);
    const second = await member(t, fresh.org, fresh.admin, 'ORG_ADMIN');
    const plain = await member(t, fresh.org, fresh.admin, 'MANAGER');
    const res = await t.api.get<AccountRecord[]>('/api/v1/account/org-admins', plain.token);
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.email)).toEqual([fresh.admin.email, second.email].sort());
    for (const a of res.body) expect(rolesIn(a, fresh.org.id)).toContain('ORG_ADMIN');
    expectError(
      await t.api.get('/api/v1/account/org-admins?limit=0', plain.token),
      400,
      'limit must be between 1 and 500',
    );
    expect((await t.api.get('/api/v1/account/org-admins')).status).toBe(401);
  });
});

describe('GET /api/v1/account/{accountId}/employees', () => {
  it('lists the employee records linked to the account; 404 for another tenant, 400 for a non-UUID', async () => {
    const person = await member(t, org, admin);
    expect((await t.api.get(`/api/v1/account/${person.id}/employees`, person.token)).body).toEqual([]);
    const created = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Linked', account: person.id },
      admin.token,
    );
    expect(created.status).toBe(201);
    for (const token of [person.token, admin.token]) {
      const res = await t.api.get<{ id: string; account: string; name: string }[]>(
        `/api/v1/account/${person.id}/employees`,
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        expect.objectContaining({ id: created.body.id, account: person.id, name: 'Linked', organization: org.id }),
      ]);
    }
    const foreign = await t.api.get(`/api/v1/account/${employee.id}/employees`, otherAdmin.token);
    expectError(foreign, 404, 'account not found');
    const bad = await t.api.get('/api/v1/account/not-an-id/employees', admin.token);
    expectError(bad, 400, 'accountId must be a UUID');
  });

  it('pages them by name across the caller’s organizations: GraphQL by cursor, REST with limit and headers', async () => {
    const person = await member(t, org, admin);
    // An account links one record per organization: it joins three more, each linking one to it.
    const admins = [admin, ...(await Promise.all([1, 2, 3].map(async () => (await orgWithAdmin(t)).admin)))];
    for (const other of admins.slice(1))
      expect((await t.api.post('/api/v1/account', { email: person.email }, other.token)).status).toBe(201);
    const link = async (name: string, token: string) => {
      const res = await t.api.post<{ id: string }>('/api/v1/employee', { name, account: person.id }, token);
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const [cara, abel, dora, bea] = [
      await link('Cara', admins[0].token),
      await link('Abel', admins[1].token),
      await link('Dora', admins[2].token),
      await link('Bea', admins[3].token),
    ];
    const list = {
      field: `accountEmployees(accountId: "${person.id}")`,
      rest: `/api/v1/account/${person.id}/employees`,
      token: person.token,
      // The employee list is by name too, so its cursors would pass: the account list's are by email.
      foreign: 'accounts',
    };
    expect(await readPaging(t.api, list)).toEqual(pagingOf([abel, bea, cara, dora], list.rest));
    // An administrator of one of them sees and counts that organization's record only.
    const asAdmin = await t.api.get<{ id: string }[]>(`${list.rest}?limit=1`, admin.token);
    expect([asAdmin.body.map((e) => e.id), asAdmin.headers.get('x-total-count'), asAdmin.headers.get('link')]).toEqual([
      [cara],
      '1',
      null,
    ]);
  });
});

describe('PUT and GET /api/v1/account/{accountId}/preferences/{namespace}', () => {
  it('lets a user replace a namespace of their own; reads it back', async () => {
    const path = `/api/v1/account/${employee.id}/preferences/ui`;
    expect((await t.api.get(path, employee.token)).body).toEqual({ namespace: 'ui', values: {} });
    const put = await putPrefs(employee.id, 'ui', { values: { theme: 'dark', lang: 'fr' } }, employee.token);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ namespace: 'ui', values: { theme: 'dark', lang: 'fr' } });
    const replaced = await putPrefs(employee.id, 'ui', { values: { theme: 'light' } }, employee.token);
    expect(replaced.body).toEqual({ namespace: 'ui', values: { theme: 'light' } });
    expect((await t.api.get(path, employee.token)).body).toEqual({ namespace: 'ui', values: { theme: 'light' } });
    expect((await account(employee.id, employee.token)).preferences).toEqual([
      { namespace: 'ui', values: { theme: 'light' } },
    ]);
    // Nobody else of the organization reads them, its ORG_ADMIN included (docs/rules.md).
    expect((await account(employee.id, admin.token)).preferences).toEqual([]);
    expectError(
      await t.api.get(path, admin.token),
      403,
      'an account’s preferences are the account’s own (and a platform ADMIN’s)',
    );
  });

  it.each([
    [{ values: { theme: true } }, 'values must be an object whose values are strings (theme is not)'],
    [{ values: ['dark'] }, 'values must be an object whose values are strings'],
    [{}, 'values is required'],
  ])('answers 400 for %j, storing nothing', async (body, message) => {
    const res = await putPrefs(employee.id, 'bad', body, employee.token);
    expectError(res, 400, message);
    expect((await account(employee.id, employee.token)).preferences.map((p) => p.namespace)).not.toContain('bad');
  });

  it('answers 400 for a bad namespace, 403 to another member (ORG_ADMIN too), 404 to another tenant', async () => {
    const bad = await putPrefs(employee.id, 'a%20b', { values: {} }, employee.token);
    expectError(bad, 400, 'namespace must be 1-100 letters, digits, dots, dashes or underscores');
    const denied = await putPrefs(manager.id, 'ui', { values: { theme: 'pink' } }, employee.token);
    expectError(denied, 403, 'an account’s preferences are the account’s own (and a platform ADMIN’s)');
    const byAdmin = await putPrefs(manager.id, 'ui', { values: { theme: 'pink' } }, admin.token);
    expectError(byAdmin, 403, 'an account’s preferences are the account’s own (and a platform ADMIN’s)');
    expect((await t.api.get(`/api/v1/account/${manager.id}/preferences/ui`, manager.token)).body).toEqual({
      namespace: 'ui',
      values: {},
    });
    expectError(await putPrefs(employee.id, 'ui', { values: {} }, otherAdmin.token), 404, 'account not found');
    const read = await t.api.get(`/api/v1/account/${employee.id}/preferences/ui`, otherAdmin.token);
    expectError(read, 404, 'account not found');
  });
});

describe('tokens and organizations (docs/tokens.md)', () => {
  it('refuses with 403 a token naming an organization where the account has no grant', async () => {
    const strangers = [
      t.token({ sub: employee.sub, email: employee.email, org: other.id }),
      t.token({ sub: 'brand-new', email: 'brand-new@example.com', org: org.id }),
    ];
    for (const token of strangers) {
      const res = await t.api.get('/api/v1/account', token);
      expectError(res, 403, 'no access to the organization named by the token');
      expect((await t.api.post('/api/v1/account', { email: 'sneaky@example.com' }, token)).status).toBe(403);
    }
    expect(await emails()).not.toContain('sneaky@example.com');
  });

  it('lets a platform ADMIN name any organization', async () => {
    const res = await t.api.get<AccountRecord[]>('/api/v1/account', platformAdmin(t, other.id));
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.email)).toEqual([otherAdmin.email]);
  });
});
