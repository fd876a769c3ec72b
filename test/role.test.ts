import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, createApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import type { AgentAnswer } from './helpers/agent';
import { Api } from './helpers/api';
import { connect, subscribe } from './helpers/live';
import { Receiver } from './helpers/receiver';
import { MAIN } from './helpers/service-process';
import { freshDatabaseUrl, JWT_SECRET, SECRETS_KEY, signUserToken, testDatabase } from './helpers/test-app';
import type { DeliveryRecord } from './helpers/webhooks';
import { eventually } from './helpers/webhooks';

// ROLE splits the service into processes that serve the API (api) and processes that run the
// jobs: webhook deliveries and workflow runs (worker). docs/operations.md, "Scaling out".

describe('ROLE', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'talent-role-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is all by default, and one of api, worker, all', () => {
    expect(loadConfig({ DATA_DIR: dir }).role).toBe('all');
    expect(loadConfig({ DATA_DIR: dir, ROLE: 'worker', DATABASE_URL: 'postgres://db/x', SECRETS_KEY }).role).toBe(
      'worker',
    );
    expect(() => loadConfig({ DATA_DIR: dir, ROLE: 'both' })).toThrow(ConfigError);
  });

  it.each(['api', 'worker'])('%s refuses the embedded database, and a secret of its own', (role) => {
    expect(() => loadConfig({ DATA_DIR: dir, ROLE: role, SECRETS_KEY })).toThrow(
      `Invalid environment variable ROLE: ${role} needs DATABASE_URL (a PostgreSQL server that the api and worker processes share); the embedded database runs only with ROLE=all`,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ROLE: role, DATABASE_URL: 'postgres://db/x' })).toThrow(
      `Invalid environment variable SECRETS_KEY: required with ROLE=${role}, the same in every api and worker process`,
    );
  });

  it('stops a worker process on the embedded database at start, saying why', async () => {
    if (!existsSync(MAIN)) throw new Error('dist/src/main.js is missing: npm test builds it first (npm run build)');
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, ROLE: 'worker', SECRETS_KEY, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid environment variable ROLE: worker needs DATABASE_URL');
  });
});

// An api process and a worker process share one database only on a PostgreSQL server.
if (testDatabase() === 'postgres') {
  describe('an api process and a worker process on one PostgreSQL server', () => {
    let database: { url?: string; drop(): Promise<void> };
    let api: App;
    let worker: App | undefined;
    const start = async (role: 'api' | 'worker', extra: Record<string, string> = {}) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        ROLE: role,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET,
        SECRETS_KEY,
        DATA_DIR: `/tmp/talent-${role}-unused`,
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url!,
        ALLOW_PRIVATE_URLS: 'true',
        ...extra,
      });
      return createApp(config, createLogger(config));
    };

    /** A token of the owner of a new organization named `name`. */
    const owner = async (http: Api, name: string) => {
      const email = `owner-${randomUUID()}@example.com`;
      const org = await http.post<{ id: string }>(
        '/api/v1/organization',
        { name },
        signUserToken({ sub: email, email }),
      );
      expect(org.status).toBe(201);
      return signUserToken({ sub: email, email, org: org.body.id });
    };

    beforeAll(async () => {
      database = await freshDatabaseUrl();
      api = await start('api', { JOB_POLL_SECONDS: '0.5' });
    });
    afterAll(async () => {
      await worker?.close();
      await api?.close();
      await database?.drop();
    });

    it('delivers through the worker what was changed through the api, and the api alone delivers nothing', async () => {
      const receiver = await new Receiver().start();
      try {
        const http = new Api(api.url);
        const token = await owner(http, 'Split Roles');
        expect((await http.post('/api/v1/webhook-key', { name: 'k' }, token)).status).toBe(201);
        const hook = await http.post<{ id: string }>(
          '/api/v1/webhook',
          { name: 'h', url: receiver.url, eventType: 'employee.post' },
          token,
        );
        expect(hook.status).toBe(201);
        const first = await http.post<{ id: string }>(
          '/api/v1/employee',
          { name: 'Before Worker', email: `bw-${Date.now()}@example.com` },
          token,
        );
        expect(first.status).toBe(201);

        // The api relays the event into a delivery and its job, and runs no job: nothing is sent.
        await api.eventsRelayed();
        const pending = await eventually(
          () => http.get<DeliveryRecord[]>(`/api/v1/webhook/${hook.body.id}/deliveries`, token),
          (r) => r.body.length === 1,
        );
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(receiver.received).toHaveLength(0);
        const still = await http.get<DeliveryRecord[]>(`/api/v1/webhook/${hook.body.id}/deliveries`, token);
        expect(still.body).toEqual([
          expect.objectContaining({ id: pending.body[0].id, state: 'PENDING', attemptCount: 0 }),
        ]);

        // A worker polling only every 30 s: it takes the waiting job at start, and hears of new
        // jobs from the api process at once (LISTEN/NOTIFY), not at its next poll.
        worker = await start('worker', { JOB_POLL_SECONDS: '30' });
        const [got] = await receiver.waitFor((r) => r.length === 1, 10_000);
        expect(got.json.data.id).toBe(first.body.id);
        const second = await http.post<{ id: string }>(
          '/api/v1/employee',
          { name: 'After Worker', email: `aw-${Date.now()}@example.com` },
          token,
        );
        expect(second.status).toBe(201);
        await receiver.waitFor((r) => r.length === 2, 10_000);
        expect(receiver.received.map((r) => r.json.data.id)).toEqual([first.body.id, second.body.id]);
        const done = await eventually(
          () => http.get<DeliveryRecord[]>(`/api/v1/webhook/${hook.body.id}/deliveries`, token),
          (r) => r.body.every((d) => d.state === 'SUCCEEDED'),
        );
        expect(done.body.map((d) => d.attemptCount)).toEqual([1, 1]);
      } finally {
        await receiver.close();
      }
    });

    it('shows the api’s conversation subscribers what a workflow run in the worker writes', async () => {
      worker ??= await start('worker');
      const http = new Api(api.url);
      const token = await owner(http, 'Split Runs');
      const asked = await http.post<AgentAnswer>(
        '/api/v1/agent/ask',
        { question: 'Every Friday at 4pm post the completed tasks in #wins' },
        token,
      );
      const conversationId = asked.body.conversation;
      await http.post('/api/v1/agent/reply', { conversationId, question: 'yes' }, token);
      const [workflow] = (await http.get<{ id: string }[]>('/api/v1/agent/workflows', token)).body;
      // The api relays conversation updates too: this subscriber hears the worker's through NOTIFY.
      const client = connect({ app: api }, token);
      try {
        const live = subscribe<{ conversationUpdates: { kind: string; message: { message: string } | null } }>(
          client,
          'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind message { message } } }',
          { id: conversationId },
        );
        await live.ready;
        expect((await http.post(`/api/v1/agent/workflows/${workflow.id}/run`, undefined, token)).status).toBe(202);
        const [update] = await live.until((u) => u.conversationUpdates.kind === 'MESSAGE');
        expect(update.conversationUpdates.message?.message).toMatch(/^Workflow “the completed tasks” ran: /);
      } finally {
        await client.dispose();
      }
    });

    it('serves only /health from the worker', async () => {
      worker ??= await start('worker');
      const http = new Api(worker.url);
      const health = await http.get<{ status: string }>('/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', database: 'up' });
      const token = signUserToken({ sub: 'nobody@example.com', email: 'nobody@example.com' });
      expect((await http.get('/api/v1/organization', token)).status).toBe(404);
      expect((await http.post('/graphql', { query: '{ __typename }' }, token)).status).toBe(404);
    });
  });
}
