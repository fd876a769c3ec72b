import { randomUUID } from 'node:crypto';
import { type AccountMember, member, withId } from '../helpers/directory';
import { type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { pagingOf, readPaging } from '../helpers/paging';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The IDP routes (/idp: plans, their tasks and notes, due tasks) over real HTTP, with the REST
// errors of docs/rest.md: 400 naming the field, 401, 403, and 404 for what the caller may not see.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let owner: AccountMember;
let assignee: AccountMember;
let manager: AccountMember;
let unrelated: AccountMember;
let outsider: AccountMember;
/** The assignee's employee record; the manager's employee record is its manager. */
let assigneeEmployee: string;
let foreignEmployee: string;

interface Status {
  current: string;
  changedAt: string;
  changedBy: string | null;
}
interface Assignee {
  entityId: string;
  entityType: string;
}
interface NoteRecord {
  id: string;
  note: string;
  author: string;
  createdAt: string;
}
interface TaskRecord {
  id: string;
  idp: string;
  organization: string;
  name: string;
  active: boolean;
  description: string | null;
  dueDate: string | null;
  connectedTo: { entityId: string; type: string; organization: string } | null;
  order: number;
  status: Status;
  created: { createdAt: string; createdBy: string | null };
  assignees: Assignee[];
  notes: NoteRecord[];
}
interface PlanRecord {
  id: string;
  organization: string;
  name: string;
  active: boolean;
  type: string;
  startDate: string;
  endDate: string | null;
  status: Status;
  created: { createdAt: string; createdBy: string | null };
  assignees: Assignee[];
  tasks: TaskRecord[];
  notes: NoteRecord[];
  sharing: { visibility: string; ownerId: string | null };
}
type Body = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PLAN_BODY = { name: 'Plan', startDate: '2026-01-01', type: 'CAREER' };
const MANAGERS_ONLY = 'only the owner, an assignee’s manager or an ORG_ADMIN may change the plan';
const CONTRIBUTORS_ONLY = 'only the plan’s owner, managers, assignees or an ORG_ADMIN may do this';
const TASK_STATES = 'NOT_STARTED, IN_PROGRESS, DONE, BLOCKED, CANCELLED';

async function employee(body: Body, token = admin.token): Promise<string> {
  const res = await t.api.post<{ id: string }>('/api/v1/employee', body, token);
  if (res.status !== 201) throw new Error(`could not create employee: ${res.status} ${res.text}`);
  return res.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const created = await orgWithAdmin(t, 'IDP Org');
  org = created.org;
  admin = await withId(t, created.admin);
  [owner, assignee, manager, unrelated] = await Promise.all(Array.from({ length: 4 }, () => member(t, org, admin)));
  outsider = await withId(t, (await orgWithAdmin(t, 'Other IDP Org')).admin);
  // manager <- assignee: the manager may change plans assigned to the assignee.
  const boss = await employee({ name: 'Manager', account: manager.id });
  assigneeEmployee = await employee({ name: 'Assignee', account: assignee.id, manager: boss });
  await employee({ name: 'Unrelated', account: unrelated.id });
  foreignEmployee = await employee({ name: 'Foreign' }, outsider.token);
});

afterAll(() => t.close());

const toAssignee = () => [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }];

async function createPlan(body: Body = {}, token = owner.token): Promise<PlanRecord> {
  const res = await t.api.post<PlanRecord>('/api/v1/idp', { ...PLAN_BODY, ...body }, token);
  if (res.status !== 201) throw new Error(`could not create plan: ${res.status} ${res.text}`);
  return res.body;
}

async function createTask(planId: string, body: Body, token = owner.token): Promise<TaskRecord> {
  const res = await t.api.post<TaskRecord>(`/api/v1/idp/${planId}/tasks`, body, token);
  if (res.status !== 201) throw new Error(`could not add task: ${res.status} ${res.text}`);
  return res.body;
}

async function createNote(path: string, note: string, token: string): Promise<NoteRecord> {
  const res = await t.api.post<NoteRecord>(`${path}/notes`, { note }, token);
  if (res.status !== 201) throw new Error(`could not add note: ${res.status} ${res.text}`);
  return res.body;
}

const plan = async (id: string, token = owner.token) => (await t.api.get<PlanRecord>(`/api/v1/idp/${id}`, token)).body;
const planIds = async (token = admin.token, query = '') =>
  (await t.api.get<PlanRecord[]>(`/api/v1/idp?limit=500${query}`, token)).body.map((p) => p.id);
const planNames = async (token: string, query: string) =>
  (await t.api.get<PlanRecord[]>(`/api/v1/idp?${query}`, token)).body.map((p) => p.name);
const tasksOf = async (planId: string) =>
  (await t.api.get<TaskRecord[]>(`/api/v1/idp/${planId}/tasks`, owner.token)).body.map((x) => `${x.order}:${x.name}`);
const notesAt = async (path: string, token = owner.token) =>
  (await t.api.get<NoteRecord[]>(`${path}/notes`, token)).body.map((n) => n.note);
/** A REST error: the status and the JSON-string body naming the problem. */
const expectError = (res: { status: number; body: unknown }, status: number, message: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: message });
/** A success without a body (a DELETE answers 200 with an empty body; docs/rest.md). */
const expectEmpty = (res: { status: number; text: string }) =>
  expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: '' });
/** A timestamp of the response lies between two instants taken around the request (same clock). */
function expectBetween(iso: string, from: number, to: number): void {
  expect(iso).toMatch(ISO);
  const at = new Date(iso).getTime();
  expect(at).toBeGreaterThanOrEqual(from);
  expect(at).toBeLessThanOrEqual(to);
}
/** Rows counted with raw SQL on the test app's database. */
async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.app.db.orm.em.fork().getConnection().execute<{ count: string | number }[]>(sql, params);
  return Number(row.count);
}
const rowsOfPlan = async (id: string) => ({
  idp: await count('select count(*) as count from idp where id = ?', [id]),
  tasks: await count('select count(*) as count from idp_task where idp_id = ?', [id]),
  notes: await count('select count(*) as count from idp_note where idp_id = ?', [id]),
  assignees: await count('select count(*) as count from idp_assignee where idp_id = ?', [id]),
});
const allRows = async () => ({
  idp: await count('select count(*) as count from idp'),
  tasks: await count('select count(*) as count from idp_task'),
  notes: await count('select count(*) as count from idp_note'),
  assignees: await count('select count(*) as count from idp_assignee'),
});
const malformed = (method: string, path: string, token: string) =>
  t.api.request(method, path, { token, raw: { body: '{"name":', type: 'application/json' } });

