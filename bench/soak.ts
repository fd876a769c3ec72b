import { Client } from 'pg';
import { Api } from '../test/helpers/api';
import { Receiver } from './fanout';
import { load, type Measured, type Request } from './load';
import { rssMb } from './processes';
import type { Seeded } from './seed';
import { SEARCHES } from './vocabulary';

/** One minute of the soak. */
export interface SoakMinute {
  minute: number;
  measured: Measured;
  /** The service's resident set at the end of the minute, MB. */
  rssEndMb: number;
}

export interface Soak {
  connections: number;
  minutes: SoakMinute[];
  /** Employee events committed during the soak, and how many of them the receiver got. */
  events: number;
  delivered: number;
  duplicates: number;
  /** Seconds from the end of the load until the last event arrived. */
  drainSeconds: number;
}

const pick = <T>(list: T[], n: number): T => list[n % list.length];

/**
 * The mix of the soak, by the last digit of the request number: reads of plans and employees,
 * employee changes and creations (each an event for the webhook), and knowledge searches.
 */
function mixed(seeded: Seeded): (n: number) => Request {
  return (n) => {
    switch (n % 10) {
      case 4:
        return { method: 'GET', path: '/api/v1/idp?limit=20' };
      case 5:
        return { method: 'GET', path: `/api/v1/employee?limit=50&offset=${(n * 13) % 5000}` };
      case 6:
      case 7:
        return {
          method: 'PATCH',
          path: `/api/v1/employee/${pick(seeded.employeeIds, n * 31)}`,
          body: JSON.stringify({ title: `Soak ${n}` }),
        };
      case 8:
        return { method: 'POST', path: '/api/v1/employee', body: JSON.stringify({ name: `Soak hire ${n}` }) };
      case 9:
        return { method: 'POST', path: '/api/v1/agent/search', body: JSON.stringify({ query: pick(SEARCHES, n) }) };
      default:
        return { method: 'GET', path: `/api/v1/idp/${pick(seeded.planIds, n * 7)}` };
    }
  };
}

/**
 * A bounded mixed load, a minute at a time so that throughput, errors and memory can be seen
 * over time, with a webhook on every employee event; afterwards every event committed during the
 * soak must reach the receiver.
 */
export async function soak(
  service: { url: string; pid: number },
  databaseUrl: string,
  seeded: Seeded,
  minutes: number,
  connections: number,
): Promise<Soak> {
  const receiver = new Receiver();
  const base = await receiver.listen();
  const api = new Api(service.url);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const key = await api.post('/api/v1/webhook-key', { name: 'soak' }, seeded.adminToken);
    if (key.status !== 201) throw new Error(`webhook key: ${key.status} ${key.text}`);
    const hook = await api.post(
      '/api/v1/webhook',
      { name: 'soak', url: `${base}/soak`, eventType: 'employee.*' },
      seeded.adminToken,
    );
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.text}`);
    const started = new Date();
    const request = mixed(seeded);
    let offset = 0;
    const rows: SoakMinute[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      // Each minute continues the request numbering, so the mix and the ids keep moving.
      const from = offset;
      const measured = await load(
        { url: service.url, connections, seconds: 60, token: seeded.adminToken, request: (n) => request(from + n) },
        service.pid,
      );
      offset += measured.requests + connections;
      rows.push({ minute, measured, rssEndMb: rssMb(service.pid) });
      console.log(
        `soak minute ${minute}: ${measured.perSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.errors} errors, RSS peak ${measured.peakRssMb.toFixed(0)} MB, end ${rows.at(-1)!.rssEndMb.toFixed(0)} MB`,
      );
    }
    const loadEnded = Date.now();
    const committed = await db.query<{ id: string }>(
      "select id from change_event where type like 'employee.%' and created_at >= $1",
      [started],
    );
    const expected = committed.rows.map((r) => r.id);
    const deadline = Date.now() + 300_000;
    let got = receiver.eventIds('/soak');
    while (expected.some((id) => !got.has(id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      got = receiver.eventIds('/soak');
    }
    return {
      connections,
      minutes: rows,
      events: expected.length,
      delivered: expected.filter((id) => got.has(id)).length,
      duplicates: receiver.duplicates,
      drainSeconds: Math.max(0, (receiver.latest - loadEnded) / 1000),
    };
  } finally {
    await db.end();
    await receiver.close();
  }
}
