import { Writable } from 'node:stream';
import pino from 'pino';
import { DropWarnings, SerialQueue } from '../src/common/serial-queue';

// Work run one after another with a bound on what waits (src/common/serial-queue.ts): the
// conversation relay's sends and receipts and the change feed's publications, which a slow
// database must not let grow without end.

/** A piece of work that records its start and waits until released. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => (log.push(name), done), release };
}

it('runs pieces one after another, in the order they were queued', async () => {
  const log: string[] = [];
  const queue = new SerialQueue(10);
  const first = gate(log, 'a');
  queue.push(first.work);
  queue.push(async () => void log.push('b'));
  await Promise.resolve();
  expect(log).toEqual(['a']);
  first.release();
  await queue.idle();
  expect(log).toEqual(['a', 'b']);
});

it('drops a piece while `limit` wait, and takes pieces again once they ran', async () => {
  const log: string[] = [];
  const queue = new SerialQueue(2);
  const first = gate(log, 'a');
  expect(queue.push(first.work)).toBe(true);
  expect(queue.push(async () => void log.push('b'))).toBe(true);
  expect(queue.push(async () => void log.push('c'))).toBe(false);
  first.release();
  await queue.idle();
  expect(queue.push(async () => void log.push('d'))).toBe(true);
  await queue.idle();
  expect(log).toEqual(['a', 'b', 'd']);
});

it('goes on after a piece that throws', async () => {
  const log: string[] = [];
  const queue = new SerialQueue(5);
  queue.push(() => Promise.reject(new Error('lost')));
  queue.push(async () => void log.push('after'));
  await queue.idle();
  expect(log).toEqual(['after']);
});

it('says what it dropped at most once a minute, with how many since the last warning', () => {
  jest.useFakeTimers({ now: 0 });
  try {
    let lines = '';
    const logger = pino(
      { base: null, timestamp: false },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines += chunk.toString();
          done();
        },
      }),
    );
    const drops = new DropWarnings(logger, 'dropped', 2);
    drops.count({ batch: 1 });
    drops.count({ batch: 2 });
    drops.count({ batch: 3 });
    jest.setSystemTime(60_000);
    drops.count({ batch: 4 });
    expect(
      lines
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { level: 40, batch: 1, dropped: 1, waiting: 2, msg: 'dropped' },
      { level: 40, batch: 4, dropped: 3, waiting: 2, msg: 'dropped' },
    ]);
  } finally {
    jest.useRealTimers();
  }
});
