import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ChangeEvent } from './change-event.entity';
import type { ChangeFeed } from './change-feed';

const BATCH = 100;

/** What the relay hands each batch of events to, inside its transaction. */
export interface EventSink {
  dispatch(tx: EntityManager, events: ChangeEvent[]): Promise<void>;
  /** After the dispatch committed. */
  wake(): void;
}

/**
 * Moves events from the outbox to their webhooks and live subscribers. It runs after every commit
 * that wrote events (`kick`), on start (events a stopped or crashed instance left), and on a timer.
 * Each batch is claimed with FOR UPDATE SKIP LOCKED, so instances sharing a database never relay
 * the same event twice, and the deliveries, their jobs and the `dispatchedAt` stamp commit together.
 */
export class OutboxRelay {
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly orm: MikroORM,
    private readonly sink: EventSink,
    private readonly feed: ChangeFeed,
    private readonly pollMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no relay run is under way or due (tests use it before counting queries). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.relayBatch()) === BATCH);
    } catch (error) {
      this.logger.error({ err: error }, 'outbox relay failed; retrying at the next poll');
    }
  }

  private async relayBatch(): Promise<number> {
    const relayed = await this.orm.em.fork().transactional(async (tx) => {
      const events = await tx.find(ChangeEvent, { dispatchedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: BATCH, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
      if (!events.length) return [];
      await this.sink.dispatch(tx, events);
      const now = new Date();
      for (const event of events) event.dispatchedAt = now;
      await tx.flush();
      await this.feed.announce(tx, events);
      return events;
    });
    if (relayed.length) {
      this.sink.wake();
      this.feed.committed(relayed);
    }
    return relayed.length;
  }
}
