import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { queriesOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Relations as fields of the related type, for GraphQL clients (REST answers keep the ids):
// Employee.manager, reports and account, Idp.owner and Note.author. Each answers the right record,
// never another organization's (nor an account the caller may not see), costs one batch per
// relation whatever the page size, and leaves the REST answers as they were.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let reader: AccountMember;
let otherAdmin: AccountMember;

type Result<T> = { data?: T; errors?: { message: string }[] };
const gql = async <T>(query: string, variables: Record<string, unknown> = {}, token = admin.token): Promise<T> => {
  const result = (await t.api.graphql<T>(query, variables, token)) as Result<T>;
  if (result.errors || !result.data) throw new Error(`GraphQL failed: ${JSON.stringify(result.errors)}`);
  return result.data;
};
const sql = (query: string, params: unknown[]) => t.app.db.orm.em.getConnection().execute(query, params);

async function employee(input: Record<string, unknown>, token = admin.token): Promise<string> {
  const data = await gql<{ createEmployee: { id: string } }>(
    'mutation($input: EmployeeInput!) { createEmployee(input: $input) { id } }',
    { input },
    token,
  );
  return data.createEmployee.id;
}

interface Person {
  name: string;
  managerId: string | null;
  manager: { name: string } | null;
  reports: { name: string }[];
  account: { email: string } | null;
}
const PERSON = 'name managerId manager { name } reports { name } account { email }';
const readEmployee = async (id: string, token = admin.token) =>
  (await gql<{ employee: Person }>(`query($id: UUID!) { employee(id: $id) { ${PERSON} } }`, { id }, token)).employee;

let boss: string;
let ann: string;
let foreign: string;

beforeAll(async () => {
  t = await startTestApp();
  const created = await orgWithAdmin(t, 'Graph Relations');
  org = created.org;
  admin = await withId(t, created.admin);
  reader = await member(t, org, admin);
  otherAdmin = await withId(t, (await orgWithAdmin(t, 'Other Graph Relations')).admin);
  boss = await employee({ name: 'Boss', account: reader.id });
  // Created out of name order, so that reports show theirs.
  await employee({ name: 'Cal', manager: boss });
  ann = await employee({ name: 'Ann', manager: boss });
  foreign = await employee({ name: 'Foreign' }, otherAdmin.token);
}, 60_000);

afterAll(() => t?.close());

describe('Employee.manager, reports and account', () => {
  it('answer the manager, the direct reports by name and the linked account', async () => {
    expect(await readEmployee(boss)).toEqual({
      name: 'Boss',
      managerId: null,
      manager: null,
      reports: [{ name: 'Ann' }, { name: 'Cal' }],
      account: { email: reader.email },
    });
    expect(await readEmployee(ann, reader.token)).toEqual({
      name: 'Ann',
      managerId: boss,
      manager: { name: 'Boss' },
      reports: [],
      account: null,
    });
  });

  it('answer them on a changed employee too (a mutation’s entity)', async () => {
    const data = await gql<{ updateEmployee: Person }>(
      `mutation($id: UUID!) { updateEmployee(id: $id, input: { title: "Lead" }) { ${PERSON} } }`,
      { id: ann },
    );
    expect(data.updateEmployee).toMatchObject({ manager: { name: 'Boss' }, reports: [] });
  });

  it('never answer another organization’s employee, even through a link that crosses over', async () => {
    // Links are refused across organizations (employee.service.ts); a stored one must still not leak.
    await sql('update employee set manager_id = ? where id = ?', [boss, foreign]);
    try {
      expect(await readEmployee(foreign, otherAdmin.token)).toMatchObject({
        name: 'Foreign',
        managerId: boss,
        manager: null,
      });
      expect((await readEmployee(boss)).reports).toEqual([{ name: 'Ann' }, { name: 'Cal' }]);
    } finally {
      await sql('update employee set manager_id = null where id = ?', [foreign]);
    }
  });

  it('answer null for a linked account the caller may not see', async () => {
    // An account with no grant in this organization (the other organization's admin).
    await sql('update employee set account_id = ? where id = ?', [otherAdmin.id, ann]);
    try {
      expect((await readEmployee(ann)).account).toBeNull();
    } finally {
      await sql('update employee set account_id = null where id = ?', [ann]);
    }
  });

  it('leave the REST answer as it was: manager and account are uuids at their keys', async () => {
    const rest = await t.api.get<Record<string, unknown>>(`/api/v1/employee/${ann}`, admin.token);
    expect(rest.status).toBe(200);
    expect(rest.body.manager).toBe(boss);
    expect(rest.body.account).toBeNull();
    expect(Object.keys(rest.body)).toEqual([
      'id',
      'organization',
      'name',
      'active',
      'account',
      'email',
      'title',
      'department',
      'manager',
      'startDate',
      'location',
      'created',
      'mappings',
    ]);
    const linked = await t.api.get<Record<string, unknown>>(`/api/v1/employee/${boss}`, admin.token);
    expect(linked.body.account).toBe(reader.id);
  });
});

interface PlanNode {
  owner: { email: string } | null;
  notes: { authorId: string; author: { email: string } | null }[];
}
const PLAN = 'owner { email } notes { authorId author { email } }';

describe('Idp.owner and Note.author', () => {
  let plan: string;

  beforeAll(async () => {
    const created = await gql<{ createIdp: PlanNode & { id: string } }>(
      `mutation($input: IdpInput!) { createIdp(input: $input) { id ${PLAN} } }`,
      { input: { name: 'Grow', startDate: '2026-01-01', type: 'CAREER', owner: reader.id } },
    );
    plan = created.createIdp.id;
    // A changed plan answers with its entity: the same fields work on it.
    expect(created.createIdp).toEqual({ id: plan, owner: { email: reader.email }, notes: [] });
    const note = await gql<{ addIdpNote: PlanNode['notes'][number] }>(
      'mutation($id: UUID!) { addIdpNote(idpId: $id, input: { note: "Hi" }) { authorId author { email } } }',
      { id: plan },
    );
    expect(note.addIdpNote).toEqual({ authorId: admin.id, author: { email: admin.email } });
  });

  it('answer the owner and the notes’ authors (read models)', async () => {
    const data = await gql<{ idp: PlanNode }>(`query($id: UUID!) { idp(id: $id) { ${PLAN} } }`, { id: plan });
    expect(data.idp).toEqual({
      owner: { email: reader.email },
      notes: [{ authorId: admin.id, author: { email: admin.email } }],
    });
  });

  it('answer null for an account outside the caller’s view, keeping the ids', async () => {
    await sql('update idp set owner_id = ? where id = ?', [otherAdmin.id, plan]);
    await sql('update idp_note set author = ? where idp_id = ?', [otherAdmin.id, plan]);
    try {
      const data = await gql<{ idp: PlanNode & { sharing: { ownerId: string } } }>(
        `query($id: UUID!) { idp(id: $id) { sharing { ownerId } ${PLAN} } }`,
        { id: plan },
      );
      expect(data.idp).toEqual({
        sharing: { ownerId: otherAdmin.id },
        owner: null,
        notes: [{ authorId: otherAdmin.id, author: null }],
      });
    } finally {
      await sql('update idp set owner_id = ? where id = ?', [reader.id, plan]);
      await sql('update idp_note set author = ? where idp_id = ?', [admin.id, plan]);
    }
  });

  it('leave the REST answer as it was: the note’s author is a uuid', async () => {
    const rest = await t.api.get<{ notes: Record<string, unknown>[]; owner?: unknown }>(
      `/api/v1/idp/${plan}`,
      admin.token,
    );
    expect(rest.status).toBe(200);
    expect(rest.body.owner).toBeUndefined();
    expect(rest.body.notes).toEqual([
      { id: expect.any(String), note: 'Hi', author: admin.id, createdAt: expect.any(String) },
    ]);
  });
});

interface Named {
  entityType: string;
  employee: { name: string } | null;
  group: { name: string } | null;
  account: { email: string } | null;
}
const NAMED = 'entityType employee { name } group { name } account { email }';

describe('Assignee.employee, group and account', () => {
  let plan: string;
  let team: string;
  const expected = () => [
    { entityType: 'ACCOUNT', employee: null, group: null, account: { email: reader.email } },
    { entityType: 'EMPLOYEE', employee: { name: 'Boss' }, group: null, account: null },
    { entityType: 'GROUP', employee: null, group: { name: 'Team' }, account: null },
  ];

  beforeAll(async () => {
    team = (
      await gql<{ createGroup: { id: string } }>(
        'mutation($m: [UUID!]) { createGroup(input: { name: "Team", members: $m }) { id } }',
        {
          m: [ann],
        },
      )
    ).createGroup.id;
    const assignees = [
      { entityType: 'EMPLOYEE', entityId: boss },
      { entityType: 'GROUP', entityId: team },
      { entityType: 'ACCOUNT', entityId: reader.id },
    ];
    const created = await gql<{ createIdp: { id: string; assignees: Named[] } }>(
      `mutation($input: IdpInput!) { createIdp(input: $input) { id assignees { ${NAMED} } } }`,
      { input: { name: 'Assigned', startDate: '2026-01-01', type: 'CAREER', assignees } },
    );
    plan = created.createIdp.id;
    // The changed plan's assignees are entities: the same fields work on them.
    expect(sortByType(created.createIdp.assignees)).toEqual(expected());
    await gql('mutation($id: UUID!, $input: IdpTaskInput!) { addIdpTask(idpId: $id, input: $input) { id } }', {
      id: plan,
      input: { name: 'Pair', assignees: [{ entityType: 'EMPLOYEE', entityId: ann }] },
    });
  });

  it('answer the record each assignee names, on plans and on tasks (read models)', async () => {
    const data = await gql<{ idp: { assignees: Named[]; tasks: { assignees: Named[] }[] } }>(
      `query($id: UUID!) { idp(id: $id) { assignees { ${NAMED} } tasks { assignees { ${NAMED} } } } }`,
      { id: plan },
    );
    expect(sortByType(data.idp.assignees)).toEqual(expected());
    expect(data.idp.tasks).toEqual([
      { assignees: [{ entityType: 'EMPLOYEE', employee: { name: 'Ann' }, group: null, account: null }] },
    ]);
  });

  it('answer null for another organization’s record or an account out of view', async () => {
    await sql(
      `update idp_assignee set entity_id = ? where idp_id = ? and entity_type = 'EMPLOYEE' and task_id is null`,
      [foreign, plan],
    );
    await sql(`update idp_assignee set entity_id = ? where idp_id = ? and entity_type = 'ACCOUNT'`, [
      otherAdmin.id,
      plan,
    ]);
    try {
      const data = await gql<{ idp: { assignees: (Named & { entityId: string })[] } }>(
        `query($id: UUID!) { idp(id: $id) { assignees { entityId ${NAMED} } } }`,
        { id: plan },
      );
      expect(
        sortByType(data.idp.assignees).map(({ entityId, employee, account }) => ({ entityId, employee, account })),
      ).toEqual([
        { entityId: otherAdmin.id, employee: null, account: null },
        { entityId: foreign, employee: null, account: null },
        { entityId: team, employee: null, account: null },
      ]);
    } finally {
      await sql(`update idp_assignee set entity_id = ? where idp_id = ? and entity_id = ?`, [boss, plan, foreign]);
      await sql(`update idp_assignee set entity_id = ? where idp_id = ? and entity_id = ?`, [
        reader.id,
        plan,
        otherAdmin.id,
      ]);
    }
  });
});

describe('Mapping.employee, group and account', () => {
  let app: string;

  beforeAll(async () => {
    app = (
      await gql<{ createApp: { id: string } }>('mutation($input: AppInput!) { createApp(input: $input) { id } }', {
        input: { type: 'HRIS', externalId: 'graph-relations', internal: true, name: 'People' },
      })
    ).createApp.id;
    const team = (await gql<{ groups: { nodes: { id: string }[] } }>('{ groups { nodes { id } } }')).groups.nodes[0].id;
    const targets: [string, string][] = [
      ['EMPLOYEE', boss],
      ['GROUP', team],
      ['ACCOUNT', reader.id],
      ['ORGANIZATION', org.id],
    ];
    for (const [entityType, entityId] of targets)
      await gql('mutation($app: UUID!, $input: MappingInput!) { mapEntity(app: $app, input: $input) { id } }', {
        app,
        input: { entityType, entityId, namespace: 'sync', mappedId: `${entityType}-1` },
      });
  });

  it('answer the mapped record of its type, null for the others', async () => {
    const data = await gql<{ appMappings: { nodes: { mapping: Named }[] }; employee: { mappings: Named[] } }>(
      `query($app: UUID!, $boss: UUID!) {
        appMappings(app: $app) { nodes { mapping { ${NAMED} } } }
        employee(id: $boss) { mappings { ${NAMED} } }
      }`,
      { app, boss },
    );
    expect(sortByType(data.appMappings.nodes.map((m) => m.mapping))).toEqual([
      { entityType: 'ACCOUNT', employee: null, group: null, account: { email: reader.email } },
      { entityType: 'EMPLOYEE', employee: { name: 'Boss' }, group: null, account: null },
      { entityType: 'GROUP', employee: null, group: { name: 'Team' }, account: null },
      { entityType: 'ORGANIZATION', employee: null, group: null, account: null },
    ]);
    expect(data.employee.mappings).toEqual([
      { entityType: 'EMPLOYEE', employee: { name: 'Boss' }, group: null, account: null },
    ]);
  });

  it('answer null for another organization’s record', async () => {
    await sql(`update mapping set entity_id = ? where app_id = ? and entity_type = 'EMPLOYEE'`, [foreign, app]);
    try {
      const data = await gql<{ appMappings: { nodes: { mapping: Named & { entityId: string } }[] } }>(
        `query($app: UUID!) { appMappings(app: $app) { nodes { mapping { entityId ${NAMED} } } } }`,
        { app },
      );
      expect(data.appMappings.nodes.find((m) => m.mapping.entityType === 'EMPLOYEE')!.mapping).toMatchObject({
        entityId: foreign,
        employee: null,
      });
    } finally {
      await sql(`update mapping set entity_id = ? where app_id = ? and entity_type = 'EMPLOYEE'`, [boss, app]);
    }
  });
});

describe('Mapping.idp, task and mappedOrganization', () => {
  let app: string;
  let shared: { plan: string; task: string };
  let hidden: { plan: string; task: string };

  /** A plan of the admin's with one task, mapped (plan and task) to the app. */
  async function mappedPlan(name: string, visibility: string): Promise<{ plan: string; task: string }> {
    const plan = (
      await gql<{ createIdp: { id: string } }>('mutation($input: IdpInput!) { createIdp(input: $input) { id } }', {
        input: { name, startDate: '2026-01-01', type: 'CAREER', owner: admin.id, visibility },
      })
    ).createIdp.id;
    const task = (
      await gql<{ addIdpTask: { id: string } }>(
        'mutation($plan: UUID!, $name: String!) { addIdpTask(idpId: $plan, input: { name: $name }) { id } }',
        { plan, name: `${name} task` },
      )
    ).addIdpTask.id;
    for (const [entityType, entityId] of [
      ['IDP', plan],
      ['IDP_TASK', task],
    ])
      await gql('mutation($app: UUID!, $input: MappingInput!) { mapEntity(app: $app, input: $input) { id } }', {
        app,
        input: { entityType, entityId, namespace: 'plans', mappedId: `${name}-${entityType}` },
      });
    return { plan, task };
  }

  const TARGETS = 'entityType entityId idp { name } task { name } mappedOrganization { name }';
  type Target = {
    entityType: string;
    entityId: string;
    idp: { name: string } | null;
    task: { name: string } | null;
    mappedOrganization: { name: string } | null;
  };
  const mappedBy = async (token: string) =>
    (
      await gql<{ appMappings: { nodes: { mapping: Target }[] } }>(
        `query($app: UUID!) { appMappings(app: $app) { nodes { mapping { ${TARGETS} } } } }`,
        { app },
        token,
      )
    ).appMappings.nodes.map((n) => n.mapping);
  const target = (list: Target[], entityId: string) => list.find((m) => m.entityId === entityId);

  beforeAll(async () => {
    app = (
      await gql<{ createApp: { id: string } }>('mutation($input: AppInput!) { createApp(input: $input) { id } }', {
        input: { type: 'LMS', externalId: 'graph-relations-plans', internal: true, name: 'Learning' },
      })
    ).createApp.id;
    shared = await mappedPlan('Shared', 'ORGANIZATION');
    hidden = await mappedPlan('Hidden', 'PRIVATE');
    await gql('mutation($app: UUID!, $input: MappingInput!) { mapEntity(app: $app, input: $input) { id } }', {
      app,
      input: { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'plans', mappedId: 'org' },
    });
  });

  it('answer the mapped plan, task and organization, null in the fields of the other types', async () => {
    const mapped = await mappedBy(admin.token);
    expect(target(mapped, shared.plan)).toEqual({
      entityType: 'IDP',
      entityId: shared.plan,
      idp: { name: 'Shared' },
      task: null,
      mappedOrganization: null,
    });
    expect(target(mapped, hidden.task)).toEqual({
      entityType: 'IDP_TASK',
      entityId: hidden.task,
      idp: null,
      task: { name: 'Hidden task' },
      mappedOrganization: null,
    });
    expect(target(mapped, org.id)).toMatchObject({ idp: null, task: null, mappedOrganization: { name: org.name } });
  });

  it('answer a plan or task only to a caller who may read the plan, keeping the ids', async () => {
    const mapped = await mappedBy(reader.token);
    expect(target(mapped, shared.plan)?.idp).toEqual({ name: 'Shared' });
    expect(target(mapped, shared.task)?.task).toEqual({ name: 'Shared task' });
    expect(target(mapped, hidden.plan)).toMatchObject({ entityType: 'IDP', idp: null });
    expect(target(mapped, hidden.task)).toMatchObject({ entityType: 'IDP_TASK', task: null });
  });

  it('answer null for a plan or task of another organization', async () => {
    const other = (
      await gql<{ createIdp: { id: string; tasks: { id: string }[] } }>(
        'mutation($input: IdpInput!) { createIdp(input: $input) { id } }',
        { input: { name: 'Elsewhere', startDate: '2026-01-01', type: 'CAREER', visibility: 'ORGANIZATION' } },
        otherAdmin.token,
      )
    ).createIdp.id;
    await sql(`update mapping set entity_id = ? where app_id = ? and entity_id = ?`, [other, app, shared.plan]);
    try {
      expect(target(await mappedBy(admin.token), other)).toMatchObject({ entityType: 'IDP', idp: null });
    } finally {
      await sql(`update mapping set entity_id = ? where app_id = ? and entity_id = ?`, [shared.plan, app, other]);
    }
  });

  it('read every mapped plan and task of a page in the same number of queries', async () => {
    const counts: number[] = [];
    // Pages of 2 and 4, in mappedId order: the hidden plan and task, then the shared ones too.
    for (const first of [2, 4])
      counts.push(
        (
          await queriesOf(t, async () => {
            const data = await gql<{ appMappings: { nodes: unknown[] } }>(
              `query($app: UUID!, $first: Int) { appMappings(app: $app, first: $first) { nodes { mapping { ${TARGETS} } } } }`,
              { app, first },
            );
            expect(data.appMappings.nodes).toHaveLength(first);
          })
        ).length,
      );
    expect(counts[1]).toBe(counts[0]);
  });
});

const sortByType = <T extends { entityType: string }>(list: T[]) =>
  [...list].sort((a, b) => a.entityType.localeCompare(b.entityType));

describe('one batch per relation, whatever the page', () => {
  let big: AccountMember;
  let owners: AccountMember[];
  let bigApp: string;

  beforeAll(async () => {
    const created = await orgWithAdmin(t, 'Graph Relations Many');
    big = await withId(t, created.admin);
    owners = [big, await member(t, created.org, big), await member(t, created.org, big)];
    // Ten managers with four reports each and ten more on their own: 60 employees, named so that a
    // page of five holds a manager (with an account) and reports.
    const people: string[] = [];
    for (let m = 0; m < 10; m++) {
      const id = await employee({ name: `M ${m}`, ...(m < 3 ? { account: owners[m].id } : {}) }, big.token);
      people.push(id);
      for (let r = 0; r < 4; r++) people.push(await employee({ name: `M ${m}.${r}`, manager: id }, big.token));
      people.push(await employee({ name: `Solo ${m}` }, big.token));
    }
    bigApp = (
      await gql<{ createApp: { id: string } }>(
        'mutation($input: AppInput!) { createApp(input: $input) { id } }',
        { input: { type: 'HRIS', externalId: 'graph-relations-many', internal: true, name: 'People' } },
        big.token,
      )
    ).createApp.id;
    for (const [i, entityId] of people.slice(0, 50).entries())
      await gql(
        'mutation($app: UUID!, $input: MappingInput!) { mapEntity(app: $app, input: $input) { id } }',
        { app: bigApp, input: { entityType: 'EMPLOYEE', entityId, namespace: 'sync', mappedId: `e-${i}` } },
        big.token,
      );
    for (let p = 0; p < 50; p++) {
      const id = (
        await gql<{ createIdp: { id: string } }>(
          'mutation($input: IdpInput!) { createIdp(input: $input) { id } }',
          {
            input: {
              name: `Plan ${p}`,
              startDate: '2026-01-01',
              type: 'CAREER',
              owner: owners[p % 3].id,
              assignees: [
                { entityType: 'EMPLOYEE', entityId: people[p] },
                { entityType: 'ACCOUNT', entityId: owners[(p + 1) % 3].id },
              ],
            },
          },
          big.token,
        )
      ).createIdp.id;
      await gql(
        'mutation($id: UUID!, $note: String!) { addIdpNote(idpId: $id, input: { note: $note }) { id } }',
        { id, note: `Note ${p}` },
        owners[p % 3].token,
      );
    }
  }, 240_000);

  /** The queries of reading a page of 5 and of 50 with `read`: the same number, at most `most`. */
  async function expectSameQueries(read: (first: number) => Promise<void>, most: number): Promise<void> {
    const counts: number[] = [];
    for (const first of [5, 50]) counts.push((await queriesOf(t, () => read(first))).length);
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(most);
  }

  it('sends the same queries for 5 employees as for 50, with manager, reports and account', async () => {
    // The page, then one batch each for managers, reports, accounts and their grants.
    await expectSameQueries(async (first) => {
      const data = await gql<{ employees: { nodes: Person[] } }>(
        `query($first: Int) { employees(first: $first) { nodes { ${PERSON} } } }`,
        { first },
        big.token,
      );
      expect(data.employees.nodes).toHaveLength(first);
      const managed = data.employees.nodes.filter((e) => e.managerId !== null);
      expect(managed.length).toBeGreaterThan(0);
      for (const e of managed) expect(e.manager?.name).toMatch(/^M \d$/);
      expect(data.employees.nodes[0]).toMatchObject({
        account: { email: owners[0].email },
        reports: [{ name: 'M 0.0' }, { name: 'M 0.1' }, { name: 'M 0.2' }, { name: 'M 0.3' }],
      });
    }, 7);
  });

  it('sends the same queries for 5 plans as for 50, with owner, the notes’ authors and the assignees', async () => {
    // Visibility, the plans, their parts, then one batch for the accounts (and their grants) and
    // one for the employees.
    await expectSameQueries(async (first) => {
      const data = await gql<{ idps: { nodes: (PlanNode & { assignees: Named[] })[] } }>(
        `query($first: Int) { idps(first: $first) { nodes { ${PLAN} assignees { ${NAMED} } } } }`,
        { first },
        big.token,
      );
      expect(data.idps.nodes).toHaveLength(first);
      for (const p of data.idps.nodes) {
        expect(p.owner?.email).toBeDefined();
        expect(p.notes).toHaveLength(1);
        expect(p.notes[0].author?.email).toBeDefined();
      }
    }, 9);
  });

  it('sends the same queries for 5 mappings as for 50, with the mapped employee', async () => {
    await expectSameQueries(async (limit) => {
      const data = await gql<{ appMappings: { nodes: { mapping: Named }[] } }>(
        `query($app: UUID!, $limit: Int) { appMappings(app: $app, first: $limit) { nodes { mapping { ${NAMED} } } } }`,
        { app: bigApp, limit },
        big.token,
      );
      expect(data.appMappings.nodes).toHaveLength(limit);
      for (const m of data.appMappings.nodes) expect(m.mapping.employee?.name).toBeDefined();
    }, 6);
  });
});
