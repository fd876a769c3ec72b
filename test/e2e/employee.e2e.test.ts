import { randomUUID } from 'node:crypto';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface EmployeeRecord {
  id: string;
  organization: string;
  name: string;
  active: boolean;
  account: string | null;
  email: string | null;
  title: string | null;
  department: string | null;
  manager: string | null;
  startDate: string | null;
  location: string | null;
  created: { createdAt: string; createdBy: string };
}

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let otherAdmin: Member;
let reader: Member;

beforeAll(async () => {
  t = await startTestApp();
  ({ org, admin } = await orgWithAdmin(t, 'Employees Org'));
  ({ admin: otherAdmin } = await orgWithAdmin(t, 'Other Employees Org'));
  reader = await member(t, org, admin);
});

afterAll(() => t.close());

const create = async (body: Record<string, unknown>, token = admin.token) =>
  t.api.post<EmployeeRecord>('/api/v1/employee', body, token);
const names = async (query = '') =>
  (await t.api.get<EmployeeRecord[]>(`/api/v1/employee${query}`, admin.token)).body.map((e) => e.name);

describe('POST /api/v1/employee', () => {
  it('creates an employee with every field', async () => {
    const boss = await create({ name: 'Ada Boss' });
    const res = await create({
      name: ' Grace ',
      email: 'Grace@Example.com',
      title: 'Engineer',
      department: 'R&D',
      manager: boss.body.id,
      startDate: '2024-02-29',
      location: 'Lyon',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      organization: org.id,
      name: 'Grace',
      active: true,
      account: null,
      email: 'grace@example.com',
      title: 'Engineer',
      department: 'R&D',
      manager: boss.body.id,
      startDate: '2024-02-29',
      location: 'Lyon',
    });
    expect(res.body.created.createdBy).toEqual(expect.any(String));
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name must be 1-200 characters'],
    [{ name: 'X', startDate: '2023-02-29' }, 'startDate must be a date (YYYY-MM-DD)'],
    [{ name: 'X', startDate: '29/02/2024' }, 'startDate must be a date (YYYY-MM-DD)'],
    [{ name: 'X', email: 'nope' }, 'email must be an email address'],
    [{ name: 'X', manager: 'nope' }, 'manager must be a UUID'],
    [{ name: 'X', manager: randomUUID() }, 'manager must be an employee of the organization'],
    [{ name: 'X', account: randomUUID() }, 'account must be an account of the organization'],
  ])('answers 400 naming the field for %j and stores nothing', async (body, message) => {
    const before = await names('?limit=500');
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toBe(message);
    expect(await names('?limit=500')).toEqual(before);
  });

  it('refuses a manager of another organization, 403 for a non-admin, 401 without a token', async () => {
    const foreign = await create({ name: 'Foreign Boss' }, otherAdmin.token);
    expect((await create({ name: 'X', manager: foreign.body.id })).body).toBe(
      'manager must be an employee of the organization',
    );
    expect((await create({ name: 'X' }, reader.token)).status).toBe(403);
    expect((await t.api.post('/api/v1/employee', { name: 'X' })).status).toBe(401);
  });
});

describe('GET /api/v1/employee', () => {
  it('lists by name with limit, offset and filters; never another organization', async () => {
    await create({ name: 'Zed Inactive', department: 'Ops', active: false });
    await create({ name: 'Outsider' }, otherAdmin.token);
    const all = await names('?limit=500');
    expect(all).toEqual([...all].sort());
    expect(all).not.toContain('Outsider');
    expect(await names('?limit=2')).toEqual(all.slice(0, 2));
    expect(await names('?limit=2&offset=1')).toEqual(all.slice(1, 3));
    expect(await names('?department=Ops')).toEqual(['Zed Inactive']);
    expect(await names('?active=false')).toEqual(['Zed Inactive']);
    const boss = (await t.api.get<EmployeeRecord[]>('/api/v1/employee?limit=500', admin.token)).body.find(
      (e) => e.name === 'Ada Boss',
    )!;
    expect(await names(`?manager=${boss.id}`)).toEqual(['Grace']);
    const read = await t.api.get('/api/v1/employee', reader.token);
    expect(read.status).toBe(200);
  });

  it('answers 400 naming limit (not GraphQL’s first) for a bad limit, and 401 without a token', async () => {
    const range = 'limit must be between 1 and 500';
    for (const [limit, message] of [
      ['0', range],
      ['501', range],
      ['ten', 'limit must be an integer'],
      ['2.5', 'limit must be an integer'],
    ]) {
      const res = await t.api.get(`/api/v1/employee?limit=${limit}`, admin.token);
      expect({ limit, status: res.status, body: res.body }).toEqual({ limit, status: 400, body: message });
    }
    expect((await t.api.get('/api/v1/employee?manager=x', admin.token)).body).toBe('manager must be a UUID');
    expect((await t.api.get('/api/v1/employee')).status).toBe(401);
  });
});

