import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../scripts/pg-cluster';
import { employeeChange, HOOKS, type Receiver } from './fanout';
import { load } from './load';
import { type NodeProcess, startNode } from './processes';
import type { Seeded } from './seed';

/** What draining a backlog of deliveries measured. */
export interface Drain {
  changes: number;
  expected: number;
  delivered: number;
  duplicates: number;
  /** From the first receipt to the last. */
  seconds: number;
  perSecond: number;
}

/**
 * The deliveries' capacity, which the fan-out under the write load cannot show (its rate is
 * bounded by the writes'): the service is stopped, a ROLE=api process takes `changes` employee
 * updates (its relay turns them into deliveries and jobs, but it runs no job), and once every
 * event is relayed one ROLE=worker process is started on the backlog; deliveries per second run
 * from its first receipt to its last. The webhooks are the fan-out's, and `receiver` is theirs.
 * Runs last: the service does not come back.
 */
export async function drainBacklog(
  service: NodeProcess,
  env: Record<string, string>,
  seeded: Seeded,
  receiver: Receiver,
  changes: number,
  connections: number,
  work: string,
  waitMs: number,
): Promise<Drain> {
  await service.stop();
  receiver.reset();
  const started: NodeProcess[] = [];
  const role = async (name: 'api' | 'worker') => {
    const port = await freePort();
    const proc = await startNode(
      join(__dirname, '..', 'src', 'main.js'),
      { ...env, ROLE: name, PORT: String(port) },
      port,
      join(work, `drain-${name}.log`),
    );
    started.push(proc);
    return proc;
  };
  try {
    const api = await role('api');
    const writes = await load(
      {
        url: api.url,
        connections,
        amount: changes,
        token: seeded.adminToken,
        request: employeeChange(seeded, 'Drained title'),
      },
      api.pid,
    );
    if (writes.errors) throw new Error(`drain: ${writes.errors} of ${changes} writes failed`);
    await relayed(env.DATABASE_URL, 120_000);
    await api.stop();
    const expected = changes * HOOKS.length;
    await role('worker');
    await receiver.until(expected, waitMs);
    const seconds = (receiver.latest - receiver.first) / 1000;
    return {
      changes,
      expected,
      delivered: receiver.arrivals.size,
      duplicates: receiver.duplicates,
      seconds,
      perSecond: receiver.arrivals.size / Math.max(seconds, 0.001),
    };
  } finally {
    for (const proc of started.reverse()) await proc.stop();
  }
}

/** Waits until the outbox holds no event the relay has not turned into deliveries. */
async function relayed(databaseUrl: string, timeoutMs: number): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(
        'select count(*) as n from change_event where dispatched_at is null',
      );
      if (rows[0].n === '0') return;
      if (Date.now() > deadline) throw new Error(`drain: ${rows[0].n} events still not relayed after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.end();
  }
}
