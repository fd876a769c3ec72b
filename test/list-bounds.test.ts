import type { ExecutionResult } from 'graphql';
import type { Client } from 'graphql-ws';
import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { connect } from './helpers/live';
import { startTestApp, type TestApp } from './helpers/test-app';

// Every list is bounded and an operation's cost is its worst case, lists multiplied down the
// levels (src/graphql/operation-cost.ts); what runs stays within a budget of items and time
// (src/graphql/operation-budget.ts). An employee once sent 225 bytes alternating reports and
// manager seven levels deep over a manager of 9 reports: 9^7 records, and the process died.

let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let employee: AccountMember;
let boss: string;

async function createEmployee(input: Record<string, unknown>): Promise<string> {
  const created = await t.api.post<{ id: string }>('/api/v1/employee', input, admin.token);
  if (created.status !== 201) throw new Error(`could not create employee: ${created.text}`);
  return created.body.id;
}

/** reports → manager → reports … `levels` lists of reports deep (each without `first`: its default). */
const alternating = (levels: number, first = '') => {
  let inner = 'name';
  for (let i = 0; i < levels; i++) inner = `reports${first} { name manager { ${inner} } }`;
  return `query($id: UUID!) { employee(id: $id) { ${inner} } }`;
};

/** The one result of a query or mutation over graphql-ws. */
function overSocket(client: Client, query: string, variables: Record<string, unknown>): Promise<ExecutionResult> {
  return new Promise((resolve, reject) => {
    let result: ExecutionResult | undefined;
    client.subscribe(
      { query, variables },
      {
        next: (value) => (result = value as ExecutionResult),
        error: reject,
        complete: () => (result ? resolve(result) : reject(new Error('no result'))),
      },
    );
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const created = await orgWithAdmin(t, 'List Bounds');
  org = created.org;
  admin = await withId(t, created.admin);
  employee = await member(t, org, admin);
  boss = await createEmployee({ name: 'Boss' });
  for (let i = 0; i < 9; i++) await createEmployee({ name: `Report ${i}`, manager: boss });
}, 120_000);

afterAll(() => t?.close());

describe('nested lists cost their worst case, multiplied', () => {
  it('refuses reports and manager alternating seven deep before anything runs, for an employee', async () => {
    const result = await t.api.graphql(alternating(7), { id: boss }, employee.token);
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].message).toMatch(/may answer up to \d+ records.*GRAPHQL_MAX_COST/);
  });

  it('refuses the same class through other cycles: group mappings and a mapping’s group', async () => {
    let inner = 'id';
    for (let i = 0; i < 4; i++) inner = `mappings { id group { id ${inner} } }`;
    const result = await t.api.graphql(`{ groups { nodes { ${inner} } } }`, {}, employee.token);
    expect(result.status).toBe(400);
    expect(result.errors?.[0].message).toMatch(/GRAPHQL_MAX_COST/);
  });

  it('counts a `first` given in a variable, and runs the same nesting once the pages are small', async () => {
    const query = alternating(4, '(first: $n)').replace('query($id: UUID!)', 'query($id: UUID!, $n: Int)');
    const refused = await t.api.graphql(query, { id: boss, n: 500 }, employee.token);
    expect(refused.status).toBe(400);
    const small = await t.api.graphql<{ employee: { reports: { name: string }[] } }>(
      query,
      { id: boss, n: 2 },
      employee.token,
    );
    expect(small.errors).toBeUndefined();
    expect(small.data?.employee.reports).toHaveLength(2);
  });

  it('refuses it over graphql-ws too, where the socket stays open', async () => {
    const client = connect(t, employee.token);
    try {
      const refused = await overSocket(client, alternating(7), { id: boss });
      expect(refused.data).toBeFalsy();
      expect(refused.errors?.[0].message).toMatch(/GRAPHQL_MAX_COST/);
      const fine = await overSocket(client, '{ employees(first: 3) { nodes { name } } }', {});
      expect((fine.data as { employees: { nodes: unknown[] } }).employees.nodes).toHaveLength(3);
    } finally {
      await client.dispose();
    }
  });
});

