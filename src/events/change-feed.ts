import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
import { PgListener } from '../db/pg-listener';
import { TOPICS } from '../graphql/pubsub';
import { ChangeEvent } from './change-event.entity';

const CHANNEL = 'talent_changes';

/**
 * Hands relayed events to the live subscribers of every instance. On a PostgreSQL server the
 * relay NOTIFYs the event ids in its transaction (so only committed events are announced) and
 * every other instance LISTENs on its own connection, loads the events and publishes them on its
 * bus. The instance that relayed them publishes them at once, without reading them back. The
 * embedded database is one process's alone: there the in-process publication is all there is.
 */
export class ChangeFeed {
  private listener?: PgListener;
  /**
   * Ids this instance relays and publishes itself, until their own notification comes back (or a
   * minute passes, should the notification be lost with a dropped connection).
   */
  private readonly mine = new Map<string, number>();

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: PubSub,
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.listener = await PgListener.open(
      this.databaseUrl,
      CHANNEL,
      (payload) => void this.received(payload.split(',').filter(Boolean)),
      this.logger,
    );
  }

  /** Inside the relay's transaction: announces the events to every instance when it commits. */
  async announce(tx: EntityManager, events: ChangeEvent[]): Promise<void> {
    if (!this.databaseUrl || !events.length) return;
    // Marked before the commit: the notification can come back before committed() runs.
    const now = Date.now();
    for (const [id, at] of this.mine) if (now - at > 60_000) this.mine.delete(id);
    for (const event of events) this.mine.set(event.id, now);
    // A NOTIFY payload holds up to 8000 bytes: ids go in chunks of 100 (3.7 KB).
    for (let i = 0; i < events.length; i += 100) {
      const ids = events
        .slice(i, i + 100)
        .map((e) => e.id)
        .join(',');
      await tx.execute('select pg_notify(?, ?)', [CHANNEL, ids]);
    }
  }

  /** After the relay's transaction committed. */
  committed(events: ChangeEvent[]): void {
    this.publish(events);
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }

  private async received(announced: string[]): Promise<void> {
    const ids = announced.filter((id) => !this.mine.delete(id));
    if (!ids.length) return;
    try {
      const events = await this.orm.em
        .fork()
        .find(ChangeEvent, { id: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      this.publish(events);
    } catch (error) {
      this.logger.error({ err: error }, 'could not load announced events');
    }
  }

  private publish(events: ChangeEvent[]): void {
    for (const event of events) {
      this.bus.publish(TOPICS.changes, event);
      if (event.object === 'organization' && event.organization)
        this.bus.publish(TOPICS.organizationUpdated, event.organization);
    }
  }
}
