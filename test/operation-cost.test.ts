import { EXPENSIVE_FIELDS } from '../src/graphql/operation-cost';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { connect, subscribe } from './helpers/live';
import { rowCounter } from './helpers/row-counts';
import { startTestApp, type TestApp } from './helpers/test-app';

// Limits on root fields per request (src/graphql/operation-cost.ts), at their defaults:
// GRAPHQL_MAX_MUTATIONS=20, GRAPHQL_MAX_EXPENSIVE=1, GRAPHQL_MAX_ROOT_FIELDS=50.
let t: TestApp;
let user: Member;

beforeAll(async () => {
  t = await startTestApp();
  user = (await orgWithAdmin(t)).admin;
});

afterAll(() => t.close());

const aliased = (times: number, field: string) => Array.from({ length: times }, (_, i) => `a${i}: ${field}`).join(' ');
const conversations = async () => {
  const res = await t.api.graphql<{ conversations: { nodes: unknown[] } }>(
    '{ conversations { nodes { id } } }',
    {},
    user.token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.conversations.nodes.length;
};
const refusal = (res: { status: number; errors?: { message: string; extensions?: { code?: string } }[] }) => [
  res.status,
  res.errors?.map((e) => e.extensions?.code),
  res.errors?.map((e) => e.message).join(' | '),
];

describe('root mutation fields (GRAPHQL_MAX_MUTATIONS=20)', () => {
  it('refuses 999 aliased startConversation with 400 naming the limit, creating nothing', async () => {
    const counts = await rowCounter(t);
    const before = await counts();
    const res = await t.api.graphql(`mutation { ${aliased(999, 'startConversation { id }')} }`, {}, user.token);
    expect(refusal(res)).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
      'mutation has 999 root fields (aliases count); the limit is 20 (GRAPHQL_MAX_MUTATIONS)',
    ]);
    expect(await counts()).toEqual(before);
    expect(await conversations()).toBe(0);
  });

  it('runs 20 mutations and refuses 21, counting fragments spread at the root', async () => {
    const ok = await t.api.graphql<Record<string, { id: string }>>(
      `mutation { ${aliased(20, 'startConversation { id }')} }`,
      {},
      user.token,
    );
    expect([ok.status, ok.errors, Object.keys(ok.data ?? {}).length]).toEqual([200, undefined, 20]);
    expect(await conversations()).toBe(20);
    const inFragments = `fragment Ten on Mutation { ${aliased(10, 'startConversation { id }')} } mutation { ...Ten ... on Mutation { ...Ten } x: startConversation { id } }`;
    const refused = await t.api.graphql(inFragments, {}, user.token);
    expect(refusal(refused)).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
      'mutation has 21 root fields (aliases count); the limit is 20 (GRAPHQL_MAX_MUTATIONS)',
    ]);
    expect(await conversations()).toBe(20);
  });
});

describe('fragments spread at the root', () => {
  it('counts fragments that double each other once per fragment, answering at once', async () => {
    let query = 'mutation { ...F30 } fragment F0 on Mutation { startConversation { id } }';
    for (let i = 1; i <= 30; i++) query += ` fragment F${i} on Mutation { ...F${i - 1} ...F${i - 1} }`;
    const started = Date.now();
    const res = await t.api.graphql(query, {}, user.token);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.message)).toContain(
      `mutation has ${2 ** 30} root fields (aliases count); the limit is 20 (GRAPHQL_MAX_MUTATIONS)`,
    );
  });
});

describe('fields that call the language model or read a document (GRAPHQL_MAX_EXPENSIVE=1)', () => {
  it('marks ask, reply, assign and the knowledge uploads', () => {
    expect([...EXPENSIVE_FIELDS].sort()).toEqual(['addFileKnowledge', 'addUrlKnowledge', 'ask', 'assign', 'reply']);
  });

  it('refuses 600 aliased ask with 400 before any runs', async () => {
    const counts = await rowCounter(t);
    const before = await counts();
    const res = await t.api.graphql(
      `mutation { ${aliased(600, 'ask(input: { question: "hi" }) { success }')} }`,
      {},
      user.token,
    );
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.message)).toContain(
      'operation has 600 fields that call the language model or read a document (ask); the limit is 1 a request (GRAPHQL_MAX_EXPENSIVE)',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses two of them in one request, of the same field or of different ones', async () => {
    const counts = await rowCounter(t);
    const before = await counts();
    const two = await t.api.graphql(
      'mutation { a: ask(input: { question: "hi" }) { success } b: ask(input: { question: "ho" }) { success } }',
      {},
      user.token,
    );
    expect(refusal(two)).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
      'operation has 2 fields that call the language model or read a document (ask); the limit is 1 a request (GRAPHQL_MAX_EXPENSIVE)',
    ]);
    const mixed = await t.api.graphql(
      'mutation { ask(input: { question: "hi" }) { success } addUrlKnowledge(url: "https://example.com/") { success } }',
      {},
      user.token,
    );
    expect(refusal(mixed)).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
      'operation has 2 fields that call the language model or read a document (ask, addUrlKnowledge); the limit is 1 a request (GRAPHQL_MAX_EXPENSIVE)',
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('root query fields (GRAPHQL_MAX_ROOT_FIELDS=50)', () => {
  it('runs 50 aliased queries and refuses 51', async () => {
    const ok = await t.api.graphql(`{ ${aliased(50, 'organizations(first: 1) { nodes { id } }')} }`, {}, user.token);
    expect([ok.status, ok.errors]).toEqual([200, undefined]);
    const refused = await t.api.graphql(
      `{ ${aliased(51, 'organizations(first: 1) { nodes { id } }')} }`,
      {},
      user.token,
    );
    expect(refusal(refused)).toEqual([
      400,
      ['GRAPHQL_VALIDATION_FAILED'],
      'query has 51 root fields (aliases count); the limit is 50 (GRAPHQL_MAX_ROOT_FIELDS)',
    ]);
  });
});

describe('over graphql-ws', () => {
  it('applies the same limits to queries and mutations sent on the websocket', async () => {
    const client = connect(t, user.token);
    try {
      const counts = await rowCounter(t);
      const before = await counts();
      const mutations = subscribe(client, `mutation { ${aliased(21, 'startConversation { id }')} }`, {});
      await expect(mutations.until(() => true)).rejects.toEqual([
        expect.objectContaining({
          message: 'mutation has 21 root fields (aliases count); the limit is 20 (GRAPHQL_MAX_MUTATIONS)',
        }),
      ]);
      const asks = subscribe(client, `mutation { ${aliased(2, 'ask(input: { question: "hi" }) { success }')} }`, {});
      await expect(asks.until(() => true)).rejects.toEqual([
        expect.objectContaining({
          message: expect.stringContaining('the limit is 1 a request (GRAPHQL_MAX_EXPENSIVE)'),
        }),
      ]);
      expect(await counts()).toEqual(before);
    } finally {
      await client.dispose();
    }
  });
});
