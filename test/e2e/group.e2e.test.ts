import { randomUUID } from 'node:crypto';
import { type AccountMember, member, withId } from '../helpers/directory';
import { type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The group routes of the REST facade over real HTTP: list, create, read, update, delete, and
// adding and removing members, with every refusal answered by status and a message naming the field.
interface EmployeeRecord {
  id: string;
  organization: string;
  name: string;
}
interface GroupRecord {
  id: string;
  organization: string;
  name: string;
  description: string | null;
  active: boolean;
  created: { createdAt: string; createdBy: string | null };
  members: EmployeeRecord[];
}

let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let reader: AccountMember;
let otherAdmin: AccountMember;
let ada: EmployeeRecord;
let bob: EmployeeRecord;
let cyd: EmployeeRecord;
let foreigner: EmployeeRecord;

const FORBIDDEN = 'requires the ORG_ADMIN role in this organization';

async function employee(name: string, token = admin.token): Promise<EmployeeRecord> {
  const res = await t.api.post<EmployeeRecord>('/api/v1/employee', { name }, token);
  if (res.status !== 201) throw new Error(`could not create employee: ${res.status} ${res.text}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Groups Org');
  org = a.org;
  admin = await withId(t, a.admin);
  reader = await member(t, org, admin);
  otherAdmin = await withId(t, (await orgWithAdmin(t, 'Other Groups Org')).admin);
  // Created out of name order, so that the members' order shows the sort.
  cyd = await employee('Cyd');
  ada = await employee('Ada');
  bob = await employee('Bob');
  foreigner = await employee('Foreign Fay', otherAdmin.token);
});

afterAll(() => t.close());

const create = (body: unknown, token = admin.token) => t.api.post<GroupRecord>('/api/v1/group', body, token);
const read = (id: string, token = admin.token) => t.api.get<GroupRecord>(`/api/v1/group/${id}`, token);
const addMembers = (id: string, body: unknown, token = admin.token) =>
  t.api.post<GroupRecord>(`/api/v1/group/${id}/members`, body, token);
const removeMember = (id: string, employeeId: string, token = admin.token) =>
  t.api.delete<GroupRecord>(`/api/v1/group/${id}/members/${employeeId}`, token);
const list = async (query = '?limit=500', token = admin.token) =>
  (await t.api.get<GroupRecord[]>(`/api/v1/group${query}`, token)).body;
const names = async (query = '?limit=500', token = admin.token) => (await list(query, token)).map((g) => g.name);
const memberIds = async (id: string) => (await read(id)).body.members.map((m) => m.id);
/** A REST error: the status and the JSON-string body naming the problem. */
const expectError = (res: { status: number; body: unknown }, status: number, message: string) =>
  expect({ status: res.status, body: res.body }).toEqual({ status, body: message });

async function made(body: Record<string, unknown>, token = admin.token): Promise<GroupRecord> {
  const res = await create(body, token);
  if (res.status !== 201) throw new Error(`could not create group: ${res.status} ${res.text}`);
  return res.body;
}

describe('POST /api/v1/group', () => {
  it('creates a group (201) with its fields and its members by name', async () => {
    const res = await create({
      name: ' Platform ',
      description: 'Runs the platform',
      members: [cyd.id, ada.id, ada.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      organization: org.id,
      name: 'Platform',
      description: 'Runs the platform',
      active: true,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.created.createdBy).toBe(admin.id);
    expect(res.body.members.map((m) => m.id)).toEqual([ada.id, cyd.id]);
    expect(res.body.members[0]).toMatchObject({ id: ada.id, name: 'Ada', organization: org.id });
    expect(await names()).toContain('Platform');
  });

  it('creates a group without members; unknown body keys are ignored', async () => {
    const res = await create({ name: 'Bare', id: randomUUID(), organization: randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Bare', description: null, organization: org.id, members: [] });
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null }, 'name is required'],
    [{ name: '' }, 'name must be 1-200 characters'],
    [{ name: '   ' }, 'name must be 1-200 characters'],
    [{ name: 'x'.repeat(201) }, 'name must be 1-200 characters'],
    [{ name: 5 }, 'name must be a string'],
    [{ name: 'X', description: 'd'.repeat(2001) }, 'description must be at most 2000 characters'],
    [{ name: 'X', members: ['nope'] }, 'members.0 must be a UUID'],
    [{ name: 'X', members: [randomUUID()] }, 'members must be employees of the organization'],
  ])('answers 400 naming the field for %j, storing nothing', async (body, message) => {
    const before = await list();
    expectError(await create(body), 400, message);
    expect(await list()).toEqual(before);
  });

  it('answers 400 for one valid and one foreign member and stores no group', async () => {
    const before = await list();
    expectError(
      await create({ name: 'Half Made', members: [ada.id, foreigner.id] }),
      400,
      'members must be employees of the organization',
    );
    expect(await list()).toEqual(before);
    expect(await names()).not.toContain('Half Made');
    // The name is still free.
    expect((await create({ name: 'Half Made' })).status).toBe(201);
  });

  it('answers 400 without a JSON body', async () => {
    const res = await t.api.request('POST', '/api/v1/group', {
      token: admin.token,
      raw: { body: 'name=x', type: 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatch(/^request body must be a JSON object/);
  });

  it('answers 409 for a name already used in the organization; another organization may use it', async () => {
    await made({ name: 'Taken' });
    const before = await list();
    expectError(await create({ name: 'Taken', members: [bob.id] }), 409, 'name is already used by another group');
    expect(await list()).toEqual(before);
    expect((await create({ name: 'Taken' }, otherAdmin.token)).status).toBe(201);
  });

  it('answers 403 to an EMPLOYEE and 401 without a token, storing nothing', async () => {
    const before = await list();
    expectError(await create({ name: 'By Reader' }, reader.token), 403, FORBIDDEN);
    expectError(await t.api.post('/api/v1/group', { name: 'By Nobody' }), 401, 'authentication required');
    expect((await create({ name: 'Bad Token' }, 'not-a-jwt')).status).toBe(401);
    expect(await list()).toEqual(before);
  });
});

describe('GET /api/v1/group', () => {
  it('lists this organization’s groups by name with their members, to any member', async () => {
    await made({ name: 'Theirs Only' }, otherAdmin.token);
    const res = await t.api.get<GroupRecord[]>('/api/v1/group', reader.token);
    expect(res.status).toBe(200);
    const all = res.body.map((g) => g.name);
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(['Bare', 'Half Made', 'Platform', 'Taken']));
    expect(all).not.toContain('Theirs Only');
    for (const group of res.body) expect(group.organization).toBe(org.id);
    expect(res.body.find((g) => g.name === 'Platform')!.members.map((m) => m.id)).toEqual([ada.id, cyd.id]);
    expect(await names('?limit=500', otherAdmin.token)).toEqual(['Taken', 'Theirs Only']);
  });

  it('pages with limit and offset', async () => {
    const all = await names();
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await names('?limit=1')).toEqual(all.slice(0, 1));
    expect(await names('?limit=2&offset=1')).toEqual(all.slice(1, 3));
    expect(await names(`?offset=${all.length - 1}`)).toEqual(all.slice(-1));
    expect(await names(`?offset=${all.length}`)).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be between 1 and 500'],
    ['?limit=501', 'limit must be between 1 and 500'],
    ['?limit=abc', 'limit must be an integer'],
    ['?offset=-1', 'offset must be 0 or more'],
    ['?offset=x', 'offset must be an integer'],
  ])('answers 400 for %s', async (query, message) => {
    expectError(await t.api.get(`/api/v1/group${query}`, admin.token), 400, message);
  });

  it('answers 401 without a token', async () => {
    expectError(await t.api.get('/api/v1/group'), 401, 'authentication required');
  });
});

describe('GET /api/v1/group/{id}', () => {
  it('reads a group with its members, to any member', async () => {
    const group = await made({ name: 'Readable', description: 'to read', members: [bob.id, ada.id] });
    const res = await read(group.id, reader.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(group);
    expect(res.body.members.map((m) => m.name)).toEqual(['Ada', 'Bob']);
  });

  it('answers 404 for another organization’s group and an unknown id, 400 for a bad id, 401 without a token', async () => {
    const theirs = await made({ name: 'Their Secret' }, otherAdmin.token);
    expectError(await read(theirs.id), 404, 'group not found');
    expectError(await read(randomUUID()), 404, 'group not found');
    expectError(await read('nope'), 400, 'id must be a UUID');
    expectError(await t.api.get(`/api/v1/group/${theirs.id}`), 401, 'authentication required');
    expect((await read(theirs.id, otherAdmin.token)).status).toBe(200);
  });
});

describe('PATCH /api/v1/group/{id}', () => {
  it('changes the name, description and active flag; fields left out stay', async () => {
    const group = await made({ name: 'Before', description: 'old', members: [bob.id] });
    const res = await t.api.patch<GroupRecord>(
      `/api/v1/group/${group.id}`,
      { name: ' After ', active: false },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: group.id,
      name: 'After',
      description: 'old',
      active: false,
      created: group.created,
    });
    expect(res.body.members.map((m) => m.id)).toEqual([bob.id]);
    expect((await read(group.id)).body).toMatchObject({ name: 'After', description: 'old', active: false });
    const cleared = await t.api.patch<GroupRecord>(`/api/v1/group/${group.id}`, { description: null }, admin.token);
    expect(cleared.body).toMatchObject({ name: 'After', description: null, active: false });
  });

  it.each([
    [{ name: '' }, 'name must be 1-200 characters'],
    [{ name: 'x'.repeat(201) }, 'name must be 1-200 characters'],
    [{ name: 7 }, 'name must be a string'],
    [{ description: 'd'.repeat(2001) }, 'description must be at most 2000 characters'],
    [{ active: 'yes' }, 'active must be a boolean'],
  ])('answers 400 naming the field for %j, changing nothing', async (body, message) => {
    const group = await made({ name: `Steady ${randomUUID().slice(0, 8)}`, description: 'kept' });
    expectError(await t.api.patch(`/api/v1/group/${group.id}`, body, admin.token), 400, message);
    expect((await read(group.id)).body).toEqual(group);
  });

  it('answers 409 for a used name, storing no part of the change', async () => {
    await made({ name: 'Occupied' });
    const group = await made({ name: 'Renamer', description: 'kept' });
    expectError(
      await t.api.patch(`/api/v1/group/${group.id}`, { name: 'Occupied', description: 'half' }, admin.token),
      409,
      'name is already used by another group',
    );
    expect((await read(group.id)).body).toMatchObject({ name: 'Renamer', description: 'kept' });
  });

  it('answers 403 to an EMPLOYEE, 404 to another organization and for an unknown id, 400 for a bad id, 401 without a token', async () => {
    const group = await made({ name: 'Guarded' });
    expectError(await t.api.patch(`/api/v1/group/${group.id}`, { name: 'x' }, reader.token), 403, FORBIDDEN);
    expectError(
      await t.api.patch(`/api/v1/group/${group.id}`, { name: 'x' }, otherAdmin.token),
      404,
      'group not found',
    );
    expectError(await t.api.patch(`/api/v1/group/${randomUUID()}`, { name: 'x' }, admin.token), 404, 'group not found');
    expectError(await t.api.patch('/api/v1/group/nope', { name: 'x' }, admin.token), 400, 'id must be a UUID');
    expectError(await t.api.patch(`/api/v1/group/${group.id}`, { name: 'x' }), 401, 'authentication required');
    expect((await read(group.id)).body.name).toBe('Guarded');
  });
});

describe('DELETE /api/v1/group/{id}', () => {
  it('deletes a group, answering with no body; 404 afterwards; its employees stay', async () => {
    const group = await made({ name: 'Doomed', members: [ada.id, bob.id] });
    const res = await t.api.delete(`/api/v1/group/${group.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectError(await read(group.id), 404, 'group not found');
    expectError(await t.api.delete(`/api/v1/group/${group.id}`, admin.token), 404, 'group not found');
    expect(await names()).not.toContain('Doomed');
    expect((await t.api.get<EmployeeRecord>(`/api/v1/employee/${ada.id}`, admin.token)).body.name).toBe('Ada');
    // The name is free again, and the new group starts empty.
    expect((await made({ name: 'Doomed' })).members).toEqual([]);
  });

  it('answers 403 to an EMPLOYEE, 404 to another organization and for an unknown id, 400 for a bad id, 401 without a token', async () => {
    const group = await made({ name: 'Survivor' });
    expectError(await t.api.delete(`/api/v1/group/${group.id}`, reader.token), 403, FORBIDDEN);
    expectError(await t.api.delete(`/api/v1/group/${group.id}`, otherAdmin.token), 404, 'group not found');
    expectError(await t.api.delete(`/api/v1/group/${randomUUID()}`, admin.token), 404, 'group not found');
    expectError(await t.api.delete('/api/v1/group/nope', admin.token), 400, 'id must be a UUID');
    expectError(await t.api.delete(`/api/v1/group/${group.id}`), 401, 'authentication required');
    expect((await read(group.id)).body.name).toBe('Survivor');
  });
});

