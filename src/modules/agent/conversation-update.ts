import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { AgentMessage } from './agent-message.entity';

export enum UpdateKind {
  /** A stored message: the user's, or the agent's final reply. */
  MESSAGE = 'MESSAGE',
  /** A piece of the reply the agent is writing. */
  CHUNK = 'CHUNK',
}
registerEnumType(UpdateKind, { name: 'ConversationUpdateKind' });

/** What conversationUpdates delivers. */
@ObjectType({ description: 'A new message of a conversation, or a chunk of the reply being written' })
export class ConversationUpdate {
  @Field(() => ID)
  conversationId!: string;

  @Field(() => UpdateKind)
  kind!: UpdateKind;

  @Field(() => String, { nullable: true, description: 'CHUNK: the next piece of the reply' })
  chunk?: string | null;

  @Field(() => AgentMessage, { nullable: true, description: 'MESSAGE: the stored message' })
  message?: AgentMessage | null;

  /** The conversation's owner: updates reach only their subscriptions. */
  userId!: string;
}
