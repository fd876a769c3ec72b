import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { PgListener } from '../db/pg-listener';

/** Job inserts NOTIFY the names of their queues here, so workers of other processes fetch at once. */
const WAKEUP_CHANNEL = 'talent_jobs';

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/**
 * How a job whose process died is run again. pg-boss 10 keeps no heartbeat of its own: a job is
 * active until `started_on + expire_in`, and then its maintenance sets it to `retry` (after the
 * job's retry delay) or `failed`. So every job is queued with a short expiry, and while one of this
 * process's handlers runs it, JobQueue pushes that expiry forward every HEARTBEAT_SECONDS, however
 * long the handler legitimately runs (a workflow run waits minutes for the language model). A
 * process that dies stops beating: its jobs expire JOB_EXPIRY_SECONDS after its last beat.
 *
 * A live process misses its expiry only if none of its beats lands for JOB_EXPIRY_SECONDS (three
 * beats in a row: the database out of reach, the event loop stalled that long).
 */
const HEARTBEAT_SECONDS = 3;
export const JOB_EXPIRY_SECONDS = 10;

/**
 * How often pg-boss looks for expired jobs (the one instance whose turn it is, a few short
 * statements). pg-boss takes a turn only when more than the interval has passed since the last
 * one, and its timer fires every interval: a process alone takes every other tick, every 10 s.
 * From a kill to the retry of its job is at most the expiry (10 s after the last beat, which came
 * before the kill) + the wait for a maintenance (10 s) + the job's first retry delay (with backoff
 * up to twice its retryDelay: 4 s for deliveries and workflow runs) + a worker's poll
 * (JOB_POLL_SECONDS, 2 s): 26 s, within the 30 s a crash may cost.
 */
const MAINTENANCE_SECONDS = 5;

/** Work still under way (pg-boss's statements, job handlers), so the pool is closed only after the last. */
type Running = Set<Promise<unknown>>;

/** `work`, kept in `running` until it settles. */
function tracked<T>(running: Running, work: Promise<T>): Promise<T> {
  running.add(work);
  void work.finally(() => running.delete(work)).catch(() => {});
  return work;
}

/**
 * Runs pg-boss's SQL on a connection of the ORM's pool (or, inside a transaction, on the
 * transaction's own connection). One pool serves both: in embedded mode it is the single
 * connection PGlite allows, so pg-boss waits its turn instead of slipping its statements into
 * another caller's transaction.
 */
function executor(client: KnexClient, running?: Running): PgBoss.Db {
  return {
    executeSql(text: string, values: unknown[]) {
      const statement = (async () => {
        const connection = await client.acquireConnection();
        try {
          // Without values pg uses the simple protocol, which pg-boss's multi-statement migrations need.
          return await connection.query(text, values?.length ? values : undefined);
        } finally {
          await client.releaseConnection(connection);
        }
      })();
      return running ? tracked(running, statement) : statement;
    },
  };
}

/** The executor of the transaction `em` is in, so jobs are sent atomically with the rows that need them. */
export function transactionDb(em: EntityManager): PgBoss.Db {
  const trx = em.getTransactionContext<{ client: KnexClient }>();
  if (!trx) throw new Error('transactionDb needs an EntityManager inside a transaction');
  return executor(trx.client);
}

/** What this process does with jobs (from ROLE). */
export interface JobRole {
  /** False in an `api` process: `work` registers nothing, and the jobs wait for a worker process. */
  handlers: boolean;
  /** On a PostgreSQL server: every insert NOTIFYs its queues, so that workers elsewhere start at once. */
  databaseUrl?: string;
  /** LISTEN for those notifications (a `worker` process: the jobs it runs are queued by others). */
  listen: boolean;
}

/** How a queue's jobs are run in this process. */
export interface WorkOptions {
  /** Seconds between fetches while the queue is idle (a notification or `wake` fetches at once). */
  pollingIntervalSeconds: number;
  /** Jobs one fetch takes and hands to the handler together. */
  batchSize?: number;
  /**
   * How long the handler may run: its own timeouts bound it (the webhook and language-model
   * timeouts); past this it is taken to hang. Its jobs are then failed, to be run again after their
   * retry delay, and no longer kept alive; the worker fetches again. The handler is still awaited
   * at stop.
   */
  timeoutSeconds: number;
}

