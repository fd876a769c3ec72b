import pino from 'pino';
import { freePort } from '../scripts/pg-cluster';
import { PgBucketStore } from '../src/http/pg-buckets';
import { rateLimiter } from '../src/http/rate-limit';

// The shared buckets fall back to this instance's own: a database that cannot answer loosens the
// limit to one budget per instance rather than lifting it or refusing everything, and says so in
// the log at most once a minute (src/http/pg-buckets.ts). The buckets' arithmetic on a server is
// tested with two instances in rate-limit.test.ts.
describe('PgBucketStore without a database', () => {
  it('limits by this instance’s own buckets and warns once', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const store = new PgBucketStore(`postgres://nobody@127.0.0.1:${await freePort()}/none`, logger);
    try {
      const limiter = rateLimiter(store, 'requests', 1);
      const waits = [];
      // A budget of 1 a minute: the first take fails to connect and is taken here, the next ones
      // do not ask (paused) and find this instance's bucket empty; another caller has its own.
      for (let i = 0; i < 5; i++) waits.push(await limiter.take('token:x'));
      expect(waits).toEqual([0, 60, 60, 60, 60]);
      expect(await limiter.take('token:y')).toBe(0);
      await limiter.refund('token:x');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      // Past the pause it asks again, fails again, takes what the refund gave back, and stays
      // quiet: one warning a minute.
      expect(await limiter.take('token:x')).toBe(0);
      expect(await limiter.take('token:x')).toBeGreaterThan(0);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'rate-limit buckets unavailable: each instance limits requests alone until the database answers'],
      ]);
    } finally {
      await store.close();
    }
  });
});
