import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Receiver } from '../helpers/receiver';
import { type Running, start } from '../helpers/service-process';
import { freshDatabaseUrl, JWT_SECRET, SECRETS_KEY, signUserToken } from '../helpers/test-app';
import { eventually } from '../helpers/webhooks';

// SIGKILL in the middle of a burst of writes and deliveries, then a restart on the same database:
// acknowledged writes are all there, every row has its event and every event its row, and every
// event is delivered (duplicates allowed). The service runs as `npm start` runs it: on a
// PostgreSQL server, or on the embedded database in a data directory (then the rows are read back
// through the API, since only the service can open that directory).
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
let dataDir: string;
let receiver: Receiver;
let db: Client | undefined;

beforeAll(async () => {
  database = await freshDatabaseUrl();
  dataDir = mkdtempSync(join(tmpdir(), 'talent-sigkill-'));
  receiver = await new Receiver().start();
  if (database.url) {
    db = new Client({ connectionString: database.url });
    await db.connect();
  }
});

afterAll(async () => {
  await db?.end();
  await receiver.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL mid-burst', () => {
  it('loses no acknowledged write, leaves nothing half-written and delivers every committed event', async () => {
    const env = {
      ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
      JWT_SECRET,
      SECRETS_KEY,
      NODE_ENV: 'production',
      ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
      WEBHOOK_TIMEOUT_MS: '2000',
    };
    const email = 'burst@example.com';
    let running: Running = await start(env);
    const org = await running.api.post<{ id: string }>(
      '/api/v1/organization',
      { name: 'Burst' },
      signUserToken({ sub: email, email }),
    );
    const token = signUserToken({ sub: email, email, org: org.body.id });
    expect((await running.api.post('/api/v1/webhook-key', { name: 'k' }, token)).status).toBe(201);
    expect(
      (
        await running.api.post(
          '/api/v1/webhook',
          { name: 'w', url: `${receiver.url}/hook`, eventType: 'employee.post' },
          token,
        )
      ).status,
    ).toBe(201);

    const acknowledged: string[] = [];
    let next = 0;
    const killed = running.exited;
    const writer = async () => {
      while (next < 400) {
        const n = next++;
        const res = await running.api
          .post<{ id: string }>('/api/v1/employee', { name: `Burst ${n}` }, token)
          .catch(() => null);
        if (res?.status === 201) acknowledged.push(res.body.id);
        if (acknowledged.length === 120 && running.child.exitCode === null) running.child.kill('SIGKILL');
        if (!res) return;
      }
    };
    await Promise.all(Array.from({ length: 20 }, writer));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(120);
    expect(acknowledged.length).toBeLessThan(400);

    running = await start(env);
    try {
      const listed = await running.api.get<{ id: string }[]>('/api/v1/employee?limit=500', token);
      expect(listed.status).toBe(200);
      const stored = listed.body.map((r) => r.id);
      expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
      if (db) {
        // The transactional outbox: no row without its event, no event without its row.
        const orphans = await db.query(
          `select (select count(*) from employee e where not exists (select 1 from change_event c where c.object_id = e.id::text and c.type = 'employee.post')) as rows_without_event,
                  (select count(*) from change_event c where c.type = 'employee.post' and not exists (select 1 from employee e where e.id::text = c.object_id)) as events_without_row`,
        );
        expect(orphans.rows[0]).toEqual({ rows_without_event: '0', events_without_row: '0' });
      }
      const delivered = () => new Set(receiver.received.map((r) => r.json.data.id));
      await eventually(
        async () => stored.filter((id) => !delivered().has(id)),
        (missing) => missing.length === 0,
        200_000,
      );
      // Nor was an event delivered for a write that did not commit.
      expect([...delivered()].filter((id) => !stored.includes(id))).toEqual([]);
    } finally {
      running.child.kill('SIGTERM');
      await running.exited;
    }
  }, 300_000);
});
