import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api } from '../test/helpers/api';
import { load, type Measured, percentile } from './load';
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

const HOOKS = ['employee.patch', 'employee.*', '*.patch'];

/** A loopback receiver that answers 204 and notes when each (webhook, event) first arrived. */
export class Receiver {
  /** Commit-to-receipt milliseconds of each (webhook, event). */
  readonly arrivals = new Map<string, number>();
  duplicates = 0;
  /** When the last first delivery arrived. */
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
 * start of the writes to the last receipt.
 */
export async function fanOut(service: { url: string; pid: number }, seeded: Seeded, changes: number, connections: number, waitMs: number): Promise<FanOut> {
  const receiver = new Receiver();
  const base = await receiver.listen();
  const api = new Api(service.url);
  try {
    const key = await api.post<{ id: string }>('/api/v1/webhook-key', { name: 'bench' }, seeded.adminToken);
    if (key.status !== 201) throw new Error(`webhook key: ${key.status} ${key.text}`);
    for (const [index, eventType] of HOOKS.entries()) {
      const hook = await api.post('/api/v1/webhook', { name: `bench ${index}`, url: `${base}/hook-${index}`, eventType }, seeded.adminToken);
      if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${hook.text}`);
    }
    const rss = new RssSampler(service.pid).start();
    const started = Date.now();
    const writes = await load(
      {
        url: service.url,
        connections,
        amount: changes,
        token: seeded.adminToken,
        request: (n) => ({ method: 'PATCH', path: `/api/v1/employee/${seeded.employeeIds[n % seeded.employeeIds.length]}`, body: JSON.stringify({ title: `Title ${n}` }) }),
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
  } finally {
    await receiver.close();
  }
}
