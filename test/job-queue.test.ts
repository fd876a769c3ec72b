import { setTimeout as sleep } from 'node:timers/promises';
import { JobQueue, transactionDb } from '../src/jobs/job-queue';
import { startTestApp, type TestApp } from './helpers/test-app';

// The job queue's stop, on the real pg-boss over the service's own database. The service's
// handlers (webhook attempts, workflow runs) are bounded by their timeouts; here one handler
// simply takes longer than the grace period.

const QUEUE = 'job-queue-test';

describe('stopping the job queue', () => {
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
  async function queueRunning(handler: () => Promise<void>): Promise<{ queue: JobQueue; started: Promise<void> }> {
    const { orm } = t.app.db;
    const queue = new JobQueue(orm, t.app.logger);
    await queue.start();
    await queue.createQueue(QUEUE);
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    await queue.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      markStarted();
      await handler();
    });
    await orm.em.fork().transactional((tx) => queue.insert([{ name: QUEUE, data: {} }], transactionDb(tx)));
    return { queue, started };
  }

  it('waits for a handler that outlives the grace period, so it reports before the pool closes', async () => {
    const events: string[] = [];
    const { queue, started } = await queueRunning(async () => {
      await sleep(2500);
      // The handler's own last statement, on the pool the service is about to close.
      await t.app.db.orm.em.fork().getConnection().execute('select 1');
      events.push('handler done');
    });
    await started;
    await queue.stop(1000);
    events.push('stopped');
    // Past the grace period pg-boss gave the job up, to be run again, whatever the handler did next.
    const jobs = await t.app.db.orm.em
      .fork()
      .getConnection()
      .execute<{ state: string }[]>(`select state from pgboss.job where name = '${QUEUE}'`);
    expect(jobs.map((j) => j.state)).toEqual(['retry']);
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
    await queue.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      await sleep(500);
      ran.push('handler done');
    });
    await sleep(300);
    // Stopped while the fetch waits; it returns the job (now active) only after the grace period.
    const stopping = queue.stop(1000).then(() => ran.push('stopped'));
    await sleep(1500);
    release();
    await holding;
    await stopping;
    expect(ran).toEqual(['handler done', 'stopped']);
    const jobs = await orm.em
      .fork()
      .getConnection()
      .execute<{ state: string }[]>(`select state from pgboss.job where name = '${QUEUE}'`);
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });
});
