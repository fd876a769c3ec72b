import type { AddressInfo } from 'node:net';
import express from 'express';
import { rateLimit } from '../src/http/rate-limit';
import { orgWithAdmin, platformAdmin } from './helpers/fixtures';
import { connect } from './helpers/live';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
});

afterAll(() => t.close());

describe('rate limit (RATE_LIMIT_PER_MINUTE=3)', () => {
  it('answers 429 with Retry-After once a token used its requests, on REST and GraphQL alike', async () => {
    const { admin } = await orgWithAdmin(t);
    for (let i = 0; i < 3; i++) expect((await t.api.get('/api/v1/organization', admin.token)).status).toBe(200);
    const refused = await t.api.get('/api/v1/organization', admin.token);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    // One request comes back every 20 s at 3 a minute.
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
    expect(refused.body).toBe(`too many requests: at most 3 operations a minute per token; retry after ${wait} s`);
    const graphql = await t.api.graphql('{ organizations { nodes { id } } }', {}, admin.token);
    expect([graphql.status, graphql.errors]).toEqual([429, undefined]);
  });

  it('counts each token on its own, and requests without a token by address; /health is not limited', async () => {
    const other = platformAdmin(t);
    for (let i = 0; i < 3; i++) expect((await t.api.get('/api/v1/organization', other)).status).toBe(200);
    expect((await t.api.get('/api/v1/organization', other)).status).toBe(429);
    const anonymous = [];
    for (let i = 0; i < 4; i++) anonymous.push((await t.api.get('/api/v1/organization')).status);
    expect(anonymous).toEqual([401, 401, 401, 429]);
    for (let i = 0; i < 5; i++) expect((await fetch(`${t.app.url}/health`)).status).toBe(200);
  });

  it('gives requests back as time passes', async () => {
    let now = 1_000_000;
    const app = express();
    app.use(rateLimit(60, () => now));
    app.get('/', (_req, res) => res.json('ok'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const get = async () => (await fetch(url, { headers: { authorization: 'Bearer x' } })).status;
    try {
      const first = [];
      for (let i = 0; i < 61; i++) first.push(await get());
      expect(first.filter((s) => s === 200)).toHaveLength(60);
      expect(first[60]).toBe(429);
      now += 1_000; // one request a second at 60 a minute
      expect([await get(), await get()]).toEqual([200, 429]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('operations, not requests (RATE_LIMIT_PER_MINUTE=30)', () => {
  let t30: TestApp;

  beforeAll(async () => {
    t30 = await startTestApp({ RATE_LIMIT_PER_MINUTE: '30' });
  });

  afterAll(() => t30.close());

  const aliased = (times: number) =>
    `{ ${Array.from({ length: times }, (_, i) => `a${i}: organizations { nodes { id } }`).join(' ')} }`;
  type Result = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
  const graphql = async (query: string, token: string) => {
    const res = await t30.api.request<Result>('POST', '/graphql', { body: { query }, token });
    return { status: res.status, headers: res.headers, errors: res.body.errors };
  };

  it('charges a GraphQL request one operation per root field, aliases included, from the bucket REST uses', async () => {
    const { admin } = await orgWithAdmin(t30); // admin.token has made no request yet: 30 operations
    const wide = await graphql(aliased(25), admin.token);
    expect([wide.status, wide.errors]).toEqual([200, undefined]);
    // 5 operations are left (and about one more comes back every 2 s): 10 root fields do not fit.
    const refused = await graphql(aliased(10), admin.token);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(12);
    expect(refused.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([
      [
        'TOO_MANY_REQUESTS',
        `too many requests: at most 30 operations a minute per token; retry after ${wait} s (this request costs 10: one per root field)`,
      ],
    ]);
    // The refused request took only its first operation; what is left still serves REST, then runs out.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t30.api.get('/api/v1/organization', admin.token)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses).toContain(429);
  });

  it('refuses a request costing more than a minute of operations with 429', async () => {
    const { admin } = await orgWithAdmin(t30);
    const res = await graphql(aliased(31), admin.token);
    expect([res.status, res.headers.get('retry-after'), res.errors?.[0]?.extensions?.code]).toEqual([
      429,
      '60',
      'TOO_MANY_REQUESTS',
    ]);
  });

  it('charges operations on graphql-ws from the same bucket as HTTP', async () => {
    const { admin } = await orgWithAdmin(t30);
    const client = connect(t30, admin.token);
    const run = (query: string) =>
      new Promise<Result>((resolve, reject) => {
        let result: Result = {};
        client.subscribe(
          { query },
          { next: (value) => (result = value as Result), error: reject, complete: () => resolve(result) },
        );
      });
    try {
      // 20 of 30 taken over the socket, then 10 more fit over HTTP only partly.
      expect((await run(aliased(20))).errors).toBeUndefined();
      const refused = await run(aliased(15));
      expect(refused.errors?.map((e) => e.extensions?.code)).toEqual(['TOO_MANY_REQUESTS']);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await t30.api.get('/api/v1/organization', admin.token)).status);
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200).length).toBeLessThan(12);
    } finally {
      await client.dispose();
    }
  });
});
