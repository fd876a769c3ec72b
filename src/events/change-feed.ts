import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
import { DropWarnings, SerialQueue } from '../common/serial-queue';
import { PgListener } from '../db/pg-listener';
import { TOPICS } from '../graphql/pubsub';
import { ChangeEvent } from './change-event.entity';

const CHANNEL = 'talent_changes';
/** The advisory lock the relays of all instances take turns on (an arbitrary key of ours). */
const RELAY_TURN = 7_357_001;
/** Ids per NOTIFY: a payload holds under 8000 bytes, and 100 ids are 3.7 KB. */
const IDS_PER_NOTICE = 100;
/**
 * The most batches of events waiting to be published: a batch is up to 100 events, so this is a
 * backlog far beyond any burst. Past it (a database too slow to load them) a batch is dropped with
 * a warning; subscribers read what they missed with `updatedSince`.
 */
export const MAX_WAITING_BATCHES = 1_000;
/** How long the relaying instance waits for its own notification before publishing without it. */
const OWN_NOTICE_MS = 3_000;
/** What announce() marked and no commit followed (a failed relay transaction) is forgotten after this. */
const FORGET_MS = 60_000;

/**
 * Hands relayed events to the live subscribers of every instance, in the order the relays
 * committed them: the subscribers of every instance see one object's changes in the order they
 * were made, whichever instances made and relayed them.
 *
 * On a PostgreSQL server the relays of all instances take turns (`takeTurn`, an advisory lock held
 * to the commit), so batches commit in the outbox's order; each NOTIFYs the ids of its events in
 * its transaction (only committed events are announced; a payload carries ids, never an event,
 * whatever its size), and PostgreSQL delivers notifications in commit order. Every instance
 * publishes in the order the notifications arrive, one after another: the events of other
 * instances' relays loaded by id, its own taken from memory (never read back) when its own
 * notification comes back, so that they take their place among the others'. Should that
 * notification be lost (the listening connection dropped), its events are published anyway a few
 * seconds later. The embedded database is one process's alone: there the relay publishes at once.
 */
export class ChangeFeed {
  private listener?: PgListener;
  /** Events this instance announced, until their notification comes back or OWN_NOTICE_MS after the commit. */
  private readonly mine = new Map<string, { event: ChangeEvent; at: number }>();
  /** Own events published without their notification, should it come back after all: not again. */
  private readonly late = new Map<string, number>();
  private readonly publishing = new SerialQueue(MAX_WAITING_BATCHES);
  private readonly drops: DropWarnings;

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: PubSub,
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
  ) {
    this.drops = new DropWarnings(
      logger,
      'dropped change events of live subscriptions: the database does not keep up with the relay',
      MAX_WAITING_BATCHES,
    );
  }

  async start(): Promise<void> {
    this.listener = await PgListener.open(
      this.databaseUrl,
      CHANNEL,
      (payload) => this.received(payload.split(',').filter(Boolean)),
      this.logger,
    );
  }

  /**
   * First thing in a relay's transaction: on a server, waits for the relay of any other instance
   * to commit, so that batches commit (and are announced) in the outbox's order.
   */
  async takeTurn(tx: EntityManager): Promise<void> {
    if (this.databaseUrl) await tx.execute('select pg_advisory_xact_lock(?)', [RELAY_TURN]);
  }

  /** Inside the relay's transaction: announces the events to every instance when it commits. */
  async announce(tx: EntityManager, events: ChangeEvent[]): Promise<void> {
    if (!this.databaseUrl || !events.length) return;
    // Marked before the commit: the notification can come back before committed() runs. A worker
    // (no listener) serves no subscribers: it only announces.
    const now = Date.now();
    for (const [id, { at }] of this.mine) if (now - at > FORGET_MS) this.mine.delete(id);
    for (const [id, at] of this.late) if (now - at > FORGET_MS) this.late.delete(id);
    if (this.listener) for (const event of events) this.mine.set(event.id, { event, at: now });
    for (let i = 0; i < events.length; i += IDS_PER_NOTICE) {
      const ids = events
        .slice(i, i + IDS_PER_NOTICE)
        .map((e) => e.id)
        .join(',');
      await tx.execute('select pg_notify(?, ?)', [CHANNEL, ids]);
    }
  }

  /** After the relay's transaction committed. */
  committed(events: ChangeEvent[]): void {
    if (!this.databaseUrl) return this.publish(events);
    if (!this.listener) return;
    // Published when their notification comes back; this is for a notification that never does.
    setTimeout(() => {
      const left = events.filter((event) => this.mine.delete(event.id));
      for (const event of left) this.late.set(event.id, Date.now());
      if (left.length) this.enqueue(async () => this.publish(left), left);
    }, OWN_NOTICE_MS).unref();
  }

  /**
   * Settles once what this instance relayed so far has been published to its subscribers (its
   * own notifications came back, or OWN_NOTICE_MS passed): App.eventsRelayed waits on it.
   */
  async idle(): Promise<void> {
    const deadline = Date.now() + OWN_NOTICE_MS;
    while (this.mine.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    await this.publishing.idle();
  }

  async close(): Promise<void> {
    await this.listener?.close();
    await this.publishing.idle();
  }

  /** One notification: its events, in their order, after those of the notifications before it. */
  private received(announced: string[]): void {
    const ids = announced.filter((id) => !this.late.delete(id));
    // Taken out now, so that the timer of committed() cannot publish them a second time.
    const own = new Map<string, ChangeEvent>();
    for (const id of ids) {
      const marked = this.mine.get(id);
      if (marked && this.mine.delete(id)) own.set(id, marked.event);
    }
    if (ids.length) this.enqueue(() => this.publishAnnounced(ids, own), ids);
  }

  private async publishAnnounced(ids: string[], own: Map<string, ChangeEvent>): Promise<void> {
    const missing = ids.filter((id) => !own.has(id));
    const loaded = new Map<string, ChangeEvent>();
    if (missing.length) {
      try {
        const events = await this.orm.em.fork().find(ChangeEvent, { id: { $in: missing } });
        for (const event of events) loaded.set(event.id, event);
      } catch (error) {
        this.logger.error({ err: error }, 'could not load announced events');
      }
    }
    this.publish(ids.flatMap((id) => own.get(id) ?? loaded.get(id) ?? []));
  }

  private enqueue(work: () => Promise<void>, what: readonly unknown[]): void {
    if (!this.publishing.push(work)) this.drops.count({ events: what.length });
  }

  private publish(events: ChangeEvent[]): void {
    for (const event of events) {
      this.bus.publish(TOPICS.changes, event);
      if (event.object === 'organization' && event.organization)
        this.bus.publish(TOPICS.organizationUpdated, event.organization);
    }
  }
}
