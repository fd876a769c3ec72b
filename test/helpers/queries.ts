import type { TestApp } from './test-app';

/** Every SQL statement the service sends while `request` runs (the way to prove a bounded count). */
export async function queriesOf(t: TestApp, request: () => Promise<unknown>): Promise<string[]> {
  // The outbox relay runs after earlier writes; its queries are not the request's.
  await t.app.eventsRelayed();
  const execute = jest.spyOn(t.app.db.orm.em.getConnection(), 'execute');
  try {
    await request();
    return execute.mock.calls.map(([query]) => String(query));
  } finally {
    execute.mockRestore();
  }
}
