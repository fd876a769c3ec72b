import type { TestApp } from './test-app';

/** Every SQL statement the service sends while `request` runs (the way to prove a bounded count). */
export async function queriesOf(t: TestApp, request: () => Promise<unknown>): Promise<string[]> {
  const execute = jest.spyOn(t.app.db.orm.em.getConnection(), 'execute');
  try {
    await request();
    return execute.mock.calls.map(([query]) => String(query));
  } finally {
    execute.mockRestore();
  }
}
