import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { ChangeEvent } from './change-event.entity';
import type { ChangeFeed } from './change-feed';

const BATCH = 100;
const PRUNE_BATCH = 5_000;
const HOUR = 3_600_000;

/** The columns of `change_event` that `eventOf` reads. */
export const EVENT_COLUMNS =
  'id, type, object, operation, object_id, organization, actor, changed_fields, current, previous, created_at, dispatched_at';

interface EventRow {
  id: string;
  type: string;
  object: string;
  operation: string;
  object_id: string;
  organization: string | null;
  actor: string | null;
  changed_fields: string[];
  current: ChangeEvent['current'];
  previous: ChangeEvent['previous'];
  created_at: Date | string;
  dispatched_at: Date | string | null;
}

/**
 * An event read as a plain row (`select ${EVENT_COLUMNS}`): events are only read once written,
 * and hydrating them as entities copied each one's snapshots for change tracking.
 */
export function eventOf(r: EventRow): ChangeEvent {
  return {
    id: r.id,
    type: r.type,
    object: r.object,
    operation: r.operation,
    objectId: r.object_id,
    organization: r.organization,
    actor: r.actor,
    changedFields: r.changed_fields,
    current: r.current,
    previous: r.previous,
    createdAt: new Date(r.created_at),
    dispatchedAt: r.dispatched_at === null ? null : new Date(r.dispatched_at),
  };
}

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
 * On a PostgreSQL server the relays of the instances take turns (ChangeFeed.takeTurn), so batches
 * commit in the outbox's order and live subscribers see changes in the order they were made.
 * Plain SQL throughout: at the write load of bench/fanout.ts it runs hundreds of times a second.
 */
export class OutboxRelay {
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private pruner?: NodeJS.Timeout;
  private pruning?: Promise<void>;

  constructor(
    private readonly orm: MikroORM,
    private readonly sink: EventSink,
    private readonly feed: ChangeFeed,
    private readonly timing: { pollMs: number; retentionMs: number },
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.timing.pollMs);
    this.timer.unref();
    // Hourly, or more often when the retention is shorter than two hours.
    this.pruner = setInterval(() => this.prune(), Math.min(HOUR, Math.max(100, this.timing.retentionMs / 2)));
    this.pruner.unref();
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
    clearInterval(this.pruner);
    await this.running;
    await this.pruning;
  }

  /**
   * Deletes events relayed longer ago than the retention, with their deliveries and attempts (the
   * foreign keys cascade), except while a delivery of theirs is still pending. In batches, so one
   * run never holds many locks; a run that finds more goes on at the next tick.
   */
  private prune(): void {
    if (this.stopped || this.pruning) return;
    const before = new Date(Date.now() - this.timing.retentionMs);
    this.pruning = this.orm.em
      .fork()
      .execute(
        `delete from change_event where id in (
           select e.id from change_event e
            where e.dispatched_at < ?
              and not exists (select 1 from webhook_delivery d where d.event_id = e.id and d.state = 'PENDING')
            limit ${PRUNE_BATCH})`,
        [before],
      )
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error }, 'pruning old events failed; retrying at the next tick'),
      )
      .finally(() => {
        this.pruning = undefined;
      });
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
      await this.feed.takeTurn(tx);
      const rows = await tx.execute<EventRow[]>(
        `select ${EVENT_COLUMNS} from change_event where dispatched_at is null order by created_at, id limit ${BATCH} for update skip locked`,
      );
      if (!rows.length) return [];
      const now = new Date();
      const events = rows.map((row) => ({ ...eventOf(row), dispatchedAt: now }));
      await this.sink.dispatch(tx, events);
      await tx.execute('update change_event set dispatched_at = ? where id in (?)', [now, events.map((e) => e.id)]);
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
