import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { JOB_EXPIRY_SECONDS, JobQueue, transactionDb } from '../src/jobs/job-queue';
import { orgWithAdmin } from './helpers/fixtures';
import { killMidJob, stopWorkers, workerEnv } from './helpers/kill-mid-job';
import type { Running } from './helpers/service-process';
import { startTestApp, type TestApp, testDatabase } from './helpers/test-app';
import { createKey, createWebhook, deliveries, eventually } from './helpers/webhooks';

// The job queue on the real pg-boss over the service's own database: its heartbeat and its stop.
// The service's handlers (webhook attempts, workflow runs) are bounded by their timeouts; here a
// handler simply takes longer than its job's expiry, or than the stop.

const QUEUE = 'job-queue-test';

describe('the job queue', () => {
  let t: TestApp;
  let open = false;
  let stray: unknown[];
  const record = (error: unknown) => stray.push(error);

  beforeEach(async () => {
    stray = [];
    process.on('unhandledRejection', record);
    t = await startTestApp();
    open = true;
  });
  afterEach(async () => {
    process.off('unhandledRejection', record);
    if (open) await t.close();
  });

  /** A second queue on the app's pool, whose one job runs `handler`. */
  async function queueRunning(
    handler: () => Promise<void>,
    options = { pollingIntervalSeconds: 0.5, timeoutSeconds: 60 },
    job: Partial<PgBoss.JobInsert> = {},
  ): Promise<{ queue: JobQueue; started: Promise<void> }> {
    const { orm } = t.app.db;
    const queue = new JobQueue(orm, t.app.logger);
    await queue.start();
    await queue.createQueue(QUEUE);
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    queue.work(QUEUE, options, async () => {
      markStarted();
      await handler();
    });
    await orm.em.fork().transactional((tx) => queue.insert([{ name: QUEUE, data: {}, ...job }], transactionDb(tx)));
    return { queue, started };
  }

  const jobRows = () =>
    t.app.db.orm.em
      .fork()
      .getConnection()
      .execute<
        {
          state: string;
          retry_count: number;
          started: number;
          expire_seconds: number;
          output: unknown;
        }[]
      >(
        `select state, retry_count, extract(epoch from started_on)::float as started, extract(epoch from expire_in)::float as expire_seconds, output
         from pgboss.job where name = '${QUEUE}'`,
      );

  it('keeps a job that runs longer than its expiry alive: it completes once, and is never run twice', async () => {
    const runs: number[] = [];
    // Past the expiry and then some, so that pg-boss's maintenance (every 5 s) looks at the job
    // after it would have expired unbeaten.
    const runMs = (JOB_EXPIRY_SECONDS + 12) * 1000;
    const { queue, started } = await queueRunning(async () => {
      runs.push(Date.now());
      await sleep(runMs);
    });
    await started;
    const [running] = await jobRows();
    expect(running.state).toBe('active');
    expect(running.expire_seconds).toBeLessThan(JOB_EXPIRY_SECONDS + 1);
    await sleep(runMs + 3000);
    const [done] = await jobRows();
    const [{ maintained }] = await t.app.db.orm.em
      .fork()
      .getConnection()
      .execute<{ maintained: number }[]>(
        'select extract(epoch from maintained_on)::float as maintained from pgboss.version',
      );
    await queue.stop();
    expect(runs).toHaveLength(1);
    expect(done).toMatchObject({ state: 'completed', retry_count: 0 });
    // Maintenance ran after the unbeaten expiry, and found the job's expiry pushed on by the beats.
    expect(maintained).toBeGreaterThan(done.started + JOB_EXPIRY_SECONDS + 1);
    expect(done.expire_seconds).toBeGreaterThan(runMs / 1000);
  });

  it('fails a job whose handler outlives its timeout, and goes on to the next', async () => {
    const ran: string[] = [];
    const { queue, started } = await queueRunning(
      async () => {
        // The first run hangs (for a while: stop awaits it); the next returns at once.
        if (!ran.length) {
          ran.push('hanging');
          await sleep(5000);
          ran.push('hung one done');
        } else ran.push('next');
      },
      { pollingIntervalSeconds: 0.5, timeoutSeconds: 1 },
      { retryDelay: 60 },
    );
    await started;
    await sleep(1500);
    const [failed] = await jobRows();
    expect(failed).toMatchObject({
      state: 'retry',
      output: expect.objectContaining({ message: 'handler ran longer than 1 s' }),
    });
    const { orm } = t.app.db;
    await orm.em.fork().transactional((tx) => queue.insert([{ name: QUEUE, data: {} }], transactionDb(tx)));
    await eventually(
      async () => ran,
      (r) => r.includes('next'),
    );
    expect(ran).toEqual(['hanging', 'next']);
    await queue.stop();
    expect(ran).toEqual(['hanging', 'next', 'hung one done']);
  });

  it('lets a handler running at stop finish with its job kept alive, and report before the pool closes', async () => {
    const events: string[] = [];
    const { queue, started } = await queueRunning(async () => {
      await sleep(2500);
      // The handler's own last statement, on the pool the service is about to close.
      await t.app.db.orm.em.fork().getConnection().execute('select 1');
      events.push('handler done');
    });
    await started;
    await queue.stop();
    events.push('stopped');
    // The job was not given up to run elsewhere while its handler ran: it completed here.
    const jobs = await jobRows();
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
    await t.close();
    open = false;
    // pg-boss's report of the job's result would reach the closed pool about now, unawaited.
    await sleep(1000);
    expect(events).toEqual(['handler done', 'stopped']);
    expect(stray).toEqual([]);
  });

  it('runs the jobs a fetch in flight at stop still takes, and leaves none of them active', async () => {
    const { orm } = t.app.db;
    const queue = new JobQueue(orm, t.app.logger);
    await queue.start();
    await queue.createQueue(QUEUE);
    await orm.em.fork().transactional((tx) => queue.insert([{ name: QUEUE, data: {} }], transactionDb(tx)));
    // The job table held by another transaction: the worker's first fetch waits in the database.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = orm.em.fork().transactional(async (tx) => {
      await tx.execute('lock table pgboss.job in access exclusive mode');
      locked();
      await held;
    });
    await isLocked;
    const ran: string[] = [];
    queue.work(QUEUE, { pollingIntervalSeconds: 0.5, timeoutSeconds: 60 }, async () => {
      await sleep(500);
      ran.push('handler done');
    });
    await sleep(300);
    // Stopped while the fetch waits; it returns the job (now active) a while later.
    const stopping = queue.stop().then(() => ran.push('stopped'));
    await sleep(1500);
    release();
    await holding;
    await stopping;
    expect(ran).toEqual(['handler done', 'stopped']);
    const jobs = await jobRows();
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });
});

