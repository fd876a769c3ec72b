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
  /**
   * With `seconds`: keep going after them until this many requests succeeded, up to `capSeconds`
   * (the quick run's deadline, which a slow, busy machine meets).
   */
  atLeast?: number;
  capSeconds?: number;
  /** Seconds after which a request counts as timed out (autocannon's default is 10). */
  timeoutSeconds?: number;
  token: string;
  /** The n-th request of the run (so a run spreads over many ids). */
  request(n: number): Request;
}

export interface Measured {
  /** Answers with a 2xx status; requests/s and the percentiles are of these. */
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Failed connections, timeouts and non-2xx answers other than `rejected`. */
  errors: number;
  /** Of `errors`, requests autocannon gave up on. */
  timeouts: number;
  /** 503 with Retry-After: work refused beyond the admission bound, which is not an error. */
  rejected: number;
  seconds: number;
  peakRssMb: number;
}

/** The value below which `share` of the sorted samples fall. */
export function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * Drives a server with autocannon for a while and measures every successful response's latency
 * itself (autocannon's summary has no p95). A 503 with Retry-After is counted apart from errors.
 * The server process's resident set is sampled meanwhile.
 */
export async function load(options: LoadOptions, pid: number): Promise<Measured> {
  const latencies: number[] = [];
  let n = 0;
  let rejected = 0;
  let otherFailures = 0;
  const started = Date.now();
  const rss = new RssSampler(pid).start();
  const bounded = options.atLeast !== undefined && options.seconds !== undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
        ...(options.amount
          ? { amount: options.amount }
          : { duration: bounded ? (options.capSeconds ?? options.seconds) : options.seconds }),
        requests: [
          {
            setupRequest: (req) => {
              const next = options.request(n++);
              // Fresh headers each time: autocannon writes Content-Length into the headers object
              // it is given, which a later request without a body would otherwise carry.
              const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
              return { ...req, headers, method: next.method, path: next.path, body: next.body };
            },
            onResponse: (status, _body, _context, headers) => {
              if (status >= 200 && status < 300) return;
              if (status === 503 && Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'retry-after'))
                rejected++;
              else otherFailures++;
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    tracker.on('response', (_client, status, _bytes, ms) => {
      if (status < 200 || status >= 300) return;
      latencies.push(ms);
      // Stops at the next tick once both the time and the count are reached.
      if (bounded && latencies.length >= options.atLeast! && Date.now() - started >= options.seconds! * 1000)
        tracker.stop();
    });
  });
  const peakRssMb = rss.stop();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / result.duration,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    // autocannon's `errors` are failed connections and its timeouts.
    errors: result.errors + otherFailures,
    timeouts: result.timeouts,
    rejected,
    seconds: result.duration,
    peakRssMb,
  };
}
