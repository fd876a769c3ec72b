import type { PubSub } from 'type-graphql';
import { TOPICS } from '../../graphql/pubsub';
import type { AgentMessage } from './agent-message.entity';
import type { Conversation } from './conversation.entity';
import { type ConversationUpdate, UpdateKind } from './conversation-update';
import type { ConversationRelay } from './conversation-relay';

/**
 * Publishes what happens in a conversation to its live subscribers (conversationUpdates): each
 * stored message (once committed), and the chunks of a reply while the agent writes it. The bus is
 * in-process: this instance's subscribers get the update at once, and the relay carries it to the
 * other instances sharing the PostgreSQL server.
 */
export class ConversationUpdates {
  constructor(
    private readonly bus: PubSub,
    private readonly relay?: ConversationRelay,
  ) {}

  message(message: AgentMessage): void {
    this.publish({
      conversationId: message.conversation.id,
      userId: message.user.id,
      kind: UpdateKind.MESSAGE,
      chunk: null,
      message,
    });
  }

  chunk(conversation: Conversation, chunk: string): void {
    this.publish({
      conversationId: conversation.id,
      userId: conversation.user.id,
      kind: UpdateKind.CHUNK,
      chunk,
      message: null,
    });
  }

  private publish(update: ConversationUpdate): void {
    this.bus.publish(TOPICS.conversationUpdates, update.conversationId, update);
    this.relay?.send(update);
  }
}
