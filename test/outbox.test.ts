import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import WebSocket from 'ws';
import { type App, createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ChangeEvent } from '../src/events/change-event.entity';
import { createLogger } from '../src/logger';
import { orgWithAdmin } from './helpers/fixtures';
import { freePort } from '../scripts/pg-cluster';
import { Receiver } from './helpers/receiver';
import { type Running, start } from './helpers/service-process';
import {
  freshDatabaseUrl,
  JWT_SECRET,
  SECRETS_KEY,
  startTestApp,
  signUserToken,
  testDatabase,
} from './helpers/test-app';
import { Api } from './helpers/api';
import { createKey, createWebhook, deliveries, eventually } from './helpers/webhooks';

const FAST = { ALLOW_PRIVATE_URLS: 'true', JOB_POLL_SECONDS: '0.5', WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1' };

/** The service as a real process (`node dist/src/main.js`), so that it can be killed without warning. */
function startProcess(env: Record<string, string>): Promise<Running> {
  return start({ NODE_ENV: 'test', JWT_SECRET, SECRETS_KEY, LOG_LEVEL: 'silent', ...FAST, ...env });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('the outbox survives a crash', () => {
  let database: { url?: string; drop(): Promise<void> };
  let dataDir: string;
  let env: Record<string, string>;
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    database = await freshDatabaseUrl();
    dataDir = mkdtempSync(join(tmpdir(), 'talent-crash-'));
    env = database.url ? { DATABASE_URL: database.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    if (running && running.exitCode === null && running.signalCode === null) await kill(running);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers, after a restart, an event whose delivery was pending when the process was killed', async () => {
    const port = await freePort();
    const first = await startProcess(env);
    running = first.child;
    const api = first.api;
    const email = `crash-${Date.now()}@example.com`;
    const org = await api.post<{ id: string }>(
      '/api/v1/organization',
      { name: 'Crash Org' },
      signUserToken({ sub: email, email }),
    );
    expect(org.status).toBe(201);
    const token = signUserToken({ sub: email, email, org: org.body.id });
    const key = await api.post<{ secretBase64: string }>('/api/v1/webhook-key', { name: 'k' }, token);
    const hook = await api.post<{ id: string }>(
      '/api/v1/webhook',
      { name: 'h', url: `http://127.0.0.1:${port}/hook`, eventType: 'employee.post' },
      token,
    );
    expect(hook.status).toBe(201);
    // Nothing listens on the port yet: the first attempt fails and a retry is queued.
    const created = await api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Survivor', email: `s-${Date.now()}@example.com` },
      token,
    );
    expect(created.status).toBe(201);
    await eventually(
      () => api.get<{ attemptCount: number }[]>(`/api/v1/webhook/${hook.body.id}/deliveries`, token),
      (r) => r.body[0]?.attemptCount === 1,
    );
    await kill(first.child);

    const receiver = await new Receiver(port).start();
    try {
      const second = await startProcess(env);
      running = second.child;
      const [got] = await receiver.waitFor((r) => r.length >= 1, 20_000);
      new StandardWebhook(key.body.secretBase64).verify(got.body, got.headers as Record<string, string>);
      expect(got.json.data.id).toBe(created.body.id);
      const list = await eventually(
        () =>
          second.api.get<{ state: string; attemptCount: number }[]>(
            `/api/v1/webhook/${hook.body.id}/deliveries`,
            token,
          ),
        (r) => r.body[0]?.state === 'SUCCEEDED',
      );
      expect(list.body[0].attemptCount).toBe(2);
      await kill(second.child);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});

describe('an event committed but never relayed', () => {
  it('is relayed by the periodic sweep, as on the start of the next instance', async () => {
    // The state a crash between commit and relay leaves: an event row nobody announced.
    const receiver = await new Receiver().start();
    const t = await startTestApp({ ...FAST, OUTBOX_POLL_MS: '500' });
    try {
      const { org, admin } = await orgWithAdmin(t);
      await createKey(t, admin);
      const hook = await createWebhook(t, admin, { url: receiver.url, eventType: 'employee.post' });
      await t.app.eventsRelayed();
      const em = t.app.db.orm.em.fork();
      em.persist(
        Object.assign(new ChangeEvent(), {
          type: 'employee.post',
          object: 'employee',
          operation: 'post',
          objectId: '00000000-0000-4000-8000-000000000001',
          organization: org.id,
          current: { id: 'x' },
        }),
      );
      // Written directly, so change capture never tells the relay about it.
      await em.flush();
      const [got] = await receiver.waitFor((r) =>
        r.some((x) => x.json.data.id === '00000000-0000-4000-8000-000000000001'),
      );
      expect(got.json.type).toBe('employee.post');
      await eventually(
        () => deliveries(t, admin, hook.id),
        (list) => list[0]?.state === 'SUCCEEDED',
      );
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

describe('retention', () => {
  it('deletes relayed events after EVENT_RETENTION_DAYS, keeping those whose delivery is pending', async () => {
    const receiver = await new Receiver().start();
    // 0.00002 days is 1.7 s; a failed delivery's retry is a minute away, so it stays pending.
    const t = await startTestApp({ ...FAST, WEBHOOK_RETRY_SCHEDULE: '60', EVENT_RETENTION_DAYS: '0.00002' });
    try {
      const { admin } = await orgWithAdmin(t);
      await createKey(t, admin);
      const hook = await createWebhook(t, admin, { url: receiver.url, eventType: 'group.post' });
      receiver.answer({ status: 500 });
      const employee = await t.api.post<{ id: string }>(
        '/api/v1/employee',
        { name: 'Fleeting', email: `f-${Date.now()}@example.com` },
        admin.token,
      );
      const group = await t.api.post<{ id: string }>('/api/v1/group', { name: 'Kept' }, admin.token);
      await eventually(
        () => deliveries(t, admin, hook.id),
        (list) => list[0]?.attemptCount === 1,
      );
      const events = (objectId: string) => t.app.db.orm.em.fork().count(ChangeEvent, { objectId });
      expect(await events(employee.body.id)).toBe(1);
      await eventually(
        () => events(employee.body.id),
        (n) => n === 0,
        10_000,
      );
      expect(await events(group.body.id)).toBe(1);
      expect((await deliveries(t, admin, hook.id))[0].state).toBe('PENDING');
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

// Several instances share one database only on a PostgreSQL server: the embedded database
// belongs to one process, so these tests exist in the postgres project alone.
if (testDatabase() === 'postgres') {
  describe('two instances on one PostgreSQL server', () => {
    let database: { url?: string; drop(): Promise<void> };
    let a: App;
    let b: App;

    beforeAll(async () => {
      database = await freshDatabaseUrl();
      const config = (name: string) =>
        loadConfig({
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          JWT_SECRET,
          SECRETS_KEY,
          DATA_DIR: `/tmp/talent-${name}-unused`,
          LOG_LEVEL: 'silent',
          DATABASE_URL: database.url!,
          ...FAST,
        });
      a = await createApp(config('a'), createLogger(config('a')));
      b = await createApp(config('b'), createLogger(config('b')));
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
    });

    it('delivers each event once, whichever instance made it', async () => {
      const receiver = await new Receiver().start();
      const apiA = new Api(a.url);
      const apiB = new Api(b.url);
      const email = `two-${Date.now()}@example.com`;
      const org = await apiA.post<{ id: string }>(
        '/api/v1/organization',
        { name: 'Two Instances' },
        signUserToken({ sub: email, email }),
      );
      const token = signUserToken({ sub: email, email, org: org.body.id });
      expect((await apiB.post('/api/v1/webhook-key', { name: 'k' }, token)).status).toBe(201);
      expect(
        (await apiA.post('/api/v1/webhook', { name: 'h', url: receiver.url, eventType: 'employee.post' }, token))
          .status,
      ).toBe(201);
      const made = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? apiA : apiB).post<{ id: string }>(
            '/api/v1/employee',
            { name: `E${i}`, email: `e${i}-${Date.now()}@example.com` },
            token,
          ),
        ),
      );
      expect(made.every((r) => r.status === 201)).toBe(true);
      await receiver.waitFor((r) => r.length >= 10);
      // Time for a duplicate to show up, had two instances taken the same job or event.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(receiver.received).toHaveLength(10);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(10);
      expect(new Set(receiver.received.map((r) => r.json.data.id))).toEqual(new Set(made.map((r) => r.body.id)));
      await receiver.close();
    });

    it('streams a change made through one instance to a subscriber of the other', async () => {
      const apiA = new Api(a.url);
      const email = `live-${Date.now()}@example.com`;
      const org = await apiA.post<{ id: string }>(
        '/api/v1/organization',
        { name: 'Live Across' },
        signUserToken({ sub: email, email }),
      );
      const token = signUserToken({ sub: email, email, org: org.body.id });
      const client = createClient({
        url: `${b.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      try {
        const received = new Promise<{ type: string; objectId: string; organization: string }>((resolve, reject) => {
          client.subscribe<{ changes: { type: string; objectId: string; organization: string } }>(
            { query: 'subscription { changes(eventType: "employee.post") { type objectId organization } }' },
            {
              next: (v) => (v.errors ? reject(new Error(v.errors[0].message)) : resolve(v.data!.changes)),
              error: reject,
              complete: () => undefined,
            },
          );
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const made = await apiA.post<{ id: string }>(
          '/api/v1/employee',
          { name: 'Seen', email: `seen-${Date.now()}@example.com` },
          token,
        );
        expect(await received).toEqual({ type: 'employee.post', objectId: made.body.id, organization: org.body.id });
      } finally {
        await client.dispose();
      }
    });
  });
}