/** A webhook receiver that never answers the first request (its sender holds it until it dies) and answers 200 to the rest. */
async function holdingFirst(): Promise<{ url: string; arrivals: number[]; close(): Promise<void> }> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    arrivals.push(Date.now());
    if (arrivals.length > 1) res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// Two worker processes share one database only on a PostgreSQL server.
if (testDatabase() === 'postgres') {
  describe('a worker process killed in the middle of a job', () => {
    let api: TestApp;
    const workers: Running[] = [];
    beforeAll(async () => {
      api = await startTestApp({ ROLE: 'api', ALLOW_PRIVATE_URLS: 'true' });
    });
    afterAll(async () => {
      await stopWorkers(workers);
      await api?.close();
    });

    it('has its delivery sent again by another worker within 30 s of the kill, and only then', async () => {
      const hook = await holdingFirst();
      try {
        const { admin } = await orgWithAdmin(api);
        await createKey(api, admin);
        const webhook = await createWebhook(api, admin, { url: hook.url, eventType: 'employee.post' });
        // The attempt in flight is held far longer than the job's expiry: only the heartbeat keeps it.
        const env = workerEnv(api, { WEBHOOK_TIMEOUT_MS: '120000' });
        const { recoveryMs } = await killMidJob(
          env,
          async () => {
            const created = await api.api.post(
              '/api/v1/employee',
              { name: 'Held', email: 'held@example.com' },
              admin.token,
            );
            expect(created.status).toBe(201);
          },
          () => hook.arrivals.length,
          workers,
        );
        console.log(`delivery sent again ${recoveryMs} ms after its worker was killed`);
        expect(recoveryMs).toBeLessThan(30_000);
        // The killed attempt was never recorded: the one that answered is the delivery's first.
        const done = await eventually(
          () => deliveries(api, admin, webhook.id),
          (list) => list.every((d) => d.state === 'SUCCEEDED'),
        );
        expect(done.map((d) => d.attemptCount)).toEqual([1]);
      } finally {
        await hook.close();
      }
    }, 150_000);
  });
}
