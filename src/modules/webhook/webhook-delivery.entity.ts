import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../organization/organization-owned';
import { ChangeEvent } from '../../events/change-event.entity';
import { Webhook } from './webhook.entity';

export const DELIVERY_STATES = {
  PENDING: 'PENDING',
  SUCCEEDED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
} as const;
export type DeliveryState = (typeof DELIVERY_STATES)[keyof typeof DELIVERY_STATES];

/** One event owed to one webhook, with the attempts made to deliver it. */
@ObjectType({ description: 'An event owed to a webhook and the attempts to deliver it' })
@Entity()
@Index({ properties: ['webhook', 'createdAt'] })
export class WebhookDelivery extends OrganizationRecord {
  [OptionalProps]?:
    'createdAt' | 'state' | 'attemptCount' | 'nextAttemptAt' | 'organizationId' | 'eventId' | 'eventType';

  @ManyToOne(() => Webhook, { ref: true, deleteRule: 'cascade' })
  webhook!: Ref<Webhook>;

  @ManyToOne(() => ChangeEvent, { ref: true, deleteRule: 'cascade', index: true })
  event!: Ref<ChangeEvent>;

  @Field(() => String, {
    description: 'PENDING, SUCCEEDED, FAILED (retries used up) or CANCELLED (webhook inactive or deleted)',
  })
  @Property({ type: 'text' })
  state: DeliveryState = DELIVERY_STATES.PENDING;

  @Field(() => Int)
  @Property({ type: 'integer' })
  attemptCount = 0;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due, while PENDING' })
  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt?: Date | null;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Field(() => ID, { name: 'event', description: 'The event id (the webhook-id header of every attempt)' })
  get eventId(): string {
    return this.event.id;
  }
}

/** One HTTP attempt of a delivery, as the receiver answered it. */
@ObjectType({ description: 'One attempt to deliver an event' })
@Entity()
@Index({ properties: ['webhook', 'at'] })
export class WebhookAttempt {
  [OptionalProps]?: 'at';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WebhookDelivery, { ref: true, deleteRule: 'cascade', index: true })
  delivery!: Ref<WebhookDelivery>;

  /** Kept beside the delivery for the failure-window query (webhooks failing for days are deactivated). */
  @ManyToOne(() => Webhook, { ref: true, deleteRule: 'cascade' })
  webhook!: Ref<Webhook>;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  at: Date = new Date();

  @Field(() => Boolean, { description: 'True when the receiver answered 2xx' })
  @Property({ type: 'boolean' })
  ok!: boolean;

  @Field(() => Int, { nullable: true, description: 'The HTTP status; null when no answer came' })
  @Property({ type: 'integer', nullable: true })
  statusCode?: number | null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  durationMs!: number;

  @Field(() => String, {
    nullable: true,
    description: 'Why the attempt failed: timeout, refused address, connection error, status',
  })
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Field(() => String, { nullable: true, description: 'The first 1 KB of the response body' })
  @Property({ type: 'text', nullable: true })
  responseExcerpt?: string | null;
}