describe('POST /api/v1/idp', () => {
  it('creates a plan (201) owned by the caller, answering the whole plan record', async () => {
    const from = Date.now();
    const res = await t.api.post<PlanRecord>(
      '/api/v1/idp',
      {
        name: '  Grow into a lead ',
        startDate: '2026-01-15',
        endDate: '2026-12-31',
        type: ' CAREER ',
        visibility: 'MANAGERS',
        assignees: toAssignee(),
      },
      owner.token,
    );
    const to = Date.now();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      organization: org.id,
      name: 'Grow into a lead',
      active: true,
      type: 'CAREER',
      startDate: '2026-01-15',
      endDate: '2026-12-31',
      status: { current: 'ACTIVE', changedAt: expect.any(String), changedBy: owner.id },
      created: { createdAt: expect.any(String), createdBy: owner.id },
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
      tasks: [],
      notes: [],
      sharing: { visibility: 'MANAGERS', ownerId: owner.id },
      mappings: [],
    });
    expectBetween(res.body.status.changedAt, from, to);
    expectBetween(res.body.created.createdAt, from, to);
    const read = await t.api.get<PlanRecord>(`/api/v1/idp/${res.body.id}`, owner.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('defaults to PRIVATE without endDate or assignees, and accepts another owner of the organization', async () => {
    const plain = await t.api.post<PlanRecord>('/api/v1/idp', PLAN_BODY, owner.token);
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      endDate: null,
      assignees: [],
      sharing: { visibility: 'PRIVATE', ownerId: owner.id },
    });
    const forManager = await t.api.post<PlanRecord>(
      '/api/v1/idp',
      { ...PLAN_BODY, name: 'Given away', owner: manager.id },
      admin.token,
    );
    expect(forManager.status).toBe(201);
    expect(forManager.body.sharing).toEqual({ visibility: 'PRIVATE', ownerId: manager.id });
    expect(forManager.body.created.createdBy).toBe(admin.id);
    // The named owner reads the PRIVATE plan; the owner of the first one does not.
    expect((await t.api.get(`/api/v1/idp/${forManager.body.id}`, manager.token)).status).toBe(200);
    expectError(await t.api.get(`/api/v1/idp/${forManager.body.id}`, owner.token), 404, 'idp not found');
  });

  it('lists an assignee named twice once', async () => {
    const twice = [...toAssignee(), ...toAssignee(), { entityId: assignee.id, entityType: 'ACCOUNT' }];
    const res = await t.api.post<PlanRecord>(
      '/api/v1/idp',
      { ...PLAN_BODY, name: 'Named twice', assignees: twice },
      owner.token,
    );
    expect(res.status).toBe(201);
    expect(res.body.assignees).toHaveLength(2);
    expect(res.body.assignees).toEqual(
      expect.arrayContaining([
        { entityId: assigneeEmployee, entityType: 'EMPLOYEE' },
        { entityId: assignee.id, entityType: 'ACCOUNT' },
      ]),
    );
    expect(await rowsOfPlan(res.body.id)).toMatchObject({ assignees: 2 });
  });

  const refusals: [string, () => Body, string][] = [
    ['no name', () => ({ startDate: '2026-01-01', type: 'CAREER' }), 'name is required'],
    ['a blank name', () => ({ ...PLAN_BODY, name: '   ' }), 'name must be 1-200 characters'],
    ['no startDate', () => ({ name: 'X', type: 'CAREER' }), 'startDate is required'],
    [
      'startDate 2026-02-30',
      () => ({ ...PLAN_BODY, startDate: '2026-02-30' }),
      'startDate must be a date (YYYY-MM-DD)',
    ],
    [
      'startDate not-a-date',
      () => ({ ...PLAN_BODY, startDate: 'not-a-date' }),
      'startDate must be a date (YYYY-MM-DD)',
    ],
    ['endDate 2026-13-01', () => ({ ...PLAN_BODY, endDate: '2026-13-01' }), 'endDate must be a date (YYYY-MM-DD)'],
    [
      'endDate before startDate',
      () => ({ ...PLAN_BODY, startDate: '2026-06-01', endDate: '2026-05-31' }),
      'endDate must not be before startDate',
    ],
    ['no type', () => ({ name: 'X', startDate: '2026-01-01' }), 'type is required'],
    ['an empty type', () => ({ ...PLAN_BODY, type: '' }), 'type must be 1-100 characters'],
    ['a blank type', () => ({ ...PLAN_BODY, type: '   ' }), 'type must be 1-100 characters'],
    ['a type that is not a string', () => ({ ...PLAN_BODY, type: 5 }), 'type must be a string'],
    [
      'a visibility outside the allowed values',
      () => ({ ...PLAN_BODY, visibility: 'PUBLIC' }),
      'visibility must be one of PRIVATE, MANAGERS, ORGANIZATION',
    ],
    ['an owner that is not a UUID', () => ({ ...PLAN_BODY, owner: 'nope' }), 'owner must be a UUID'],
    [
      'an owner that is no account',
      () => ({ ...PLAN_BODY, owner: randomUUID() }),
      'owner must be an account of the organization',
    ],
    [
      'an owner of another organization',
      () => ({ ...PLAN_BODY, owner: outsider.id }),
      'owner must be an account of the organization',
    ],
    [
      'an unknown employee assignee',
      () => ({ ...PLAN_BODY, assignees: [{ entityId: randomUUID(), entityType: 'EMPLOYEE' }] }),
      'assignees.0.entityId must be an employee of the organization',
    ],
    [
      'an employee of another organization',
      () => ({ ...PLAN_BODY, assignees: [{ entityId: foreignEmployee, entityType: 'EMPLOYEE' }] }),
      'assignees.0.entityId must be an employee of the organization',
    ],
    [
      'an unknown group',
      () => ({ ...PLAN_BODY, assignees: [{ entityId: randomUUID(), entityType: 'GROUP' }] }),
      'assignees.0.entityId must be a group of the organization',
    ],
    [
      'a valid assignee then an account of another organization',
      () => ({ ...PLAN_BODY, assignees: [...toAssignee(), { entityId: outsider.id, entityType: 'ACCOUNT' }] }),
      'assignees.1.entityId must be an account of the organization',
    ],
    [
      'an assignee type outside the allowed values',
      () => ({ ...PLAN_BODY, assignees: [{ entityId: randomUUID(), entityType: 'ROBOT' }] }),
      'assignees.0.entityType must be one of EMPLOYEE, GROUP, ACCOUNT',
    ],
    [
      'an assignee id that is not a UUID',
      () => ({ ...PLAN_BODY, assignees: [{ entityId: 'x', entityType: 'ACCOUNT' }] }),
      'assignees.0.entityId must be a UUID',
    ],
  ];

  it.each(refusals)('answers 400 naming the field for %s, storing nothing', async (_case, body, message) => {
    const listed = await planIds();
    const stored = await allRows();
    const res = await t.api.post('/api/v1/idp', body(), owner.token);
    expectError(res, 400, message);
    expect(await planIds()).toEqual(listed);
    expect(await allRows()).toEqual(stored);
  });

  it('answers 400 for malformed JSON or a body that is not an object, 401 without a valid token; stores nothing', async () => {
    const listed = await planIds();
    expectError(await malformed('POST', '/api/v1/idp', owner.token), 400, 'request body is not valid JSON');
    const array = await t.api.request('POST', '/api/v1/idp', {
      token: owner.token,
      raw: { body: '[1]', type: 'application/json' },
    });
    expectError(array, 400, 'request body must be a JSON object');
    expectError(await t.api.post('/api/v1/idp', PLAN_BODY), 401, 'authentication required');
    expect((await t.api.post('/api/v1/idp', PLAN_BODY, 'not-a-jwt')).status).toBe(401);
    expect(await planIds()).toEqual(listed);
  });
});

describe('GET /api/v1/idp', () => {
  it('lists the plans the caller may see, by name, never another organization’s; scope narrows them', async () => {
    const shared = await createPlan({ name: 'List A shared', type: 'LISTED', visibility: 'ORGANIZATION' });
    const assigned = await createPlan({ name: 'List B assigned', type: 'LISTED', assignees: toAssignee() });
    await createPlan({ name: 'List C own', type: 'LISTED' }, unrelated.token);
    await createPlan({ name: 'List D outside', type: 'LISTED', visibility: 'ORGANIZATION' }, outsider.token);
    const res = await t.api.get<PlanRecord[]>('/api/v1/idp?type=LISTED', owner.token);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.name)).toEqual(['List A shared', 'List B assigned']);
    // List items are whole records.
    expect(res.body[1]).toEqual(await plan(assigned.id));
    expect(res.body[0]).toEqual(shared);
    expect(await planNames(assignee.token, 'type=LISTED')).toEqual(['List A shared', 'List B assigned']);
    expect(await planNames(manager.token, 'type=LISTED')).toEqual(['List A shared', 'List B assigned']);
    expect(await planNames(unrelated.token, 'type=LISTED')).toEqual(['List A shared', 'List C own']);
    expect(await planNames(admin.token, 'type=LISTED')).toEqual(['List A shared', 'List B assigned', 'List C own']);
    expect(await planNames(outsider.token, 'type=LISTED')).toEqual(['List D outside']);
    expect(await planNames(unrelated.token, 'type=LISTED&scope=MINE')).toEqual(['List C own']);
    expect(await planNames(assignee.token, 'type=LISTED&scope=MINE')).toEqual(['List B assigned']);
    expect(await planNames(manager.token, 'type=LISTED&scope=REPORTS')).toEqual(['List B assigned']);
    expect(await planNames(owner.token, 'type=LISTED&scope=REPORTS')).toEqual([]);
  });

  it('pages with limit and offset and filters on active', async () => {
    for (const name of ['Page 1', 'Page 2', 'Page 3']) await createPlan({ name, type: 'PAGED' });
    expect(await planNames(owner.token, 'type=PAGED&limit=2')).toEqual(['Page 1', 'Page 2']);
    expect(await planNames(owner.token, 'type=PAGED&limit=2&offset=1')).toEqual(['Page 2', 'Page 3']);
    expect(await planNames(owner.token, 'type=PAGED&offset=3')).toEqual([]);
    const [, second] = await t.api.get<PlanRecord[]>('/api/v1/idp?type=PAGED', owner.token).then((r) => r.body);
    expect((await t.api.patch(`/api/v1/idp/${second.id}`, { active: false }, owner.token)).status).toBe(200);
    expect(await planNames(owner.token, 'type=PAGED&active=false')).toEqual(['Page 2']);
    expect(await planNames(owner.token, 'type=PAGED&active=true')).toEqual(['Page 1', 'Page 3']);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 500'],
    ['?limit=501', 'limit must be between 1 and 500'],
    ['?limit=abc', 'limit must be an integer'],
    ['?offset=-1', 'offset must be 0 or more'],
    ['?scope=EVERYONE', 'scope must be one of ALL, MINE, REPORTS'],
    ['?active=maybe', 'active must be a boolean'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    expectError(await t.api.get(`/api/v1/idp${query}`, owner.token), 400, message);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expectError(await t.api.get('/api/v1/idp'), 401, 'authentication required');
    expect((await t.api.get('/api/v1/idp', 'not-a-jwt')).status).toBe(401);
  });
});

