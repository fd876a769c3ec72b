import { randomUUID } from 'node:crypto';
import { type AccountMember, member, withId } from './helpers/directory';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { queriesOf } from './helpers/queries';
import { startTestApp, type TestApp } from './helpers/test-app';

// Employees through /graphql: the connection with cursors and filters, reports and managers, the
// mutations, and the number of SQL queries a page costs at 10,000 employees.
let t: TestApp;
let org: OrgRecord;
let admin: AccountMember;
let reader: AccountMember;
let otherAdmin: AccountMember;

interface Node {
  id: string;
  name: string;
  active: boolean;
  department: string | null;
  manager: string | null;
  account: string | null;
  organization: string;
}
interface Page {
  nodes: Node[];
  edges: { cursor: string; node: { id: string } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}
type Result<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[]; status: number };

const NODE = 'id name active department manager: managerId account: accountId organization';
const PAGE = `nodes { ${NODE} } edges { cursor node { id } } pageInfo { hasNextPage endCursor } totalCount`;
const LIST = `query($first: Int, $after: String, $department: String, $manager: UUID, $active: Boolean, $account: UUID) {
  employees(first: $first, after: $after, department: $department, manager: $manager, active: $active, account: $account) { ${PAGE} }
}`;
const CREATE = `mutation($input: EmployeeInput!) { createEmployee(input: $input) { ${NODE} } }`;
const UPDATE = `mutation($id: UUID!, $input: EmployeeUpdateInput!) { updateEmployee(id: $id, input: $input) { ${NODE} } }`;

const gql = <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token = admin.token,
) => t.api.graphql<T>(query, variables, token) as Promise<Result<T>>;
const code = (result: Result<unknown>) => result.errors?.[0]?.extensions?.code;

async function createEmployee(input: Record<string, unknown>, token = admin.token): Promise<Node> {
  const result = await gql<{ createEmployee: Node }>(CREATE, { input }, token);
  if (!result.data) throw new Error(`createEmployee failed: ${JSON.stringify(result.errors)}`);
  return result.data.createEmployee;
}

async function list(variables: Record<string, unknown>, token = admin.token): Promise<Page> {
  const result = await gql<{ employees: Page }>(LIST, variables, token);
  if (!result.data) throw new Error(`employees failed: ${JSON.stringify(result.errors)}`);
  return result.data.employees;
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await orgWithAdmin(t, 'Graph Employees');
  org = a.org;
  admin = await withId(t, a.admin);
  reader = await member(t, org, admin);
  otherAdmin = await withId(t, (await orgWithAdmin(t, 'Other Graph Employees')).admin);
});

afterAll(() => t.close());

