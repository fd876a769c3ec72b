import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Receiver } from './helpers/receiver';
import { MAIN, start } from './helpers/service-process';
import { freshDatabaseUrl, JWT_SECRET, SECRETS_KEY, signUserToken, testDatabase } from './helpers/test-app';

let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let env: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('dist/src/main.js is missing: npm test builds it first (npm run build)');
  dataDir = mkdtempSync(join(tmpdir(), 'talent-main-'));
  database = await freshDatabaseUrl();
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET,
    SECRETS_KEY,
    NODE_ENV: 'production',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
});

afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A POST whose headers and first bytes are sent on a connection of its own; `finish` sends the
 * rest. `arrived` resolves once the server has the request (its socket is connected and written).
 */
function halfSent(url: URL, token: string, json: unknown) {
  const body = JSON.stringify(json);
  let req!: ClientRequest;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  const arrived = new Promise<void>((resolve) => req.write(body.slice(0, 10), () => setTimeout(resolve, 100)));
  return { response, arrived, finish: () => req.end(body.slice(10)) };
}

describe('the service process', () => {
  it(`keeps its data across a restart (${testDatabase()})`, async () => {
    const token = signUserToken({ sub: 'restart-user', email: 'restart@example.com' });
    const first = await start(env);
    expect(first.output()).toContain('/graphql');
    const created = await first.api.post<{ id: string }>('/api/v1/organization', { name: 'Survives Restarts' }, token);
    expect(created.status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(env);
    try {
      const list = await second.api.get<{ id: string; name: string }[]>('/api/v1/organization', token);
      expect(list.status).toBe(200);
      expect(list.body).toEqual([expect.objectContaining({ id: created.body.id, name: 'Survives Restarts' })]);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('finishes an in-flight request on SIGTERM, refuses new ones, and exits 0', async () => {
    const running = await start(env);
    const token = signUserToken({ sub: 'drain-user', email: 'drain@example.com' });
    const url = new URL('/api/v1/organization', running.api.baseUrl);
    const inFlight = halfSent(url, token, { name: 'Created While Draining' });
    await inFlight.arrived;
    running.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status).toBe(201);
    expect(JSON.parse(answered.body)).toMatchObject({ name: 'Created While Draining' });
    expect(await running.exited).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('drains a burst of writes and deliveries on SIGTERM: answers what it took, stops its jobs, loses nothing', async () => {
    const receiver = await new Receiver().start();
    // Slow answers keep deliveries in flight when the signal comes.
    receiver.answer(...Array.from({ length: 1000 }, () => ({ status: 200, delayMs: 150 })));
    const loadEnv = { ...env, ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1', SHUTDOWN_GRACE_MS: '20000' };
    let running = await start(loadEnv);
    try {
      const email = 'sigterm-load@example.com';
      const org = await running.api.post<{ id: string }>(
        '/api/v1/organization',
        { name: 'Under Load' },
        signUserToken({ sub: email, email }),
      );
      const token = signUserToken({ sub: email, email, org: org.body.id });
      expect((await running.api.post('/api/v1/webhook-key', { name: 'k' }, token)).status).toBe(201);
      expect(
        (await running.api.post('/api/v1/webhook', { name: 'w', url: receiver.url, eventType: 'employee.post' }, token))
          .status,
      ).toBe(201);
      const employees = new URL('/api/v1/employee', running.api.baseUrl);

      const acknowledged: string[] = [];
      const statuses = new Map<number, number>();
      let refusedConnections = 0;
      let signalled = false;
      // Ten requests surely in flight at the signal: headers and half a body sent before the burst.
      const pending = Array.from({ length: 10 }, (_, i) => halfSent(employees, token, { name: `In flight ${i}` }));
      await Promise.all(pending.map((p) => p.arrived));
      const writer = async (w: number) => {
        for (let n = 0; !running.child.exitCode; n++) {
          const res = await running.api
            .post<{ id: string }>('/api/v1/employee', { name: `Load ${w}-${n}` }, token)
            .catch(() => null);
          if (!res) {
            refusedConnections++;
            if (signalled) return;
            continue;
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) acknowledged.push(res.body.id);
          if (res.status === 503 && signalled) return;
          if (acknowledged.length >= 150 && !signalled) {
            signalled = true;
            running.child.kill('SIGTERM');
            setTimeout(() => pending.forEach((p) => p.finish()), 300);
          }
        }
      };
      await Promise.all(Array.from({ length: 10 }, (_, w) => writer(w)));
      const finished = await Promise.all(pending.map((p) => p.response));
      expect(await running.exited).toBe(0);
      expect(running.output()).not.toMatch(/shutdown failed|"level":50/);

      // Every request in flight at the signal completed; the burst saw only 201s and, once draining, 503s.
      expect(finished.map((f) => f.status)).toEqual(Array(10).fill(201));
      for (const f of finished) acknowledged.push((JSON.parse(f.body) as { id: string }).id);
      expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);
      // Nothing new is accepted: the listener is gone.
      await expect(fetch(employees)).rejects.toThrow();
      expect(refusedConnections + (statuses.get(503) ?? 0)).toBeGreaterThan(0);

      if (database.url) {
        // The jobs stopped cleanly: none left running for a restart to wait out.
        const db = new Client({ connectionString: database.url });
        await db.connect();
        const active = await db.query<{ n: string }>("select count(*) as n from pgboss.job where state = 'active'");
        await db.end();
        expect(active.rows[0].n).toBe('0');
      }

      // After a restart every acknowledged write is there and every event is delivered, promptly:
      // no job was left to expire.
      running = await start(loadEnv);
      const stored = await running.api.get<{ id: string }[]>('/api/v1/employee?limit=500', token);
      expect(stored.body.length).toBeLessThan(500);
      const storedIds = new Set(stored.body.map((e) => e.id));
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      await receiver.waitFor((got) => [...storedIds].every((id) => got.some((r) => r.json.data.id === id)), 30_000);
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
      await receiver.close();
    }
  }, 180_000);

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid environment variable PORT/);
  });
});
