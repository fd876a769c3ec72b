import type { PubSub } from 'type-graphql';
import { TOPICS } from '../../graphql/pubsub';
import type { AgentMessage } from './agent-message.entity';
import type { Conversation } from './conversation.entity';
import { type ConversationUpdate, UpdateKind } from './conversation-update';

/**
 * Publishes what happens in a conversation to its live subscribers (conversationUpdates): each
 * stored message, and the chunks of a reply while the agent writes it. The bus is in-process: a
 * subscriber sees the conversations answered by the instance it is connected to.
 */
export class ConversationUpdates {
  constructor(private readonly bus: PubSub) {}

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
  }
}
