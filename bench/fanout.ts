import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api } from '../test/helpers/api';
import { load, type Measured, percentile, type Request } from './load';
import { RssSampler } from './processes';
import type { Seeded } from './seed';

/** What the webhook fan-out scenario measured. */
export interface FanOut {
  changes: number;
  writes: Measured;
  expected: number;
  delivered: number;
  duplicates: number;
  perSecond: number;
  p50: number;
  p99: number;
  peakRssMb: number;
}

export const HOOKS = ['employee.patch', 'employee.*', '*.patch'];

/** A loopback receiver that answers 204 and notes when each (webhook, event) first arrived. */
export class Receiver {
  /** Commit-to-receipt milliseconds of each (webhook, event). */
  readonly arrivals = new Map<string, number>();
  duplicates = 0;
  /** When the first and the last first delivery arrived. */
  first = 0;
  latest = 0;
  private readonly server: Server;
  private waiter?: { count: number; resolve: () => void };

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const receivedAt = Date.now();
        res.writeHead(204).end();
        const key = `${req.url} ${String(req.headers['webhook-id'])}`;
        if (this.arrivals.has(key)) {
          this.duplicates++;
          return;
        }
        const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
        this.arrivals.set(key, receivedAt - Date.parse(timestamp));
        if (!this.first) this.first = receivedAt;
        this.latest = receivedAt;
        if (this.waiter && this.arrivals.size >= this.waiter.count) this.waiter.resolve();
      });
    });
  }

  /** The event ids (webhook-id headers) that arrived at `path`. */
  eventIds(path: string): Set<string> {
    const prefix = `${path} `;
    return new Set([...this.arrivals.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
  }

  /** Forgets what arrived, for the next measurement. */
  reset(): void {
    this.arrivals.clear();
    this.duplicates = 0;
    this.first = 0;
    this.latest = 0;
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves when `count` distinct deliveries arrived, or after `ms`. */
  async until(count: number, ms: number): Promise<void> {
    if (this.arrivals.size >= count) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * `changes` employee updates through REST (50 connections) with three webhooks matching each, so
 * 3 x `changes` deliveries to a loopback receiver. Commit-to-receipt is the receipt time minus the
 * event's timestamp (taken in the transaction of the change); deliveries per second run from the
 * start of the writes to the last receipt, so they cannot exceed 3 x the write rate: the
 * deliveries' own capacity is drainBacklog's (drain.ts). The receiver is the caller's, listening.
 */
export async function fanOut(
  service: { url: string; pid: number },
  seeded: Seeded,
  { receiver, url: receiverUrl }: { receiver: Receiver; url: string },
  changes: number,
  connections: number,
  waitMs: number,
  timeoutSeconds?: number,
): Promise<FanOut> {
  const api = new Api(service.url);
  const key = await api.post<{ id: string }>('/api/v1/webhook-key', { name: 'bench' }, seeded.adminToken);
  if (key.status !== 201) throw new Error(`webhook key: ${key.status} ${key.text}`);
  for (const [index, eventType] of HOOKS.entries()) {
    const hook = await api.post(
      '/api/v1/webhook',
      { name: `bench ${index}`, url: `${receiverUrl}/hook-${index}`, eventType },
      seeded.adminToken,
    );
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.text}`);
  }
  const rss = new RssSampler(service.pid).start();
  const started = Date.now();
  const writes = await load(
    {
      url: service.url,
      connections,
      amount: changes,
      timeoutSeconds,
      token: seeded.adminToken,
      request: employeeChange(seeded),
    },
    service.pid,
  );
  const expected = changes * HOOKS.length;
  await receiver.until(expected, waitMs);
  const latencies = [...receiver.arrivals.values()].sort((a, b) => a - b);
  return {
    changes,
    writes,
    expected,
    delivered: latencies.length,
    duplicates: receiver.duplicates,
    perSecond: latencies.length / ((receiver.latest - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    peakRssMb: Math.max(rss.stop(), writes.peakRssMb),
  };
}

/**
 * The n-th change of a write load: a PATCH of an employee's title, round the seeded employees. A
 * second load needs another `title`: setting a title an employee already has changes nothing.
 */
export function employeeChange(seeded: Seeded, title = 'Title'): (n: number) => Request {
  return (n) => ({
    method: 'PATCH',
    path: `/api/v1/employee/${seeded.employeeIds[n % seeded.employeeIds.length]}`,
    body: JSON.stringify({ title: `${title} ${n}` }),
  });
}
