import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Plans through /graphql: who may read, change and delete a plan under each visibility, the
// scoped lists, due tasks, notes, and the number of SQL queries a list of 100 plans costs.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let owner: AccountMember;
let assignee: AccountMember;
let manager: AccountMember;
let chainManager: AccountMember;
let unrelated: AccountMember;
let grouped: AccountMember;
let outsider: AccountMember;
let assigneeEmployee: string;
let team: string;

type Result<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[]; status: number };
interface Plan {
  id: string;
  name: string;
  sharing: { visibility: string; ownerId: string | null };
  assignees: { entityId: string; entityType: string }[];
  tasks: {
    id: string;
    name: string;
    order: number;
    status: { current: string; changedBy: string | null };
    notes: { id: string; note: string }[];
  }[];
  notes: { id: string; note: string; author: string }[];
}

const PLAN =
  'id name sharing { visibility ownerId } assignees { entityId entityType } tasks { id name order status { current changedBy } notes { id note } } notes { id note author: authorId }';
const CREATE = `mutation($input: IdpInput!) { createIdp(input: $input) { ${PLAN} } }`;
const UPDATE = `mutation($id: UUID!, $input: IdpUpdateInput!) { updateIdp(id: $id, input: $input) { ${PLAN} } }`;
const DELETE = 'mutation($id: UUID!) { deleteIdp(id: $id) }';
const GET = `query($id: UUID!) { idp(id: $id) { ${PLAN} } }`;
const LIST =
  'query($scope: IdpScope, $type: String, $first: Int) { idps(scope: $scope, type: $type, first: $first) { nodes { id name } totalCount } }';

const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, token: string) =>
  t.api.graphql<T>(query, variables, token) as Promise<Result<T>>;
const code = (result: Result<unknown>) => result.errors?.[0]?.extensions?.code;

async function createPlan(input: Record<string, unknown>, token = owner.token): Promise<Plan> {
  const result = await gql<{ createIdp: Plan }>(
    CREATE,
    { input: { startDate: '2026-01-01', type: 'CAREER', ...input } },
    token,
  );
  if (!result.data) throw new Error(`createIdp failed: ${JSON.stringify(result.errors)}`);
  return result.data.createIdp;
}

async function employee(name: string, extra: Record<string, unknown>): Promise<string> {
  const result = await gql<{ createEmployee: { id: string } }>(
    'mutation($input: EmployeeInput!) { createEmployee(input: $input) { id } }',
    { input: { name, ...extra } },
    admin.token,
  );
  if (!result.data) throw new Error(`createEmployee failed: ${JSON.stringify(result.errors)}`);
  return result.data.createEmployee.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const created = await orgWithAdmin(t, 'Plans');
  org = created.org;
  admin = await withId(t, created.admin);
  [owner, assignee, manager, chainManager, unrelated, grouped] = await Promise.all(
    Array.from({ length: 6 }, () => member(t, org, admin)),
  );
  outsider = await withId(t, (await orgWithAdmin(t, 'Other Plans')).admin);
  // chainManager <- manager <- assignee: the reporting line the visibility rules follow.
  const top = await employee('Chain Manager', { account: chainManager.id });
  const middle = await employee('Manager', { account: manager.id, manager: top });
  assigneeEmployee = await employee('Assignee', { account: assignee.id, manager: middle });
  await employee('Unrelated', { account: unrelated.id });
  const groupedEmployee = await employee('Grouped', { account: grouped.id });
  const group = await gql<{ createGroup: { id: string } }>(
    'mutation($m: [UUID!]) { createGroup(input: { name: "Plan Team", members: $m }) { id } }',
    { m: [groupedEmployee] },
    admin.token,
  );
  team = group.data!.createGroup.id;
});

afterAll(() => t.close());

