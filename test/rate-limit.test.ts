import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Client } from 'graphql-ws';
import { rateLimit } from '../src/http/rate-limit';
import { orgWithAdmin, platformAdmin } from './helpers/fixtures';
import { connect } from './helpers/live';
import { signUserToken, startTestApp, type TestApp, testDatabase } from './helpers/test-app';

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

/** A query of `times` root fields: that many operations against the rate limit. */
const aliased = (times: number) =>
  `{ ${Array.from({ length: times }, (_, i) => `a${i}: organizations { nodes { id } }`).join(' ')} }`;
type Result = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
const graphqlOn = async (t: TestApp, query: string, token: string) => {
  const res = await t.api.request<Result>('POST', '/graphql', { body: { query }, token });
  return { status: res.status, headers: res.headers, errors: res.body.errors };
};
/** Runs a query over graphql-ws and answers its last result. */
const runOn = (client: Client, query: string) =>
  new Promise<Result>((resolve, reject) => {
    let result: Result = {};
    client.subscribe(
      { query },
      { next: (value) => (result = value as Result), error: reject, complete: () => resolve(result) },
    );
  });

describe('operations, not requests (RATE_LIMIT_PER_MINUTE=30)', () => {
  let t30: TestApp;

  beforeAll(async () => {
    t30 = await startTestApp({ RATE_LIMIT_PER_MINUTE: '30' });
  });

  afterAll(() => t30.close());

  const graphql = (query: string, token: string) => graphqlOn(t30, query, token);

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
    const run = (query: string) => runOn(client, query);
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

// Instances on one PostgreSQL server share their callers' buckets (src/http/pg-buckets.ts): a
// caller gets RATE_LIMIT_PER_MINUTE however a load balancer spreads its requests. The embedded
// database belongs to one process, whose buckets stay in its memory.
if (testDatabase() === 'postgres') {
  describe('two instances on one PostgreSQL server (RATE_LIMIT_PER_MINUTE=4)', () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      a = await startTestApp({ RATE_LIMIT_PER_MINUTE: '4' });
      b = await startTestApp({ RATE_LIMIT_PER_MINUTE: '4', DATABASE_URL: a.app.config.databaseUrl });
    });

    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    /** The n-th of requests alternated between the instances. */
    const either = (n: number) => (n % 2 ? b : a);
    // One operation comes back every 15 s at 4 a minute.
    const expectWait = (res: { headers: Headers }) => {
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(15);
      return wait;
    };

    it('limits REST requests alternated between them by one budget', async () => {
      const { admin } = await orgWithAdmin(a);
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) statuses.push((await either(n).api.get('/api/v1/organization', admin.token)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      for (const t of [a, b]) {
        const refused = await t.api.get('/api/v1/organization', admin.token);
        expect(refused.status).toBe(429);
        const wait = expectWait(refused);
        expect(refused.body).toBe(`too many requests: at most 4 operations a minute per token; retry after ${wait} s`);
      }
    });

    it('takes exactly the budget of requests sent to both at once', async () => {
      const { admin } = await orgWithAdmin(b);
      const statuses = await Promise.all(
        Array.from(
          { length: 12 },
          async (_, n) => (await either(n).api.get('/api/v1/organization', admin.token)).status,
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(4);
      expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    });

    it('charges GraphQL root fields on one instance from the budget the other spent', async () => {
      const { admin } = await orgWithAdmin(a);
      expect((await graphqlOn(a, aliased(2), admin.token)).status).toBe(200);
      // 2 are left: the request's first operation fits, its 2 further root fields do not.
      const refused = await graphqlOn(b, aliased(3), admin.token);
      expect(refused.status).toBe(429);
      const wait = expectWait(refused);
      expect(refused.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([
        [
          'TOO_MANY_REQUESTS',
          `too many requests: at most 4 operations a minute per token; retry after ${wait} s (this request costs 3: one per root field)`,
        ],
      ]);
      expect((await graphqlOn(b, aliased(1), admin.token)).status).toBe(200);
      const spent = await graphqlOn(a, aliased(1), admin.token);
      expect(spent.status).toBe(429);
      expectWait(spent);
    });

    it('charges graphql-ws operations on either instance from the same budget as HTTP', async () => {
      const { admin } = await orgWithAdmin(b);
      const onA = connect(a, admin.token);
      const onB = connect(b, admin.token);
      try {
        expect((await runOn(onA, aliased(3))).errors).toBeUndefined();
        expect((await b.api.get('/api/v1/organization', admin.token)).status).toBe(200);
        for (const client of [onB, onA]) {
          const refused = await runOn(client, aliased(1));
          expect(refused.errors?.map((e) => e.extensions?.code)).toEqual(['TOO_MANY_REQUESTS']);
        }
        expect((await a.api.get('/api/v1/organization', admin.token)).status).toBe(429);
      } finally {
        await onA.dispose();
        await onB.dispose();
      }
    });

    it('shares the budget of failed look-ups by secret, and its refunds', async () => {
      const { admin } = await orgWithAdmin(a);
      const type = `SHARED-${randomUUID().slice(0, 6)}`;
      const app = await a.api.post(
        '/api/v1/app',
        { type, externalId: randomUUID(), internal: false, name: 'CRM', secretData: { webhookSecret: 'right' } },
        admin.token,
      );
      expect(app.status).toBe(201);
      // A token of its own for each look-up, all of one platform ADMIN: the requests' buckets are
      // apart, the look-ups' budget (the caller's) is one.
      const sub = `integration-${randomUUID()}`;
      const lookUp = (t: TestApp, secret: string) =>
        t.api.post(
          `/api/v1/organization/by-app-secret/${type}/webhookSecret`,
          { secret },
          signUserToken({ sub, email: `${sub}@example.com`, roles: ['ADMIN'] }, { jwtid: randomUUID() }),
        );
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) statuses.push((await lookUp(either(n), `wrong-${n}`)).status);
      // Found on the other instance: taken, then given back.
      const found = await lookUp(b, 'right');
      expect([found.status, (found.body as { id: string }[]).length]).toEqual([200, 1]);
      for (let n = 5; n < 10; n++) statuses.push((await lookUp(either(n), `wrong-${n}`)).status);
      expect(statuses).toEqual(Array(10).fill(200));
      const refused = await lookUp(a, 'wrong-10');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(refused.body).toBe(`too many failed look-ups by secret: at most 10 a minute; retry after ${wait} s`);
      expect((await lookUp(b, 'right')).status).toBe(429);
    });
  });
}
