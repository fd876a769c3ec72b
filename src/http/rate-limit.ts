import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import { HTTP_STATUS } from '../graphql/errors';
import { sendError } from '../rest/errors';

const MINUTE = 60_000;

/** Takes `cost` more operations from the caller of a request, or rejects with a 429 GraphQLError. */
export type Charge = (cost: number) => Promise<void>;

/**
 * Where the token buckets of one limit live: in this process (MemoryBuckets), or in a table every
 * instance on the same PostgreSQL server shares (pg-buckets.ts). Both refill continuously at the
 * limit's rate per minute up to that rate, and answer the same numbers for the same history.
 */
export interface Buckets {
  /**
   * Takes `cost` (at most the limit's per-minute rate) from the bucket of `key` and answers 0, or
   * takes nothing and answers the seconds after which the bucket will hold `cost`.
   */
  take(key: string, cost: number): Promise<number>;
  /** Gives `cost` back to the bucket of `key`, never above the limit's rate. */
  refund(key: string, cost: number): Promise<void>;
}

/** Makes the buckets of each limit by its name (distinct names never share a bucket), and stops what they run. */
export interface BucketStore {
  buckets(name: string, perMinute: number): Buckets;
  close(): Promise<void>;
}

/**
 * Seconds until a bucket of `perMinute` holding `tokens` holds `cost` (at least 1: a client told
 * to come back after 0 s would come back at once).
 */
export function secondsUntil(tokens: number, cost: number, perMinute: number): number {
  return Math.max(1, Math.ceil(((cost - tokens) * MINUTE) / perMinute / 1000));
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets in this process's memory: for the embedded database, which belongs to one process.
 * Full buckets say nothing a new one would not: they are dropped every minute, so idle callers
 * cost no memory.
 */
export class MemoryBuckets implements Buckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly pruner?: NodeJS.Timeout;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / MINUTE;
    if (perMinute <= 0) return;
    this.pruner = setInterval(() => {
      const time = this.now();
      for (const [key, bucket] of this.buckets) {
        this.refill(bucket, time);
        if (bucket.tokens >= perMinute) this.buckets.delete(key);
      }
    }, MINUTE);
    this.pruner.unref();
  }

  take(key: string, cost: number): Promise<number> {
    const bucket = this.bucket(key);
    if (bucket.tokens < cost) return Promise.resolve(secondsUntil(bucket.tokens, cost, this.perMinute));
    bucket.tokens -= cost;
    return Promise.resolve(0);
  }

  refund(key: string, cost: number): Promise<void> {
    const bucket = this.bucket(key);
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + cost);
    return Promise.resolve();
  }

  close(): void {
    clearInterval(this.pruner);
  }

  private bucket(key: string): Bucket {
    const time = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.perMinute, at: time };
      this.buckets.set(key, bucket);
    }
    this.refill(bucket, time);
    return bucket;
  }

  private refill(bucket: Bucket, time: number): void {
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (time - bucket.at) * this.perMs);
    bucket.at = time;
  }
}

/** Every limit's buckets in this process (the embedded database's store). */
export class MemoryBucketStore implements BucketStore {
  private readonly made: MemoryBuckets[] = [];

  buckets(_name: string, perMinute: number): Buckets {
    const buckets = new MemoryBuckets(perMinute);
    this.made.push(buckets);
    return buckets;
  }

  close(): Promise<void> {
    for (const buckets of this.made) buckets.close();
    return Promise.resolve();
  }
}

/** A 429 whose Retry-After reaches the client on /graphql (Apollo reads extensions.http) and REST (the facade copies it). */
export function tooManyRequests(message: string, retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: 'TOO_MANY_REQUESTS',
      http: { status: HTTP_STATUS.TOO_MANY_REQUESTS, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    },
  });
}

/**
 * Token buckets of `perMinute` operations each that refill continuously, one per key, kept where
 * `buckets` keeps them: in this process, or shared by every instance (src/app.ts chooses).
 * `perMinute` 0 turns it off (everything is allowed, and no bucket is asked).
 */
export class RateLimiter {
  constructor(
    readonly perMinute: number,
    private readonly buckets: Buckets,
  ) {}

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /**
   * Takes `cost` from the bucket of `key` and answers 0, or takes nothing and answers the seconds
   * after which the bucket will hold `cost` (a cost above `perMinute` never fits: a minute).
   */
  take(key: string, cost = 1): Promise<number> {
    if (!this.enabled || cost <= 0) return Promise.resolve(0);
    if (cost > this.perMinute) return Promise.resolve(60);
    return this.buckets.take(key, cost);
  }

  /** Gives back what take() took for an operation that turned out not to count. */
  refund(key: string, cost = 1): Promise<void> {
    return this.enabled && cost > 0 ? this.buckets.refund(key, cost) : Promise.resolve();
  }

  /**
   * Express middleware: every request is one operation of its caller (its bearer token, hashed;
   * its client address without one). The request's `charge` (see chargeOf) takes what the
   * request turns out to cost beyond that, from the same bucket.
   */
  middleware(): RequestHandler {
    return async (req, res, next) => {
      const key = callerKey(req);
      const seconds = await this.take(key);
      if (seconds > 0) {
        res.set('retry-after', String(seconds));
        sendError(req, res, 'TOO_MANY_REQUESTS', this.refusal(seconds));
        return;
      }
      // The request's first operation is taken already.
      const charge = this.charger(key, 1);
      (res.locals as Locals).charge = charge;
      next();
    };
  }

  /**
   * What takes an operation's further cost from the bucket of `key`, or rejects with a 429
   * GraphQLError; `taken` operations of the same request were taken before (a request costing
   * more than a minute's worth never fits).
   */
  charger(key: string, taken = 0): Charge {
    return async (cost) => {
      if (cost <= 0) return;
      const wait = cost + taken > this.perMinute && this.enabled ? 60 : await this.take(key, cost);
      if (wait > 0)
        throw tooManyRequests(`${this.refusal(wait)} (this request costs ${cost + taken}: one per root field)`, wait);
    };
  }

  private refusal(seconds: number): string {
    return `too many requests: at most ${this.perMinute} operations a minute per token; retry after ${seconds} s`;
  }
}

/** The limiter `name` of `perMinute` operations a caller, its buckets in `store`. */
export function rateLimiter(store: BucketStore, name: string, perMinute: number): RateLimiter {
  return new RateLimiter(perMinute, store.buckets(name, perMinute));
}

interface Locals {
  charge?: Charge;
}

/** Whom a request is counted against: its bearer token (hashed), or its client address without one. */
export function callerKey(req: Request): string {
  const authorization = req.get('authorization');
  return authorization ? tokenKey(authorization) : `address:${req.ip}`;
}

/** The bucket of a bearer token, the same for its HTTP requests and its graphql-ws operations. */
export function tokenKey(authorization: string): string {
  return `token:${createHash('sha256').update(authorization).digest('base64url')}`;
}

/** The charge the rate-limit middleware attached to a request's response; free when it did not run (or is off). */
export function chargeOf(res: Response): Charge {
  return (res.locals as Locals).charge ?? (() => Promise.resolve());
}

/** Per-token rate limiting of HTTP requests (see RateLimiter.middleware), in this process's memory. */
export function rateLimit(perMinute: number, now: () => number = Date.now): RequestHandler {
  return new RateLimiter(perMinute, new MemoryBuckets(perMinute, now)).middleware();
}
