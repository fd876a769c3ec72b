import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { Account } from '../account/account.entity';
import { eventObject } from '../../events/event-objects';

/**
 * A conversation of one user with the agent. It belongs to the user's account in the
 * current organization; nobody else sees it. Its messages are rows of their own.
 */
@ObjectType({ description: 'A conversation of a user with the agent' })
@Entity()
@Index({ properties: ['organization', 'user', 'timestamp'] })
// Search matches names with this same expression (conversation-search.ts), so it can use the index.
@Index({
  name: 'conversation_name_search_index',
  expression: `create index "conversation_name_search_index" on "conversation" using gin (to_tsvector('english', "name"))`,
})
@eventObject('conversation')
export class Conversation extends OrganizationRecord {
  [OptionalProps]?: 'timestamp' | 'organizationId' | 'userId' | 'tenant';

  @ManyToOne(() => Account, { ref: true, deleteRule: 'cascade' })
  user!: Ref<Account>;

  @Field(() => ID, { description: 'The owning user’s account id' })
  get userId(): string {
    return this.user.id;
  }

  // REST's conversation shape has `tenant`; GraphQL clients have `organization` like every record.
  @Field(() => ID, {
    description: 'The organization the conversation belongs to',
    deprecationReason: 'The same value as `organization`: read that',
  })
  get tenant(): string {
    return this.organization.id;
  }

  @Field(() => Date, { description: 'Creation time' })
  @Property({ type: 'timestamptz' })
  timestamp: Date = new Date();

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;
}