describe('GET /api/v1/idp/{id}', () => {
  it('reads a PRIVATE plan for its owner, assignee, the assignee’s manager and an ORG_ADMIN', async () => {
    const created = await createPlan({ name: 'Readable', assignees: toAssignee() });
    for (const caller of [owner, assignee, manager, admin]) {
      const res = await t.api.get<PlanRecord>(`/api/v1/idp/${created.id}`, caller.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
    }
    expect((await t.api.get<PlanRecord>(`/api/v1/idp/${created.id.toUpperCase()}`, owner.token)).body).toEqual(created);
  });

  it('answers 404 for a PRIVATE plan the caller may not see, as for another organization’s plan or an unknown id', async () => {
    const hidden = await createPlan({ name: 'Hidden' });
    const shared = await createPlan({ name: 'Shared', visibility: 'ORGANIZATION' });
    expect((await t.api.get(`/api/v1/idp/${shared.id}`, unrelated.token)).status).toBe(200);
    expectError(await t.api.get(`/api/v1/idp/${hidden.id}`, unrelated.token), 404, 'idp not found');
    expectError(await t.api.get(`/api/v1/idp/${shared.id}`, outsider.token), 404, 'idp not found');
    expectError(await t.api.get(`/api/v1/idp/${randomUUID()}`, owner.token), 404, 'idp not found');
  });

  it('answers 400 for a non-UUID id and 401 without a token', async () => {
    expectError(await t.api.get('/api/v1/idp/not-a-uuid', owner.token), 400, 'id must be a UUID');
    const created = await createPlan({ name: 'Needs a token' });
    expectError(await t.api.get(`/api/v1/idp/${created.id}`), 401, 'authentication required');
  });
});

describe('PATCH /api/v1/idp/{id}', () => {
  it('lets the owner change every field; null clears endDate', async () => {
    const created = await createPlan({ name: 'Before', endDate: '2026-06-30', assignees: toAssignee() });
    const res = await t.api.patch<PlanRecord>(
      `/api/v1/idp/${created.id}`,
      {
        name: ' After ',
        type: 'LEARNING',
        startDate: '2026-02-01',
        endDate: '2026-09-30',
        visibility: 'ORGANIZATION',
        assignees: [{ entityId: unrelated.id, entityType: 'ACCOUNT' }],
      },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      name: 'After',
      type: 'LEARNING',
      startDate: '2026-02-01',
      endDate: '2026-09-30',
      sharing: { visibility: 'ORGANIZATION', ownerId: owner.id },
      assignees: [{ entityId: unrelated.id, entityType: 'ACCOUNT' }],
    });
    expect(await plan(created.id)).toEqual(res.body);
    const cleared = await t.api.patch<PlanRecord>(`/api/v1/idp/${created.id}`, { endDate: null }, owner.token);
    expect(cleared.body).toMatchObject({ endDate: null, name: 'After', startDate: '2026-02-01' });
    const handed = await t.api.patch<PlanRecord>(`/api/v1/idp/${created.id}`, { owner: manager.id }, owner.token);
    expect(handed.body.sharing).toEqual({ visibility: 'ORGANIZATION', ownerId: manager.id });
  });

  it('accepts the record as read sent back with a change (read-only fields are ignored)', async () => {
    const created = await createPlan({ name: 'Round trip', assignees: toAssignee() });
    const res = await t.api.patch<PlanRecord>(
      `/api/v1/idp/${created.id}`,
      { ...created, name: 'Round trip 2', id: randomUUID(), organization: outsider.id },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Round trip 2' });
  });

  it('lets an assignee’s manager deactivate and reactivate a plan, recording when and by whom', async () => {
    const created = await createPlan({ name: 'Managed', assignees: toAssignee() });
    let from = Date.now();
    const off = await t.api.patch<PlanRecord>(`/api/v1/idp/${created.id}`, { active: false }, manager.token);
    let to = Date.now();
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, status: { current: 'INACTIVE', changedBy: manager.id } });
    expectBetween(off.body.status.changedAt, from, to);
    expect((await plan(created.id)).status).toEqual(off.body.status);
    // The same value again changes nothing, not even the time of the status.
    const same = await t.api.patch<PlanRecord>(`/api/v1/idp/${created.id}`, { active: false }, owner.token);
    expect(same.body.status).toEqual(off.body.status);
    from = Date.now();
    const on = await t.api.patch<PlanRecord>(`/api/v1/idp/${created.id}`, { active: true }, owner.token);
    to = Date.now();
    expect(on.body).toMatchObject({ active: true, status: { current: 'ACTIVE', changedBy: owner.id } });
    expectBetween(on.body.status.changedAt, from, to);
  });

  const refusals: [string, () => Body, string][] = [
    ['endDate before the stored startDate', () => ({ endDate: '2025-12-31' }), 'endDate must not be before startDate'],
    ['startDate after the stored endDate', () => ({ startDate: '2027-01-01' }), 'endDate must not be before startDate'],
    ['startDate 2026-02-30', () => ({ startDate: '2026-02-30' }), 'startDate must be a date (YYYY-MM-DD)'],
    ['startDate not-a-date', () => ({ startDate: 'not-a-date' }), 'startDate must be a date (YYYY-MM-DD)'],
    ['an empty type', () => ({ type: '' }), 'type must be 1-100 characters'],
    ['a blank type', () => ({ type: '   ' }), 'type must be 1-100 characters'],
    ['a blank name', () => ({ name: ' ' }), 'name must be 1-200 characters'],
    [
      'a visibility outside the allowed values',
      () => ({ visibility: 'EVERYONE' }),
      'visibility must be one of PRIVATE, MANAGERS, ORGANIZATION',
    ],
    ['active that is not a boolean', () => ({ active: 'no' }), 'active must be a boolean'],
    [
      'a new name with an owner that is no account',
      () => ({ name: 'Half done', owner: randomUUID() }),
      'owner must be an account of the organization',
    ],
    [
      'a new name with an owner of another organization',
      () => ({ name: 'Half done', owner: outsider.id }),
      'owner must be an account of the organization',
    ],
    [
      'a new name with an unknown assignee',
      () => ({
        name: 'Half done',
        visibility: 'ORGANIZATION',
        assignees: [{ entityId: randomUUID(), entityType: 'EMPLOYEE' }],
      }),
      'assignees.0.entityId must be an employee of the organization',
    ],
  ];

  it.each(refusals)('answers 400 naming the field for %s, changing nothing', async (_case, body, message) => {
    const created = await createPlan({ name: 'Unchanged', endDate: '2026-12-31', assignees: toAssignee() });
    const res = await t.api.patch(`/api/v1/idp/${created.id}`, body(), owner.token);
    expectError(res, 400, message);
    expect(await plan(created.id)).toEqual(created);
  });

  it('answers 403 to an assignee and to a member who may only read; 404 to one who may not see it or another organization', async () => {
    const hidden = await createPlan({ name: 'Guarded', assignees: toAssignee() });
    const shared = await createPlan({ name: 'Guarded shared', visibility: 'ORGANIZATION' });
    expectError(await t.api.patch(`/api/v1/idp/${hidden.id}`, { name: 'Taken' }, assignee.token), 403, MANAGERS_ONLY);
    expectError(await t.api.patch(`/api/v1/idp/${shared.id}`, { name: 'Taken' }, unrelated.token), 403, MANAGERS_ONLY);
    expectError(
      await t.api.patch(`/api/v1/idp/${hidden.id}`, { name: 'Taken' }, unrelated.token),
      404,
      'idp not found',
    );
    expectError(await t.api.patch(`/api/v1/idp/${shared.id}`, { name: 'Taken' }, outsider.token), 404, 'idp not found');
    expectError(await t.api.patch(`/api/v1/idp/${randomUUID()}`, { name: 'Taken' }, owner.token), 404, 'idp not found');
    expect((await plan(hidden.id)).name).toBe('Guarded');
    expect((await plan(shared.id)).name).toBe('Guarded shared');
  });

  it('answers 400 for a non-UUID id and malformed JSON, 401 without a token', async () => {
    const created = await createPlan({ name: 'Patched badly' });
    expectError(await t.api.patch('/api/v1/idp/123', { name: 'x' }, owner.token), 400, 'id must be a UUID');
    expectError(
      await malformed('PATCH', `/api/v1/idp/${created.id}`, owner.token),
      400,
      'request body is not valid JSON',
    );
    expectError(await t.api.patch(`/api/v1/idp/${created.id}`, { name: 'x' }), 401, 'authentication required');
    expect(await plan(created.id)).toEqual(created);
  });
});

