import { Entity, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { WebhookKey } from './webhook-key.entity';
import { eventObject } from '../../events/event-objects';

/**
 * A subscription of another system to the organization's change events: events whose type
 * matches `eventType` (and, for updates, that changed a field of `ifUpdates`) are POSTed to `url`,
 * signed with `signingKey` (docs/events-and-webhooks.md, "Webhooks").
 */
@ObjectType({ description: 'A receiver of change events' })
@Entity()
// The relay looks up the active webhooks of an organization for every batch of events.
@Index({ properties: ['organization', 'active'] })
@eventObject('webhook')
export class Webhook extends OrganizationRecord {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'active'
    | 'ifUpdates'
    | 'organizationId'
    | 'signingKeyId'
    | 'previousSigningKey'
    | 'previousKeyUntil';

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String, { description: 'http(s) URL the events are POSTed to' })
  @Property({ type: 'text' })
  url!: string;

  @Field(() => String, { description: '<object|*>.<post|patch|delete|*>' })
  @Property({ type: 'text' })
  eventType!: string;

  @Field(() => [String], {
    description: 'Update events are sent only when they change one of these fields; empty: every update',
  })
  @Property({ type: 'jsonb' })
  ifUpdates: string[] = [];

  @ManyToOne(() => WebhookKey, { ref: true, deleteRule: 'restrict', index: true })
  signingKey!: Ref<WebhookKey>;

  /** The key replaced by the last change of signingKey: deliveries carry its signature too until previousKeyUntil. */
  @ManyToOne(() => WebhookKey, { ref: true, nullable: true, deleteRule: 'set null', hidden: true })
  previousSigningKey?: Ref<WebhookKey> | null;

  @Property({ type: 'timestamptz', nullable: true, hidden: true })
  previousKeyUntil?: Date | null;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field(() => ID, { name: 'signingKey', description: 'The id of the webhook key that signs deliveries' })
  get signingKeyId(): string {
    return this.signingKey.id;
  }
}
