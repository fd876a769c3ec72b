import type { TestApp } from './test-app';

/**
 * Row counts of every application table, in one statement: equal counts before and after a
 * refused request show it stored nothing. Webhook deliveries and their attempts are left out:
 * the relay and the worker write them later for events of earlier accepted requests, and the
 * outbox (change_event) stands for them — no event, no delivery. The rate limits' buckets
 * (rate_bucket, on a PostgreSQL server) are left out too: a refused request is counted there.
 */
export async function rowCounter(t: TestApp): Promise<() => Promise<Record<string, string>>> {
  const sql = <T>(text: string) => t.app.db.orm.em.fork().getConnection().execute<T[]>(text);
  const rows = await sql<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm%'",
  );
  const tables = rows
    .map((r) => r.table_name)
    .filter((name) => !['webhook_delivery', 'webhook_attempt', 'rate_bucket'].includes(name))
    .sort();
  const statement = `select ${tables.map((name) => `(select count(*) from "${name}")::text as "${name}"`).join(', ')}`;
  return async () => {
    await t.app.eventsRelayed();
    return (await sql<Record<string, string>>(statement))[0];
  };
}
