import { randomUUID } from 'node:crypto';
import { type AccountMember, type AccountRecord, member, rolesIn, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// The account API through /graphql: the same abilities as the REST routes.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let employee: AccountMember;
let other: OrgRecord;
let otherAdmin: AccountMember;

const ACCOUNT =
  'id email name active status { current changedAt changedBy } created { createdAt createdBy } grants { orgId role employeeId } preferences { namespace values }';

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Graph Accounts');
  const b = await orgWithAdmin(t, 'Foreign Accounts');
  org = a.org;
  other = b.org;
  admin = await withId(t, a.admin);
  otherAdmin = await withId(t, b.admin);
  employee = await member(t, org, admin);
});

afterAll(() => t.close());

const code = (result: { errors?: { extensions?: { code?: string } }[] }) => result.errors?.[0]?.extensions?.code;
const gql = <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token = admin.token,
) => t.api.graphql<T>(query, variables, token);

const CREATE = `mutation($input: AccountInput!) { createAccount(input: $input) { ${ACCOUNT} } }`;
const UPDATE = `mutation($key: String!, $input: AccountUpdateInput!) { updateAccount(accountIdOrEmail: $key, input: $input) { ${ACCOUNT} } }`;
const GRANT = `mutation($id: UUID!, $input: GrantInput!) { grantRole(accountId: $id, input: $input) { id grants { orgId role employeeId } } }`;
const REVOKE = `mutation($id: UUID!, $input: RevokeInput!) { revokeRole(accountId: $id, input: $input) { id grants { orgId role employeeId } } }`;
const SET_PREFS = `mutation($id: UUID!, $ns: String!, $values: StringMap!) { setAccountPreferences(accountId: $id, namespace: $ns, input: { values: $values }) { namespace values } }`;
const ACCOUNT_BY = `query($key: String!) { account(accountIdOrEmail: $key) { ${ACCOUNT} } }`;

