import { member, withId } from './helpers/directory';
import { orgWithAdmin } from './helpers/fixtures';
import { queriesOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Reads serve plans, tasks and notes as read models (plain objects from rows); changes return the
// entities. Both answer through the same GraphQL types, so the same record must come out byte for
// byte the same either way: a PATCH that changes nothing answers with the entity, a GET with the
// read model. A field added to an entity but not to its read model fails here.
let t: TestApp;
let token: string;
let planId: string;
let taskId: string;
let noteId: string;

beforeAll(async () => {
  t = await startTestApp();
  const { org, admin } = await orgWithAdmin(t, 'Read models');
  token = admin.token;
  const me = await withId(t, admin);
  const owner = await member(t, org, admin);
  const plan = await t.api.post<{ id: string }>(
    '/api/v1/idp',
    {
      name: 'Lead',
      startDate: '2026-01-15',
      endDate: '2026-12-31',
      type: 'CAREER',
      visibility: 'MANAGERS',
      owner: owner.id,
      assignees: [{ entityId: me.id, entityType: 'ACCOUNT' }],
    },
    token,
  );
  expect(plan.status).toBe(201);
  planId = plan.body.id;
  const task = await t.api.post<{ id: string }>(
    `/api/v1/idp/${planId}/tasks`,
    {
      name: 'Mentor',
      description: 'Weekly',
      dueDate: '2026-06-30',
      connectedTo: { entityId: 'goal-7', type: 'GOAL' },
      status: 'IN_PROGRESS',
      assignees: [{ entityId: owner.id, entityType: 'ACCOUNT' }],
    },
    token,
  );
  expect(task.status).toBe(201);
  taskId = task.body.id;
  expect((await t.api.post(`/api/v1/idp/${planId}/tasks`, { name: 'Plain' }, token)).status).toBe(201);
  const note = await t.api.post<{ id: string }>(`/api/v1/idp/${planId}/notes`, { note: 'On the plan' }, token);
  noteId = note.body.id;
  expect((await t.api.post(`/api/v1/idp/${planId}/tasks/${taskId}/notes`, { note: 'On the task' }, token)).status).toBe(
    201,
  );
  // Timestamps written by PostgreSQL carry microseconds: both paths must cut them alike.
  await t.app.db.orm.em
    .getConnection()
    .execute(
      `update idp set status_changed_at = '2026-03-04 05:06:07.123456+00', created_at = '2026-03-04 05:06:07.999999+00' where id = ?`,
      [planId],
    );
  await t.app.db.orm.em
    .getConnection()
    .execute(`update idp_task set created_at = '2026-03-04 05:06:08.000500+00' where id = ?`, [taskId]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('read models answer as the entities do', () => {
  it('a plan with its tasks, notes, assignees and sharing', async () => {
    const read = await t.api.get(`/api/v1/idp/${planId}`, token);
    const changed = await t.api.patch(`/api/v1/idp/${planId}`, {}, token);
    expect(read.status).toBe(200);
    expect(changed.status).toBe(200);
    expect(read.text).toBe(changed.text);
    expect(read.body).toMatchObject({
      endDate: '2026-12-31',
      status: { changedAt: '2026-03-04T05:06:07.123Z' },
      created: { createdAt: '2026-03-04T05:06:07.999Z' },
    });
  });

  it('the same plan in a list', async () => {
    const list = await t.api.get<unknown[]>('/api/v1/idp', token);
    const one = await t.api.get(`/api/v1/idp/${planId}`, token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body[0])).toBe(one.text);
  });

  it('a task with its connection, status and creation', async () => {
    const read = await t.api.get(`/api/v1/idp/${planId}/tasks/${taskId}`, token);
    const changed = await t.api.patch(`/api/v1/idp/${planId}/tasks/${taskId}`, {}, token);
    expect(read.status).toBe(200);
    expect(read.text).toBe(changed.text);
    expect(read.body).toMatchObject({
      idp: planId,
      connectedTo: { entityId: 'goal-7', type: 'GOAL' },
      created: { createdAt: '2026-03-04T05:06:08.000Z' },
    });
    const tasks = await t.api.get<unknown[]>(`/api/v1/idp/${planId}/tasks`, token);
    expect(JSON.stringify(tasks.body[0])).toBe(read.text);
    expect(tasks.body[1]).toMatchObject({ connectedTo: null, description: null, dueDate: null });
  });

  it('a note', async () => {
    const notes = await t.api.get<{ id: string }[]>(`/api/v1/idp/${planId}/notes`, token);
    const changed = await t.api.patch(`/api/v1/idp/${planId}/notes/${noteId}`, { note: 'On the plan' }, token);
    expect(changed.status).toBe(200);
    expect(notes.body.map((n) => JSON.stringify(n))).toEqual([changed.text]);
  });

  it('a task of another plan is not found through this one', async () => {
    const other = await t.api.post<{ id: string }>(
      '/api/v1/idp',
      { name: 'Other', startDate: '2026-01-01', type: 'CAREER' },
      token,
    );
    const answer = await t.api.get(`/api/v1/idp/${other.body.id}/tasks/${taskId}`, token);
    expect(answer.status).toBe(404);
    expect((await t.api.get(`/api/v1/idp/${other.body.id}/tasks/${taskId}/notes`, token)).status).toBe(404);
  });
});

describe('statements', () => {
  it('a plan with tasks, notes and assignees costs as few statements as a plan with one bare task', async () => {
    const small = await t.api.post<{ id: string }>(
      '/api/v1/idp',
      { name: 'Small', startDate: '2026-01-01', type: 'CAREER' },
      token,
    );
    expect((await t.api.post(`/api/v1/idp/${small.body.id}/tasks`, { name: 'Only' }, token)).status).toBe(201);
    const full = await queriesOf(t, () => t.api.get(`/api/v1/idp/${planId}`, token));
    const bare = await queriesOf(t, () => t.api.get(`/api/v1/idp/${small.body.id}`, token));
    // The caller, the plan, its tasks, notes and assignees together, the mappings of the plan and those of its tasks.
    expect(full).toHaveLength(5);
    expect(bare).toHaveLength(full.length);
  });
});
