import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import { HTTP_STATUS } from '../graphql/errors';
import { sendError } from '../rest/errors';

interface Bucket {
  tokens: number;
  at: number;
}

const MINUTE = 60_000;

/** Takes `cost` more operations from the caller of a request, or throws a 429 GraphQLError. */
export type Charge = (cost: number) => void;

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
 * Token buckets of `perMinute` operations each that refill continuously, one per key. Buckets
 * live in this instance: with several instances each counts its own share. `perMinute` 0 turns
 * it off (everything is allowed). Full buckets say nothing a new one would not: they are dropped
 * every minute, so idle callers cost no memory.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / MINUTE;
    if (perMinute <= 0) return;
    const pruner = setInterval(() => {
      const time = this.now();
      for (const [key, bucket] of this.buckets) {
        this.refill(bucket, time);
        if (bucket.tokens >= perMinute) this.buckets.delete(key);
      }
    }, MINUTE);
    pruner.unref();
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /**
   * Takes `cost` from the bucket of `key` and answers 0, or takes nothing and answers the seconds
   * after which the bucket will hold `cost` (a cost above `perMinute` never fits: a minute).
   */
  take(key: string, cost = 1): number {
    const wait = this.wait(key, cost);
    if (wait === 0 && this.enabled) this.bucket(key).tokens -= cost;
    return wait;
  }

  /** Gives back what take() took for an operation that turned out not to count. */
  refund(key: string, cost = 1): void {
    if (this.enabled) this.bucket(key).tokens = Math.min(this.perMinute, this.bucket(key).tokens + cost);
  }

  /** Seconds until the bucket of `key` holds `cost`; 0 when it does now. Takes nothing. */
  wait(key: string, cost = 1): number {
    if (!this.enabled) return 0;
    const bucket = this.bucket(key);
    if (bucket.tokens >= cost) return 0;
    if (cost > this.perMinute) return 60;
    return Math.max(1, Math.ceil((cost - bucket.tokens) / this.perMs / 1000));
  }

  /**
   * Express middleware: every request is one operation of its caller (its bearer token, hashed;
   * its client address without one). The request's `charge` (see chargeOf) takes what the
   * request turns out to cost beyond that, from the same bucket.
   */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const key = callerKey(req);
      const seconds = this.take(key);
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
   * What takes an operation's further cost from the bucket of `key`, or throws a 429 GraphQLError;
   * `taken` operations of the same request were taken before (a request costing more than a
   * minute's worth never fits).
   */
  charger(key: string, taken = 0): Charge {
    return (cost) => {
      if (cost <= 0) return;
      const wait = cost + taken > this.perMinute && this.enabled ? 60 : this.take(key, cost);
      if (wait > 0)
        throw tooManyRequests(`${this.refusal(wait)} (this request costs ${cost + taken}: one per root field)`, wait);
    };
  }

  private refusal(seconds: number): string {
    return `too many requests: at most ${this.perMinute} operations a minute per token; retry after ${seconds} s`;
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
  return (res.locals as Locals).charge ?? (() => {});
}

/** Per-token rate limiting of HTTP requests (see RateLimiter.middleware). */
export function rateLimit(perMinute: number, now: () => number = Date.now): RequestHandler {
  return new RateLimiter(perMinute, now).middleware();
}
