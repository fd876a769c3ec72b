import { orgWithAdmin } from './helpers/fixtures';
import { connect, subscribe } from './helpers/live';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_MAX_DEPTH: '5', GRAPHQL_MAX_FIELDS: '30' });
  token = (await orgWithAdmin(t)).admin.token;
});

afterAll(() => t.close());

/** Introspection nests `ofType` as deep as asked: a query `depth` fields deep. */
const deep = (depth: number) =>
  `{ __schema { types { fields { type ${'{ ofType '.repeat(depth - 5)}{ name }${' }'.repeat(depth - 5)} } } } }`;
const fragmentQuery = (times: number) =>
  `fragment F on Organization { id name alias } { ${Array.from({ length: times }, (_, i) => `o${i}: organizations { nodes { ...F } }`).join(' ')} }`;

describe('GraphQL operation limits (GRAPHQL_MAX_DEPTH=5, GRAPHQL_MAX_FIELDS=30)', () => {
  it('runs operations within the limits', async () => {
    const res = await t.api.graphql<{ __schema: unknown }>(deep(5), {}, token);
    expect([res.status, res.errors]).toEqual([200, undefined]);
    const wide = await t.api.graphql(fragmentQuery(6), {}, token);
    expect([wide.status, wide.errors]).toEqual([200, undefined]);
  });

  it('refuses a deeper operation with 400 before running it', async () => {
    const res = await t.api.graphql(deep(6), {}, token);
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['query is 6 fields deep; the limit is 5', 'GRAPHQL_VALIDATION_FAILED'],
    ]);
  });

  it('counts fields where fragments are spread', async () => {
    // 7 x (organizations + nodes + 3 fields of F) = 35
    const res = await t.api.graphql(fragmentQuery(7), {}, token);
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.message)).toEqual(['query selects 35 fields; the limit is 30']);
  });

  it('applies to subscriptions over graphql-ws too', async () => {
    const client = connect(t, token);
    try {
      const fields = Array.from({ length: 31 }, (_, i) => `f${i}: id`).join(' ');
      const live = subscribe(client, `subscription { changes { ${fields} } }`, {});
      await expect(live.until(() => true)).rejects.toEqual([
        expect.objectContaining({ message: 'query selects 32 fields; the limit is 30' }),
      ]);
    } finally {
      await client.dispose();
    }
  });

  it('leaves the REST facade alone: its documents are fixed and checked at start-up', async () => {
    // GET /api/v1/organization selects far more than 30 fields.
    expect((await t.api.get('/api/v1/organization', token)).status).toBe(200);
  });
});