describe('the visibility matrix', () => {
  type Who = 'owner' | 'assignee' | 'manager' | 'chainManager' | 'unrelated' | 'admin';
  const who = (name: Who) => ({ owner, assignee, manager, chainManager, unrelated, admin })[name];
  // Expected answers: 'ok', or the error code. Reading is judged by `idp`, changing by `updateIdp`.
  const matrix: Record<string, Record<Who, { read: string; change: string }>> = {
    PRIVATE: {
      owner: { read: 'ok', change: 'ok' },
      assignee: { read: 'ok', change: 'FORBIDDEN' },
      manager: { read: 'ok', change: 'ok' },
      chainManager: { read: 'NOT_FOUND', change: 'NOT_FOUND' },
      unrelated: { read: 'NOT_FOUND', change: 'NOT_FOUND' },
      admin: { read: 'ok', change: 'ok' },
    },
    MANAGERS: {
      owner: { read: 'ok', change: 'ok' },
      assignee: { read: 'ok', change: 'FORBIDDEN' },
      manager: { read: 'ok', change: 'ok' },
      chainManager: { read: 'ok', change: 'FORBIDDEN' },
      unrelated: { read: 'NOT_FOUND', change: 'NOT_FOUND' },
      admin: { read: 'ok', change: 'ok' },
    },
    ORGANIZATION: {
      owner: { read: 'ok', change: 'ok' },
      assignee: { read: 'ok', change: 'FORBIDDEN' },
      manager: { read: 'ok', change: 'ok' },
      chainManager: { read: 'ok', change: 'FORBIDDEN' },
      unrelated: { read: 'ok', change: 'FORBIDDEN' },
      admin: { read: 'ok', change: 'ok' },
    },
  };
  const cells = Object.entries(matrix).flatMap(([visibility, row]) =>
    Object.entries(row).map(([name, expected]) => [visibility, name as Who, expected] as const),
  );

  it.each(cells)('%s plan, %s: read and change as expected, delete like change', async (visibility, name, expected) => {
    const caller = who(name);
    const plan = await createPlan({
      name: `${visibility} ${name}`,
      visibility,
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
    });
    const read = await gql<{ idp: Plan }>(GET, { id: plan.id }, caller.token);
    expect(read.data ? 'ok' : code(read)).toBe(expected.read);
    if (read.data) expect(read.data.idp.sharing).toEqual({ visibility, ownerId: owner.id });
    const listed = await gql<{ idps: { nodes: { id: string }[] } }>(LIST, { first: 500 }, caller.token);
    expect(listed.data!.idps.nodes.some((n) => n.id === plan.id)).toBe(expected.read === 'ok');
    const changed = await gql<{ updateIdp: Plan }>(UPDATE, { id: plan.id, input: { name: 'Renamed' } }, caller.token);
    expect(changed.data ? 'ok' : code(changed)).toBe(expected.change);
    const stored = await gql<{ idp: Plan }>(GET, { id: plan.id }, owner.token);
    expect(stored.data!.idp.name).toBe(expected.change === 'ok' ? 'Renamed' : `${visibility} ${name}`);
    const deleted = await gql<{ deleteIdp: boolean }>(DELETE, { id: plan.id }, caller.token);
    expect(deleted.data ? 'ok' : code(deleted)).toBe(expected.change);
    const after = await gql(GET, { id: plan.id }, owner.token);
    expect(after.data ? 'kept' : code(after)).toBe(expected.change === 'ok' ? 'NOT_FOUND' : 'kept');
  });

  it('lets members of an assigned group, an assigned account and a task assignee read a PRIVATE plan', async () => {
    const byGroup = await createPlan({ name: 'Group plan', assignees: [{ entityId: team, entityType: 'GROUP' }] });
    expect((await gql(GET, { id: byGroup.id }, grouped.token)).data).toBeDefined();
    const byAccount = await createPlan({
      name: 'Account plan',
      assignees: [{ entityId: unrelated.id, entityType: 'ACCOUNT' }],
    });
    expect((await gql(GET, { id: byAccount.id }, unrelated.token)).data).toBeDefined();
    expect(code(await gql(GET, { id: byAccount.id }, grouped.token))).toBe('NOT_FOUND');
    const byTask = await createPlan({ name: 'Task plan' });
    expect(code(await gql(GET, { id: byTask.id }, grouped.token))).toBe('NOT_FOUND');
    const task = await gql(
      'mutation($id: UUID!, $a: [AssigneeInput!]) { addIdpTask(idpId: $id, input: { name: "Do", assignees: $a }) { id } }',
      { id: byTask.id, a: [{ entityId: grouped.id, entityType: 'ACCOUNT' }] },
      owner.token,
    );
    expect(task.errors).toBeUndefined();
    expect((await gql(GET, { id: byTask.id }, grouped.token)).data).toBeDefined();
  });

  it('hides every plan of another organization, even from its ORG_ADMIN', async () => {
    const plan = await createPlan({ name: 'Shared widely', visibility: 'ORGANIZATION' });
    expect(code(await gql(GET, { id: plan.id }, outsider.token))).toBe('NOT_FOUND');
    expect(code(await gql(UPDATE, { id: plan.id, input: { name: 'x' } }, outsider.token))).toBe('NOT_FOUND');
    const listed = await gql<{ idps: { nodes: { id: string }[] } }>(LIST, { first: 500 }, outsider.token);
    expect(listed.data!.idps.nodes.map((n) => n.id)).not.toContain(plan.id);
  });
});

