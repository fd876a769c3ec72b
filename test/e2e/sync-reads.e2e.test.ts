import { ChangeEvent } from '../../src/events/change-event.entity';
import type { ApiResponse } from '../helpers/api';
import { type Member, orgWithAdmin } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Reads a client keeps in sync with (docs/rest.md, "Lists"): every record has updatedAt (GraphQL
// only: REST's shapes are fixed), the main lists take `updatedSince` and then page in the order
// records changed, and every REST list over a connection says its total (X-Total-Count) and where
// its next page is (Link rel="next").

let t: TestApp;
let admin: Member;
let stranger: Member;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await orgWithAdmin(t, 'Sync Org'));
  ({ admin: stranger } = await orgWithAdmin(t, 'Other Sync Org'));
});

afterAll(() => t?.close());

/** A moment strictly between two writes: PostgreSQL and the service stamp in milliseconds. */
async function tick(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const now = new Date();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return now;
}

async function gql<T>(query: string, variables: Record<string, unknown> = {}, token = admin.token): Promise<T> {
  const res = await t.api.graphql<T>(query, variables, token);
  if (res.errors?.length) throw new Error(res.errors[0].message);
  return res.data!;
}

async function created(path: string, body: unknown): Promise<{ id: string }> {
  const res = await t.api.post<{ id: string }>(`/api/v1${path}`, body, admin.token);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** The lists clients sync: how to make a record, change it, and name it in GraphQL and REST. */
const LISTS = [
  {
    name: 'employees',
    rest: '/employee',
    make: (n: string) => created('/employee', { name: n }),
    change: (id: string) => t.api.patch(`/api/v1/employee/${id}`, { title: 'Changed' }, admin.token),
  },
  {
    name: 'groups',
    rest: '/group',
    make: (n: string) => created('/group', { name: n }),
    change: (id: string) => t.api.patch(`/api/v1/group/${id}`, { description: 'Changed' }, admin.token),
  },
  {
    name: 'apps',
    rest: '/app',
    make: (n: string) => created('/app', { type: 'hr', externalId: n, internal: false, name: n }),
    change: (id: string) => t.api.patch(`/api/v1/app/${id}`, { name: 'Changed' }, admin.token),
  },
  {
    name: 'idps',
    rest: '/idp',
    make: (n: string) => created('/idp', { name: n, startDate: '2026-01-01', type: 'CAREER' }),
    change: (id: string) => t.api.patch(`/api/v1/idp/${id}`, { name: 'Changed' }, admin.token),
  },
];

describe('updatedAt', () => {
  it('is a GraphQL field of records, moved by every change, and in change events', async () => {
    const { id } = await created('/employee', { name: 'Stamped' });
    const query = 'query($id: UUID!) { employee(id: $id) { updatedAt } }';
    const before = (await gql<{ employee: { updatedAt: string } }>(query, { id })).employee.updatedAt;
    await tick();
    await t.api.patch(`/api/v1/employee/${id}`, { title: 'Engineer' }, admin.token);
    const after = (await gql<{ employee: { updatedAt: string } }>(query, { id })).employee.updatedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    const events = await t.app.db.orm.em.fork().find(ChangeEvent, { objectId: id }, { orderBy: { createdAt: 'asc' } });
    expect(events.map((e) => e.current?.updatedAt && new Date(String(e.current.updatedAt)).toISOString())).toEqual([
      before,
      after,
    ]);
  });

  it('is on every record type of the schema', async () => {
    const types = await gql<{ __schema: { types: { name: string; fields: { name: string }[] | null }[] } }>(
      '{ __schema { types { name fields { name } } } }',
    );
    const fieldsOf = (name: string) =>
      types.__schema.types.find((type) => type.name === name)!.fields!.map((f) => f.name);
    for (const record of [
      'Organization',
      'Account',
      'Grant',
      'OrganizationKey',
      'Employee',
      'Group',
      'Idp',
      'IdpTask',
      'Note',
      'Assignee',
      'App',
      'Mapping',
      'Webhook',
      'WebhookKey',
      'WebhookDelivery',
      'Conversation',
      'Workflow',
      'KnowledgeDocument',
    ])
      expect({ record, updatedAt: fieldsOf(record).includes('updatedAt') }).toEqual({ record, updatedAt: true });
  });

  it('is not a key of REST answers, whose shapes are fixed', async () => {
    const { id } = await created('/employee', { name: 'Plain' });
    const res = await t.api.get<Record<string, unknown>>(`/api/v1/employee/${id}`, admin.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).not.toContain('updatedAt');
  });
});

describe.each(LISTS)('$name with updatedSince', ({ name, rest, make, change }) => {
  let since: Date;
  let changed: string[];

  beforeAll(async () => {
    const old = await make(`old-${name}`);
    since = await tick();
    const a = await make(`zz-${name}`);
    await tick();
    const b = await make(`aa-${name}`);
    await tick();
    const res = await change(old.id);
    if (res.status !== 200) throw new Error(`change: ${res.status} ${res.text}`);
    // Oldest change first: not the name order (aa before zz) of the list without updatedSince.
    changed = [a.id, b.id, old.id];
  });

  it('lists in GraphQL what changed at or after the time, oldest change first, paging by cursor', async () => {
    const query = `query($since: DateTimeISO, $after: String) {
      page: ${name}(updatedSince: $since, first: 2, after: $after) {
        totalCount nodes { id updatedAt } pageInfo { hasNextPage endCursor } edges { cursor }
      }
    }`;
    type Page = {
      page: {
        totalCount: number;
        nodes: { id: string; updatedAt: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
        edges: { cursor: string }[];
      };
    };
    const first = (await gql<Page>(query, { since: since.toISOString() })).page;
    expect(first.totalCount).toBe(3);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges[1].cursor).toBe(first.pageInfo.endCursor);
    const second = (await gql<Page>(query, { since: since.toISOString(), after: first.pageInfo.endCursor })).page;
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect([...first.nodes, ...second.nodes].map((n) => n.id)).toEqual(changed);
    for (const node of [...first.nodes, ...second.nodes])
      expect(new Date(node.updatedAt).getTime()).toBeGreaterThanOrEqual(since.getTime());
  });

  it('refuses a cursor of the list’s other order, naming `after`', async () => {
    const byName = await gql<{ page: { pageInfo: { endCursor: string } } }>(
      `{ page: ${name}(first: 1) { pageInfo { endCursor } } }`,
    );
    const res = await t.api.graphql(
      `query($since: DateTimeISO, $after: String) { ${name}(updatedSince: $since, after: $after) { totalCount } }`,
      { since: since.toISOString(), after: byName.page.pageInfo.endCursor },
      admin.token,
    );
    expect(res.errors?.[0].message).toMatch(/^after /);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('pages the REST list with X-Total-Count and Link rel="next", keeping the other parameters', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/api/v1${rest}?updatedSince=${encodeURIComponent(since.toISOString())}&limit=2`;
    const links: (string | null)[] = [];
    while (url) {
      const res: ApiResponse<{ id: string }[]> = await t.api.get<{ id: string }[]>(url, admin.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('3');
      seen.push(...res.body.map((item) => item.id));
      const link: string | null = res.headers.get('link');
      links.push(link);
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
    }
    expect(seen).toEqual(changed);
    expect(links).toEqual([
      `</api/v1${rest}?updatedSince=${encodeURIComponent(since.toISOString())}&limit=2&offset=2>; rel="next"`,
      null,
    ]);
  });

  it('answers 400 naming updatedSince for a value that is not a time', async () => {
    const res = await t.api.get(`/api/v1${rest}?updatedSince=yesterday`, admin.token);
    expect(res.status).toBe(400);
    expect(res.text).toContain('updatedSince');
  });

  it('shows another organization none of these records', async () => {
    const res = await t.api.get<{ id: string }[]>(
      `/api/v1${rest}?updatedSince=${encodeURIComponent(since.toISOString())}`,
      stranger.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((item) => item.id).filter((id) => changed.includes(id))).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
  });
});

describe('REST list headers without updatedSince', () => {
  it('count every match and link no next page from the last one', async () => {
    for (let i = 0; i < 3; i++) await created('/group', { name: `headers-${i}` });
    const all = await t.api.get<unknown[]>('/api/v1/group', admin.token);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    expect(all.headers.get('link')).toBeNull();
    const last = await t.api.get<unknown[]>(`/api/v1/group?limit=1&offset=${total - 1}`, admin.token);
    expect({ count: last.body.length, link: last.headers.get('link') }).toEqual({ count: 1, link: null });
    const first = await t.api.get<unknown[]>('/api/v1/group?limit=1', admin.token);
    expect(first.headers.get('link')).toBe('</api/v1/group?limit=1&offset=1>; rel="next"');
  });
});

describe('the account list', () => {
  // Accounts are found through their grants; one holding two roles is one account, in the page
  // and in the total.
  it('counts an account with two roles once', async () => {
    const account = await created('/account', { email: 'two-roles@example.com' });
    const granted = await t.api.post(`/api/v1/account/${account.id}/grant`, { role: 'MANAGER' }, admin.token);
    expect(granted.status).toBe(200);
    const res = await t.api.get<{ email: string }[]>('/api/v1/account?limit=500', admin.token);
    expect(res.body.filter((a) => a.email === 'two-roles@example.com')).toHaveLength(1);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
  });
});

describe('lists in creation order, oldest or newest first', () => {
  // Webhooks list oldest first, knowledge documents newest first: both are connections now, paged
  // by cursor in GraphQL and answering X-Total-Count and Link in REST like the lists above.
  beforeAll(async () => {
    await created('/webhook-key', { name: 'signing' });
    for (const name of ['w1', 'w2', 'w3'])
      await created('/webhook', { name, url: 'http://93.184.216.34/hook', eventType: 'group.delete' });
    for (const name of ['k1', 'k2', 'k3']) {
      const form = new FormData();
      form.append('file', new Blob([`Fact ${name}.`], { type: 'text/plain' }), `${name}.txt`);
      const res = await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${res.text}`);
      await tick();
    }
  });

  it.each([
    ['webhooks', ['w1', 'w2', 'w3']],
    ['knowledgeDocuments', ['k3.txt', 'k2.txt', 'k1.txt']],
  ])('%s pages by cursor in its order, with totalCount', async (field, names) => {
    const query = `query($after: String) { page: ${field}(first: 2, after: $after) {
      totalCount nodes { name } pageInfo { hasNextPage endCursor } } }`;
    type Page = {
      page: { totalCount: number; nodes: { name: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    };
    const first = (await gql<Page>(query)).page;
    const second = (await gql<Page>(query, { after: first.pageInfo.endCursor })).page;
    expect({
      total: first.totalCount,
      names: [...first.nodes, ...second.nodes].map((n) => n.name),
      more: [first.pageInfo.hasNextPage, second.pageInfo.hasNextPage],
    }).toEqual({ total: 3, names, more: [true, false] });
  });

  it.each([
    ['/webhook', ['w1', 'w2', 'w3']],
    ['/agent/knowledge', ['k3.txt', 'k2.txt', 'k1.txt']],
  ])('GET %s answers its pages with X-Total-Count and Link', async (path, names) => {
    const first = await t.api.get<{ name: string }[]>(`/api/v1${path}?limit=2`, admin.token);
    expect({
      names: first.body.map((item) => item.name),
      total: first.headers.get('x-total-count'),
      link: first.headers.get('link'),
    }).toEqual({ names: names.slice(0, 2), total: '3', link: `</api/v1${path}?limit=2&offset=2>; rel="next"` });
    const last = await t.api.get<{ name: string }[]>(`/api/v1${path}?limit=2&offset=2`, admin.token);
    expect({ names: last.body.map((item) => item.name), link: last.headers.get('link') }).toEqual({
      names: names.slice(2),
      link: null,
    });
  });
});