describe('employees connection', () => {
  let ids: string[];

  beforeAll(async () => {
    // Names sort as E00..E11; two departments; the other organization has a same-named employee.
    ids = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (
          await createEmployee({
            name: `E${String(i).padStart(2, '0')}`,
            department: i % 2 ? 'Odd' : 'Even',
            active: i !== 11,
          })
        ).id,
      );
    }
    await createEmployee({ name: 'E00' }, otherAdmin.token);
  });

  it('walks every page with first/after in name order, with edges, totalCount and no other tenant', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page: Page = await list({ first: 5, after });
      pages++;
      expect(page.totalCount).toBe(12);
      expect(page.edges.map((e) => e.node.id)).toEqual(page.nodes.map((n) => n.id));
      for (const n of page.nodes) expect(n.organization).toBe(org.id);
      seen.push(...page.nodes.map((n) => n.id));
      if (!page.pageInfo.hasNextPage) break;
      expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('filters by department, active and manager, with totalCount of the filter', async () => {
    const odd = await list({ department: 'Odd' });
    expect(odd.nodes.map((n) => n.name)).toEqual(['E01', 'E03', 'E05', 'E07', 'E09', 'E11']);
    expect(odd.totalCount).toBe(6);
    const inactive = await list({ active: false });
    expect(inactive.nodes.map((n) => n.id)).toEqual([ids[11]]);
    const boss = await createEmployee({ name: 'Filter Boss' });
    await gql(UPDATE, { id: ids[3], input: { manager: boss.id } });
    const reports = await list({ manager: boss.id });
    expect(reports.nodes.map((n) => n.id)).toEqual([ids[3]]);
  });

  it('filters by the linked account', async () => {
    const linked = await createEmployee({ name: 'Linked', account: reader.id });
    const page = await list({ account: reader.id });
    expect(page.nodes.map((n) => n.id)).toEqual([linked.id]);
    expect(page.nodes[0].account).toBe(reader.id);
  });

  it('answers BAD_USER_INPUT for a page size out of range or a cursor of something else', async () => {
    for (const first of [0, 501]) {
      const result = await gql(LIST, { first });
      expect(code(result)).toBe('BAD_USER_INPUT');
      expect(result.errors![0].message).toBe('first must be between 1 and 500');
    }
    const bad = await gql(LIST, { after: 'not-a-cursor' });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0].message).toBe('after is not a cursor of this list');
    const unknownManager = await gql(LIST, { manager: 'x' });
    expect(code(unknownManager)).toBe('BAD_USER_INPUT');
  });

  it('answers UNAUTHENTICATED without a token', async () => {
    const result = await t.api.graphql(LIST, {});
    expect(result.status).toBe(401);
    expect(result.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('directReports and managerChain', () => {
  it('follows the reporting line both ways', async () => {
    const ceo = await createEmployee({ name: 'Chain CEO' });
    const vp = await createEmployee({ name: 'Chain VP', manager: ceo.id });
    const lead = await createEmployee({ name: 'Chain Lead', manager: vp.id });
    const dev = await createEmployee({ name: 'Chain Dev', manager: lead.id });
    const peer = await createEmployee({ name: 'Chain Analyst', manager: vp.id });
    const result = await gql<{ directReports: Page; managerChain: Node[]; top: Node[] }>(
      `query($vp: UUID!, $dev: UUID!, $ceo: UUID!) {
        directReports(id: $vp) { ${PAGE} }
        managerChain(id: $dev) { id }
        top: managerChain(id: $ceo) { id }
      }`,
      { vp: vp.id, dev: dev.id, ceo: ceo.id },
      reader.token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.directReports.nodes.map((n) => n.id)).toEqual([peer.id, lead.id]);
    expect(result.data!.directReports.totalCount).toBe(2);
    expect(result.data!.managerChain.map((n) => n.id)).toEqual([lead.id, vp.id, ceo.id]);
    expect(result.data!.top).toEqual([]);
  });

  it('answers NOT_FOUND for another tenant’s employee', async () => {
    const foreign = await createEmployee({ name: 'Foreign Chain' }, otherAdmin.token);
    expect(code(await gql(`query($id: UUID!) { directReports(id: $id) { totalCount } }`, { id: foreign.id }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await gql(`query($id: UUID!) { managerChain(id: $id) { id } }`, { id: foreign.id }))).toBe('NOT_FOUND');
    expect(code(await gql(`query($id: UUID!) { employee(id: $id) { id } }`, { id: foreign.id }))).toBe('NOT_FOUND');
  });
});

describe('employee mutations', () => {
  it('creates, reads, updates, deactivates and deletes', async () => {
    const created = await createEmployee({ name: 'Mutable', department: 'Ops' });
    expect(created).toMatchObject({ name: 'Mutable', department: 'Ops', active: true, organization: org.id });
    const read = await gql<{ employee: Node }>(
      `query($id: UUID!) { employee(id: $id) { ${NODE} } }`,
      { id: created.id },
      reader.token,
    );
    expect(read.data!.employee).toEqual(created);
    const updated = await gql<{ updateEmployee: Node }>(UPDATE, {
      id: created.id,
      input: { name: 'Mutated', department: null },
    });
    expect(updated.data!.updateEmployee).toMatchObject({ name: 'Mutated', department: null });
    const deactivated = await gql<{ deactivateEmployee: Node }>(
      `mutation($id: UUID!) { deactivateEmployee(id: $id) { ${NODE} } }`,
      { id: created.id },
    );
    expect(deactivated.data!.deactivateEmployee.active).toBe(false);
    const deleted = await gql<{ deleteEmployee: boolean }>(`mutation($id: UUID!) { deleteEmployee(id: $id) }`, {
      id: created.id,
    });
    expect(deleted.data!.deleteEmployee).toBe(true);
    expect(code(await gql(`query($id: UUID!) { employee(id: $id) { id } }`, { id: created.id }))).toBe('NOT_FOUND');
  });

  it('refuses a reporting cycle and keeps the stored manager', async () => {
    const top = await createEmployee({ name: 'Cycle Top' });
    const middle = await createEmployee({ name: 'Cycle Middle', manager: top.id });
    const bottom = await createEmployee({ name: 'Cycle Bottom', manager: middle.id });
    const cycle = await gql(UPDATE, { id: top.id, input: { manager: bottom.id, name: 'Renamed Top' } });
    expect(code(cycle)).toBe('BAD_USER_INPUT');
    expect(cycle.errors![0].message).toBe('manager would make a reporting cycle');
    const self = await gql(UPDATE, { id: top.id, input: { manager: top.id } });
    expect(self.errors![0].message).toBe('manager would make a reporting cycle');
    const after = await gql<{ employee: Node }>(`query($id: UUID!) { employee(id: $id) { ${NODE} } }`, { id: top.id });
    expect(after.data!.employee).toMatchObject({ name: 'Cycle Top', manager: null });
  });

  it('answers FORBIDDEN to a member, NOT_FOUND across tenants, BAD_USER_INPUT naming the field', async () => {
    const target = await createEmployee({ name: 'Guarded' });
    expect(code(await gql(CREATE, { input: { name: 'Nope' } }, reader.token))).toBe('FORBIDDEN');
    expect(code(await gql(UPDATE, { id: target.id, input: { name: 'Nope' } }, reader.token))).toBe('FORBIDDEN');
    expect(code(await gql(`mutation($id: UUID!) { deleteEmployee(id: $id) }`, { id: target.id }, reader.token))).toBe(
      'FORBIDDEN',
    );
    expect(code(await gql(UPDATE, { id: target.id, input: { name: 'Nope' } }, otherAdmin.token))).toBe('NOT_FOUND');
    expect(
      code(await gql(`mutation($id: UUID!) { deleteEmployee(id: $id) }`, { id: target.id }, otherAdmin.token)),
    ).toBe('NOT_FOUND');
    const noName = await gql(CREATE, { input: { name: '  ' } });
    expect(code(noName)).toBe('BAD_USER_INPUT');
    expect(noName.errors![0].message).toBe('name must be 1-200 characters');
    const badDate = await gql(CREATE, { input: { name: 'Dated', startDate: '2025-02-29' } });
    expect(code(badDate)).toBe('BAD_USER_INPUT');
    expect(badDate.errors![0].message).toMatch(/must be a date \(YYYY-MM-DD\)/);
    const unknownManager = await gql(UPDATE, { id: target.id, input: { manager: randomUUID(), name: 'Half' } });
    expect(unknownManager.errors![0].message).toBe('manager must be an employee of the organization');
    const kept = await gql<{ employee: Node }>(`query($id: UUID!) { employee(id: $id) { ${NODE} } }`, {
      id: target.id,
    });
    expect(kept.data!.employee.name).toBe('Guarded');
  });
});

describe('a page at 10,000 employees', () => {
  let big: AccountMember;

  beforeAll(async () => {
    const created = await orgWithAdmin(t, 'Ten Thousand');
    big = await withId(t, created.admin);
    // Seeded in one statement so the test spends its time on reading, not on 10,000 requests.
    await t.app.db.orm.em.getConnection().execute(
      `insert into employee (id, organization_id, name, active, department, created_at, updated_at)
       select gen_random_uuid(), ?, 'Person ' || lpad(i::text, 5, '0'), i % 10 <> 0, 'Dept ' || (i % 20), now(), now()
       from generate_series(1, 10000) as i`,
      [created.org.id],
    );
  }, 120_000);

  it('answers a GraphQL page with the same few queries whatever its size or depth', async () => {
    const counts: Record<string, number> = {};
    let deep: string | null = null;
    for (const first of [10, 100, 500]) {
      const queries = await queriesOf(t, async () => {
        const page = await list({ first }, big.token);
        expect(page.nodes).toHaveLength(first);
        expect(page.totalCount).toBe(10_000);
        if (first === 500) deep = page.pageInfo.endCursor;
      });
      counts[`first ${first}`] = queries.length;
    }
    // A page far down the list, through its cursor, with a filter.
    const deepQueries = await queriesOf(t, async () => {
      const page = await list({ first: 500, after: deep, active: true }, big.token);
      expect(page.nodes).toHaveLength(500);
      expect(page.nodes.every((n) => n.active)).toBe(true);
    });
    counts['after, active'] = deepQueries.length;
    const values = Object.values(counts);
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toBeLessThanOrEqual(6);
    expect(deepQueries.filter((q) => /from "employee"/.test(q))).toHaveLength(2);
  });

  it('answers a REST page with the same few queries whatever its size', async () => {
    const counts: number[] = [];
    for (const limit of [10, 100, 500]) {
      const queries = await queriesOf(t, async () => {
        const res = await t.api.get<unknown[]>(`/api/v1/employee?limit=${limit}&offset=9000`, big.token);
        expect(res.status).toBe(200);
        expect(res.body).toHaveLength(limit);
      });
      counts.push(queries.length);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(6);
  });
});