describe('scoped lists and due tasks', () => {
  it('lists MINE (owned or assigned) and REPORTS (assigned to people below me), filtered by type', async () => {
    const mine = await createPlan({ name: 'Scope mine', type: 'LEARNING' }, unrelated.token);
    const theirs = await createPlan({
      name: 'Scope report',
      type: 'LEARNING',
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
    });
    const names = async (scope: string, token: string) =>
      (
        await gql<{ idps: { nodes: { name: string }[]; totalCount: number } }>(LIST, { scope, type: 'LEARNING' }, token)
      ).data!.idps.nodes.map((n) => n.name);
    expect(await names('MINE', unrelated.token)).toEqual(['Scope mine']);
    expect(await names('MINE', assignee.token)).toEqual(['Scope report']);
    expect(await names('REPORTS', manager.token)).toEqual(['Scope report']);
    expect(await names('REPORTS', unrelated.token)).toEqual([]);
    // A PRIVATE plan of a skip-level report is not visible to the chain manager.
    expect(await names('REPORTS', chainManager.token)).toEqual([]);
    await gql(UPDATE, { id: theirs.id, input: { visibility: 'MANAGERS' } }, owner.token);
    expect(await names('REPORTS', chainManager.token)).toEqual(['Scope report']);
    expect(mine.sharing.ownerId).toBe(unrelated.id);
  });

  it('answers open tasks due before a date across visible plans, soonest first', async () => {
    const plan = await createPlan({
      name: 'Due plan',
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
    });
    const add = (name: string, dueDate: string) =>
      gql<{ addIdpTask: { id: string } }>(
        'mutation($id: UUID!, $input: IdpTaskInput!) { addIdpTask(idpId: $id, input: $input) { id } }',
        { id: plan.id, input: { name, dueDate } },
        owner.token,
      );
    const late = (await add('Late', '2020-03-01')).data!.addIdpTask.id;
    const later = (await add('Later', '2020-06-01')).data!.addIdpTask.id;
    const done = (await add('Done', '2020-01-01')).data!.addIdpTask.id;
    await add('Future', '2999-01-01');
    await gql(
      'mutation($id: UUID!, $task: UUID!) { completeIdpTask(idpId: $id, taskId: $task) { id } }',
      { id: plan.id, task: done },
      assignee.token,
    );
    const DUE =
      'query($before: LocalDate, $overdue: Boolean, $status: TaskState) { idpTasksDue(before: $before, overdue: $overdue, status: $status) { nodes { id name idp } } }';
    const dueFor = async (variables: Record<string, unknown>, token: string) =>
      (await gql<{ idpTasksDue: { nodes: { id: string }[] } }>(DUE, variables, token)).data!.idpTasksDue.nodes.map(
        (x) => x.id,
      );
    expect(await dueFor({ before: '2020-12-31' }, assignee.token)).toEqual([late, later]);
    expect(await dueFor({ before: '2020-04-01' }, manager.token)).toEqual([late]);
    expect(await dueFor({ overdue: true, status: 'DONE' }, assignee.token)).toEqual([done]);
    expect(await dueFor({ before: '2020-12-31' }, unrelated.token)).toEqual([]);
    const neither = await gql(DUE, {}, assignee.token);
    expect(code(neither)).toBe('BAD_USER_INPUT');
    expect(neither.errors![0].message).toBe('before or overdue is required');
  });
});

