import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { Client as Pg } from 'pg';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort } from '../scripts/pg-cluster';
import type { AgentAnswer, HistoryRecord } from './helpers/agent';
import { Api } from './helpers/api';
import { member } from './helpers/directory';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { connect, type Live, subscribe } from './helpers/live';
import { OpenAiFixture } from './helpers/openai-server';
import { Receiver, type Received } from './helpers/receiver';
import { RoundRobinProxy } from './helpers/round-robin-proxy';
import { type Running, start } from './helpers/service-process';
import {
  freshDatabaseUrl,
  JWT_SECRET,
  SECRETS_KEY,
  type ServiceClient,
  signUserToken,
  testDatabase,
} from './helpers/test-app';
import { createKey, createWebhook, type DeliveryRecord, eventually, type WebhookRecord } from './helpers/webhooks';

// The service scaled out as docs/operations.md ("Scaling out") describes it: two ROLE=api
// processes behind a load balancer (a round-robin proxy) and a ROLE=worker process, the built
// service each, on one PostgreSQL server. What one process does must reach the clients of the
// others, and killing a process (SIGKILL: no shutdown of its own) must lose and double nothing
// beyond what the service promises.

// The proxy itself does not depend on the database: it is checked in both projects, as
// test/role.test.ts checks ROLE's settings in both.
describe('the round-robin proxy of the multi-instance test', () => {
  const servers: Server[] = [];
  let proxy: RoundRobinProxy;

  /** A target that answers its name and the request, and echoes websocket messages with its name. */
  const target = async (name: string): Promise<string> => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.end(JSON.stringify({ name, method: req.method, url: req.url, body })));
    });
    const sockets = new WebSocketServer({ server });
    sockets.on('connection', (socket) =>
      socket.on('message', (data: Buffer) => socket.send(`${name}: ${data.toString()}`)),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends each request and websocket to the next target, skipping one that refuses connections', async () => {
    // Nothing listens on the middle target: a killed instance.
    const targets = [await target('a'), `http://127.0.0.1:${await freePort()}`, await target('b')];
    proxy = new RoundRobinProxy(targets);
    const url = await proxy.start();
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push(((await (await fetch(`${url}/x?i=${i}`)).json()) as { name: string }).name);
    expect(names).toEqual(['a', 'b', 'a', 'b']);
    const posted = await fetch(`${url}/form`, { method: 'POST', body: 'the body' });
    expect(await posted.json()).toEqual({ name: 'a', method: 'POST', url: '/form', body: 'the body' });

    const echo = async () => {
      const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`);
      try {
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        const answer = new Promise<string>((resolve) =>
          socket.once('message', (data: Buffer) => resolve(data.toString())),
        );
        socket.send('hello');
        return await answer;
      } finally {
        socket.close();
      }
    };
    expect([await echo(), await echo()]).toEqual(['b: hello', 'a: hello']);
    expect(proxy.routed.map((r) => `${r.kind} ${r.method} ${r.path} ${r.target === targets[0] ? 'a' : 'b'}`)).toEqual([
      'http GET /x?i=0 a',
      'http GET /x?i=1 b',
      'http GET /x?i=2 a',
      'http GET /x?i=3 b',
      'http POST /form a',
      'upgrade GET /graphql b',
      'upgrade GET /graphql a',
    ]);
  });
});

// Several processes share one database only on a PostgreSQL server: the embedded database belongs
// to one process.
if (testDatabase() === 'postgres') {
  describe('two api processes and a worker on one PostgreSQL server, behind a round-robin proxy', () => {
    interface Instance {
      name: string;
      role: 'api' | 'worker';
      /** Settings of this instance on top of the shared ones (a scenario may restart it with others). */
      extra: Record<string, string>;
      process?: Running;
    }

    const instances: Instance[] = [
      { name: 'api-1', role: 'api', extra: {} },
      { name: 'api-2', role: 'api', extra: {} },
      { name: 'worker', role: 'worker', extra: {} },
    ];
    const [api1, api2, worker] = instances;
    let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
    let dataDir: string;
    let llm: OpenAiFixture;
    let llmUrl: string;
    let proxy: RoundRobinProxy;
    /** The load balancer's address: what clients of the service use. */
    let gateway: Api;
    /** The fixtures' view of the service: through the load balancer, with tokens under the shared JWT_SECRET. */
    let service: ServiceClient;
    let db: Pg;

    /** Every process gets the same database, secrets and settings (docs/operations.md, "Scaling out"). */
    const env = (instance: Instance): Record<string, string> => ({
      ROLE: instance.role,
      NODE_ENV: 'production',
      DATABASE_URL: database.url!,
      JWT_SECRET,
      SECRETS_KEY,
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_URLS: 'true',
      // Short enough that a delivery job of a killed worker expires and runs again within the
      // test (its job expires WEBHOOK_TIMEOUT_MS + 10 s after it started).
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
      JOB_POLL_SECONDS: '0.5',
      // The sweep that relays what a killed api process committed but had not relayed.
      OUTBOX_POLL_MS: '1000',
      LLM_BASE_URL: llmUrl,
      LLM_MODEL: 'test-model',
      LLM_API_KEY: 'sk-test-multi-instance',
      LLM_TIMEOUT_MS: '5000',
      SHUTDOWN_GRACE_MS: '2000',
      ...instance.extra,
    });

    /** Starts the instance, and restarts it on the same port: the load balancer's targets are fixed. */
    const launch = async (instance: Instance) => {
      instance.process = await start(env(instance), instance.process?.port);
    };

    /** SIGKILLs the instance and answers when it was gone. */
    const kill = async (instance: Instance): Promise<number> => {
      instance.process!.child.kill('SIGKILL');
      await instance.process!.exited;
      return Date.now();
    };

    /** The service as a client reaching one instance directly, past the load balancer. */
    const direct = (instance: Instance): ServiceClient => ({ api: instance.process!.api, token: signUserToken });

    beforeAll(async () => {
      database = await freshDatabaseUrl(true);
      dataDir = mkdtempSync(join(tmpdir(), 'talent-multi-'));
      llm = new OpenAiFixture();
      llmUrl = await llm.start();
      db = new Pg({ connectionString: database.url });
      await db.connect();
      // The first process creates pg-boss's schema; the others start beside it once it is there.
      await launch(api1);
      await Promise.all([launch(api2), launch(worker)]);
      proxy = new RoundRobinProxy([api1, api2].map((i) => i.process!.api.baseUrl));
      gateway = new Api(await proxy.start());
      service = { api: gateway, token: signUserToken };
    }, 120_000);

    afterAll(async () => {
      // Even after a failed test: no process may outlive the file (its database is dropped next).
      for (const instance of instances) instance.process?.child.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.process?.exited));
      await proxy?.close();
      await llm?.close();
      await db?.end();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    interface Change {
      changes: {
        id: string;
        type: string;
        objectId: string;
        changedFields: string[];
        current: Record<string, unknown>;
      };
    }

    /**
     * A `changes` subscriber of the admin's organization connected through the load balancer (or
     * to `on`), once it is known to receive: graphql-ws acknowledges no subscription, so employees
     * are created (through the load balancer, or `probeVia`) until one's event reaches it. Answers
     * which instance it is on.
     */
    const subscribeToChanges = async (
      admin: Member,
      on: Api = gateway,
      probeVia: Api = gateway,
    ): Promise<{ client: Client; live: Live<Change>; instance: string; probes: Set<string> }> => {
      const upgrades = proxy.routed.filter((r) => r.kind === 'upgrade').length;
      const client = connect({ api: on }, admin.token);
      const live = subscribe<Change>(client, 'subscription { changes { id type objectId changedFields current } }', {});
      const probes = new Set<string>();
      try {
        await live.ready;
        await eventually(
          async () => {
            const probe = await probeVia.post<{ id: string }>('/api/v1/employee', { name: 'Probe' }, admin.token);
            probes.add(probe.body.id);
            return eventually(
              async () => live.received,
              (all) => all.some((c) => probes.has(c.changes.objectId)),
              2_000,
            ).catch(() => []);
          },
          (all) => all.length > 0,
          20_000,
        );
      } catch (error) {
        await client.dispose();
        throw error;
      }
      const instance = on === gateway ? proxy.routed.filter((r) => r.kind === 'upgrade')[upgrades].target : on.baseUrl;
      return { client, live, instance, probes };
    };

    /** How many times each of `keys` occurs in `all`, as { key: count }. */
    const counts = (keys: string[], all: string[]) =>
      Object.fromEntries(keys.map((key) => [key, all.filter((k) => k === key).length]));
    const once = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, 1]));

    it('streams the changes made through each api process to a subscriber of one of them, each once', async () => {
      const { admin } = await orgWithAdmin(service, 'Live Across Instances');
      const { client, live, instance, probes } = await subscribeToChanges(admin);
      try {
        expect([api1, api2].map((i) => i.process!.api.baseUrl)).toContain(instance);
        // Straight to each instance in turn, past the load balancer: three writes through each.
        const made: string[] = [];
        for (let i = 0; i < 6; i++) {
          const through = i % 2 ? api2 : api1;
          const created = await direct(through).api.post<{ id: string }>(
            '/api/v1/employee',
            { name: `Written through ${through.name} (${i})` },
            admin.token,
          );
          expect(created.status).toBe(201);
          made.push(created.body.id);
        }
        const seen = () =>
          live.received.filter((c) => c.changes.type === 'employee.post' && !probes.has(c.changes.objectId));
        await eventually(
          async () => seen().map((c) => c.changes.objectId),
          (ids) => made.every((id) => ids.includes(id)),
          15_000,
        );
        // Time for a second copy to show up, had the event come both from the instance that made it
        // and through LISTEN/NOTIFY.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(
          counts(
            made,
            seen().map((c) => c.changes.objectId),
          ),
        ).toEqual(once(made));
        expect(seen()).toHaveLength(made.length);
        expect(new Set(seen().map((c) => c.changes.id)).size).toBe(made.length);
      } finally {
        live.stop();
        await client.dispose();
      }
    });

    it('delivers every event to each webhook while the worker and an api process are killed and restarted', async () => {
      const { admin } = await orgWithAdmin(service, 'Deliveries Across Kills');
      const key = await createKey(service, admin);
      const inboxes = [await new Receiver().start(), await new Receiver().start()];
      try {
        const hooks: WebhookRecord[] = [];
        for (const [i, inbox] of inboxes.entries())
          hooks.push(
            await createWebhook(service, admin, { name: `hook ${i}`, url: inbox.url, eventType: 'employee.post' }),
          );

        // Writers through the load balancer; meanwhile the worker is killed after 10 acknowledged
        // writes and api-2 after 25, then both are restarted, and the writes go on a little longer.
        const acknowledged: string[] = [];
        let written = 0;
        let disrupted = false;
        let sinceRestart = 0;
        let workerDiedAt = Infinity;
        const writer = async () => {
          while (written < 60 || !disrupted || sinceRestart < 6) {
            const n = written++;
            if (disrupted) sinceRestart++;
            const created = await gateway
              .post<{ id: string }>('/api/v1/employee', { name: `Stream ${n}` }, admin.token)
              .catch(() => null);
            if (created?.status === 201) acknowledged.push(created.body.id);
            // A steady stream rather than a flood: a few hundred deliveries at most.
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };
        const disrupt = async () => {
          try {
            await eventually(
              async () => acknowledged.length,
              (n) => n >= 10,
              30_000,
            );
            workerDiedAt = await kill(worker);
            await eventually(
              async () => acknowledged.length,
              (n) => n >= 25,
              30_000,
            );
            await kill(api2);
            await Promise.all([launch(worker), launch(api2)]);
          } finally {
            // Also when this failed: the writers then stop by themselves.
            disrupted = true;
          }
        };
        await Promise.all([disrupt(), writer(), writer()]);

        // Every acknowledged write is there; so may be some that died with api-2 unanswered.
        const listed = await gateway.get<{ id: string }[]>('/api/v1/employee?limit=500', admin.token);
        const stored = listed.body.map((e) => e.id);
        expect(acknowledged.filter((id) => !stored.includes(id))).toEqual([]);
        // Writes went through the restarted api-2 too.
        expect(proxy.routed.slice(-10).map((r) => r.target)).toContain(api2.process!.api.baseUrl);

        for (const [i, inbox] of inboxes.entries()) {
          // Jobs the worker had taken when it died run again once they expire (about 20 s).
          await eventually(
            async () => stored.filter((id) => !inbox.received.some((r) => r.json.data.id === id)),
            (missing) => missing.length === 0,
            90_000,
          );
          const recordedOf = async () =>
            (await gateway.get<DeliveryRecord[]>(`/api/v1/webhook/${hooks[i].id}/deliveries?limit=500`, admin.token))
              .body;
          // Counted, so that a failure says how far it got rather than printing every delivery.
          await eventually(
            async () => {
              const all = await recordedOf();
              return { deliveries: all.length, succeeded: all.filter((d) => d.state === 'SUCCEEDED').length };
            },
            (n) => n.deliveries === stored.length && n.succeeded === stored.length,
            30_000,
          );
          const recorded = await recordedOf();
          const verifier = new StandardWebhook(key.secretBase64!);
          for (const r of inbox.received) verifier.verify(r.body, r.headers as Record<string, string>);

          // Deduplicated on webhook-id (the event id), each stored employee's event, once.
          const copies = new Map<string, Received[]>();
          for (const r of inbox.received) {
            const id = r.headers['webhook-id'] as string;
            copies.set(id, [...(copies.get(id) ?? []), r]);
          }
          expect(new Set([...copies.values()].map(([first]) => first.json.data.id))).toEqual(new Set(stored));
          expect(new Set(copies.keys())).toEqual(new Set(recorded.map((d) => d.event)));
          expect(copies.size).toBe(stored.length);

          // At least once (docs/events-and-webhooks.md): a delivery is sent once per recorded
          // attempt, and once more only when the worker died after sending it and before recording
          // the attempt, which its job's rerun then sends again. So a copy beyond the recorded
          // attempts is allowed only for a delivery that reached the receiver before the worker
          // died (give or take the moment the receiver takes to read a request sent just before).
          const unexpected = recorded
            .map((d) => {
              const got = copies.get(d.event)!;
              const inFlightAtKill = got[0].at <= workerDiedAt + 1_000;
              return { event: d.event, copies: got.length, attempts: d.attemptCount, inFlightAtKill };
            })
            .filter((d) => d.copies > d.attempts + (d.inFlightAtKill ? 1 : 0));
          expect(unexpected).toEqual([]);
        }
      } finally {
        await Promise.all(inboxes.map((inbox) => inbox.close()));
      }
    }, 180_000);

    it('runs a workflow that came due while the worker was down once, when the worker is back', async () => {
      const { org, admin } = await orgWithAdmin(service, 'Workflow Across Kills');
      const ana = await member(service, org, admin);
      const asked = await gateway.post<AgentAnswer>(
        '/api/v1/agent/ask',
        { question: 'Every day at 9am post the completed tasks in #wins' },
        ana.token,
      );
      expect(asked.body.confirming).toBe(true);
      const conversationId = asked.body.conversation;
      const confirmed = await gateway.post<AgentAnswer>(
        '/api/v1/agent/reply',
        { conversationId, question: 'yes' },
        ana.token,
      );
      expect(confirmed.status).toBe(200);
      // The reply's words are the language model's: the workflow is found by its conversation.
      const listed = await gateway.get<{ id: string; conversationId: string }[]>('/api/v1/agent/workflows', ana.token);
      const [id] = listed.body.filter((w) => w.conversationId === conversationId).map((w) => w.id);
      expect(id).toBeDefined();
      const read = () => gateway.get<{ runs: number; nextRunAt: string }>(`/api/v1/agent/workflows/${id}`, ana.token);
      const scheduledFor = (await read()).body.nextRunAt;
      const { client, live } = await subscribeToChanges(admin);
      try {
        await kill(worker);
        // Due now rather than at 9:00: the queued run's job is moved forward, as if the clock had
        // reached it while the worker was down (waiting for a real minute would cost up to one).
        const moved = await db.query(
          `update pgboss.job set start_after = now() where name = 'agent-workflow' and state = 'created' and data->>'workflow' = $1`,
          [id],
        );
        expect(moved.rowCount).toBe(1);
        // The api processes run no job: the run waits for a worker.
        expect((await read()).body.runs).toBe(0);

        await launch(worker);
        await eventually(read, (r) => r.body.runs > 0, 30_000);
        const runs = () =>
          live.received.filter((c) => c.changes.objectId === id && c.changes.changedFields.includes('runs'));
        await eventually(
          async () => runs(),
          (r) => r.length > 0,
          15_000,
        );
        // Time for a second run to show, had the job been run twice.
        await new Promise((resolve) => setTimeout(resolve, 1_500));

        const after = (await read()).body;
        expect(after.runs).toBe(1);
        // The next run is the day after the one that was due, queued once.
        expect(Date.parse(after.nextRunAt) - Date.parse(scheduledFor)).toBe(24 * 3600 * 1000);
        const queued = await db.query<{ state: string; at: string }>(
          `select state, data->>'at' as at from pgboss.job where name = 'agent-workflow' and data->>'workflow' = $1 order by created_on`,
          [id],
        );
        expect(queued.rows).toEqual([
          { state: 'completed', at: scheduledFor },
          { state: 'created', at: after.nextRunAt },
        ]);
        expect(runs().map((c) => c.changes.current.runs)).toEqual([1]);
        const history = await gateway.post<HistoryRecord[]>('/api/v1/agent/history', { conversationId }, ana.token);
        expect(history.body.filter((m) => m.message.startsWith('Workflow “the completed tasks” ran'))).toHaveLength(1);
      } finally {
        live.stop();
        await client.dispose();
      }
    }, 90_000);

    interface Update {
      conversationUpdates: {
        kind: string;
        chunk: string | null;
        message: { messageType: string; message: string } | null;
      };
    }

    /**
     * A new member's conversation, started through api-2, and a conversationUpdates subscription
     * of it on api-1 (not yet known to receive).
     */
    const watchedConversation = async (name: string) => {
      const { org, admin } = await orgWithAdmin(service, name);
      const user = await member(service, org, admin);
      const started = await direct(api2).api.post<{ id: string }>(
        '/api/v1/agent/conversations/start',
        undefined,
        user.token,
      );
      expect(started.status).toBe(200);
      const client = connect(direct(api1), user.token);
      const live = subscribe<Update>(
        client,
        'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind chunk message { messageType message } } }',
        { id: started.body.id },
      );
      return { user, conversationId: started.body.id, client, live };
    };

    it('streams a reply answered by one api process to a conversationUpdates subscriber of the other, in order', async () => {
      const { user: carol, conversationId, client, live } = await watchedConversation('Conversation Across Instances');
      const answered = (updates: Update[]) =>
        updates.some((u) => u.conversationUpdates.message?.messageType === 'agent_response');
      try {
        // The subscription is set up once a reply through its own instance reaches it.
        await live.ready;
        const local = await direct(api1).api.post<AgentAnswer>(
          '/api/v1/agent/reply',
          { conversationId, question: 'Are you there?' },
          carol.token,
        );
        expect(local.status).toBe(200);
        await eventually(async () => live.received, answered, 15_000);
        const from = live.received.length;

        llm.respondWith({ chunks: ['Alice', ' leads', ' the', ' guild.'], delayMs: 20 });
        const res = await direct(api2).api.post<AgentAnswer>(
          '/api/v1/agent/reply',
          { conversationId, question: 'Who leads the guild?' },
          carol.token,
        );
        expect(res.body.reply).toBe('Alice leads the guild.');
        const updates = await eventually(async () => live.received.slice(from), answered, 10_000);
        expect(updates.map((u) => u.conversationUpdates)).toEqual([
          { kind: 'MESSAGE', chunk: null, message: { messageType: 'user_request', message: 'Who leads the guild?' } },
          ...['Alice', ' leads', ' the', ' guild.'].map((chunk) => ({ kind: 'CHUNK', chunk, message: null })),
          {
            kind: 'MESSAGE',
            chunk: null,
            message: { messageType: 'agent_response', message: 'Alice leads the guild.' },
          },
        ]);
      } finally {
        live.stop();
        await client.dispose();
      }
    });

    // A NOTIFY payload holds less than 8000 bytes (PostgreSQL refuses the statement otherwise):
    // what the instances tell each other carries ids, and text only in pieces that fit, so a
    // record or a message of any size reaches the other instances whole. And what one instance
    // writes in a burst reaches a subscriber of the other in the order it was written, all of it.
    it('carries changes too large for a NOTIFY payload to a subscriber of the other api process, and a burst in order', async () => {
      const { admin } = await orgWithAdmin(service, 'Large Changes Across Instances');
      const other = api2.process!.api;
      const { client, live } = await subscribeToChanges(admin, api1.process!.api, other);
      try {
        // A task of a plan: its description alone is 15 KB in UTF-8, twice that in a patch's event.
        const plan = await other.post<{ id: string }>(
          '/api/v1/idp',
          { name: 'Large', startDate: '2026-01-01', type: 'CAREER' },
          admin.token,
        );
        expect(plan.status).toBe(201);
        const long = (c: string) => c.repeat(5000);
        const task = await other.post<{ id: string }>(
          `/api/v1/idp/${plan.body.id}/tasks`,
          { name: 'Read the long brief', description: long('漢') },
          admin.token,
        );
        expect(task.status).toBe(201);
        const patched = await other.patch(
          `/api/v1/idp/${plan.body.id}/tasks/${task.body.id}`,
          { description: long('字') },
          admin.token,
        );
        expect(patched.status).toBe(200);
        const ofTask = () => live.received.map((c) => c.changes).filter((c) => c.objectId === task.body.id);
        await eventually(
          async () => ofTask().map((c) => c.type),
          (types) => types.length >= 2,
          15_000,
        );
        expect(ofTask().map((c) => [c.type, c.current.description])).toEqual([
          ['idpTask.post', long('漢')],
          ['idpTask.patch', long('字')],
        ]);

        // A burst: two writers at once, each making 150 changes of its own employee one after
        // another, through each api process in turn (so the subscriber's own instance relays some
        // and hears of the others'); each employee's changes must arrive all, in the order made.
        const titles = Array.from({ length: 150 }, (_, i) => `title ${i}`);
        const employees = await Promise.all(
          ['Bursting A', 'Bursting B'].map(
            async (name) => (await other.post<{ id: string }>('/api/v1/employee', { name }, admin.token)).body.id,
          ),
        );
        await Promise.all(
          employees.map(async (id, writer) => {
            for (const [i, title] of titles.entries()) {
              const through = ((i + writer) % 2 ? api1 : api2).process!.api;
              expect((await through.patch(`/api/v1/employee/${id}`, { title }, admin.token)).status).toBe(200);
            }
          }),
        );
        const seen = () =>
          employees.map((id) =>
            live.received
              .map((c) => c.changes)
              .filter((c) => c.objectId === id && c.type === 'employee.patch')
              .map((c) => c.current.title),
          );
        await eventually(
          async () => seen().map((each) => each.length),
          (n) => n.every((count) => count >= titles.length),
          30_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(seen()).toEqual([titles, titles]);
      } finally {
        live.stop();
        await client.dispose();
      }
    }, 120_000);

    it('streams a 10,000-character message and a burst of chunks to a conversationUpdates subscriber of the other api process, whole and in order', async () => {
      const {
        user: dana,
        conversationId,
        client,
        live,
      } = await watchedConversation('Long Conversation Across Instances');
      const responses = (updates: Update[]) =>
        updates.filter((u) => u.conversationUpdates.message?.messageType === 'agent_response');
      try {
        // Set up once a reply through the other instance reaches it; every reply asked is awaited.
        await live.ready;
        let asked = 0;
        await eventually(
          async () => {
            asked++;
            await direct(api2).api.post(
              '/api/v1/agent/reply',
              { conversationId, question: 'Are you there?' },
              dana.token,
            );
            return eventually(
              async () => live.received,
              (all) => responses(all).length > 0,
              3_000,
            ).catch(() => []);
          },
          (all) => all.length > 0,
          20_000,
        );
        await eventually(
          async () => live.received,
          (all) => responses(all).length === asked,
          5_000,
        );
        const from = live.received.length;
        // 10,000 characters of 2 to 4 bytes each, asked; a reply of one 20 KB chunk, then 400 small ones at once.
        const question = '€'.repeat(9_000) + '😀'.repeat(500);
        expect(question.length).toBe(10_000);
        const big = 'é'.repeat(10_000);
        const small = Array.from({ length: 400 }, (_, i) => ` ${i}`);
        llm.respondWith({ chunks: [big, ...small] });
        const res = await direct(api2).api.post<AgentAnswer>(
          '/api/v1/agent/reply',
          { conversationId, question },
          dana.token,
        );
        expect(res.status).toBe(200);
        expect(res.body.reply).toBe(big + small.join(''));
        const updates = (
          await eventually(
            async () => live.received.slice(from),
            (all) => responses(all).length > 0,
            20_000,
          )
        ).map((u) => u.conversationUpdates);
        const chunks = updates.filter((u) => u.kind === 'CHUNK').map((u) => u.chunk!);
        expect({
          first: updates[0],
          last: updates[updates.length - 1],
          // The 20 KB chunk comes in pieces that fit a payload; the small ones as they were, in order.
          chunks: chunks.join(''),
          small: chunks.slice(-small.length),
          count: updates.length,
        }).toEqual({
          first: { kind: 'MESSAGE', chunk: null, message: { messageType: 'user_request', message: question } },
          last: {
            kind: 'MESSAGE',
            chunk: null,
            message: { messageType: 'agent_response', message: big + small.join('') },
          },
          chunks: big + small.join(''),
          small,
          count: chunks.length + 2,
        });
      } finally {
        live.stop();
        await client.dispose();
      }
    }, 60_000);

    it('holds a token to RATE_LIMIT_PER_MINUTE across the api processes, not to that much per process', async () => {
      // The worker serves no requests: only the api processes need the limit.
      for (const instance of [api1, api2]) instance.extra = { RATE_LIMIT_PER_MINUTE: '6' };
      await Promise.all(
        [api1, api2].map(async (instance) => {
          await kill(instance);
          await launch(instance);
        }),
      );
      const { admin } = await orgWithAdmin(service, 'Rate Limit Across Instances');
      const from = proxy.routed.length;
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await gateway.get('/api/v1/organization', admin.token));
      // The load balancer alternated: each process had its own 6 to give, were the budget per process.
      expect(new Set(proxy.routed.slice(from).map((r) => r.target))).toEqual(
        new Set([api1, api2].map((i) => i.process!.api.baseUrl)),
      );
      const statuses = answers.map((a) => a.status);
      // 6 a minute is one back every 10 s: the seventh may have found one.
      expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(statuses.slice(7)).toEqual([429, 429, 429, 429, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(10);
    });
  });
}
