import autocannon from 'autocannon';
import { RssSampler } from './processes';

export interface Request {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** How long to run, or else how many requests to send. */
  seconds?: number;
  amount?: number;
  token: string;
  /** The n-th request of the run (so a run spreads over many ids). */
  request(n: number): Request;
}

export interface Measured {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  peakRssMb: number;
}

/** The value below which `share` of the sorted samples fall. */
export function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * Drives a server with autocannon for a while and measures every response's latency itself
 * (autocannon's summary has no p95). Errors are failed connections, timeouts and non-2xx answers.
 * The server process's resident set is sampled meanwhile.
 */
export async function load(options: LoadOptions, pid: number): Promise<Measured> {
  const latencies: number[] = [];
  let n = 0;
  const rss = new RssSampler(pid).start();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
        requests: [
          {
            setupRequest: (req) => {
              const next = options.request(n++);
              // Fresh headers each time: autocannon writes Content-Length into the headers object
              // it is given, which a later request without a body would otherwise carry.
              const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
              return { ...req, headers, method: next.method, path: next.path, body: next.body };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    tracker.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  const peakRssMb = rss.stop();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / result.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
    peakRssMb,
  };
}
