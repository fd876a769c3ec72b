import pino from 'pino';
import { freePort } from '../scripts/pg-cluster';
import { PgBucketStore } from '../src/http/pg-buckets';
import { rateLimiter } from '../src/http/rate-limit';

// The shared buckets fail open: a database that cannot answer lets requests through rather than
// refusing them all, and says so in the log at most once a minute (src/http/pg-buckets.ts). The
// buckets' arithmetic on a server is tested with two instances in rate-limit.test.ts.
describe('PgBucketStore without a database', () => {
  it('lets every take through and warns once', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const store = new PgBucketStore(`postgres://nobody@127.0.0.1:${await freePort()}/none`, logger);
    try {
      const limiter = rateLimiter(store, 'requests', 1);
      const waits = [];
      // Beyond the budget of 1: the first take fails to connect, the next ones do not ask (paused).
      for (let i = 0; i < 5; i++) waits.push(await limiter.take('token:x'));
      expect(waits).toEqual([0, 0, 0, 0, 0]);
      await limiter.refund('token:x');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      // Past the pause it asks again, fails again, and stays quiet: one warning a minute.
      expect(await limiter.take('token:x')).toBe(0);
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        [40, 'rate-limit buckets unavailable: requests are let through unlimited until the database answers'],
      ]);
    } finally {
      await store.close();
    }
  });
});
