import { randomUUID } from 'node:crypto';
import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { queriesOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Groups through /graphql: the list and one group with their members, the mutations with their
// access checks and named-field errors, and the number of SQL queries a list with members costs.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let reader: AccountMember;
let otherAdmin: AccountMember;

interface Person {
  id: string;
  name: string;
  organization: string;
}
interface GroupNode {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  active: boolean;
  created: { createdAt: string; createdBy: string | null };
  members: Person[];
}
type Result<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[]; status: number };

const GROUP =
  'id organization name description active created { createdAt createdBy } members { id name organization }';
const LIST = `query($limit: Int, $offset: Int) { groups(first: $limit, offset: $offset) { nodes { ${GROUP} } } }`;
const GET = `query($id: UUID!) { group(id: $id) { ${GROUP} } }`;
const CREATE = `mutation($input: GroupInput!) { createGroup(input: $input) { ${GROUP} } }`;
const UPDATE = `mutation($id: UUID!, $input: GroupUpdateInput!) { updateGroup(id: $id, input: $input) { ${GROUP} } }`;
const DELETE = 'mutation($id: UUID!) { deleteGroup(id: $id) }';
const ADD = `mutation($id: UUID!, $input: GroupMembersInput!) { addGroupMembers(id: $id, input: $input) { ${GROUP} } }`;
const REMOVE = `mutation($id: UUID!, $input: GroupMembersInput!) { removeGroupMembers(id: $id, input: $input) { ${GROUP} } }`;
const REMOVE_ONE = `mutation($id: UUID!, $employeeId: UUID!) { removeGroupMember(id: $id, employeeId: $employeeId) { ${GROUP} } }`;

const gql = <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token = admin.token,
) => t.api.graphql<T>(query, variables, token) as Promise<Result<T>>;
const code = (result: Result<unknown>) => result.errors?.[0]?.extensions?.code;
/** A GraphQL error: its code and message, and no data. */
const expectError = (result: Result<unknown>, errorCode: string, message: string) =>
  expect({ code: code(result), message: result.errors?.[0]?.message, data: result.data ?? null }).toEqual({
    code: errorCode,
    message,
    data: null,
  });

async function employee(name: string, token = admin.token): Promise<Person> {
  const result = await gql<{ createEmployee: Person }>(
    'mutation($input: EmployeeInput!) { createEmployee(input: $input) { id name organization } }',
    { input: { name } },
    token,
  );
  if (!result.data) throw new Error(`createEmployee failed: ${JSON.stringify(result.errors)}`);
  return result.data.createEmployee;
}

async function createGroup(input: Record<string, unknown>, token = admin.token): Promise<GroupNode> {
  const result = await gql<{ createGroup: GroupNode }>(CREATE, { input }, token);
  if (!result.data) throw new Error(`createGroup failed: ${JSON.stringify(result.errors)}`);
  return result.data.createGroup;
}

async function readGroup(id: string, token = admin.token): Promise<GroupNode> {
  const result = await gql<{ group: GroupNode }>(GET, { id }, token);
  if (!result.data) throw new Error(`group failed: ${JSON.stringify(result.errors)}`);
  return result.data.group;
}

async function groupNames(variables: Record<string, unknown> = { limit: 500 }, token = admin.token): Promise<string[]> {
  const result = await gql<{ groups: { nodes: GroupNode[] } }>(LIST, variables, token);
  if (!result.data) throw new Error(`groups failed: ${JSON.stringify(result.errors)}`);
  return result.data.groups.nodes.map((g) => g.name);
}

const ids = (people: { id: string }[]) => people.map((p) => p.id);

let ada: Person;
let bob: Person;
let cyd: Person;
let foreigner: Person;

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Graph Groups');
  org = a.org;
  admin = await withId(t, a.admin);
  reader = await member(t, org, admin);
  otherAdmin = await withId(t, (await orgWithAdmin(t, 'Other Graph Groups')).admin);
  // Created out of name order, so that the members' order shows the sort.
  cyd = await employee('Cyd');
  ada = await employee('Ada');
  bob = await employee('Bob');
  foreigner = await employee('Foreign Fay', otherAdmin.token);
});

afterAll(() => t.close());