/** One of this process's fetch loops of a queue. */
class Loop {
  /** Set by `wake` while a fetch or handler runs: fetch again at once rather than after the interval. */
  private woken = false;
  private interrupt?: () => void;

  constructor(
    readonly name: string,
    readonly options: WorkOptions,
  ) {}

  wake(): void {
    this.woken = true;
    this.interrupt?.();
  }

  /** Starts a round: a wake from now on cuts the pause that follows it. */
  begin(): void {
    this.woken = false;
  }

  /** The rest of the polling interval after a round that began at `started`, unless woken meanwhile. */
  async pause(started: number): Promise<void> {
    const ms = this.options.pollingIntervalSeconds * 1000 - (Date.now() - started);
    if (this.woken || ms <= 100) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.interrupt = undefined;
  }
}

/** pg-boss's fail takes data (the error, kept as the job's output) with a list of ids too (manager.js); its types have that for one id only. */
interface FailMany {
  fail(name: string, ids: string[], data: unknown): Promise<unknown>;
}

/**
 * pg-boss on the ORM's pool, with workers of its own: each loop fetches a batch, runs the handler
 * and completes or fails the jobs, keeping them alive (the heartbeat above) while the handler runs.
 * pg-boss's own workers cannot do that: they cut a handler at its jobs' expiry and fail the jobs, so
 * a short expiry would run every long job twice.
 *
 * At stop the loops fetch nothing more, and running handlers finish with their jobs still beaten:
 * a job is never run elsewhere while this process still runs it. A process killed meanwhile stops
 * beating, and its jobs run again as after any crash. `stop` also waits for a handler that timed
 * out, for jobs a fetch in flight still takes, and for pg-boss's last statements: a result
 * reported into a closed pool is an unhandled rejection, which ends the process (or in a test
 * process fails whatever test runs next); only then may the pool close.
 */
export class JobQueue {
  private readonly handlers: Running = new Set();
  private readonly statements: Running = new Set();
  private readonly db: PgBoss.Db;
  private readonly boss: PgBoss;
  private readonly loops: Loop[] = [];
  /** What the loops are doing; each settles when its loop has stopped. */
  private readonly looping: Promise<void>[] = [];
  /** Jobs whose handlers run in this process, by id, with their queue's name: the heartbeat's. */
  private readonly alive = new Map<string, string>();
  private heartbeat?: NodeJS.Timeout;
  private beating?: Promise<void>;
  private stopping = false;
  private readonly wakeups?: PgListener;

  constructor(
    orm: MikroORM,
    private readonly logger: Logger,
    private readonly role: JobRole = { handlers: true, listen: false },
  ) {
    const knex = orm.em.getConnection().getKnex() as unknown as { client: KnexClient };
    this.db = executor(knex.client, this.statements);
    this.boss = new PgBoss({
      db: this.db,
      schema: 'pgboss',
      schedule: false,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    });
    this.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    if (role.listen && role.handlers && role.databaseUrl) {
      this.wakeups = new PgListener(
        role.databaseUrl,
        WAKEUP_CHANNEL,
        (payload) => payload.split(',').forEach((name) => this.wake(name)),
        logger,
      );
    }
  }