describe('tasks and notes', () => {
  it('keeps tasks in order when added at a position, moved and deleted; records who changed the status', async () => {
    const plan = await createPlan({ name: 'Ordered', assignees: [{ entityId: assignee.id, entityType: 'ACCOUNT' }] });
    const add = async (name: string, order?: number) =>
      (
        await gql<{ addIdpTask: { id: string } }>(
          'mutation($id: UUID!, $input: IdpTaskInput!) { addIdpTask(idpId: $id, input: $input) { id } }',
          { id: plan.id, input: { name, order } },
          owner.token,
        )
      ).data!.addIdpTask.id;
    await add('B');
    await add('C');
    const a = await add('A', 1);
    const order = async () =>
      (await gql<{ idp: Plan }>(GET, { id: plan.id }, owner.token)).data!.idp.tasks.map((x) => `${x.order}:${x.name}`);
    expect(await order()).toEqual(['1:A', '2:B', '3:C']);
    const moved = await gql(
      'mutation($id: UUID!, $task: UUID!) { updateIdpTask(idpId: $id, taskId: $task, input: { order: 3, status: IN_PROGRESS }) { id } }',
      { id: plan.id, task: a },
      assignee.token,
    );
    expect(moved.errors).toBeUndefined();
    expect(await order()).toEqual(['1:B', '2:C', '3:A']);
    const tasks = (await gql<{ idp: Plan }>(GET, { id: plan.id }, owner.token)).data!.idp.tasks;
    expect(tasks[2].status).toEqual({ current: 'IN_PROGRESS', changedBy: assignee.id });
    const reassign = await gql(
      'mutation($id: UUID!, $task: UUID!, $a: [AssigneeInput!]) { updateIdpTask(idpId: $id, taskId: $task, input: { assignees: $a }) { id } }',
      { id: plan.id, task: a, a: [] },
      assignee.token,
    );
    expect(code(reassign)).toBe('FORBIDDEN');
    expect(
      code(
        await gql(
          'mutation($id: UUID!, $task: UUID!) { deleteIdpTask(idpId: $id, taskId: $task) }',
          { id: plan.id, task: a },
          assignee.token,
        ),
      ),
    ).toBe('FORBIDDEN');
    const removed = await gql(
      'mutation($id: UUID!, $task: UUID!) { deleteIdpTask(idpId: $id, taskId: $task) }',
      { id: plan.id, task: tasks[0].id },
      owner.token,
    );
    expect(removed.errors).toBeUndefined();
    expect(await order()).toEqual(['1:C', '2:A']);
  });

  it('lets contributors add notes, only the author edit one, the author or an ORG_ADMIN delete one', async () => {
    const plan = await createPlan({
      name: 'Noted',
      visibility: 'ORGANIZATION',
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
    });
    const ADD =
      'mutation($id: UUID!, $note: String!) { addIdpNote(idpId: $id, input: { note: $note }) { id note author: authorId } }';
    const EDIT =
      'mutation($id: UUID!, $note: UUID!, $text: String!) { updateIdpNote(idpId: $id, noteId: $note, input: { note: $text }) { id note } }';
    const REMOVE = 'mutation($id: UUID!, $note: UUID!) { deleteIdpNote(idpId: $id, noteId: $note) }';
    const note = (
      await gql<{ addIdpNote: { id: string; author: string } }>(
        ADD,
        { id: plan.id, note: 'From the assignee' },
        assignee.token,
      )
    ).data!.addIdpNote;
    expect(note.author).toBe(assignee.id);
    expect(code(await gql(ADD, { id: plan.id, note: 'Reader' }, unrelated.token))).toBe('FORBIDDEN');
    expect(code(await gql(ADD, { id: plan.id, note: ' ' }, owner.token))).toBe('BAD_USER_INPUT');
    expect(code(await gql(EDIT, { id: plan.id, note: note.id, text: 'Owner edit' }, owner.token))).toBe('FORBIDDEN');
    expect(
      (
        await gql<{ updateIdpNote: { note: string } }>(
          EDIT,
          { id: plan.id, note: note.id, text: 'Edited' },
          assignee.token,
        )
      ).data!.updateIdpNote.note,
    ).toBe('Edited');
    expect(code(await gql(REMOVE, { id: plan.id, note: note.id }, owner.token))).toBe('FORBIDDEN');
    expect((await gql(REMOVE, { id: plan.id, note: note.id }, admin.token)).data).toEqual({ deleteIdpNote: true });
    expect((await gql<{ idp: Plan }>(GET, { id: plan.id }, owner.token)).data!.idp.notes).toEqual([]);
  });
});

