import type { Logger } from 'pino';

/**
 * Work run one piece after another, in the order it was queued, with at most `limit` pieces
 * waiting: past that, a new piece is dropped rather than queued, so a stalled consumer (a slow
 * database) bounds the memory its producers can fill. Work must handle its own errors; one that
 * throws anyway does not stop the pieces after it.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly limit: number) {}

  /** Queues `work`; false (and nothing queued) when `limit` pieces are waiting already. */
  push(work: () => Promise<void>): boolean {
    if (this.waiting >= this.limit) return false;
    this.waiting++;
    this.tail = this.tail
      .then(work)
      .catch(() => undefined)
      .finally(() => {
        this.waiting--;
      });
    return true;
  }

  /** Settles when everything queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}

/**
 * Counts the work a full SerialQueue dropped, and says so in a warning at most once a minute with
 * how many since the last one: a flood of drops is a line a minute, not a line each.
 */
export class DropWarnings {
  private dropped = 0;
  private warnedAt = -Infinity;

  constructor(
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly message: string,
    private readonly waiting: number,
  ) {}

  /** Counts one dropped piece; `context` goes in the warning when one is due. */
  count(context: Record<string, unknown>): void {
    this.dropped++;
    const now = Date.now();
    if (now - this.warnedAt < 60_000) return;
    this.warnedAt = now;
    this.logger.warn({ ...context, dropped: this.dropped, waiting: this.waiting }, this.message);
    this.dropped = 0;
  }
}
