import type { AddressInfo } from 'node:net';
import express from 'express';
import { rateLimit } from '../src/http/rate-limit';
import { orgWithAdmin, platformAdmin } from './helpers/fixtures';
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
    expect(refused.body).toBe(`too many requests: at most 3 a minute per token; retry after ${wait} s`);
    const graphql = await t.api.graphql('{ organizations { id } }', {}, admin.token);
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
