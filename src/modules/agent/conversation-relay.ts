import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { PubSub } from 'type-graphql';
import { DropWarnings, SerialQueue } from '../../common/serial-queue';
import { PgListener } from '../../db/pg-listener';
import { TENANT_FILTER } from '../../db/tenant-filter';
import { TOPICS } from '../../graphql/pubsub';
import { AgentMessage } from './agent-message.entity';
import { type ConversationUpdate, UpdateKind } from './conversation-update';

const CHANNEL = 'talent_conversations';
/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (NOTIFY_PAYLOAD_MAX_LENGTH, counted
 * in the server's encoding: UTF-8 here).
 */
export const MAX_PAYLOAD_BYTES = 7999;

/** What one notification carries (JSON): one update, or one piece of a CHUNK too big for one. */
export interface Notice {
  /** The sending instance: it published the update itself and skips its own notifications. */
  from: string;
  conversationId: string;
  userId: string;
  kind: UpdateKind;
  /** MESSAGE: the stored message's id. */
  messageId?: string;
  /** CHUNK: the piece of the reply. */
  chunk?: string;
}

/**
 * The NOTIFY payloads of one update, each at most `limit` bytes. A MESSAGE travels by id and the
 * receivers load it: a reply (with its sources) can be longer than a payload holds, and the stored
 * row is what a subscriber's resolver reads anyway, so one way serves every message. A CHUNK goes
 * inline, in as many pieces as its text needs, cut between characters (never inside a surrogate
 * pair) by the size of each character as JSON writes it in UTF-8.
 */
export function encodeUpdate(from: string, update: ConversationUpdate, limit = MAX_PAYLOAD_BYTES): string[] {
  const base = { from, conversationId: update.conversationId, userId: update.userId, kind: update.kind };
  if (update.kind === UpdateKind.MESSAGE) return [JSON.stringify({ ...base, messageId: update.message!.id })];
  const text = update.chunk ?? '';
  const whole = JSON.stringify({ ...base, chunk: text });
  if (Buffer.byteLength(whole) <= limit) return [whole];
  // JSON escapes each character on its own (a lone surrogate as \uXXXX, six bytes at most), so a
  // piece's payload is the empty one's size plus the sum of its characters' sizes.
  const room = limit - Buffer.byteLength(JSON.stringify({ ...base, chunk: '' }));
  if (room < 6) throw new Error(`a conversation notice needs more than ${limit} bytes`);
  const payloads: string[] = [];
  let piece = '';
  let size = 0;
  // for...of walks code points: a surrogate pair stays one character.
  for (const character of text) {
    const bytes = Buffer.byteLength(JSON.stringify(character)) - 2;
    if (size + bytes > room) {
      payloads.push(JSON.stringify({ ...base, chunk: piece }));
      piece = '';
      size = 0;
    }
    piece += character;
    size += bytes;
  }
  payloads.push(JSON.stringify({ ...base, chunk: piece }));
  return payloads;
}

/**
 * The most updates waiting to be sent, and apart from those the most waiting to be published: a
 * reply streams a few hundred CHUNKs, so this is many replies' worth. Past it (a database too slow
 * to keep up) updates are dropped and counted in a warning; a client reads what it missed back
 * with agentHistory.
 */
export const MAX_WAITING_UPDATES = 10_000;

/**
 * Carries conversation updates (conversationUpdates) between the instances sharing a PostgreSQL
 * server, as ChangeFeed carries change events: the answering instance publishes each update on its
 * own bus at once (ConversationUpdates) and NOTIFYs it here; every other instance LISTENs and
 * publishes what it hears on its bus. The embedded database is one process's alone: there the
 * in-process publication is all there is.
 *
 * Order: a subscriber sees a conversation's updates in the order the answering instance published
 * them. Notifications arrive in commit order, so they are sent one after another (each its own
 * statement, on a chain the streaming engine does not wait for), and what arrives is handled one
 * after another too, so that no CHUNK overtakes the MESSAGE loaded before it. A failed send or load
 * is logged and the chain goes on; what is lost while the listening connection reconnects is lost
 * (PgListener logs it): a client reads it back with agentHistory.
 */
export class ConversationRelay {
  /**
   * This instance's tag on what it sends. One per relay rather than per process: tests run several
   * instances in one process, and each must hear the others.
   */
  private readonly instance = randomUUID();
  private listener?: PgListener;
  private readonly sending = new SerialQueue(MAX_WAITING_UPDATES);
  private readonly receiving = new SerialQueue(MAX_WAITING_UPDATES);
  private readonly drops: DropWarnings;

  constructor(
    private readonly orm: MikroORM,
    private readonly bus: PubSub,
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
  ) {
    this.drops = new DropWarnings(
      logger,
      'dropped conversation updates: the database does not keep up with the replies being streamed',
      MAX_WAITING_UPDATES,
    );
  }

  /** Listens for the other instances' updates (a worker serves no subscribers: it only sends). */
  async start(): Promise<void> {
    this.listener = await PgListener.open(this.databaseUrl, CHANNEL, (payload) => this.received(payload), this.logger);
  }

  /** Queues the update for the other instances; returns at once. */
  send(update: ConversationUpdate): void {
    if (!this.databaseUrl) return;
    for (const payload of encodeUpdate(this.instance, update))
      if (!this.sending.push(() => this.notify(update, payload))) this.drop(update.conversationId);
  }

  /** Stops listening, and waits for what is queued to be sent and published. */
  async close(): Promise<void> {
    await this.listener?.close();
    await this.sending.idle();
    await this.receiving.idle();
  }

  private async notify(update: ConversationUpdate, payload: string): Promise<void> {
    try {
      await this.orm.em.getConnection().execute('select pg_notify(?, ?)', [CHANNEL, payload]);
    } catch (error) {
      this.failed(error, 'could not send a conversation update to the other instances', update.conversationId);
    }
  }

  private received(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      this.logger.warn({ channel: CHANNEL }, 'ignored a conversation notification that is not JSON');
      return;
    }
    if (notice.from === this.instance) return;
    if (!this.receiving.push(() => this.publish(notice))) this.drop(notice.conversationId);
  }

  /** Counts an update no queue had room for (DropWarnings says so at most once a minute). */
  private drop(conversation: string): void {
    this.drops.count({ conversation });
  }

  private async publish(notice: Notice): Promise<void> {
    const { conversationId, userId, kind } = notice;
    if (kind === UpdateKind.CHUNK) {
      this.deliver({ conversationId, userId, kind, chunk: notice.chunk ?? '', message: null });
      return;
    }
    if (!notice.messageId) {
      this.logger.warn({ conversation: conversationId }, 'ignored a conversation notification without a message id');
      return;
    }
    try {
      // No request, so no tenant: the subscriber's resolver reads only the row's own columns.
      const message = await this.orm.em
        .fork()
        .findOne(AgentMessage, { id: notice.messageId }, { filters: { [TENANT_FILTER]: false } });
      if (message) this.deliver({ conversationId, userId, kind, chunk: null, message });
      else this.logger.warn({ conversation: conversationId }, 'an announced conversation message is gone');
    } catch (error) {
      this.failed(error, 'could not load an announced conversation message', conversationId);
    }
  }

  private deliver(update: ConversationUpdate): void {
    this.bus.publish(TOPICS.conversationUpdates, update.conversationId, update);
  }

  /**
   * Logs a failure without the error's message: the query builder writes the statement's
   * parameters into it, and a CHUNK's parameter is the reply's text.
   */
  private failed(error: unknown, what: string, conversation: string): void {
    const { name, code } = error as { name?: string; code?: string };
    this.logger.error({ conversation, error: name, code }, what);
  }
}