describe('assignees that stop existing', () => {
  it('drops an employee’s and a group’s assignments, of plans and of tasks, when they are deleted', async () => {
    const leaver = await employee('Leaver', {});
    const squad = (
      await gql<{ createGroup: { id: string } }>(
        'mutation { createGroup(input: { name: "Squad to delete" }) { id } }',
        {},
        admin.token,
      )
    ).data!.createGroup.id;
    const plan = await createPlan({
      name: 'Outlives its assignees',
      assignees: [
        { entityId: leaver, entityType: 'EMPLOYEE' },
        { entityId: squad, entityType: 'GROUP' },
        { entityId: assignee.id, entityType: 'ACCOUNT' },
      ],
    });
    expect(plan.assignees).toHaveLength(3);
    const task = await gql(
      'mutation($id: UUID!, $a: [AssigneeInput!]) { addIdpTask(idpId: $id, input: { name: "Shared", assignees: $a }) { id } }',
      { id: plan.id, a: [{ entityId: leaver, entityType: 'EMPLOYEE' }] },
      owner.token,
    );
    expect(task.errors).toBeUndefined();
    expect(
      (await gql('mutation($id: UUID!) { deleteEmployee(id: $id) }', { id: leaver }, admin.token)).errors,
    ).toBeUndefined();
    expect(
      (await gql('mutation($id: UUID!) { deleteGroup(id: $id) }', { id: squad }, admin.token)).errors,
    ).toBeUndefined();
    const read = await gql<{ idp: Plan & { tasks: { assignees: unknown[] }[] } }>(
      `query($id: UUID!) { idp(id: $id) { assignees { entityId entityType } tasks { assignees { entityId } } } }`,
      { id: plan.id },
      owner.token,
    );
    expect(read.data!.idp.assignees).toEqual([{ entityId: assignee.id, entityType: 'ACCOUNT' }]);
    expect(read.data!.idp.tasks[0].assignees).toEqual([]);
  });
});

