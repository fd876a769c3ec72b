import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// GraphQL introspection: off in production unless GRAPHQL_INTROSPECTION=true, on HTTP and on
// graphql-ws alike; the REST facade and its documentation do not depend on it.
const INTROSPECTION = '{ __schema { queryType { name } } }';
const TYPE = '{ __type(name: "Organization") { name } }';

interface Result {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** Runs `query` over graphql-ws and resolves with its first result, or the errors that ended it. */
async function overSocket(t: TestApp, token: string, query: string): Promise<Result> {
  const client = createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  try {
    return await new Promise<Result>((resolve, reject) => {
      client.subscribe(
        { query },
        {
          next: (value) => resolve(value as Result),
          error: (error) => (Array.isArray(error) ? resolve({ errors: error as Result['errors'] }) : reject(error)),
          complete: () => undefined,
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

describe.each([
  ['production', { NODE_ENV: 'production' }, false],
  ['production with GRAPHQL_INTROSPECTION=true', { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }, true],
  ['development (the default outside production)', {}, true],
])('%s', (_name, env, allowed) => {
  let t: TestApp;
  let admin: Member;

  beforeAll(async () => {
    t = await startTestApp(env);
    ({ admin } = await orgWithAdmin(t));
  });

  afterAll(() => t.close());

  it(`${allowed ? 'answers' : 'refuses'} __schema and __type over HTTP, with or without a token`, async () => {
    for (const [query, token] of [
      [INTROSPECTION, undefined],
      [TYPE, undefined],
      [INTROSPECTION, admin.token],
    ] as const) {
      const res = await t.api.graphql(query, {}, token);
      if (allowed) {
        expect(res.errors).toBeUndefined();
      } else {
        expect(res.status).toBe(400);
        expect(res.errors?.[0].message).toMatch(/introspection/i);
      }
    }
  });

  it(`${allowed ? 'answers' : 'refuses'} introspection over graphql-ws`, async () => {
    for (const query of [INTROSPECTION, TYPE]) {
      const result = await overSocket(t, admin.token, query);
      if (allowed) expect(result.errors).toBeUndefined();
      else expect(result.errors?.[0].message).toMatch(/introspection/i);
    }
  });

  it('keeps __typename, the REST facade and its documentation working', async () => {
    expect(
      (await t.api.graphql('{ organizations { __typename nodes { __typename id } } }', {}, admin.token)).errors,
    ).toBeUndefined();
    expect((await t.api.get('/api/v1/organization', admin.token)).status).toBe(200);
    expect((await t.api.get('/api/v1/openapi.json')).status).toBe(200);
    expect((await t.api.get('/docs/')).status).toBe(200);
  });
});
