import { ListBound, MAX_SOURCES } from '../../common/part-list';
import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { searchVector } from '../../common/search-expressions';
import { Account } from '../account/account.entity';
import { ContentSource } from './agent.types';
import { Conversation } from './conversation.entity';
import { partOf } from '../../events/event-objects';

/** Search matches and ranks messages on their stored words (conversation-search.ts). */
const SEARCH = searchVector('agent_message', 'message');

export enum MessageType {
  USER_REQUEST = 'user_request',
  AGENT_RESPONSE = 'agent_response',
}

/** One message of a conversation (a HistoryMessage in the schema): the user's request or an agent's answer. */
@ObjectType('HistoryMessage', { description: 'A message of a conversation' })
@Entity()
@Index({ properties: ['conversation', 'timestamp'] })
@Index({ properties: ['organization', 'user', 'timestamp'] })
@Index(SEARCH.index)
@partOf<AgentMessage>(() => Conversation, 'messages', (m) => m.conversation)
export class AgentMessage extends OrganizationRecord {
  [OptionalProps]?:
    | 'timestamp'
    | 'organizationId'
    | 'userId'
    | 'tenant'
    | 'conversationId'
    | 'agent'
    | 'tokenUsage'
    | 'timeSpent'
    | 'sources';

  @ManyToOne(() => Conversation, { ref: true, deleteRule: 'cascade' })
  conversation!: Ref<Conversation>;

  @Field(() => ID, { description: 'The conversation the message belongs to' })
  get conversationId(): string {
    return this.conversation.id;
  }

  /** The conversation's owner, kept on the message so search and history filter without a join. */
  @ManyToOne(() => Account, { ref: true, deleteRule: 'cascade' })
  user!: Ref<Account>;

  @Field(() => ID, { description: 'The user the message belongs to' })
  get userId(): string {
    return this.user.id;
  }

  @Field(() => ID, { description: 'The organization of the conversation' })
  get tenant(): string {
    return this.organization.id;
  }

  @Field(() => String, { description: 'Name of the agent that wrote it; empty for user messages' })
  @Property({ type: 'text' })
  agent = '';

  @Field(() => String, { description: 'user_request or agent_response' })
  @Property({ type: 'text' })
  messageType!: MessageType;

  @Field(() => String)
  @Property({ type: 'text' })
  message!: string;

  @Field(() => Int, { description: 'Language-model tokens used; 0 for user messages and the local engine' })
  @Property({ type: 'integer' })
  tokenUsage = 0;

  @Field(() => Int, { description: 'Processing time in milliseconds' })
  @Property({ type: 'integer' })
  timeSpent = 0;

  @Field(() => [ContentSource], { description: 'Cited sources; empty for user messages' })
  @ListBound(MAX_SOURCES)
  @Property({ type: 'jsonb' })
  sources: ContentSource[] = [];

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  timestamp: Date = new Date();

  @Property(SEARCH.property)
  searchVector?: string;
}