describe('the parts of one record are pages', () => {
  it('answers at most `first` of them, and refuses a `first` out of range naming it', async () => {
    const read = (first: number) =>
      t.api.graphql<{ employee: { reports: { name: string }[] } }>(
        `query($id: UUID!) { employee(id: $id) { reports(first: ${first}) { name } } }`,
        { id: boss },
        employee.token,
      );
    expect((await read(4)).data?.employee.reports.map((r) => r.name)).toEqual([
      'Report 0',
      'Report 1',
      'Report 2',
      'Report 3',
    ]);
    for (const first of [0, 501]) {
      const refused = await read(first);
      expect(refused.status).toBe(400);
      expect(refused.errors?.[0].message).toMatch(/first must be between 1 and 500/);
    }
  });

  it('keeps REST answers whole: a plan’s tasks past the GraphQL default page', async () => {
    const plan = await t.api.post<{ id: string }>(
      '/api/v1/idp',
      { name: 'Long plan', type: 'CAREER', startDate: '2026-01-01' },
      admin.token,
    );
    expect(plan.status).toBe(201);
    for (let i = 0; i < 55; i++) {
      const task = await t.api.post(`/api/v1/idp/${plan.body.id}/tasks`, { name: `Task ${i}` }, admin.token);
      expect(task.status).toBe(201);
    }
    const rest = await t.api.get<{ tasks: unknown[] }>(`/api/v1/idp/${plan.body.id}`, admin.token);
    expect(rest.body.tasks).toHaveLength(55);
    const graph = await t.api.graphql<{ idp: { tasks: unknown[] } }>(
      'query($id: UUID!) { idp(id: $id) { tasks { id } } }',
      { id: plan.body.id },
      admin.token,
    );
    expect(graph.data?.idp.tasks).toHaveLength(50);
  }, 120_000);
});

describe('what runs stays within its budget', () => {
  let small: TestApp;
  let token: string;

  beforeAll(async () => {
    small = await startTestApp({ GRAPHQL_MAX_RESULT_ITEMS: '12' });
    const created = await orgWithAdmin(small, 'Small Budget');
    token = created.admin.token;
    for (let i = 0; i < 15; i++) {
      const made = await small.api.post('/api/v1/employee', { name: `P${i}` }, token);
      expect(made.status).toBe(201);
    }
  }, 120_000);

  afterAll(() => small?.close());

  it('stops a query whose answer passes GRAPHQL_MAX_RESULT_ITEMS, with one error and no data', async () => {
    const result = await small.api.graphql('{ employees(first: 20) { nodes { name reports { name } } } }', {}, token);
    expect(result.data ?? null).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(result.errors?.[0].message).toMatch(/more than 12 list items \(GRAPHQL_MAX_RESULT_ITEMS\)/);
  });

  it('answers REST 413 with the same reason, and a smaller page passes', async () => {
    const big = await small.api.get('/api/v1/employee?limit=20', token);
    expect(big.status).toBe(413);
    expect(String(big.body)).toMatch(/GRAPHQL_MAX_RESULT_ITEMS/);
    const fits = await small.api.get<unknown[]>('/api/v1/employee?limit=5', token);
    expect(fits.status).toBe(200);
    expect(fits.body).toHaveLength(5);
  });

  it('stops it over graphql-ws too', async () => {
    const client = connect(small, token);
    try {
      const result = await overSocket(client, '{ employees(first: 20) { nodes { name } } }', {});
      expect(result.errors?.[0].message).toMatch(/GRAPHQL_MAX_RESULT_ITEMS/);
    } finally {
      await client.dispose();
    }
  });
});

describe('a query past its time is stopped', () => {
  let slow: TestApp;

  beforeAll(async () => {
    slow = await startTestApp({ GRAPHQL_MAX_EXECUTION_MS: '1' });
  });

  afterAll(() => slow?.close());

  it('answers 503 naming GRAPHQL_MAX_EXECUTION_MS once a level resolves after the deadline', async () => {
    const { admin: owner } = await orgWithAdmin(slow, 'Slow');
    for (let i = 0; i < 3; i++) await slow.api.post('/api/v1/employee', { name: `S${i}` }, owner.token);
    // Each level waits for the database at least once; three levels take well over a millisecond.
    const result = await slow.api.graphql(
      '{ employees(first: 5) { nodes { manager { name } reports { name manager { name reports { name } } } } } }',
      {},
      owner.token,
    );
    expect(result.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(result.errors?.[0].message).toMatch(/GRAPHQL_MAX_EXECUTION_MS/);
  });
});