describe('POST /api/v1/group/{id}/members', () => {
  it('adds employees, ignoring those already in, and answers with the group', async () => {
    const group = await made({ name: 'Growing', members: [bob.id] });
    const res = await addMembers(group.id, { employeeIds: [cyd.id, bob.id, ada.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, name: 'Growing' });
    expect(res.body.members.map((m) => m.name)).toEqual(['Ada', 'Bob', 'Cyd']);
    expect(await memberIds(group.id)).toEqual([ada.id, bob.id, cyd.id]);
    expect((await addMembers(group.id, { employeeIds: [ada.id] })).body.members).toHaveLength(3);
  });

  it('answers 200 to concurrent adds of the same employee and stores one membership', async () => {
    // On PostgreSQL the requests run in parallel transactions: each finds the employee not yet a
    // member, and all but one then meet the primary key of the membership.
    for (let round = 0; round < 3; round++) {
      const group = await made({ name: `Race ${round}`, members: [ada.id] });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => addMembers(group.id, { employeeIds: [bob.id] })),
      );
      expect(answers.map((res) => [res.status, res.status === 200 ? '' : res.body])).toEqual(
        answers.map(() => [200, '']),
      );
      for (const res of answers) expect(res.body.members.map((m) => m.id)).toEqual([ada.id, bob.id]);
      expect(await memberIds(group.id)).toEqual([ada.id, bob.id]);
    }
  });

  it('answers 400 for more than 1000 employees', async () => {
    const group = await made({ name: 'Crowded' });
    expectError(
      await addMembers(group.id, { employeeIds: Array.from({ length: 1001 }, () => randomUUID()) }),
      400,
      'employeeIds must have at most 1000 items',
    );
    expect(await memberIds(group.id)).toEqual([]);
  });

  it.each([
    [{ employeeIds: [] }, 'employeeIds must not be empty'],
    [{}, 'employeeIds is required'],
    [{ employeeIds: ['nope'] }, 'employeeIds.0 must be a UUID'],
    [{ employeeIds: [randomUUID()] }, 'employeeIds must be employees of the organization'],
  ])('answers 400 naming the field for %j, adding nothing', async (body, message) => {
    const group = await made({ name: `Fixed ${randomUUID().slice(0, 8)}`, members: [ada.id] });
    expectError(await addMembers(group.id, body), 400, message);
    expect(await memberIds(group.id)).toEqual([ada.id]);
  });

  it('refuses another organization’s employee, adding none of the batch', async () => {
    const group = await made({ name: 'Closed Shop', members: [ada.id] });
    expectError(
      await addMembers(group.id, { employeeIds: [bob.id, foreigner.id] }),
      400,
      'employeeIds must be employees of the organization',
    );
    expect(await memberIds(group.id)).toEqual([ada.id]);
    // Nor can the other organization's admin add to this group.
    expectError(await addMembers(group.id, { employeeIds: [foreigner.id] }, otherAdmin.token), 404, 'group not found');
    expect(await memberIds(group.id)).toEqual([ada.id]);
  });

  it('answers 403 to an EMPLOYEE, 404 for an unknown group, 400 for a bad id, 401 without a token', async () => {
    const group = await made({ name: 'Members Guarded' });
    expectError(await addMembers(group.id, { employeeIds: [ada.id] }, reader.token), 403, FORBIDDEN);
    expectError(await addMembers(randomUUID(), { employeeIds: [ada.id] }), 404, 'group not found');
    expectError(await addMembers('nope', { employeeIds: [ada.id] }), 400, 'id must be a UUID');
    expectError(
      await t.api.post(`/api/v1/group/${group.id}/members`, { employeeIds: [ada.id] }),
      401,
      'authentication required',
    );
    expect(await memberIds(group.id)).toEqual([]);
  });
});

