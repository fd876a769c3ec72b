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

/**
 * Runs pg-boss's SQL on a connection of the ORM's pool (or, inside a transaction, on the
 * transaction's own connection). One pool serves both: in embedded mode it is the single
 * connection PGlite allows, so pg-boss waits its turn instead of slipping its statements into
 * another caller's transaction.
 */
function executor(client: KnexClient): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const connection = await client.acquireConnection();
      try {
        // Without values pg uses the simple protocol, which pg-boss's multi-statement migrations need.
        return await connection.query(text, values?.length ? values : undefined);
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/** The executor of the transaction `em` is in, so jobs are sent atomically with the rows that need them. */
export function transactionDb(em: EntityManager): PgBoss.Db {
  const trx = em.getTransactionContext<{ client: KnexClient }>();
  if (!trx) throw new Error('transactionDb needs an EntityManager inside a transaction');
  return executor(trx.client);
}

/** Starts pg-boss (creating or migrating its schema) on the ORM's connection pool. */
export async function startBoss(orm: MikroORM, logger: Logger): Promise<PgBoss> {
  const knex = orm.em.getConnection().getKnex() as unknown as { client: KnexClient };
  const boss = new PgBoss({ db: executor(knex.client), schema: 'pgboss', schedule: false });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