describe('DELETE /api/v1/idp/{id}', () => {
  it('deletes a plan with its tasks, notes and assignees: 200 without a body, then 404, and no orphaned rows', async () => {
    const created = await createPlan({ name: 'Doomed', visibility: 'ORGANIZATION', assignees: toAssignee() });
    const task = await createTask(created.id, {
      name: 'Doomed task',
      assignees: [{ entityId: assignee.id, entityType: 'ACCOUNT' }],
    });
    await createNote(`/api/v1/idp/${created.id}`, 'On the plan', owner.token);
    await createNote(`/api/v1/idp/${created.id}/tasks/${task.id}`, 'On the task', assignee.token);
    const kept = await createPlan({ name: 'Kept', assignees: toAssignee() });
    await createTask(kept.id, { name: 'Kept task' });
    const keptRows = await rowsOfPlan(kept.id);
    expect(await rowsOfPlan(created.id)).toEqual({ idp: 1, tasks: 1, notes: 2, assignees: 2 });
    expectEmpty(await t.api.delete(`/api/v1/idp/${created.id}`, owner.token));
    expectError(await t.api.get(`/api/v1/idp/${created.id}`, owner.token), 404, 'idp not found');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${task.id}`, owner.token), 404, 'idp not found');
    expect(await planIds()).not.toContain(created.id);
    expect(await rowsOfPlan(created.id)).toEqual({ idp: 0, tasks: 0, notes: 0, assignees: 0 });
    expect(await count('select count(*) as count from idp_note where task_id = ?', [task.id])).toBe(0);
    expect(await count('select count(*) as count from idp_assignee where task_id = ?', [task.id])).toBe(0);
    expect(await rowsOfPlan(kept.id)).toEqual(keptRows);
    // Deleting it again: it no longer exists.
    expectError(await t.api.delete(`/api/v1/idp/${created.id}`, owner.token), 404, 'idp not found');
  });

  it('lets an assignee’s manager and an ORG_ADMIN delete a plan', async () => {
    for (const caller of [manager, admin]) {
      const created = await createPlan({ name: 'Deletable', assignees: toAssignee() });
      expectEmpty(await t.api.delete(`/api/v1/idp/${created.id}`, caller.token));
      expectError(await t.api.get(`/api/v1/idp/${created.id}`, admin.token), 404, 'idp not found');
    }
  });

  it('answers 403 to an assignee or a reader, 404 to one who may not see it or another organization, 400, 401; the plan stays', async () => {
    const hidden = await createPlan({ name: 'Staying', assignees: toAssignee() });
    const shared = await createPlan({ name: 'Staying shared', visibility: 'ORGANIZATION' });
    await createTask(hidden.id, { name: 'Staying task' });
    expectError(await t.api.delete(`/api/v1/idp/${hidden.id}`, assignee.token), 403, MANAGERS_ONLY);
    expectError(await t.api.delete(`/api/v1/idp/${shared.id}`, unrelated.token), 403, MANAGERS_ONLY);
    expectError(await t.api.delete(`/api/v1/idp/${hidden.id}`, unrelated.token), 404, 'idp not found');
    expectError(await t.api.delete(`/api/v1/idp/${shared.id}`, outsider.token), 404, 'idp not found');
    expectError(await t.api.delete('/api/v1/idp/nope', owner.token), 400, 'id must be a UUID');
    expectError(await t.api.delete(`/api/v1/idp/${hidden.id}`), 401, 'authentication required');
    expect(await rowsOfPlan(hidden.id)).toEqual({ idp: 1, tasks: 1, notes: 0, assignees: 1 });
    expect(await rowsOfPlan(shared.id)).toMatchObject({ idp: 1 });
  });
});

describe('POST and GET /api/v1/idp/{id}/tasks', () => {
  it('adds a task (201) with every field; the caller’s organization is the default of connectedTo', async () => {
    const created = await createPlan({ name: 'With tasks', assignees: toAssignee() });
    const from = Date.now();
    const res = await t.api.post<TaskRecord>(
      `/api/v1/idp/${created.id}/tasks`,
      {
        name: ' Read the book ',
        description: ' Chapters 1-3 ',
        dueDate: '2030-03-01',
        connectedTo: { entityId: 'goal-1', type: 'GOAL' },
        assignees: [{ entityId: assignee.id, entityType: 'ACCOUNT' }],
      },
      owner.token,
    );
    const to = Date.now();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      idp: created.id,
      organization: org.id,
      name: 'Read the book',
      active: true,
      description: 'Chapters 1-3',
      dueDate: '2030-03-01',
      connectedTo: { entityId: 'goal-1', type: 'GOAL', organization: org.id },
      order: 1,
      status: { current: 'NOT_STARTED', changedAt: expect.any(String), changedBy: owner.id },
      created: { createdAt: expect.any(String), createdBy: owner.id },
      assignees: [{ entityId: assignee.id, entityType: 'ACCOUNT' }],
      notes: [],
      mappings: [],
    });
    expectBetween(res.body.status.changedAt, from, to);
    expectBetween(res.body.created.createdAt, from, to);
    const listed = await t.api.get<TaskRecord[]>(`/api/v1/idp/${created.id}/tasks`, assignee.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([res.body]);
    expect((await plan(created.id)).tasks).toEqual([res.body]);
    // Another organization named in connectedTo is kept as given (a partner system's entity).
    const linked = await createTask(created.id, {
      name: 'Linked',
      connectedTo: { entityId: 'x-9', type: 'GOAL', organization: outsider.id },
    });
    expect(linked.connectedTo).toEqual({ entityId: 'x-9', type: 'GOAL', organization: outsider.id });
  });

  it('keeps tasks in order: a position moves the others, a large one goes last; a status may be given', async () => {
    const created = await createPlan({ name: 'Ordered' });
    await createTask(created.id, { name: 'B' });
    await createTask(created.id, { name: 'C' });
    expect((await createTask(created.id, { name: 'A', order: 1 })).order).toBe(1);
    const last = await createTask(created.id, { name: 'D', order: 99, status: 'IN_PROGRESS' });
    expect(last).toMatchObject({ order: 4, status: { current: 'IN_PROGRESS', changedBy: owner.id } });
    expect(await tasksOf(created.id)).toEqual(['1:A', '2:B', '3:C', '4:D']);
    expect((await plan(created.id)).tasks.map((x) => x.name)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('pages them in order: GraphQL by cursor with totalCount, REST with limit, X-Total-Count and Link', async () => {
    const created = await createPlan({ name: 'Paged tasks' });
    // Each goes first, so the order is the reverse of the making; twelve, so that a cursor at
    // order 8 must still find 10 to 12 (positions compare as numbers, not as text).
    const made: TaskRecord[] = [];
    for (let i = 1; i <= 12; i++) made.push(await createTask(created.id, { name: `T${i}`, order: 1 }));
    const list = {
      field: `idpTasks(idpId: "${created.id}")`,
      rest: `/api/v1/idp/${created.id}/tasks`,
      token: owner.token,
      foreign: 'idps',
    };
    expect(await readPaging(t.api, list)).toEqual(
      pagingOf(
        made.reverse().map((x) => x.id),
        list.rest,
      ),
    );
    // Who may not see the plan sees none of its tasks, whatever the page.
    const hidden = await t.api.graphql(
      `{ idpTasks(idpId: "${created.id}", first: 1) { totalCount } }`,
      {},
      unrelated.token,
    );
    expect(hidden.errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  const refusals: [string, () => Body, string][] = [
    ['no name', () => ({ dueDate: '2030-01-01' }), 'name is required'],
    ['a blank name', () => ({ name: '  ' }), 'name must be 1-200 characters'],
    ['dueDate 2026-02-30', () => ({ name: 'X', dueDate: '2026-02-30' }), 'dueDate must be a date (YYYY-MM-DD)'],
    ['dueDate not-a-date', () => ({ name: 'X', dueDate: 'not-a-date' }), 'dueDate must be a date (YYYY-MM-DD)'],
    [
      'a status outside the allowed values',
      () => ({ name: 'X', status: 'FINISHED' }),
      `status must be one of ${TASK_STATES}`,
    ],
    ['order 0', () => ({ name: 'X', order: 0 }), 'order must be 1 or more'],
    ['order that is not an integer', () => ({ name: 'X', order: 1.5 }), 'order must be an integer'],
    [
      'connectedTo without a type',
      () => ({ name: 'X', connectedTo: { entityId: 'g' } }),
      'connectedTo.type is required',
    ],
    [
      'connectedTo with a blank entityId',
      () => ({ name: 'X', connectedTo: { entityId: ' ', type: 'GOAL' } }),
      'connectedTo.entityId must be 1-200 characters',
    ],
    [
      'an unknown account assignee',
      () => ({ name: 'X', assignees: [{ entityId: randomUUID(), entityType: 'ACCOUNT' }] }),
      'assignees.0.entityId must be an account of the organization',
    ],
    [
      'an employee of another organization',
      () => ({ name: 'X', assignees: [{ entityId: foreignEmployee, entityType: 'EMPLOYEE' }] }),
      'assignees.0.entityId must be an employee of the organization',
    ],
  ];

  it.each(refusals)('answers 400 naming the field for %s, storing nothing', async (_case, body, message) => {
    const created = await createPlan({ name: 'Refusing tasks' });
    await createTask(created.id, { name: 'First' });
    const res = await t.api.post(`/api/v1/idp/${created.id}/tasks`, { order: 1, ...body() }, owner.token);
    expectError(res, 400, message);
    expect(await tasksOf(created.id)).toEqual(['1:First']);
    expect(await rowsOfPlan(created.id)).toEqual({ idp: 1, tasks: 1, notes: 0, assignees: 0 });
  });

  it('answers 403 to an assignee, 404 to one who may not see the plan or another organization, 400, 401; stores nothing', async () => {
    const hidden = await createPlan({ name: 'No tasks for you', assignees: toAssignee() });
    const shared = await createPlan({ name: 'Shared, no tasks', visibility: 'ORGANIZATION' });
    const path = (id: string) => `/api/v1/idp/${id}/tasks`;
    expectError(await t.api.post(path(hidden.id), { name: 'X' }, assignee.token), 403, MANAGERS_ONLY);
    expectError(await t.api.post(path(shared.id), { name: 'X' }, unrelated.token), 403, MANAGERS_ONLY);
    expectError(await t.api.post(path(hidden.id), { name: 'X' }, unrelated.token), 404, 'idp not found');
    expectError(await t.api.post(path(shared.id), { name: 'X' }, outsider.token), 404, 'idp not found');
    expectError(await t.api.get(path(hidden.id), unrelated.token), 404, 'idp not found');
    expectError(await t.api.get(path(shared.id), outsider.token), 404, 'idp not found');
    expectError(await t.api.post('/api/v1/idp/nope/tasks', { name: 'X' }, owner.token), 400, 'id must be a UUID');
    expectError(await t.api.get('/api/v1/idp/nope/tasks', owner.token), 400, 'id must be a UUID');
    expectError(await malformed('POST', path(hidden.id), owner.token), 400, 'request body is not valid JSON');
    expectError(await t.api.post(path(hidden.id), { name: 'X' }), 401, 'authentication required');
    expectError(await t.api.get(path(hidden.id)), 401, 'authentication required');
    expect(await tasksOf(hidden.id)).toEqual([]);
    expect(await tasksOf(shared.id)).toEqual([]);
  });
});

describe('GET, PATCH and DELETE /api/v1/idp/{id}/tasks/{taskId}', () => {
  it('reads one task; 404 for an unknown task or another plan’s; 400 for a non-UUID taskId', async () => {
    const created = await createPlan({ name: 'One task', assignees: toAssignee() });
    const other = await createPlan({ name: 'Other task' });
    const task = await createTask(created.id, { name: 'Mine', dueDate: '2030-01-01' });
    const elsewhere = await createTask(other.id, { name: 'Theirs' });
    const res = await t.api.get<TaskRecord>(`/api/v1/idp/${created.id}/tasks/${task.id}`, assignee.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(task);
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${elsewhere.id}`, owner.token), 404, 'task not found');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${randomUUID()}`, owner.token), 404, 'task not found');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/nope`, owner.token), 400, 'taskId must be a UUID');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${task.id}`, unrelated.token), 404, 'idp not found');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${task.id}`, outsider.token), 404, 'idp not found');
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${task.id}`), 401, 'authentication required');
  });

  it('moves the status through every state, recording when and by whom', async () => {
    const created = await createPlan({ name: 'Stateful', assignees: toAssignee() });
    const task = await createTask(created.id, { name: 'Work' });
    expect(task.status.current).toBe('NOT_STARTED');
    const path = `/api/v1/idp/${created.id}/tasks/${task.id}`;
    const steps: [string, AccountMember][] = [
      ['IN_PROGRESS', assignee],
      ['BLOCKED', assignee],
      ['IN_PROGRESS', manager],
      ['DONE', assignee],
      ['CANCELLED', owner],
      ['NOT_STARTED', admin],
    ];
    let last = task.status;
    for (const [state, caller] of steps) {
      const from = Date.now();
      const res = await t.api.patch<TaskRecord>(path, { status: state }, caller.token);
      const to = Date.now();
      expect(res.status).toBe(200);
      expect(res.body.status).toMatchObject({ current: state, changedBy: caller.id });
      expectBetween(res.body.status.changedAt, from, to);
      expect(new Date(res.body.status.changedAt).getTime()).toBeGreaterThanOrEqual(new Date(last.changedAt).getTime());
      expect((await t.api.get<TaskRecord>(path, owner.token)).body.status).toEqual(res.body.status);
      last = res.body.status;
    }
    // The same state again is no change: the status keeps its time and author.
    const same = await t.api.patch<TaskRecord>(path, { status: 'NOT_STARTED', name: 'Work again' }, owner.token);
    expect(same.body).toMatchObject({ name: 'Work again', status: last });
  });

  it('updates fields; null clears description, dueDate and connectedTo; order moves the task', async () => {
    const created = await createPlan({ name: 'Editable tasks', assignees: toAssignee() });
    const a = await createTask(created.id, {
      name: 'A',
      description: 'About A',
      dueDate: '2030-01-01',
      connectedTo: { entityId: 'g-1', type: 'GOAL' },
    });
    await createTask(created.id, { name: 'B' });
    await createTask(created.id, { name: 'C' });
    const path = `/api/v1/idp/${created.id}/tasks/${a.id}`;
    const moved = await t.api.patch<TaskRecord>(
      path,
      { name: 'A2', description: 'New', dueDate: '2030-02-02', order: 3, active: false },
      assignee.token,
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      name: 'A2',
      description: 'New',
      dueDate: '2030-02-02',
      order: 3,
      active: false,
      status: a.status,
    });
    expect(await tasksOf(created.id)).toEqual(['1:B', '2:C', '3:A2']);
    const cleared = await t.api.patch<TaskRecord>(
      path,
      { description: null, dueDate: null, connectedTo: null },
      owner.token,
    );
    expect(cleared.body).toMatchObject({ description: null, dueDate: null, connectedTo: null, name: 'A2' });
    const relinked = await t.api.patch<TaskRecord>(
      path,
      {
        connectedTo: { entityId: 'g-2', type: 'SKILL' },
        assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
      },
      manager.token,
    );
    expect(relinked.body).toMatchObject({
      connectedTo: { entityId: 'g-2', type: 'SKILL', organization: org.id },
      assignees: [{ entityId: assigneeEmployee, entityType: 'EMPLOYEE' }],
    });
    expect(await t.api.get<TaskRecord>(path, owner.token).then((r) => r.body)).toEqual(relinked.body);
  });

  const refusals: [string, Body, string][] = [
    ['a status outside the allowed values', { status: 'FINISHED' }, `status must be one of ${TASK_STATES}`],
    ['a status in lower case', { status: 'done' }, `status must be one of ${TASK_STATES}`],
    ['dueDate 2026-02-30', { dueDate: '2026-02-30' }, 'dueDate must be a date (YYYY-MM-DD)'],
    ['dueDate not-a-date', { dueDate: 'not-a-date' }, 'dueDate must be a date (YYYY-MM-DD)'],
    ['an empty name', { name: '' }, 'name must be 1-200 characters'],
    ['order 0', { order: 0 }, 'order must be 1 or more'],
    ['active that is not a boolean', { active: 'no' }, 'active must be a boolean'],
    [
      'a new name with an unknown assignee',
      { name: 'Half done', status: 'DONE', assignees: [{ entityId: randomUUID(), entityType: 'GROUP' }] },
      'assignees.0.entityId must be a group of the organization',
    ],
  ];

  it.each(refusals)('answers 400 naming the field for %s, changing nothing', async (_case, body, message) => {
    const created = await createPlan({ name: 'Refusing changes' });
    const task = await createTask(created.id, { name: 'Steady', dueDate: '2030-01-01' });
    const path = `/api/v1/idp/${created.id}/tasks/${task.id}`;
    expectError(await t.api.patch(path, body, owner.token), 400, message);
    expect((await t.api.get<TaskRecord>(path, owner.token)).body).toEqual(task);
  });

  it('answers 403 to a reader who may not contribute and to an assignee changing assignees; 404, 400 and 401 otherwise', async () => {
    const shared = await createPlan({ name: 'Shared tasks', visibility: 'ORGANIZATION', assignees: toAssignee() });
    const task = await createTask(shared.id, { name: 'Guarded task' });
    const path = `/api/v1/idp/${shared.id}/tasks/${task.id}`;
    expectError(await t.api.patch(path, { status: 'DONE' }, unrelated.token), 403, CONTRIBUTORS_ONLY);
    expectError(await t.api.patch(path, { assignees: [] }, assignee.token), 403, MANAGERS_ONLY);
    expectError(await t.api.patch(path, { status: 'DONE' }, outsider.token), 404, 'idp not found');
    expectError(
      await t.api.patch(`/api/v1/idp/${shared.id}/tasks/${randomUUID()}`, { status: 'DONE' }, owner.token),
      404,
      'task not found',
    );
    expectError(
      await t.api.patch(`/api/v1/idp/${shared.id}/tasks/1`, { status: 'DONE' }, owner.token),
      400,
      'taskId must be a UUID',
    );
    expectError(await malformed('PATCH', path, owner.token), 400, 'request body is not valid JSON');
    expectError(await t.api.patch(path, { status: 'DONE' }), 401, 'authentication required');
    expect((await t.api.get<TaskRecord>(path, owner.token)).body).toEqual(task);
  });
});

describe('POST /api/v1/idp/{id}/tasks/{taskId}/complete', () => {
  it('marks a task DONE for an assignee, recording when and by whom', async () => {
    const created = await createPlan({ name: 'Completable', assignees: toAssignee() });
    const task = await createTask(created.id, { name: 'Finish me', status: 'IN_PROGRESS' });
    const from = Date.now();
    const res = await t.api.post<TaskRecord>(
      `/api/v1/idp/${created.id}/tasks/${task.id}/complete`,
      undefined,
      assignee.token,
    );
    const to = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: task.id,
      name: 'Finish me',
      status: { current: 'DONE', changedBy: assignee.id },
    });
    expectBetween(res.body.status.changedAt, from, to);
    expect((await plan(created.id)).tasks[0].status).toEqual(res.body.status);
  });

  it('answers 403 to a reader who may not contribute, 404 to others and for unknown tasks, 400 and 401', async () => {
    const shared = await createPlan({ name: 'Not yours to complete', visibility: 'ORGANIZATION' });
    const hidden = await createPlan({ name: 'Hidden completion' });
    const task = await createTask(shared.id, { name: 'Open' });
    const hiddenTask = await createTask(hidden.id, { name: 'Open too' });
    const complete = (planId: string, taskId: string, token?: string) =>
      t.api.post(`/api/v1/idp/${planId}/tasks/${taskId}/complete`, undefined, token);
    expectError(await complete(shared.id, task.id, unrelated.token), 403, CONTRIBUTORS_ONLY);
    expectError(await complete(hidden.id, hiddenTask.id, unrelated.token), 404, 'idp not found');
    expectError(await complete(shared.id, task.id, outsider.token), 404, 'idp not found');
    expectError(await complete(shared.id, hiddenTask.id, owner.token), 404, 'task not found');
    expectError(await complete(shared.id, 'nope', owner.token), 400, 'taskId must be a UUID');
    expectError(await complete(shared.id, task.id), 401, 'authentication required');
    expect((await plan(shared.id)).tasks[0].status.current).toBe('NOT_STARTED');
    expect((await plan(hidden.id)).tasks[0].status.current).toBe('NOT_STARTED');
  });
});

describe('DELETE /api/v1/idp/{id}/tasks/{taskId}', () => {
  it('deletes a task with its notes and assignees; the others close up; then 404', async () => {
    const created = await createPlan({ name: 'Shrinking', assignees: toAssignee() });
    await createTask(created.id, { name: 'A' });
    const b = await createTask(created.id, {
      name: 'B',
      assignees: [{ entityId: assignee.id, entityType: 'ACCOUNT' }],
    });
    await createTask(created.id, { name: 'C' });
    await createNote(`/api/v1/idp/${created.id}/tasks/${b.id}`, 'On B', assignee.token);
    await createNote(`/api/v1/idp/${created.id}`, 'On the plan', assignee.token);
    expectEmpty(await t.api.delete(`/api/v1/idp/${created.id}/tasks/${b.id}`, owner.token));
    expect(await tasksOf(created.id)).toEqual(['1:A', '2:C']);
    expectError(await t.api.get(`/api/v1/idp/${created.id}/tasks/${b.id}`, owner.token), 404, 'task not found');
    expectError(await t.api.delete(`/api/v1/idp/${created.id}/tasks/${b.id}`, owner.token), 404, 'task not found');
    expect(await count('select count(*) as count from idp_task where id = ?', [b.id])).toBe(0);
    expect(await count('select count(*) as count from idp_note where task_id = ?', [b.id])).toBe(0);
    expect(await count('select count(*) as count from idp_assignee where task_id = ?', [b.id])).toBe(0);
    // The plan keeps its own note and assignee.
    expect(await rowsOfPlan(created.id)).toEqual({ idp: 1, tasks: 2, notes: 1, assignees: 1 });
  });

  it('answers 403 to an assignee, 404 to others and for another plan’s task, 400, 401; the task stays', async () => {
    const created = await createPlan({ name: 'Keeping tasks', assignees: toAssignee() });
    const other = await createPlan({ name: 'Another plan' });
    const task = await createTask(created.id, { name: 'Stays' });
    const path = `/api/v1/idp/${created.id}/tasks/${task.id}`;
    expectError(await t.api.delete(path, assignee.token), 403, MANAGERS_ONLY);
    expectError(await t.api.delete(path, unrelated.token), 404, 'idp not found');
    expectError(await t.api.delete(path, outsider.token), 404, 'idp not found');
    expectError(await t.api.delete(`/api/v1/idp/${other.id}/tasks/${task.id}`, owner.token), 404, 'task not found');
    expectError(await t.api.delete(`/api/v1/idp/${created.id}/tasks/nope`, owner.token), 400, 'taskId must be a UUID');
    expectError(await t.api.delete(path), 401, 'authentication required');
    expect(await tasksOf(created.id)).toEqual(['1:Stays']);
  });
});

describe('GET /api/v1/idp/tasks/due', () => {
  // An organization of its own, so that no other test's tasks fall due here.
  let dueAdmin: AccountMember;
  let dueOwner: AccountMember;
  let dueReader: AccountMember;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const created = await orgWithAdmin(t, 'Due Org');
    dueAdmin = await withId(t, created.admin);
    dueOwner = await member(t, created.org, created.admin);
    dueReader = await member(t, created.org, created.admin);
    const dated = await createPlan({ name: 'Due plan' }, dueOwner.token);
    const tasks: [string, Body][] = [
      ['later', { dueDate: '2020-06-01' }],
      ['late', { dueDate: '2020-03-01' }],
      ['done', { dueDate: '2020-01-01', status: 'DONE' }],
      ['cancelled', { dueDate: '2020-02-01', status: 'CANCELLED' }],
      ['blocked', { dueDate: '2020-04-01', status: 'BLOCKED' }],
      ['future', { dueDate: '2999-01-01' }],
      ['undated', {}],
    ];
    for (const [name, body] of tasks) ids[name] = (await createTask(dated.id, { name, ...body }, dueOwner.token)).id;
  });

  const due = async (query: string, token = dueOwner.token) => {
    const res = await t.api.get<TaskRecord[]>(`/api/v1/idp/tasks/due${query}`, token);
    expect(res.status).toBe(200);
    return res.body.map((x) => x.name);
  };

  it('answers the open tasks due before a date, soonest first, across the plans the caller may see', async () => {
    const res = await t.api.get<TaskRecord[]>('/api/v1/idp/tasks/due?before=2020-12-31', dueOwner.token);
    expect(res.status).toBe(200);
    expect(res.body.map((x) => x.name)).toEqual(['late', 'blocked', 'later']);
    expect(res.body[0]).toMatchObject({ id: ids.late, dueDate: '2020-03-01', status: { current: 'NOT_STARTED' } });
    expect(await due('?before=2020-04-01')).toEqual(['late']);
    expect(await due('?before=2020-03-01')).toEqual([]);
    expect(await due('?overdue=true')).toEqual(['late', 'blocked', 'later']);
    // Both given: the earlier bound.
    expect(await due('?overdue=true&before=2020-04-01')).toEqual(['late']);
    expect(await due('?before=2021-01-01&status=DONE')).toEqual(['done']);
    expect(await due('?before=2021-01-01&status=CANCELLED')).toEqual(['cancelled']);
    expect(await due('?before=2021-01-01&limit=2')).toEqual(['late', 'blocked']);
    expect(await due('?before=3000-01-01')).toEqual(['late', 'blocked', 'later', 'future']);
    expect(await due('?before=2021-01-01', dueAdmin.token)).toEqual(['late', 'blocked', 'later']);
    // The PRIVATE plan is not the reader's to see; the other organization sees none of it.
    expect(await due('?before=2021-01-01', dueReader.token)).toEqual([]);
    expect(await due('?before=3000-01-01', outsider.token)).toEqual([]);
  });

  it('pages the tasks due with limit and offset, naming the next page in Link', async () => {
    const first = await t.api.get<TaskRecord[]>('/api/v1/idp/tasks/due?before=3000-01-01&limit=3', dueOwner.token);
    expect(first.status).toBe(200);
    expect(first.body.map((x) => x.name)).toEqual(['late', 'blocked', 'later']);
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(first.headers.get('link')).toBe('</api/v1/idp/tasks/due?before=3000-01-01&limit=3&offset=3>; rel="next"');
    const last = await t.api.get<TaskRecord[]>(
      '/api/v1/idp/tasks/due?before=3000-01-01&limit=3&offset=3',
      dueOwner.token,
    );
    expect(last.body.map((x) => x.name)).toEqual(['future']);
    expect(last.headers.get('link')).toBeNull();
  });

  it('pages them in GraphQL by cursor, soonest first', async () => {
    const page = async (after?: string) =>
      (
        await t.api.graphql<{
          idpTasksDue: { nodes: { name: string }[]; totalCount: number; pageInfo: { endCursor: string } };
        }>(
          'query($after: String) { idpTasksDue(before: "3000-01-01", first: 2, after: $after) { nodes { name } totalCount pageInfo { endCursor } } }',
          { after },
          dueOwner.token,
        )
      ).data!.idpTasksDue;
    const one = await page();
    const two = await page(one.pageInfo.endCursor);
    expect([...one.nodes, ...two.nodes].map((x) => x.name)).toEqual(['late', 'blocked', 'later', 'future']);
    expect(two.totalCount).toBe(4);
  });

  it.each([
    ['', 'before or overdue is required'],
    ['?overdue=false', 'before or overdue is required'],
    ['?before=2020-02-30', 'before must be a date (YYYY-MM-DD)'],
    ['?before=not-a-date', 'before must be a date (YYYY-MM-DD)'],
    ['?overdue=maybe', 'overdue must be a boolean'],
    ['?before=2021-01-01&status=LATE', `status must be one of ${TASK_STATES}`],
    ['?before=2021-01-01&limit=0', 'limit must be between 1 and 500'],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    expectError(await t.api.get(`/api/v1/idp/tasks/due${query}`, dueOwner.token), 400, message);
  });

  it('answers 401 without a token', async () => {
    expectError(await t.api.get('/api/v1/idp/tasks/due?overdue=true'), 401, 'authentication required');
  });
});

describe('notes on a plan: /api/v1/idp/{id}/notes', () => {
  it('lets contributors add notes (201), lists them oldest first, lets the author edit and the author or an ORG_ADMIN delete', async () => {
    const created = await createPlan({ name: 'Noted', visibility: 'ORGANIZATION', assignees: toAssignee() });
    const path = `/api/v1/idp/${created.id}`;
    const from = Date.now();
    const res = await t.api.post<NoteRecord>(`${path}/notes`, { note: '  First thoughts ' }, owner.token);
    const to = Date.now();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      note: 'First thoughts',
      author: owner.id,
      createdAt: expect.any(String),
    });
    expectBetween(res.body.createdAt, from, to);
    const second = await createNote(path, 'From the assignee', assignee.token);
    const third = await createNote(path, 'From the manager', manager.token);
    expect(second.author).toBe(assignee.id);
    const listed = await t.api.get<NoteRecord[]>(`${path}/notes`, unrelated.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([res.body, second, third]);
    expect((await plan(created.id)).notes).toEqual([res.body, second, third]);
    const edited = await t.api.patch<NoteRecord>(`${path}/notes/${second.id}`, { note: ' Edited ' }, assignee.token);
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...second, note: 'Edited' });
    expectEmpty(await t.api.delete(`${path}/notes/${res.body.id}`, owner.token));
    expectEmpty(await t.api.delete(`${path}/notes/${third.id}`, admin.token));
    expect(await notesAt(path)).toEqual(['Edited']);
    expectError(await t.api.patch(`${path}/notes/${third.id}`, { note: 'x' }, manager.token), 404, 'note not found');
  });

  it('answers 400 naming the field, storing nothing', async () => {
    const created = await createPlan({ name: 'Refusing notes' });
    const path = `/api/v1/idp/${created.id}`;
    const note = await createNote(path, 'Kept', owner.token);
    expectError(await t.api.post(`${path}/notes`, {}, owner.token), 400, 'note is required');
    expectError(
      await t.api.post(`${path}/notes`, { note: '   ' }, owner.token),
      400,
      'note must be 1-10000 characters',
    );
    expectError(
      await t.api.post(`${path}/notes`, { note: 'x'.repeat(10001) }, owner.token),
      400,
      'note must be 1-10000 characters',
    );
    expectError(await t.api.post(`${path}/notes`, { note: 7 }, owner.token), 400, 'note must be a string');
    expectError(await malformed('POST', `${path}/notes`, owner.token), 400, 'request body is not valid JSON');
    expectError(
      await t.api.patch(`${path}/notes/${note.id}`, { note: '' }, owner.token),
      400,
      'note must be 1-10000 characters',
    );
    expectError(
      await t.api.patch(`${path}/notes/not-a-note`, { note: 'x' }, owner.token),
      400,
      'noteId must be a UUID',
    );
    expectError(await t.api.delete(`${path}/notes/not-a-note`, owner.token), 400, 'noteId must be a UUID');
    expectError(await t.api.post('/api/v1/idp/nope/notes', { note: 'x' }, owner.token), 400, 'id must be a UUID');
    expect(await notesAt(path)).toEqual(['Kept']);
    expect(await rowsOfPlan(created.id)).toMatchObject({ notes: 1 });
  });

  it('answers 403 to a reader who may not contribute, a non-author editing, a non-author deleting; 404 to others; 401', async () => {
    const shared = await createPlan({ name: 'Shared notes', visibility: 'ORGANIZATION', assignees: toAssignee() });
    const hidden = await createPlan({ name: 'Hidden notes' });
    const path = `/api/v1/idp/${shared.id}`;
    const note = await createNote(path, 'Mine', assignee.token);
    const hiddenNote = await createNote(`/api/v1/idp/${hidden.id}`, 'Secret', owner.token);
    expectError(await t.api.post(`${path}/notes`, { note: 'Reader' }, unrelated.token), 403, CONTRIBUTORS_ONLY);
    expectError(
      await t.api.patch(`${path}/notes/${note.id}`, { note: 'Owner edit' }, owner.token),
      403,
      'only the author may edit a note',
    );
    expectError(
      await t.api.patch(`${path}/notes/${note.id}`, { note: 'Admin edit' }, admin.token),
      403,
      'only the author may edit a note',
    );
    expectError(
      await t.api.delete(`${path}/notes/${note.id}`, owner.token),
      403,
      'only the author or an ORG_ADMIN may delete a note',
    );
    expectError(
      await t.api.post(`/api/v1/idp/${hidden.id}/notes`, { note: 'x' }, unrelated.token),
      404,
      'idp not found',
    );
    expectError(await t.api.get(`/api/v1/idp/${hidden.id}/notes`, unrelated.token), 404, 'idp not found');
    expectError(
      await t.api.patch(`/api/v1/idp/${hidden.id}/notes/${hiddenNote.id}`, { note: 'x' }, unrelated.token),
      404,
      'idp not found',
    );
    expectError(
      await t.api.delete(`/api/v1/idp/${hidden.id}/notes/${hiddenNote.id}`, unrelated.token),
      404,
      'idp not found',
    );
    expectError(await t.api.post(`${path}/notes`, { note: 'x' }, outsider.token), 404, 'idp not found');
    expectError(await t.api.get(`${path}/notes`, outsider.token), 404, 'idp not found');
    // A note of another plan is not found through this one.
    expectError(await t.api.patch(`${path}/notes/${hiddenNote.id}`, { note: 'x' }, owner.token), 404, 'note not found');
    expectError(await t.api.delete(`${path}/notes/${hiddenNote.id}`, admin.token), 404, 'note not found');
    expectError(await t.api.delete(`${path}/notes/${randomUUID()}`, admin.token), 404, 'note not found');
    expectError(await t.api.post(`${path}/notes`, { note: 'x' }), 401, 'authentication required');
    expectError(await t.api.get(`${path}/notes`), 401, 'authentication required');
    expectError(await t.api.patch(`${path}/notes/${note.id}`, { note: 'x' }), 401, 'authentication required');
    expectError(await t.api.delete(`${path}/notes/${note.id}`), 401, 'authentication required');
    expect(await notesAt(path)).toEqual(['Mine']);
    expect(await notesAt(`/api/v1/idp/${hidden.id}`)).toEqual(['Secret']);
  });
});

describe('notes on a task: /api/v1/idp/{id}/tasks/{taskId}/notes', () => {
  it('adds (201), lists, edits and deletes notes on a task, kept apart from the plan’s notes', async () => {
    const created = await createPlan({ name: 'Task notes', assignees: toAssignee() });
    const task = await createTask(created.id, { name: 'Annotated' });
    const taskPath = `/api/v1/idp/${created.id}/tasks/${task.id}`;
    const from = Date.now();
    const res = await t.api.post<NoteRecord>(`${taskPath}/notes`, { note: ' Started ' }, assignee.token);
    const to = Date.now();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      note: 'Started',
      author: assignee.id,
      createdAt: expect.any(String),
    });
    expectBetween(res.body.createdAt, from, to);
    const second = await createNote(taskPath, 'Check in', manager.token);
    const listed = await t.api.get<NoteRecord[]>(`${taskPath}/notes`, owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([res.body, second]);
    expect((await t.api.get<TaskRecord>(taskPath, owner.token)).body.notes).toEqual([res.body, second]);
    expect((await plan(created.id)).tasks[0].notes).toEqual([res.body, second]);
    expect(await notesAt(`/api/v1/idp/${created.id}`)).toEqual([]);
    const edited = await t.api.patch<NoteRecord>(
      `${taskPath}/notes/${res.body.id}`,
      { note: 'Half way' },
      assignee.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ ...res.body, note: 'Half way' });
    expectEmpty(await t.api.delete(`${taskPath}/notes/${second.id}`, manager.token));
    expect(await notesAt(taskPath)).toEqual(['Half way']);
    expect(await count('select count(*) as count from idp_note where task_id = ?', [task.id])).toBe(1);
  });

  it('finds a plan’s note only on the plan and a task’s note only on its task', async () => {
    const created = await createPlan({ name: 'Separate notes' });
    const a = await createTask(created.id, { name: 'A' });
    const b = await createTask(created.id, { name: 'B' });
    const planNote = await createNote(`/api/v1/idp/${created.id}`, 'Plan note', owner.token);
    const aNote = await createNote(`/api/v1/idp/${created.id}/tasks/${a.id}`, 'A note', owner.token);
    expectError(
      await t.api.patch(`/api/v1/idp/${created.id}/tasks/${a.id}/notes/${planNote.id}`, { note: 'x' }, owner.token),
      404,
      'note not found',
    );
    expectError(
      await t.api.patch(`/api/v1/idp/${created.id}/notes/${aNote.id}`, { note: 'x' }, owner.token),
      404,
      'note not found',
    );
    expectError(
      await t.api.patch(`/api/v1/idp/${created.id}/tasks/${b.id}/notes/${aNote.id}`, { note: 'x' }, owner.token),
      404,
      'note not found',
    );
    expectError(
      await t.api.delete(`/api/v1/idp/${created.id}/tasks/${b.id}/notes/${aNote.id}`, owner.token),
      404,
      'note not found',
    );
    expectError(await t.api.delete(`/api/v1/idp/${created.id}/notes/${aNote.id}`, owner.token), 404, 'note not found');
    expect(await notesAt(`/api/v1/idp/${created.id}/tasks/${a.id}`)).toEqual(['A note']);
    expect(await notesAt(`/api/v1/idp/${created.id}/tasks/${b.id}`)).toEqual([]);
    expect(await notesAt(`/api/v1/idp/${created.id}`)).toEqual(['Plan note']);
  });

  it('answers 400, 403, 404 and 401 like the plan’s notes, storing nothing', async () => {
    const shared = await createPlan({ name: 'Shared task notes', visibility: 'ORGANIZATION', assignees: toAssignee() });
    const hidden = await createPlan({ name: 'Hidden task notes' });
    const task = await createTask(shared.id, { name: 'Discussed' });
    const hiddenTask = await createTask(hidden.id, { name: 'Secret task' });
    const taskPath = `/api/v1/idp/${shared.id}/tasks/${task.id}`;
    const note = await createNote(taskPath, 'Original', assignee.token);
    expectError(
      await t.api.post(`${taskPath}/notes`, { note: ' ' }, owner.token),
      400,
      'note must be 1-10000 characters',
    );
    expectError(await t.api.post(`${taskPath}/notes`, {}, owner.token), 400, 'note is required');
    expectError(await malformed('POST', `${taskPath}/notes`, owner.token), 400, 'request body is not valid JSON');
    expectError(
      await t.api.post(`/api/v1/idp/${shared.id}/tasks/nope/notes`, { note: 'x' }, owner.token),
      400,
      'taskId must be a UUID',
    );
    expectError(
      await t.api.get(`/api/v1/idp/${shared.id}/tasks/nope/notes`, owner.token),
      400,
      'taskId must be a UUID',
    );
    expectError(
      await t.api.patch(`${taskPath}/notes/nope`, { note: 'x' }, assignee.token),
      400,
      'noteId must be a UUID',
    );
    expectError(await t.api.post(`${taskPath}/notes`, { note: 'Reader' }, unrelated.token), 403, CONTRIBUTORS_ONLY);
    expectError(
      await t.api.patch(`${taskPath}/notes/${note.id}`, { note: 'x' }, owner.token),
      403,
      'only the author may edit a note',
    );
    expectError(
      await t.api.delete(`${taskPath}/notes/${note.id}`, manager.token),
      403,
      'only the author or an ORG_ADMIN may delete a note',
    );
    expectError(
      await t.api.post(`/api/v1/idp/${hidden.id}/tasks/${hiddenTask.id}/notes`, { note: 'x' }, unrelated.token),
      404,
      'idp not found',
    );
    expectError(
      await t.api.get(`/api/v1/idp/${hidden.id}/tasks/${hiddenTask.id}/notes`, unrelated.token),
      404,
      'idp not found',
    );
    expectError(await t.api.post(`${taskPath}/notes`, { note: 'x' }, outsider.token), 404, 'idp not found');
    expectError(
      await t.api.post(`/api/v1/idp/${shared.id}/tasks/${hiddenTask.id}/notes`, { note: 'x' }, owner.token),
      404,
      'task not found',
    );
    expectError(
      await t.api.get(`/api/v1/idp/${shared.id}/tasks/${randomUUID()}/notes`, owner.token),
      404,
      'task not found',
    );
    expectError(await t.api.delete(`${taskPath}/notes/${randomUUID()}`, admin.token), 404, 'note not found');
    expectError(await t.api.post(`${taskPath}/notes`, { note: 'x' }), 401, 'authentication required');
    expectError(await t.api.get(`${taskPath}/notes`), 401, 'authentication required');
    expectError(await t.api.patch(`${taskPath}/notes/${note.id}`, { note: 'x' }), 401, 'authentication required');
    expectError(await t.api.delete(`${taskPath}/notes/${note.id}`), 401, 'authentication required');
    expect(await notesAt(taskPath)).toEqual(['Original']);
    expect(await notesAt(`/api/v1/idp/${hidden.id}/tasks/${hiddenTask.id}`)).toEqual([]);
    // The ORG_ADMIN may delete another's note on a task.
    expectEmpty(await t.api.delete(`${taskPath}/notes/${note.id}`, admin.token));
    expect(await notesAt(taskPath)).toEqual([]);
  });
});