describe('DELETE /api/v1/group/{id}/members/{employeeId}', () => {
  it('removes one member and answers with the group', async () => {
    const group = await made({ name: 'Shrinking', members: [ada.id, bob.id, cyd.id] });
    const res = await removeMember(group.id, bob.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, name: 'Shrinking' });
    expect(res.body.members.map((m) => m.id)).toEqual([ada.id, cyd.id]);
    expect(await memberIds(group.id)).toEqual([ada.id, cyd.id]);
    // The employee stays.
    expect((await t.api.get(`/api/v1/employee/${bob.id}`, admin.token)).status).toBe(200);
  });

  it('answers 404 for someone not a member, 400 for bad ids, changing nothing', async () => {
    const group = await made({ name: 'Steadfast', members: [ada.id] });
    expectError(await removeMember(group.id, bob.id), 404, 'member not found');
    expectError(await removeMember(group.id, foreigner.id), 404, 'member not found');
    expectError(await removeMember(group.id, randomUUID()), 404, 'member not found');
    expectError(await removeMember(group.id, 'nope'), 400, 'employeeId must be a UUID');
    expectError(await removeMember('nope', ada.id), 400, 'id must be a UUID');
    expect(await memberIds(group.id)).toEqual([ada.id]);
  });

  it('answers 403 to an EMPLOYEE, 404 to another organization and for an unknown group, 401 without a token', async () => {
    const group = await made({ name: 'Kept Together', members: [ada.id] });
    expectError(await removeMember(group.id, ada.id, reader.token), 403, FORBIDDEN);
    expectError(await removeMember(group.id, ada.id, otherAdmin.token), 404, 'group not found');
    expectError(await removeMember(randomUUID(), ada.id), 404, 'group not found');
    expectError(await t.api.delete(`/api/v1/group/${group.id}/members/${ada.id}`), 401, 'authentication required');
    expect(await memberIds(group.id)).toEqual([ada.id]);
  });
});
