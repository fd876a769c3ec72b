import type { TestApp } from './test-app';

// The relay's statements (src/events/outbox-relay.ts, written unquoted; the ORM quotes names): its
// reads and marks of the outbox, the webhooks it looks up and the deliveries it writes for the
// events (DeliveryWorker.dispatch), its turn among the instances' relays, and its notifications.
const RELAY =
  /^\s*(select\b[\s\S]*from "?change_event"?[\s\S]*for update skip locked|update "?change_event"?|select id, organization_id, event_type, if_updates from webhook where|insert into webhook_delivery|select pg_notify|select pg_advisory_xact_lock)/i;

/** Every SQL statement the service sends while `request` runs (the way to prove a bounded count). */
export async function queriesOf(t: TestApp, request: () => Promise<unknown>): Promise<string[]> {
  // The outbox relay runs after earlier writes; its queries are not the request's.
  await t.app.eventsRelayed();
  const execute = jest.spyOn(t.app.db.orm.em.getConnection(), 'execute');
  try {
    await request();
    // The relay starts after the request's commit and may overlap its response: its statements are
    // not the request's; the request's own event inserts are.
    return execute.mock.calls.map(([query]) => String(query)).filter((query) => !RELAY.test(query));
  } finally {
    execute.mockRestore();
  }
}

/** A statement the service sent, with the number of rows it returned. */
export interface Statement {
  sql: string;
  rows: number;
}

/** Every SQL statement the service sends while `request` runs, as queriesOf, with how many rows each returned. */
export async function statementsOf(t: TestApp, request: () => Promise<unknown>): Promise<Statement[]> {
  await t.app.eventsRelayed();
  const execute = jest.spyOn(t.app.db.orm.em.getConnection(), 'execute');
  try {
    await request();
    const sent = execute.mock.calls.map(([query], i) => ({ sql: String(query), result: execute.mock.results[i] }));
    const statements: Statement[] = [];
    for (const { sql, result } of sent) {
      if (RELAY.test(sql)) continue;
      const value: unknown = await (result.value as Promise<unknown>);
      statements.push({ sql, rows: Array.isArray(value) ? value.length : 0 });
    }
    return statements;
  } finally {
    execute.mockRestore();
  }
}
