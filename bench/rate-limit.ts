import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import pino from 'pino';
import { findPgBin, freePort, removeCluster, startCluster } from '../scripts/pg-cluster';
import { PgBucketStore } from '../src/http/pg-buckets';
import { type Buckets, MemoryBuckets } from '../src/http/rate-limit';
import { load, percentile } from './load';
import { type NodeProcess, productionEnv, startNode } from './processes';

/**
 * `npm run build && node dist/bench/rate-limit.js [--quick]`: what the rate-limit buckets shared
 * through PostgreSQL (src/http/pg-buckets.ts) add to a request, against the in-memory buckets the
 * embedded database keeps. Prints, on a throwaway PostgreSQL server (the tests' settings):
 *
 * - one take of each store alone, one after another and with 10 in flight;
 * - the service itself, twice on one database: RATE_LIMIT_PER_MINUTE=0 (no bucket is asked) and
 *   a limit no request reaches (one take per request, in the shared table), GET /api/v1/app one
 *   request at a time (alternating between the two, so that both see the same machine) and under
 *   10 connections with autocannon.
 *
 * Nothing is written to bench/RESULTS.md; the numbers are a measurement to quote, not a target.
 */
const quick = process.argv.includes('--quick');
const TAKES = quick ? 2_000 : 20_000;
/** Requests sent one at a time to each service, alternating between them so that both see the same machine. */
const REQUESTS = quick ? 500 : 5_000;
const SECONDS = quick ? 2 : 10;
/** A limit no request of the run reaches: every request takes, none is refused. */
const UNREACHED = String(1_000_000_000);

const micros = (sorted: number[], share: number) => percentile(sorted, share).toFixed(0);
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Latencies of `count` takes in µs, `inFlight` at a time, and takes per second. */
async function takes(
  buckets: Buckets,
  count: number,
  inFlight: number,
): Promise<{ sorted: number[]; perSecond: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, lane) => {
      while (next < count) {
        next++;
        const at = process.hrtime.bigint();
        // Callers of their own, as a service's requests come from many tokens.
        if ((await buckets.take(`token:bench-${lane}-${next % 50}`, 1)) !== 0) throw new Error('refused');
        latencies.push(Number(process.hrtime.bigint() - at) / 1_000);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { sorted: latencies.sort((a, b) => a - b), perSecond: count / seconds };
}

/** A cheap read (the organization's apps: none), so that what the limit adds is not lost in the work. */
const ROUTE = '/api/v1/app';

/** The latency in µs of one request. */
async function timed(url: string, token: string): Promise<number> {
  const at = process.hrtime.bigint();
  const res = await fetch(`${url}${ROUTE}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${ROUTE} answered ${res.status}`);
  return Number(process.hrtime.bigint() - at) / 1_000;
}

async function main(): Promise<void> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install postgresql-15 or set PG_BIN)');
  const work = mkdtempSync(join(tmpdir(), 'talent-bench-rate-'));
  const cluster = await startCluster(bin);
  const running: NodeProcess[] = [];
  const store = new PgBucketStore(cluster.url, pino({ level: 'warn' }));
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const env = { ...productionEnv(cluster.url, jwtSecret), LOG_LEVEL: 'warn' };
    const start = async (name: string, limit: string) => {
      const port = await freePort();
      const proc = await startNode(
        join(__dirname, '..', 'src', 'main.js'),
        { ...env, PORT: String(port), RATE_LIMIT_PER_MINUTE: limit },
        port,
        join(work, `${name}.log`),
      );
      running.push(proc);
      return proc;
    };
    // One after the other: the first applies the migrations.
    const off = await start('off', '0');
    const shared = await start('shared', UNREACHED);
    const email = 'bench-rate@example.com';
    const sign = (claims: object) => jwt.sign(claims, jwtSecret, { algorithm: 'HS256', expiresIn: '2h' });
    const created = await fetch(`${off.url}/api/v1/organization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sign({ sub: email, email })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench rate limit' }),
    });
    if (created.status !== 201) throw new Error(`could not create the organization: ${created.status}`);
    const token = sign({ sub: email, email, org: ((await created.json()) as { id: string }).id });

    console.log(`${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, PostgreSQL from ${bin}`);
    const memory = new MemoryBuckets(Number(UNREACHED));
    try {
      await takes(store.buckets('bench', Number(UNREACHED)), 500, 4); // connections and prepared statements
      for (const inFlight of [1, 10]) {
        for (const [name, buckets] of [
          ['memory', memory],
          ['PostgreSQL', store.buckets('bench', Number(UNREACHED))],
        ] as const) {
          const { sorted, perSecond } = await takes(buckets, TAKES, inFlight);
          console.log(
            `take, ${name}, ${inFlight} in flight: mean ${mean(sorted).toFixed(1)} µs, p50 ${micros(sorted, 0.5)} µs, p99 ${micros(sorted, 0.99)} µs, ${perSecond.toFixed(0)} takes/s`,
          );
        }
      }
    } finally {
      memory.close();
    }

    const latencies: Record<'off' | 'shared', number[]> = { off: [], shared: [] };
    for (let i = 0; i < REQUESTS / 10; i++) await Promise.all([timed(off.url, token), timed(shared.url, token)]);
    for (let i = 0; i < REQUESTS; i++) {
      latencies.off.push(await timed(off.url, token));
      latencies.shared.push(await timed(shared.url, token));
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { mean: mean(sorted), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    const a = summary(latencies.off);
    const b = summary(latencies.shared);
    const line = (name: string, s: ReturnType<typeof summary>) =>
      `GET ${ROUTE}, 1 at a time, ${name}: mean ${s.mean.toFixed(0)} µs, p50 ${s.p50.toFixed(0)} µs, p99 ${s.p99.toFixed(0)} µs`;
    console.log(line('limit off', a));
    console.log(line('limit on, shared buckets', b));
    console.log(
      `added per request: mean ${(b.mean - a.mean).toFixed(0)} µs, p50 ${(b.p50 - a.p50).toFixed(0)} µs (${latencies.off.length} requests each)`,
    );
    for (const [name, proc] of [
      ['limit off', off],
      ['limit on, shared buckets', shared],
    ] as const) {
      const measured = await load(
        {
          url: proc.url,
          connections: 10,
          seconds: SECONDS,
          token,
          request: () => ({ method: 'GET', path: ROUTE }),
        },
        proc.pid,
      );
      console.log(
        `GET ${ROUTE}, 10 connections, ${name}: ${measured.perSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.errors} errors`,
      );
      if (measured.errors) throw new Error(`${name}: ${measured.errors} errors; see ${work}`);
    }
  } finally {
    await store.close();
    for (const proc of running.reverse()) await proc.stop();
    removeCluster(cluster);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
