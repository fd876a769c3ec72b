import { Pool } from 'pg';
import type { Logger } from 'pino';
import { type Buckets, type BucketStore, MemoryBuckets, secondsUntil } from './rate-limit';

/**
 * Takes $3 from the bucket $1 of capacity $2 that refills $4 a second, in one statement: the row is
 * refilled for the time since it was last (capped at $2), then $3 is taken only if it fits, and the
 * answer says whether it did (`took`) and what is left. A missing row is a full bucket. The time
 * is the database's (clock_timestamp(), read once, as excluded.refilled_at), so instances whose
 * clocks disagree still agree on every bucket. Concurrent takes of one key queue on its row lock;
 * one that read its clock before the row's last refill counts no negative time.
 */
const TAKE = `insert into rate_bucket as b (key, tokens, refilled_at, took)
values ($1, $2::float8 - $3::float8, clock_timestamp(), true)
on conflict (key) do update set (tokens, refilled_at, took) = (
  select case when f.tokens >= $3::float8 then f.tokens - $3::float8 else f.tokens end,
    greatest(b.refilled_at, excluded.refilled_at), f.tokens >= $3::float8
  from (select least($2::float8, b.tokens + greatest(0, extract(epoch from excluded.refilled_at - b.refilled_at)) * $4::float8) as tokens) f
)
returning took, tokens`;

/** Gives $3 back to the bucket $1 (capacity $2, $4 a second), refilled first; no row is a full bucket already. */
const REFUND = `update rate_bucket b
set tokens = least($2::float8, b.tokens + greatest(0, extract(epoch from c.t - b.refilled_at)) * $4::float8 + $3::float8),
  refilled_at = greatest(b.refilled_at, c.t)
from (select clock_timestamp() as t) c
where b.key = $1`;

/**
 * A bucket untouched for a minute is full (every limit refills its whole capacity in a minute),
 * the same as no row. No index serves this: one would make every take a non-HOT update.
 */
const PRUNE = `delete from rate_bucket where refilled_at < clock_timestamp() - interval '1 minute'`;

/** Connections of the store's own pool: a take is a few microseconds of the server's time. */
const POOL_SIZE = 4;
/** Longest a take may wait (to connect, or to be answered) before the request is let through. */
const TIMEOUT_MS = 1_000;
/** After a failure the store is not asked for this long: during an outage one request a second waits for it. */
const PAUSE_MS = 1_000;
const MINUTE = 60_000;

/**
 * Token buckets in the table rate_bucket, shared by every instance on one PostgreSQL server, so
 * that a caller's budget is the same however a load balancer spreads its requests. Each take and
 * refund is one statement on a small pool of its own: rate-limit checks never queue behind the
 * ORM's pool (which admission fills), and time out quickly.
 *
 * When the database cannot answer (down, unreachable, too slow: a flood that keeps the pool's
 * queue past a second), each limit falls back to buckets in this instance's memory, so a fault
 * loosens the limit to one budget per instance rather than lifting it (a flood is what saturates
 * the pool, exactly when the limit is needed), and a warning is logged at most once a minute.
 * Refusing every request instead would turn a momentary fault of the limiter into an outage of
 * everything it guards.
 */
export class PgBucketStore implements BucketStore {
  private readonly pool: Pool;
  private readonly pruner: NodeJS.Timeout;
  private pausedUntil = 0;
  /** When this instance last took: an instance that took nothing for two minutes left nothing to prune. */
  private tookAt = -Infinity;
  /** Failures since the last warning, which that warning's successor reports. */
  private failures = 0;
  private warnedAt = -Infinity;
  /** A warning was logged and the store has not answered since. */
  private down = false;
  /** Each limit's buckets in this process, asked while the database cannot answer. */
  private readonly local: MemoryBuckets[] = [];

  constructor(
    databaseUrl: string,
    private readonly logger: Logger,
  ) {
    this.pool = new Pool({
      connectionString: databaseUrl,
      application_name: 'talent-rate-limit',
      max: POOL_SIZE,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
      statement_timeout: TIMEOUT_MS,
    });
    // An idle connection the server dropped: the pool replaces it; without a listener it would crash the process.
    this.pool.on('error', (error) => this.failed(error));
    this.pruner = setInterval(() => {
      if (Date.now() - this.tookAt <= 2 * MINUTE)
        void this.attempt(
          () => this.pool.query(PRUNE),
          () => undefined,
        );
    }, MINUTE);
    this.pruner.unref();
  }

  buckets(name: string, perMinute: number): Buckets {
    const perSecond = perMinute / 60;
    const values = (key: string, cost: number) => [`${name}:${key}`, perMinute, cost, perSecond];
    const local = new MemoryBuckets(perMinute);
    this.local.push(local);
    return {
      take: (key, cost) => {
        this.tookAt = Date.now();
        return this.attempt(
          async () => {
            const { rows } = await this.pool.query<{ took: boolean; tokens: number }>({
              name: 'rate-limit-take',
              text: TAKE,
              values: values(key, cost),
            });
            return rows[0].took ? 0 : secondsUntil(rows[0].tokens, cost, perMinute);
          },
          () => local.take(key, cost),
        );
      },
      refund: (key, cost) =>
        this.attempt(
          async () => {
            await this.pool.query({ name: 'rate-limit-refund', text: REFUND, values: values(key, cost) });
          },
          () => local.refund(key, cost),
        ),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.pruner);
    for (const buckets of this.local) buckets.close();
    await this.pool.end();
  }

  /** `work`'s answer, or `fallback`'s (this instance's own buckets) when the database cannot give it. */
  private async attempt<T>(work: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (Date.now() < this.pausedUntil) return fallback();
    try {
      const answer = await work();
      if (this.down) {
        this.down = false;
        this.logger.info('rate-limit buckets answer again: the limits hold across instances again');
      }
      return answer;
    } catch (error) {
      this.failed(error);
      return fallback();
    }
  }

  private failed(error: unknown): void {
    const now = Date.now();
    this.pausedUntil = now + PAUSE_MS;
    this.failures++;
    if (now - this.warnedAt < MINUTE) return;
    this.warnedAt = now;
    this.down = true;
    this.logger.warn(
      { err: error, failures: this.failures },
      'rate-limit buckets unavailable: each instance limits requests alone until the database answers',
    );
    this.failures = 0;
  }
}