describe('GET, PATCH and DELETE /api/v1/employee/{id}', () => {
  it('reads one employee; 404 for another tenant, 400 for a bad id', async () => {
    const e = await create({ name: 'Readable' });
    expect((await t.api.get<EmployeeRecord>(`/api/v1/employee/${e.body.id}`, reader.token)).body.name).toBe('Readable');
    expect((await t.api.get(`/api/v1/employee/${e.body.id}`, otherAdmin.token)).status).toBe(404);
    const bad = await t.api.get('/api/v1/employee/nope', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toBe('id must be a UUID');
  });

  it('updates fields and the manager; refuses cycles; null clears', async () => {
    const a = await create({ name: 'Cycle A' });
    const b = await create({ name: 'Cycle B', manager: a.body.id });
    const c = await create({ name: 'Cycle C', manager: b.body.id });
    const cycle = await t.api.patch(`/api/v1/employee/${a.body.id}`, { manager: c.body.id }, admin.token);
    expect(cycle.status).toBe(400);
    expect(cycle.body).toBe('manager would make a reporting cycle');
    expect((await t.api.patch(`/api/v1/employee/${a.body.id}`, { manager: a.body.id }, admin.token)).body).toBe(
      'manager would make a reporting cycle',
    );
    const moved = await t.api.patch<EmployeeRecord>(
      `/api/v1/employee/${c.body.id}`,
      { manager: a.body.id, title: 'Lead' },
      admin.token,
    );
    expect(moved.body).toMatchObject({ manager: a.body.id, title: 'Lead' });
    const cleared = await t.api.patch<EmployeeRecord>(
      `/api/v1/employee/${c.body.id}`,
      { manager: null, title: null },
      admin.token,
    );
    expect(cleared.body).toMatchObject({ manager: null, title: null, name: 'Cycle C' });
  });

  it('answers 403, 404 and 401 on update', async () => {
    const e = await create({ name: 'Guarded' });
    expect((await t.api.patch(`/api/v1/employee/${e.body.id}`, { name: 'x' }, reader.token)).status).toBe(403);
    expect((await t.api.patch(`/api/v1/employee/${e.body.id}`, { name: 'x' }, otherAdmin.token)).status).toBe(404);
    expect((await t.api.patch(`/api/v1/employee/${e.body.id}`, { name: 'x' })).status).toBe(401);
    expect((await t.api.get<EmployeeRecord>(`/api/v1/employee/${e.body.id}`, admin.token)).body.name).toBe('Guarded');
  });

  it('deletes an employee; reports keep no manager; 404 afterwards', async () => {
    const boss = await create({ name: 'Leaving Boss' });
    const report = await create({ name: 'Staying Report', manager: boss.body.id });
    expect((await t.api.delete(`/api/v1/employee/${boss.body.id}`, reader.token)).status).toBe(403);
    expect((await t.api.delete(`/api/v1/employee/${boss.body.id}`, otherAdmin.token)).status).toBe(404);
    const res = await t.api.delete(`/api/v1/employee/${boss.body.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await t.api.get(`/api/v1/employee/${boss.body.id}`, admin.token)).status).toBe(404);
    expect(
      (await t.api.get<EmployeeRecord>(`/api/v1/employee/${report.body.id}`, admin.token)).body.manager,
    ).toBeNull();
  });

  it('links an account to at most one employee of an organization', async () => {
    const person = await member(t, org, admin);
    expect((await create({ name: 'First Link', account: person.id })).status).toBe(201);
    const second = await create({ name: 'Second Link', account: person.id });
    expect(second.status).toBe(409);
    expect(second.body).toBe('account is already linked to another employee');
  });
});