describe('listing 100 plans', () => {
  it('loads their tasks, notes and assignees with the same few queries as 10 plans', async () => {
    const lister = (await orgWithAdmin(t, 'Hundred Plans')).admin;
    const someone = await withId(t, lister);
    const ADD_TASK =
      'mutation($id: UUID!) { addIdpTask(idpId: $id, input: { name: "Step", dueDate: "2030-01-01" }) { id } }';
    for (let i = 0; i < 100; i++) {
      const plan = await createPlan(
        { name: `Plan ${String(i).padStart(3, '0')}`, assignees: [{ entityId: someone.id, entityType: 'ACCOUNT' }] },
        lister.token,
      );
      const task = await gql<{ addIdpTask: { id: string } }>(ADD_TASK, { id: plan.id }, lister.token);
      await gql(
        'mutation($id: UUID!, $task: UUID!) { addIdpNote(idpId: $id, taskId: $task, input: { note: "on the task" }) { id } }',
        { id: plan.id, task: task.data!.addIdpTask.id },
        lister.token,
      );
      await gql(
        'mutation($id: UUID!) { addIdpNote(idpId: $id, input: { note: "on the plan" }) { id } }',
        { id: plan.id },
        lister.token,
      );
    }
    // Each part paged: 100 plans of 50 tasks of 50 notes would pass GRAPHQL_MAX_COST.
    const FULL = `query($first: Int) { idps(first: $first) { nodes { id tasks(first: 5) { id notes(first: 5) { id } assignees(first: 5) { entityId } } notes(first: 5) { id } assignees(first: 5) { entityId } } totalCount } }`;
    const queriesFor = async (first: number) => {
      await t.app.eventsRelayed();
      const execute = jest.spyOn(t.app.db.orm.em.getConnection(), 'execute');
      try {
        const result = await gql<{ idps: { nodes: Plan[]; totalCount: number } }>(FULL, { first }, lister.token);
        expect(result.errors).toBeUndefined();
        expect(result.data!.idps.nodes).toHaveLength(first);
        expect(result.data!.idps.totalCount).toBe(100);
        for (const plan of result.data!.idps.nodes) {
          expect(plan.tasks).toHaveLength(1);
          expect(plan.tasks[0].notes).toHaveLength(1);
          expect(plan.notes).toHaveLength(1);
          expect(plan.assignees).toHaveLength(1);
        }
        return execute.mock.calls.length;
      } finally {
        execute.mockRestore();
      }
    };
    const ten = await queriesFor(10);
    const hundred = await queriesFor(100);
    expect(hundred).toBe(ten);
    expect(hundred).toBeLessThanOrEqual(12);
  }, 120_000);
});

describe('a task’s status in GraphQL', () => {
  // The input takes the TaskState enum; the output answers the same enum, not free text.
  it('is typed TaskState, as addIdpTask and updateIdpTask take it', async () => {
    const type = await t.api.graphql<{ __type: { fields: { name: string; type: { ofType: { name: string } } }[] } }>(
      '{ __type(name: "TaskStatus") { fields { name type { ofType { name } } } } }',
      {},
      admin.token,
    );
    expect(type.data!.__type.fields.find((f) => f.name === 'current')!.type.ofType.name).toBe('TaskState');
    const plan = await t.api.post<{ id: string }>(
      '/api/v1/idp',
      { name: 'Typed', startDate: '2026-01-01', type: 'CAREER' },
      admin.token,
    );
    const made = await t.api.graphql<{ addIdpTask: { status: { current: string } } }>(
      'mutation($idp: UUID!) { addIdpTask(idpId: $idp, input: { name: "Typed task", status: BLOCKED }) { status { current } } }',
      { idp: plan.body.id },
      admin.token,
    );
    expect(made.errors).toBeUndefined();
    expect(made.data!.addIdpTask.status.current).toBe('BLOCKED');
  });
});

describe('a plan’s visibility in GraphQL', () => {
  it('reads back as `visibility`, the name createIdp and updateIdp take, from the entity and the read model', async () => {
    const made = await t.api.graphql<{ createIdp: { id: string; visibility: string } }>(
      'mutation { createIdp(input: { name: "Seen", startDate: "2026-01-01", type: "CAREER", visibility: ORGANIZATION }) { id visibility } }',
      {},
      admin.token,
    );
    expect(made.errors).toBeUndefined();
    const read = await t.api.graphql<{ idp: { visibility: string; sharing: { visibility: string } } }>(
      'query($id: UUID!) { idp(id: $id) { visibility sharing { visibility } } }',
      { id: made.data!.createIdp.id },
      admin.token,
    );
    expect([made.data!.createIdp.visibility, read.data!.idp]).toEqual([
      'ORGANIZATION',
      { visibility: 'ORGANIZATION', sharing: { visibility: 'ORGANIZATION' } },
    ]);
  });
});