  /** Starts pg-boss, creating or migrating its schema, and listens for jobs queued elsewhere. */
  async start(): Promise<void> {
    await this.boss.start();
    await this.wakeups?.start();
    if (this.role.handlers) this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_SECONDS * 1000);
  }

  async createQueue(name: string): Promise<void> {
    await this.boss.createQueue(name, { name });
  }

  /**
   * Queues jobs on `db` (a transaction's, from transactionDb); workers listening elsewhere hear of
   * them when it commits. Every job gets the heartbeat's expiry.
   */
  async insert(jobs: PgBoss.JobInsert[], db: PgBoss.Db): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(
      jobs.map((job) => ({ ...job, expireInSeconds: JOB_EXPIRY_SECONDS })),
      { db },
    );
    if (this.role.databaseUrl)
      await db.executeSql('select pg_notify($1, $2)', [
        WAKEUP_CHANNEL,
        [...new Set(jobs.map((j) => j.name))].join(','),
      ]);
  }

  /** Runs `handler` for the queue's jobs in a loop of this process; nothing in one that runs no handlers (ROLE=api). */
  work<T>(name: string, options: WorkOptions, handler: PgBoss.WorkHandler<T>): void {
    if (!this.role.handlers || this.stopping) return;
    const loop = new Loop(name, options);
    this.loops.push(loop);
    this.looping.push(this.fetchLoop(loop, handler));
  }

  /** Asks this process's loops of the queue to fetch now rather than at their next poll. */
  wake(name: string): void {
    for (const loop of this.loops) if (loop.name === name) loop.wake();
  }

  /** Stops fetching, lets running handlers finish with their jobs kept alive, then waits for whatever is still under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.wakeups?.close();
    for (const loop of this.loops) loop.wake();
    await Promise.all(this.looping);
    clearInterval(this.heartbeat);
    await this.beating;
    // Its maintenance timer; no worker of pg-boss's runs anything.
    await this.boss.stop({ graceful: false, close: false });
    // Until nothing is left: a handler that timed out, pg-boss's statements in flight.
    do {
      await Promise.allSettled([...this.handlers, ...this.statements]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.handlers.size || this.statements.size);
  }

  private async fetchLoop<T>(loop: Loop, handler: PgBoss.WorkHandler<T>): Promise<void> {
    while (!this.stopping) {
      const started = Date.now();
      loop.begin();
      let jobs: PgBoss.Job<T>[] = [];
      try {
        // A failed statement pg-boss answers with no jobs (manager.js); this catches anything else.
        jobs = await this.boss.fetch<T>(loop.name, { batchSize: loop.options.batchSize ?? 1 });
      } catch (error) {
        this.logger.error({ err: error, queue: loop.name }, 'job fetch failed');
      }
      // Even at stop: the jobs a fetch took are active, and wait for no one else.
      if (jobs.length) await this.run(loop, jobs, handler);
      if (!this.stopping) await loop.pause(started);
    }
  }

  /** Runs the handler for a fetch's jobs, beating them until it settles, and records the outcome. */
  private async run<T>(loop: Loop, jobs: PgBoss.Job<T>[], handler: PgBoss.WorkHandler<T>): Promise<void> {
    const ids = jobs.map((job) => job.id);
    for (const id of ids) this.alive.set(id, loop.name);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      const seconds = loop.options.timeoutSeconds;
      timer = setTimeout(() => reject(new Error(`handler ran longer than ${seconds} s`)), seconds * 1000);
    });
    try {
      const failure = await Promise.race([tracked(this.handlers, (async () => handler(jobs))()), timeout]).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      if (!failure) await this.boss.complete(loop.name, ids);
      else {
        this.logger.warn({ err: failure.error, queue: loop.name, jobs: ids }, 'job failed');
        await (this.boss as unknown as FailMany).fail(loop.name, ids, failure.error);
      }
    } catch (error) {
      // Left active, the jobs expire once no longer beaten and run again.
      this.logger.error({ err: error, queue: loop.name, jobs: ids }, 'job outcome not recorded');
    } finally {
      clearTimeout(timer);
      for (const id of ids) this.alive.delete(id);
    }
  }

  /**
   * Pushes the expiry of every job this process runs to JOB_EXPIRY_SECONDS from now, in one
   * statement; a job no longer active (failed or completed meanwhile) is left as it is.
   */
  private beat(): void {
    if (this.beating || !this.alive.size) return;
    const names = [...new Set(this.alive.values())];
    const ids = [...this.alive.keys()];
    this.beating = this.db
      .executeSql(
        `update pgboss.job set expire_in = now() - started_on + make_interval(secs => $3)
          where name = any($1::text[]) and id = any($2::uuid[]) and state = 'active'`,
        [names, ids, JOB_EXPIRY_SECONDS],
      )
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn({ err: error }, 'job heartbeat failed'),
      )
      .finally(() => (this.beating = undefined));
  }
}
