import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface KnexClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

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

  constructor(orm: MikroORM, logger: Logger) {
    const knex = orm.em.getConnection().getKnex() as unknown as { client: KnexClient };
    this.boss = new PgBoss({ db: executor(knex.client, this.statements), schema: 'pgboss', schedule: false });
    this.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  }

  /** Starts pg-boss, creating or migrating its schema. */
  async start(): Promise<void> {
    await this.boss.start();
  }

  async createQueue(name: string): Promise<void> {
    await this.boss.createQueue(name, { name });
  }

  /** Queues jobs on `db` (a transaction's, from transactionDb). */
  async insert(jobs: PgBoss.JobInsert[], db: PgBoss.Db): Promise<void> {
    await this.boss.insert(jobs, { db });
  }

  /** Runs `handler` for the queue's jobs; returns the worker's id. */
  work<T>(name: string, options: PgBoss.WorkOptions, handler: PgBoss.WorkHandler<T>): Promise<string> {
    return this.boss.work<T>(name, options, (jobs) => tracked(this.handlers, handler(jobs)));
  }

  /** Asks a local worker to fetch now rather than at its next poll. */
  notifyWorker(workerId: string): void {
    this.boss.notifyWorker(workerId);
  }

  /** Stops fetching, gives running handlers `graceMs`, then waits for whatever is still under way. */
  async stop(graceMs: number): Promise<void> {
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