describe('createGroup and group', () => {
  it('creates a group with members (deduplicated, by name) that a member reads back', async () => {
    const created = await createGroup({
      name: '  Platform  ',
      description: 'Runs the platform',
      members: [cyd.id, ada.id, cyd.id.toUpperCase()],
    });
    expect(created).toMatchObject({
      organization: org.id,
      name: 'Platform',
      description: 'Runs the platform',
      active: true,
    });
    expect(created.created.createdBy).toBe(admin.id);
    expect(Date.parse(created.created.createdAt)).not.toBeNaN();
    expect(created.members).toEqual([ada, cyd]);
    expect(await readGroup(created.id, reader.token)).toEqual(created);
  });

  it('creates a group without members or description', async () => {
    const created = await createGroup({ name: 'Empty Group' });
    expect(created).toMatchObject({ name: 'Empty Group', description: null, active: true, members: [] });
    expect((await readGroup(created.id)).members).toEqual([]);
  });

  it.each([
    [{ name: '   ' }, 'name must be 1-200 characters'],
    [{ name: 'x'.repeat(201) }, 'name must be 1-200 characters'],
    [{ name: 'Long Description', description: 'd'.repeat(2001) }, 'description must be at most 2000 characters'],
    [
      { name: 'Too Many', members: Array.from({ length: 1001 }, () => randomUUID()) },
      'members must have at most 1000 items',
    ],
  ])('answers BAD_USER_INPUT naming the field for %#, storing nothing', async (input, message) => {
    const before = await groupNames();
    expectError(await gql(CREATE, { input }), 'BAD_USER_INPUT', message);
    expect(await groupNames()).toEqual(before);
  });

  it('accepts a name of exactly 200 characters', async () => {
    expect((await createGroup({ name: 'n'.repeat(200) })).name).toHaveLength(200);
  });

  it('refuses an unknown or another tenant’s employee as a member, storing no group', async () => {
    const before = await groupNames();
    for (const stranger of [randomUUID(), foreigner.id]) {
      const result = await gql(CREATE, { input: { name: 'Half Made', members: [ada.id, stranger] } });
      expectError(result, 'BAD_USER_INPUT', 'members must be employees of the organization');
    }
    expect(await groupNames()).toEqual(before);
    // The name is still free: nothing of the refused group was kept.
    expect((await createGroup({ name: 'Half Made', members: [ada.id] })).members).toEqual([ada]);
  });

  it('refuses a non-UUID member before running anything', async () => {
    const result = await gql(CREATE, { input: { name: 'Bad Member', members: ['nope'] } });
    expect(code(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0].message).toMatch(/must be a UUID/);
    expect(await groupNames()).not.toContain('Bad Member');
  });

  it('answers CONFLICT for a name used in the organization; another organization may use it', async () => {
    await createGroup({ name: 'Taken' });
    expectError(await gql(CREATE, { input: { name: ' Taken ' } }), 'CONFLICT', 'name is already used by another group');
    expect((await groupNames()).filter((n) => n === 'Taken')).toHaveLength(1);
    const theirs = await createGroup({ name: 'Taken' }, otherAdmin.token);
    expect(theirs.organization).not.toBe(org.id);
  });

  it('answers FORBIDDEN to an EMPLOYEE and UNAUTHENTICATED without a token, storing nothing', async () => {
    const before = await groupNames();
    expectError(
      await gql(CREATE, { input: { name: 'By Reader' } }, reader.token),
      'FORBIDDEN',
      'requires the ORG_ADMIN role in this organization',
    );
    const anonymous = await t.api.graphql(CREATE, { input: { name: 'By Nobody' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await groupNames()).toEqual(before);
  });

  it('answers NOT_FOUND for another tenant’s group and an unknown id', async () => {
    const theirs = await createGroup({ name: 'Their Secret' }, otherAdmin.token);
    expectError(await gql(GET, { id: theirs.id }), 'NOT_FOUND', 'group not found');
    expectError(await gql(GET, { id: randomUUID() }), 'NOT_FOUND', 'group not found');
    expect((await readGroup(theirs.id, otherAdmin.token)).name).toBe('Their Secret');
    const anonymous = await t.api.graphql(GET, { id: theirs.id });
    expect(anonymous.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('groups', () => {
  it('lists this organization’s groups by name with limit and offset, to any member', async () => {
    await createGroup({ name: 'Only Theirs' }, otherAdmin.token);
    const all = await groupNames();
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all).toEqual([...all].sort());
    expect(all).not.toContain('Only Theirs');
    expect(all).not.toContain('Their Secret');
    expect(await groupNames({ limit: 2 })).toEqual(all.slice(0, 2));
    expect(await groupNames({ limit: 2, offset: 1 })).toEqual(all.slice(1, 3));
    expect(await groupNames({ offset: all.length })).toEqual([]);
    expect(await groupNames({}, reader.token)).toEqual(all);
    const theirs = await groupNames({}, otherAdmin.token);
    expect(theirs).toContain('Only Theirs');
    expect(theirs).not.toContain('Platform');
  });

  it('lists each group with its own members', async () => {
    const result = await gql<{ groups: { nodes: GroupNode[] } }>(LIST, { limit: 500 });
    const byName = new Map(result.data!.groups.nodes.map((g) => [g.name, g]));
    expect(ids(byName.get('Platform')!.members)).toEqual([ada.id, cyd.id]);
    expect(byName.get('Empty Group')!.members).toEqual([]);
    expect(ids(byName.get('Half Made')!.members)).toEqual([ada.id]);
  });

  it.each([
    [{ limit: 0 }, 'first must be between 1 and 500'],
    [{ limit: 501 }, 'first must be between 1 and 500'],
    [{ offset: -1 }, 'offset must be 0 or more'],
  ])('answers BAD_USER_INPUT for %j', async (variables, message) => {
    expectError(await gql(LIST, variables), 'BAD_USER_INPUT', message);
  });

  it('answers UNAUTHENTICATED without a token', async () => {
    const result = await t.api.graphql(LIST, {});
    expect(result.status).toBe(401);
    expect(result.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('updateGroup', () => {
  it('changes the name (trimmed), description and active flag, keeping the members', async () => {
    const group = await createGroup({ name: 'Before', description: 'old', members: [bob.id] });
    const result = await gql<{ updateGroup: GroupNode }>(UPDATE, {
      id: group.id,
      input: { name: ' After ', description: 'new', active: false },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.updateGroup).toMatchObject({
      id: group.id,
      name: 'After',
      description: 'new',
      active: false,
      members: [bob],
    });
    expect(await readGroup(group.id)).toMatchObject({
      name: 'After',
      description: 'new',
      active: false,
      created: group.created,
    });
    // Fields left out stay; null and '' clear the description.
    const partial = await gql<{ updateGroup: GroupNode }>(UPDATE, { id: group.id, input: { description: null } });
    expect(partial.data!.updateGroup).toMatchObject({ name: 'After', description: null, active: false });
    await gql(UPDATE, { id: group.id, input: { description: 'again' } });
    const emptied = await gql<{ updateGroup: GroupNode }>(UPDATE, {
      id: group.id,
      input: { description: '', active: true },
    });
    expect(emptied.data!.updateGroup).toMatchObject({ name: 'After', description: null, active: true });
  });

  it('answers BAD_USER_INPUT naming the field and CONFLICT for a used name, changing nothing', async () => {
    await createGroup({ name: 'Occupied' });
    const group = await createGroup({ name: 'Steady', description: 'kept' });
    expectError(
      await gql(UPDATE, { id: group.id, input: { name: '' } }),
      'BAD_USER_INPUT',
      'name must be 1-200 characters',
    );
    expectError(
      await gql(UPDATE, { id: group.id, input: { name: 'y'.repeat(201) } }),
      'BAD_USER_INPUT',
      'name must be 1-200 characters',
    );
    expectError(
      await gql(UPDATE, { id: group.id, input: { description: 'd'.repeat(2001) } }),
      'BAD_USER_INPUT',
      'description must be at most 2000 characters',
    );
    const clash = await gql(UPDATE, { id: group.id, input: { name: 'Occupied', description: 'half' } });
    expectError(clash, 'CONFLICT', 'name is already used by another group');
    expect(await readGroup(group.id)).toMatchObject({ name: 'Steady', description: 'kept' });
  });

  it('answers FORBIDDEN to an EMPLOYEE and NOT_FOUND to another organization and for an unknown id', async () => {
    const group = await createGroup({ name: 'Guarded' });
    expectError(
      await gql(UPDATE, { id: group.id, input: { name: 'Nope' } }, reader.token),
      'FORBIDDEN',
      'requires the ORG_ADMIN role in this organization',
    );
    expectError(
      await gql(UPDATE, { id: group.id, input: { name: 'Nope' } }, otherAdmin.token),
      'NOT_FOUND',
      'group not found',
    );
    expectError(await gql(UPDATE, { id: randomUUID(), input: { name: 'Nope' } }), 'NOT_FOUND', 'group not found');
    expect((await readGroup(group.id)).name).toBe('Guarded');
  });
});

describe('group members', () => {
  it('adds members, ignoring those already in, and removes them one or several at a time', async () => {
    const group = await createGroup({ name: 'Movers', members: [bob.id] });
    const added = await gql<{ addGroupMembers: GroupNode }>(ADD, {
      id: group.id,
      input: { employeeIds: [cyd.id, bob.id, ada.id] },
    });
    expect(added.errors).toBeUndefined();
    expect(added.data!.addGroupMembers.members).toEqual([ada, bob, cyd]);
    const again = await gql<{ addGroupMembers: GroupNode }>(ADD, { id: group.id, input: { employeeIds: [ada.id] } });
    expect(ids(again.data!.addGroupMembers.members)).toEqual([ada.id, bob.id, cyd.id]);
    const one = await gql<{ removeGroupMember: GroupNode }>(REMOVE_ONE, { id: group.id, employeeId: bob.id });
    expect(ids(one.data!.removeGroupMember.members)).toEqual([ada.id, cyd.id]);
    const several = await gql<{ removeGroupMembers: GroupNode }>(REMOVE, {
      id: group.id,
      input: { employeeIds: [ada.id, cyd.id] },
    });
    expect(several.data!.removeGroupMembers.members).toEqual([]);
    expect((await readGroup(group.id)).members).toEqual([]);
    // The employees themselves stay.
    const still = await gql<{ employee: Person }>('query($id: UUID!) { employee(id: $id) { id name organization } }', {
      id: bob.id,
    });
    expect(still.data!.employee).toEqual(bob);
  });

  it('refuses another tenant’s or an unknown employee, adding none of the batch', async () => {
    const group = await createGroup({ name: 'Closed Shop', members: [ada.id] });
    for (const stranger of [foreigner.id, randomUUID()]) {
      const result = await gql(ADD, { id: group.id, input: { employeeIds: [bob.id, stranger] } });
      expectError(result, 'BAD_USER_INPUT', 'employeeIds must be employees of the organization');
    }
    expect(ids((await readGroup(group.id)).members)).toEqual([ada.id]);
  });

  it('answers BAD_USER_INPUT for an empty list and NOT_FOUND for someone who is not a member', async () => {
    const group = await createGroup({ name: 'Picky', members: [ada.id] });
    expectError(
      await gql(ADD, { id: group.id, input: { employeeIds: [] } }),
      'BAD_USER_INPUT',
      'employeeIds must not be empty',
    );
    expectError(
      await gql(REMOVE, { id: group.id, input: { employeeIds: [] } }),
      'BAD_USER_INPUT',
      'employeeIds must not be empty',
    );
    expectError(await gql(REMOVE_ONE, { id: group.id, employeeId: bob.id }), 'NOT_FOUND', 'member not found');
    expectError(
      await gql(REMOVE, { id: group.id, input: { employeeIds: [foreigner.id] } }),
      'NOT_FOUND',
      'member not found',
    );
    expect(ids((await readGroup(group.id)).members)).toEqual([ada.id]);
  });

  it('answers FORBIDDEN to an EMPLOYEE and NOT_FOUND to another organization, changing nothing', async () => {
    const group = await createGroup({ name: 'Members Guarded', members: [ada.id] });
    const forbidden = 'requires the ORG_ADMIN role in this organization';
    expectError(
      await gql(ADD, { id: group.id, input: { employeeIds: [bob.id] } }, reader.token),
      'FORBIDDEN',
      forbidden,
    );
    expectError(
      await gql(REMOVE, { id: group.id, input: { employeeIds: [ada.id] } }, reader.token),
      'FORBIDDEN',
      forbidden,
    );
    expectError(await gql(REMOVE_ONE, { id: group.id, employeeId: ada.id }, reader.token), 'FORBIDDEN', forbidden);
    expectError(
      await gql(ADD, { id: group.id, input: { employeeIds: [foreigner.id] } }, otherAdmin.token),
      'NOT_FOUND',
      'group not found',
    );
    expectError(
      await gql(REMOVE_ONE, { id: group.id, employeeId: ada.id }, otherAdmin.token),
      'NOT_FOUND',
      'group not found',
    );
    expectError(await gql(ADD, { id: randomUUID(), input: { employeeIds: [bob.id] } }), 'NOT_FOUND', 'group not found');
    expect(ids((await readGroup(group.id)).members)).toEqual([ada.id]);
  });

  it('drops a deleted employee from its groups', async () => {
    const leaver = await employee('Leaver');
    const group = await createGroup({ name: 'Left Behind', members: [leaver.id, bob.id] });
    const deleted = await gql<{ deleteEmployee: boolean }>('mutation($id: UUID!) { deleteEmployee(id: $id) }', {
      id: leaver.id,
    });
    expect(deleted.data!.deleteEmployee).toBe(true);
    expect(ids((await readGroup(group.id)).members)).toEqual([bob.id]);
  });
});

describe('deleteGroup', () => {
  it('deletes a group with its memberships; NOT_FOUND afterwards; the employees stay', async () => {
    const group = await createGroup({ name: 'Doomed', members: [ada.id, bob.id] });
    const result = await gql<{ deleteGroup: boolean }>(DELETE, { id: group.id });
    expect(result.data!.deleteGroup).toBe(true);
    expectError(await gql(GET, { id: group.id }), 'NOT_FOUND', 'group not found');
    expect(await groupNames()).not.toContain('Doomed');
    expectError(await gql(DELETE, { id: group.id }), 'NOT_FOUND', 'group not found');
    const still = await gql<{ employee: Person }>('query($id: UUID!) { employee(id: $id) { id name organization } }', {
      id: ada.id,
    });
    expect(still.data!.employee).toEqual(ada);
    // The name is free again.
    expect((await createGroup({ name: 'Doomed' })).members).toEqual([]);
  });

  it('answers FORBIDDEN to an EMPLOYEE and NOT_FOUND to another organization, deleting nothing', async () => {
    const group = await createGroup({ name: 'Survivor' });
    expectError(
      await gql(DELETE, { id: group.id }, reader.token),
      'FORBIDDEN',
      'requires the ORG_ADMIN role in this organization',
    );
    expectError(await gql(DELETE, { id: group.id }, otherAdmin.token), 'NOT_FOUND', 'group not found');
    expect((await readGroup(group.id)).name).toBe('Survivor');
  });
});

describe('the cost of listing groups with their members', () => {
  let many: AccountMember;

  beforeAll(async () => {
    const created = await orgWithAdmin(t, 'Many Groups');
    many = await withId(t, created.admin);
    const people: Person[] = [];
    for (const name of ['P1', 'P2', 'P3']) people.push(await employee(name, many.token));
    // Group i has the members i % 3 and (i + 1) % 3.
    for (let i = 0; i < 50; i++) {
      await createGroup(
        { name: `G${String(i).padStart(2, '0')}`, members: [people[i % 3].id, people[(i + 1) % 3].id] },
        many.token,
      );
    }
  }, 120_000);

  it('sends the same few queries for 5 groups as for 50', async () => {
    const counts: number[] = [];
    for (const limit of [5, 50]) {
      const queries = await queriesOf(t, async () => {
        const result = await gql<{ groups: { nodes: GroupNode[] } }>(LIST, { limit }, many.token);
        expect(result.errors).toBeUndefined();
        expect(result.data!.groups.nodes).toHaveLength(limit);
        for (const group of result.data!.groups.nodes) expect(group.members).toHaveLength(2);
      });
      // The members of every group of the page come in one query.
      expect(queries.filter((q) => /from "group_member"/.test(q))).toHaveLength(1);
      counts.push(queries.length);
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(6);
  });
});
