import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drip, pour, type Sent } from './hostile-body';

export interface Received {
  /** When the request had arrived whole (Date.now()). */
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    type: string;
    timestamp: string;
    data: {
      id: string;
      object: string;
      operation: string;
      organization: string | null;
      changedFields: string[];
      current: Record<string, unknown> | null;
      previous: Record<string, unknown> | null;
    };
  };
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Hostile answers (their sending is recorded in `sent`): a body of this many bytes, */
  bodyBytes?: number;
  /** or the body sent one byte every this many ms. */
  dripMs?: number;
}

/**
 * A webhook receiver on loopback: records every request and answers from a queue of answers
 * (200 once the queue is empty). This is the outside system of the delivery tests.
 */
export class Receiver {
  readonly received: Received[] = [];
  /** What each hostile answer sent before the service stopped reading. */
  readonly sent: Promise<Sent>[] = [];
  private readonly answers: Answer[] = [];
  private server?: Server;
  private waiters: (() => void)[] = [];

  /** `host` may be another loopback address (127.0.0.2) standing for a second machine. */
  constructor(
    private readonly port = 0,
    private readonly host = '127.0.0.1',
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: Received['json'];
        try {
          json = JSON.parse(body) as Received['json'];
        } catch {
          json = { type: '', timestamp: '', data: {} as Received['json']['data'] };
        }
        this.received.push({ at: Date.now(), headers: req.headers, body, json });
        const answer = this.answers.shift() ?? { status: 200 };
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(answer.status, answer.headers);
          if (answer.bodyBytes) this.sent.push(pour(res, answer.bodyBytes, 'x'));
          else if (answer.dripMs) this.sent.push(drip(res, answer.body ?? 'x'.repeat(4096), answer.dripMs));
          else res.end(answer.body ?? 'ok');
        }, answer.delayMs ?? 0);
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, this.host, resolve));
    return this;
  }

  get url(): string {
    return `http://${this.host}:${(this.server!.address() as AddressInfo).port}/hook`;
  }

  /** Answers the next requests with these, in order. */
  answer(...answers: Answer[]): void {
    this.answers.push(...answers);
  }

  /** Requests whose event type matches, optionally only for one object id. */
  of(type: string, objectId?: string): Received[] {
    return this.received.filter((r) => r.json.type === type && (objectId === undefined || r.json.data.id === objectId));
  }

  /** Resolves once `predicate` holds for the received requests; fails after `timeoutMs`. */
  async waitFor(predicate: (received: Received[]) => boolean, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.received)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `receiver: condition not met in ${timeoutMs} ms; got ${this.received.map((r) => r.json.type).join(', ') || 'nothing'}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
