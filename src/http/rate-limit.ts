import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { sendError } from '../rest/errors';

interface Bucket {
  tokens: number;
  at: number;
}

const MINUTE = 60_000;

/**
 * Per-token rate limiting: each bearer token (each client address, for requests without one) has
 * a bucket of `perMinute` requests that refills continuously; an empty bucket answers 429 with
 * Retry-After in seconds. Tokens are kept hashed. Buckets live in this instance: with several
 * instances each counts its own share. `perMinute` 0 turns it off.
 */
export function rateLimit(perMinute: number, now: () => number = Date.now): RequestHandler {
  if (perMinute <= 0) return (_req, _res, next) => next();
  const perMs = perMinute / MINUTE;
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, time: number) => {
    bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) * perMs);
    bucket.at = time;
  };
  // Full buckets say nothing a new one would not: dropped, so idle callers cost no memory.
  const pruner = setInterval(() => {
    const time = now();
    for (const [key, bucket] of buckets) {
      refill(bucket, time);
      if (bucket.tokens >= perMinute) buckets.delete(key);
    }
  }, MINUTE);
  pruner.unref();
  return (req, res, next) => {
    const authorization = req.get('authorization');
    const key = authorization ? `token:${createHash('sha256').update(authorization).digest('base64url')}` : `address:${req.ip}`;
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: time };
    refill(bucket, time);
    buckets.set(key, bucket);
    if (bucket.tokens < 1) {
      const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      res.set('retry-after', String(seconds));
      sendError(req, res, 'TOO_MANY_REQUESTS', `too many requests: at most ${perMinute} a minute per token; retry after ${seconds} s`);
      return;
    }
    bucket.tokens -= 1;
    next();
  };
}
