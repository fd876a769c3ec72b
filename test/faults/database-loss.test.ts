import { type Cluster, findPgBin, removeCluster, startCluster } from '../../scripts/pg-cluster';
import { orgWithAdmin } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/webhooks';

// The PostgreSQL server goes away while the service runs, then comes back. This file runs in the
// postgres project only (jest.config.js): it stops a server of its own, not the shared one.
let cluster: Cluster;
let t: TestApp;
/** The service's log lines at warn and above. */
const logged: { msg: string }[] = [];

beforeAll(async () => {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  cluster = await startCluster(bin);
  // The rate limit's buckets are in the lost database too: this instance keeps them alone meanwhile
  // (src/http/pg-buckets.ts).
  t = await startTestApp(
    { DATABASE_URL: cluster.url, RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn' },
    { write: (line: string) => logged.push(JSON.parse(line) as { msg: string }) },
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (cluster) removeCluster(cluster);
});

describe('database loss', () => {
  it('answers 503 while the database is down and recovers without a restart', async () => {
    const { admin } = await orgWithAdmin(t);
    expect((await t.api.get('/api/v1/organization', admin.token)).status).toBe(200);

    cluster.stop();
    const rest = await t.api.get('/api/v1/organization', admin.token);
    expect([rest.status, rest.body]).toEqual([503, 'the database is unavailable; try again shortly']);
    const graphql = await t.api.graphql('{ organizations { nodes { id } } }', {}, admin.token);
    expect(graphql.errors?.map((e) => e.extensions?.code)).toEqual(['SERVICE_UNAVAILABLE']);
    const health = await t.api.get<{ database: string }>('/health');
    expect([health.status, health.body.database]).toEqual([503, 'down']);
    // Nothing of the failure's internals reaches the caller.
    expect(rest.text).not.toMatch(/ECONNREFUSED|57P01|stack|at /);
    // The requests were limited by this instance alone, which said so once.
    expect(logged.filter((line) => line.msg.startsWith('rate-limit buckets unavailable'))).toHaveLength(1);

    cluster.start();
    await eventually(
      async () => (await t.api.get('/api/v1/organization', admin.token)).status,
      (status) => status === 200,
      30_000,
    );
    expect((await t.api.get('/health')).status).toBe(200);
    expect((await t.api.post('/api/v1/employee', { name: 'After the outage' }, admin.token)).status).toBe(201);
  }, 120_000);
});
