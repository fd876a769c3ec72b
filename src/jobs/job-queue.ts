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
 * How often pg-boss expires the jobs of processes that died (the one instance whose turn it is,
 * a few short statements). A crashed job runs again at the first maintenance after it expires:
 * pg-boss's default of two minutes made that up to two minutes later; now it is seconds.
 */
const MAINTENANCE_SECONDS = 10;

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

/**
 * pg-boss on the ORM's pool, and the work it has under way. At stop pg-boss gives running
 * handlers the grace period, then marks their jobs failed (to be run again) and returns. A handler
 * still running then reports its result later, unawaited by anyone: into a closed pool that is an
 * unhandled rejection, which ends the process, or in a test process fails whatever test runs
 * next. So `stop` waits for those handlers too (each is bounded by its own timeout: the webhook
 * and language-model timeouts), for jobs a fetch in flight still takes, and for pg-boss's last
 * statements; only then may the pool close.
 */
export class JobQueue {
  private readonly handlers: Running = new Set();
  private readonly statements: Running = new Set();
  private readonly boss: PgBoss;
  /** This process's workers, by queue name. */
  private readonly workers = new Map<string, string[]>();
  private readonly wakeups?: PgListener;

  constructor(
    orm: MikroORM,
    logger: Logger,
    private readonly role: JobRole = { handlers: true, listen: false },
  ) {
    const knex = orm.em.getConnection().getKnex() as unknown as { client: KnexClient };
    this.boss = new PgBoss({
      db: executor(knex.client, this.statements),
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
  }

  async createQueue(name: string): Promise<void> {
    await this.boss.createQueue(name, { name });
  }

  /** Queues jobs on `db` (a transaction's, from transactionDb); workers listening elsewhere hear of them when it commits. */
  async insert(jobs: PgBoss.JobInsert[], db: PgBoss.Db): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(jobs, { db });
    if (this.role.databaseUrl)
      await db.executeSql('select pg_notify($1, $2)', [
        WAKEUP_CHANNEL,
        [...new Set(jobs.map((j) => j.name))].join(','),
      ]);
  }

  /**
   * Runs `handler` for the queue's jobs; returns the worker's id, or undefined in a process that
   * runs no handlers (ROLE=api).
   */
  async work<T>(
    name: string,
    options: PgBoss.WorkOptions,
    handler: PgBoss.WorkHandler<T>,
  ): Promise<string | undefined> {
    if (!this.role.handlers) return undefined;
    const id = await this.boss.work<T>(name, options, (jobs) => tracked(this.handlers, handler(jobs)));
    this.workers.set(name, [...(this.workers.get(name) ?? []), id]);
    return id;
  }

  /** Asks this process's workers of the queue to fetch now rather than at their next poll. */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /** Stops fetching, gives running handlers `graceMs`, then waits for whatever is still under way. */
  async stop(graceMs: number): Promise<void> {
    await this.wakeups?.close();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: graceMs });
    // Until nothing is left: a fetch in flight at stop still hands the jobs it took (now active)
    // to a handler, whose result pg-boss reports on the turn after it settles. Cut short, such a
    // job stays active until it expires, and a restart waits that long for it.
    do {
      await Promise.allSettled([...this.handlers, ...this.statements]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.handlers.size || this.statements.size);
  }
}