describe('account queries', () => {
  it('reads accounts, orgAdmins, account by id and email, accountEmployees and accountPreferences', async () => {
    const linked = await gql<{ createEmployee: { id: string } }>(
      'mutation($a: UUID!) { createEmployee(input: { name: "Graph Employee", account: $a }) { id } }',
      { a: employee.id },
    );
    expect(linked.errors).toBeUndefined();
    expect(
      code(await gql(SET_PREFS, { id: employee.id, ns: 'ui', values: { theme: 'dark' } }, employee.token)),
    ).toBeUndefined();
    const result = await gql<{
      accounts: { totalCount: number; nodes: { email: string }[] };
      orgAdmins: { nodes: { id: string; grants: { role: string }[] }[] };
      byId: AccountRecord;
      byEmail: { id: string };
      accountEmployees: { nodes: { id: string; name: string; account: string; organization: string }[] };
      accountPreferences: { namespace: string; values: Record<string, string> };
    }>(
      `query($id: UUID!, $idText: String!, $email: String!) {
        accounts { totalCount nodes { email } }
        orgAdmins { nodes { id grants { role } } }
        byId: account(accountIdOrEmail: $idText) { ${ACCOUNT} }
        byEmail: account(accountIdOrEmail: $email) { id }
        accountEmployees(accountId: $id) { nodes { id name account: accountId organization } }
        accountPreferences(accountId: $id, namespace: "ui") { namespace values }
      }`,
      { id: employee.id, idText: employee.id, email: employee.email.toUpperCase() },
      employee.token,
    );
    expect(result.errors).toBeUndefined();
    const data = result.data!;
    expect(data.accounts.nodes.map((a) => a.email)).toEqual([admin.email, employee.email].sort());
    expect(data.accounts.totalCount).toBe(2);
    expect(data.orgAdmins.nodes).toEqual([{ id: admin.id, grants: [{ role: 'ORG_ADMIN' }] }]);
    expect(data.byId).toMatchObject({
      id: employee.id,
      email: employee.email,
      active: true,
      status: { current: 'ACTIVE', changedBy: admin.id },
    });
    expect(data.byId.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    expect(data.byId.preferences).toEqual([{ namespace: 'ui', values: { theme: 'dark' } }]);
    expect(data.byEmail).toEqual({ id: employee.id });
    expect(data.accountEmployees.nodes).toEqual([
      { id: linked.data!.createEmployee.id, name: 'Graph Employee', account: employee.id, organization: org.id },
    ]);
    expect(data.accountPreferences).toEqual({ namespace: 'ui', values: { theme: 'dark' } });
  });

  it('pages accounts with limit and offset; BAD_USER_INPUT for a bad page', async () => {
    type Page = { accounts: { nodes: { email: string }[]; pageInfo: { endCursor: string } } };
    const all = (await gql<Page>('{ accounts { nodes { email } pageInfo { endCursor } } }')).data!.accounts.nodes.map(
      (a) => a.email,
    );
    const page = await gql<Page>('{ accounts(first: 1, offset: 1) { nodes { email } pageInfo { endCursor } } }');
    expect(page.data!.accounts.nodes.map((a) => a.email)).toEqual(all.slice(1, 2));
    const next = await gql<Page>(
      'query($after: String) { accounts(first: 1, after: $after) { nodes { email } pageInfo { endCursor } } }',
      {
        after: page.data!.accounts.pageInfo.endCursor,
      },
    );
    expect(next.data!.accounts.nodes.map((a) => a.email)).toEqual(all.slice(2, 3));
    for (const args of ['first: 0', 'first: 501', 'offset: -1']) {
      const bad = await gql(`{ orgAdmins(${args}) { nodes { id } } }`);
      expect(code(bad)).toBe('BAD_USER_INPUT');
      expect(bad.errors![0].message).toMatch(/^(first|offset) /);
    }
  });

  it('hides other tenants (NOT_FOUND) and needs a token (UNAUTHENTICATED)', async () => {
    for (const key of [otherAdmin.id, otherAdmin.email, randomUUID()]) {
      const hidden = await gql(ACCOUNT_BY, { key });
      expect(code(hidden)).toBe('NOT_FOUND');
      expect(hidden.errors![0].message).toBe('account not found');
    }
    expect(
      code(await gql('query($id: UUID!) { accountEmployees(accountId: $id) { nodes { id } } }', { id: otherAdmin.id })),
    ).toBe('NOT_FOUND');
    expect(
      code(
        await gql('query($id: UUID!) { accountPreferences(accountId: $id, namespace: "ui") { values } }', {
          id: otherAdmin.id,
        }),
      ),
    ).toBe('NOT_FOUND');
    const anonymous = await t.api.graphql('{ accounts { nodes { id } } }');
    expect(anonymous.status).toBe(401);
    expect(code(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('loads the grants and preferences of 30 accounts with one query each (DataLoader)', async () => {
    const fresh = await orgWithAdmin(t);
    for (let i = 0; i < 30; i++) {
      const created = await gql(
        CREATE,
        { input: { email: `bulk-${i}-${randomUUID().slice(0, 6)}@example.com` } },
        fresh.admin.token,
      );
      expect(created.errors).toBeUndefined();
    }
    const connection = t.app.db.orm.em.getConnection();
    const execute = jest.spyOn(connection, 'execute');
    try {
      const result = await gql<{ accounts: { nodes: AccountRecord[] } }>(
        `{ accounts { nodes { ${ACCOUNT} } } }`,
        {},
        fresh.admin.token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.accounts.nodes).toHaveLength(31);
      for (const a of result.data!.accounts.nodes) expect(a.grants.length).toBe(1);
      const sql = execute.mock.calls.map(([query]) => String(query));
      expect(sql.filter((q) => /from "grant"/.test(q)).length).toBeLessThanOrEqual(2);
      expect(sql.filter((q) => /from "account_preference"/.test(q))).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
  });
});

describe('createAccount', () => {
  it('creates an account with an EMPLOYEE grant, lower-casing the email', async () => {
    const result = await gql<{ createAccount: AccountRecord }>(CREATE, {
      input: { email: 'Graph.New@Example.com', name: 'Graph New' },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.createAccount).toMatchObject({
      email: 'graph.new@example.com',
      name: 'Graph New',
      active: true,
    });
    expect(result.data!.createAccount.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
  });

  it('adds an account of another organization; CONFLICT when it is already here', async () => {
    const third = await orgWithAdmin(t);
    const added = await gql<{ createAccount: AccountRecord }>(CREATE, { input: { email: third.admin.email } });
    expect(added.data!.createAccount.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    const again = await gql(CREATE, { input: { email: third.admin.email.toUpperCase() } });
    expect(code(again)).toBe('CONFLICT');
    expect(again.errors![0].message).toBe('email is already in use');
  });

  it('answers BAD_USER_INPUT naming the field, FORBIDDEN to a non-admin, UNAUTHENTICATED without a token', async () => {
    const before = (await gql<{ accounts: { nodes: unknown[] } }>('{ accounts(first: 500) { nodes { id } } }')).data!
      .accounts.nodes.length;
    const bad = await gql(CREATE, { input: { email: 'nope' } });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0].message).toBe('email must be an email address');
    expect(code(await gql(CREATE, { input: { email: 'x@example.com', name: '' } }))).toBe('BAD_USER_INPUT');
    const denied = await gql(CREATE, { input: { email: 'x@example.com' } }, employee.token);
    expect(code(denied)).toBe('FORBIDDEN');
    expect(code(await t.api.graphql(CREATE, { input: { email: 'x@example.com' } }))).toBe('UNAUTHENTICATED');
    expect(
      (await gql<{ accounts: { nodes: unknown[] } }>('{ accounts(first: 500) { nodes { id } } }')).data!.accounts.nodes,
    ).toHaveLength(before);
  });
});

describe('updateAccount', () => {
  it('lets a user rename themselves and change their email, an ORG_ADMIN rename a member (not change their email)', async () => {
    const self = await gql<{ updateAccount: AccountRecord }>(
      UPDATE,
      { key: employee.email, input: { name: 'Graph Self' } },
      employee.token,
    );
    expect(self.errors).toBeUndefined();
    expect(self.data!.updateAccount.name).toBe('Graph Self');
    const person = await member(t, org, admin);
    const byAdmin = await gql<{ updateAccount: AccountRecord }>(UPDATE, {
      key: person.id,
      input: { name: 'Named By Admin' },
    });
    expect(byAdmin.data!.updateAccount.name).toBe('Named By Admin');
    // The email is the account's own (docs/tokens.md): an ORG_ADMIN's change of it is FORBIDDEN.
    expect(code(await gql(UPDATE, { key: person.id, input: { email: `Renamed-${person.email}` } }))).toBe('FORBIDDEN');
    const own = await gql<{ updateAccount: AccountRecord }>(
      UPDATE,
      { key: person.id, input: { email: `Renamed-${person.email}` } },
      person.token,
    );
    expect(own.data!.updateAccount.email).toBe(`renamed-${person.email}`);
  });

  it('answers FORBIDDEN to a member changing someone else, CONFLICT for an email in use', async () => {
    const denied = await gql(UPDATE, { key: admin.id, input: { name: 'Hijacked' } }, employee.token);
    expect(code(denied)).toBe('FORBIDDEN');
    const clash = await gql(UPDATE, { key: employee.id, input: { email: admin.email } }, employee.token);
    expect(code(clash)).toBe('CONFLICT');
    expect(code(await gql(UPDATE, { key: otherAdmin.id, input: { name: 'x' } }))).toBe('NOT_FOUND');
    expect((await gql<{ account: AccountRecord }>(ACCOUNT_BY, { key: admin.id })).data!.account.name).not.toBe(
      'Hijacked',
    );
  });

  it('deactivates an account, whose token is then FORBIDDEN; keeps the last ORG_ADMIN (CONFLICT)', async () => {
    const leaving = await member(t, org, admin);
    const result = await gql<{ updateAccount: AccountRecord }>(UPDATE, { key: leaving.id, input: { active: false } });
    expect(result.data!.updateAccount).toMatchObject({
      active: false,
      status: { current: 'INACTIVE', changedBy: admin.id },
    });
    const refused = await gql('{ accounts { nodes { id } } }', {}, leaving.token);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('FORBIDDEN');
    expect(refused.errors![0].message).toBe('account is deactivated');
    const last = await gql(UPDATE, { key: admin.id, input: { active: false } });
    expect(code(last)).toBe('CONFLICT');
    expect(last.errors![0].message).toBe('an organization must keep at least one ORG_ADMIN');
  });
});

describe('grantRole and revokeRole', () => {
  it('grants MANAGER in the current organization and revokes it', async () => {
    const person = await member(t, org, admin);
    const granted = await gql<{ grantRole: AccountRecord }>(GRANT, { id: person.id, input: { role: 'MANAGER' } });
    expect(granted.errors).toBeUndefined();
    expect(rolesIn(granted.data!.grantRole, org.id)).toEqual(['EMPLOYEE', 'MANAGER']);
    const revoked = await gql<{ revokeRole: AccountRecord }>(REVOKE, {
      id: person.id,
      input: { role: 'MANAGER', orgId: org.id },
    });
    expect(revoked.data!.revokeRole.grants).toEqual([{ orgId: org.id, role: 'EMPLOYEE', employeeId: null }]);
    const missing = await gql(REVOKE, { id: person.id, input: { role: 'MANAGER' } });
    expect(code(missing)).toBe('NOT_FOUND');
    expect(missing.errors![0].message).toBe('grant not found');
  });

  it('answers BAD_USER_INPUT, FORBIDDEN, NOT_FOUND and CONFLICT as docs/rest.md says', async () => {
    const adminRole = await gql(GRANT, { id: employee.id, input: { role: 'ADMIN' } });
    expect(code(adminRole)).toBe('BAD_USER_INPUT');
    expect(adminRole.errors![0].message).toBe('role must be ORG_ADMIN, MANAGER or EMPLOYEE');
    const foreignEmployee = await gql<{ createEmployee: { id: string } }>(
      'mutation { createEmployee(input: { name: "Foreign" }) { id } }',
      {},
      otherAdmin.token,
    );
    const tied = await gql(GRANT, {
      id: employee.id,
      input: { role: 'MANAGER', employeeId: foreignEmployee.data!.createEmployee.id },
    });
    expect(code(tied)).toBe('BAD_USER_INPUT');
    expect(code(await gql(GRANT, { id: employee.id, input: { role: 'MANAGER' } }, employee.token))).toBe('FORBIDDEN');
    expect(code(await gql(GRANT, { id: employee.id, input: { role: 'MANAGER', orgId: other.id } }))).toBe('NOT_FOUND');
    expect(code(await gql(GRANT, { id: randomUUID(), input: { role: 'MANAGER' } }))).toBe('NOT_FOUND');
    const last = await gql(REVOKE, { id: admin.id, input: { role: 'ORG_ADMIN' } });
    expect(code(last)).toBe('CONFLICT');
    expect(last.errors![0].message).toBe('an organization must keep at least one ORG_ADMIN');
    const unchanged = (await gql<{ account: AccountRecord }>(ACCOUNT_BY, { key: employee.id })).data!.account;
    expect(rolesIn(unchanged, org.id)).toEqual(['EMPLOYEE']);
  });

  // Contract (REST errors): another tenant's object is NOT_FOUND; `account` hides it, so must grantRole.
  it('answers NOT_FOUND when granting to another tenant’s account', async () => {
    const outsider = await withId(t, (await orgWithAdmin(t)).admin);
    const result = await gql(GRANT, { id: outsider.id, input: { role: 'MANAGER' } });
    expect(code(result)).toBe('NOT_FOUND');
    expect(result.data ?? null).toBeNull();
  });
});

describe('setAccountPreferences', () => {
  it('sets one’s own; FORBIDDEN for anyone else of the organization, ORG_ADMIN included; NOT_FOUND for another tenant', async () => {
    const own = await gql<{ setAccountPreferences: { namespace: string; values: Record<string, string> } }>(
      SET_PREFS,
      { id: employee.id, ns: 'mail', values: { digest: 'daily' } },
      employee.token,
    );
    expect(own.data!.setAccountPreferences).toEqual({ namespace: 'mail', values: { digest: 'daily' } });
    expect(code(await gql(SET_PREFS, { id: admin.id, ns: 'mail', values: {} }, employee.token))).toBe('FORBIDDEN');
    expect(code(await gql(SET_PREFS, { id: employee.id, ns: 'mail', values: {} }, otherAdmin.token))).toBe('NOT_FOUND');
    const bad = await gql(SET_PREFS, { id: employee.id, ns: 'a b', values: {} }, employee.token);
    expect(code(bad)).toBe('BAD_USER_INPUT');
    const literal = await gql(
      `mutation($id: UUID!) { setAccountPreferences(accountId: $id, namespace: "mail", input: { values: { digest: 1 } }) { namespace } }`,
      { id: employee.id },
      employee.token,
    );
    expect(literal.status).toBe(400);
    expect(literal.errors![0].message).toMatch(/must be an object whose values are strings \(digest is not\)/);
    const READ = 'query($id: UUID!) { accountPreferences(accountId: $id, namespace: "mail") { values } }';
    const read = await gql<{ accountPreferences: { values: Record<string, string> } }>(
      READ,
      { id: employee.id },
      employee.token,
    );
    expect(read.data!.accountPreferences.values).toEqual({ digest: 'daily' });
    // An account's preferences are its own: its organization's ORG_ADMIN neither reads nor lists them.
    expect(code(await gql(READ, { id: employee.id }))).toBe('FORBIDDEN');
    const listed = await gql<{ account: AccountRecord }>(ACCOUNT_BY, { key: employee.id });
    expect(listed.data!.account.preferences).toEqual([]);
  });
});

describe('errors of the operation itself', () => {
  // graphql-js reports a variable that does not coerce with no result path; it is the caller's
  // mistake and must be answered as BAD_USER_INPUT with the message, not as an internal error.
  it.each([
    ['a role outside the enum', GRANT, { id: randomUUID(), input: { role: 'BOSS' } }, /BOSS/],
    [
      'a malformed UUID',
      'query($id: UUID!) { accountEmployees(accountId: $id) { nodes { id } } }',
      { id: 'nope' },
      /UUID/,
    ],
    [
      'a preference value that is not a string',
      SET_PREFS,
      { id: randomUUID(), ns: 'ui', values: { theme: true } },
      /theme is not/,
    ],
  ])('answers BAD_USER_INPUT for %s in the variables', async (_what, query, variables, message) => {
    const result = await gql(query, variables);
    expect(result.status).toBe(400);
    expect(code(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0].message).toMatch(message);
  });

  it('refuses a token naming an organization where the account has no grant (FORBIDDEN)', async () => {
    const result = await gql(
      '{ accounts { nodes { id } } }',
      {},
      t.token({ sub: employee.sub, email: employee.email, org: other.id }),
    );
    expect(result.status).toBe(403);
    expect(code(result)).toBe('FORBIDDEN');
    expect(result.errors![0].message).toBe('no access to the organization named by the token');
  });
});
