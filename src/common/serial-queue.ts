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
