import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
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
  private listener?: Client;
  private closed = false;
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
    if (!this.databaseUrl) return;
    await this.listen();
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
      const ids = events.slice(i, i + 100).map((e) => e.id).join(',');
      await tx.execute('select pg_notify(?, ?)', [CHANNEL, ids]);
    }
  }

  /** After the relay's transaction committed. */
  committed(events: ChangeEvent[]): void {
    this.publish(events);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'talent-change-feed' });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) void this.received(message.payload.split(','));
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'change feed connection lost; reconnecting');
      void this.reconnect();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
    while (!this.closed) {
      try {
        await this.listen();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private async received(announced: string[]): Promise<void> {
    const ids = announced.filter((id) => !this.mine.delete(id));
    if (!ids.length) return;
    try {
      const events = await this.orm.em.fork().find(ChangeEvent, { id: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      this.publish(events);
    } catch (error) {
      this.logger.error({ err: error }, 'could not load announced events');
    }
  }

  private publish(events: ChangeEvent[]): void {
    for (const event of events) {
      this.bus.publish(TOPICS.changes, event);
      if (event.object === 'organization' && event.organization) this.bus.publish(TOPICS.organizationUpdated, event.organization);
    }
  }
}
