import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import type { Snapshot } from './snapshot';

/**
 * One change of a stored object: a row of the transactional outbox, written in the transaction
 * that made the change (events/change-capture.ts). The relay (events/outbox-relay.ts) hands each
 * row to the matching webhooks and to live subscribers once, then stamps `dispatchedAt`.
 * `organization` is a plain column, not a foreign key: an organization's own delete event must
 * outlive the organization.
 */
@ObjectType({ description: 'A change of a stored object (create, update or delete)' })
@Entity()
@Index({
  name: 'change_event_undispatched',
  expression: 'create index "change_event_undispatched" on "change_event" ("created_at") where "dispatched_at" is null',
})
export class ChangeEvent {
  [OptionalProps]?: 'createdAt' | 'dispatchedAt' | 'actor' | 'organization' | 'changedFields' | 'current' | 'previous';

  @Field(() => ID, { description: 'The event id; deliveries carry it as webhook-id' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => String, { description: '<object>.<operation>, e.g. idp.patch' })
  @Property({ type: 'text' })
  type!: string;

  @Field(() => String, { description: 'The object name, e.g. idp' })
  @Property({ type: 'text' })
  object!: string;

  @Field(() => String, { description: 'post, patch or delete' })
  @Property({ type: 'text' })
  operation!: string;

  @Field(() => ID, { description: 'The id of the changed object' })
  @Property({ type: 'text' })
  objectId!: string;

  @Field(() => ID, { nullable: true, description: 'The organization the object belongs to' })
  @Property({ type: 'uuid', nullable: true, index: true })
  organization?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Who made the change: an account or organization key id; null for the service itself',
  })
  @Property({ type: 'uuid', nullable: true })
  actor?: string | null;

  @Field(() => [String], { description: 'Fields an update changed; empty for creates and deletes' })
  @Property({ type: 'jsonb' })
  changedFields: string[] = [];

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The values after the change; null after a delete' })
  @Property({ type: 'jsonb', nullable: true })
  current?: Snapshot | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'The values before the change; null for a create' })
  @Property({ type: 'jsonb', nullable: true })
  previous?: Snapshot | null;

  @Field(() => Date, { name: 'timestamp' })
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Indexed for pruning: relayed events are deleted after EVENT_RETENTION_DAYS. */
  @Property({ type: 'timestamptz', nullable: true, index: true })
  dispatchedAt?: Date | null;
}
