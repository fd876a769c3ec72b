import { Entity, Enum, Index, ManyToOne, OptionalProps, Property, type Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationRecord } from '../../organization/organization-owned';
import { Account } from '../../account/account.entity';
import { Conversation } from '../conversation.entity';
import { LocalDateScalar } from '../../../graphql/scalars';
import { NotificationChannel, ScheduleFrequency } from './plan-enums';
import { eventObject } from '../../../events/event-objects';

/**
 * A confirmed plan that runs on its schedule: each run answers `task`, writes the answer into the
 * conversation it came from, and notifies through `notificationChannel`. Its next run is a pg-boss
 * job due at `nextRunAt`.
 */
@ObjectType({ description: 'A scheduled task the agent runs for a user' })
@Entity()
@Index({ properties: ['organization', 'user'] })
@eventObject('workflow')
export class Workflow extends OrganizationRecord {
  [OptionalProps]?:
    | 'organizationId'
    | 'userId'
    | 'conversationId'
    | 'active'
    | 'runs'
    | 'createdAt'
    | 'lastRunAt'
    | 'lastResult'
    | 'lastNotification'
    | 'nextRunAt'
    | 'interval'
    | 'recurrence'
    | 'runDate'
    | 'notifyTo'
    | 'pausedReason'
    | 'lastSkippedAt'
    | 'lastSkipReason';

  @ManyToOne(() => Conversation, { ref: true, deleteRule: 'cascade' })
  conversation!: Ref<Conversation>;

  @Field(() => ID, { description: 'The conversation its runs write to' })
  get conversationId(): string {
    return this.conversation.id;
  }

  @ManyToOne(() => Account, { ref: true, deleteRule: 'cascade' })
  user!: Ref<Account>;

  @Field(() => ID, { description: 'The user it runs for' })
  get userId(): string {
    return this.user.id;
  }

  @Field(() => String, { description: 'What each run does' })
  @Property({ type: 'text' })
  task!: string;

  @Field(() => String, { description: 'The request as the user wrote it' })
  @Property({ type: 'text' })
  request!: string;

  @Field(() => ScheduleFrequency)
  @Enum({ items: () => ScheduleFrequency, type: 'text' })
  scheduleFrequency!: ScheduleFrequency;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  hourOfWorkflow!: number | null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  minuteOfWorkflow!: number | null;

  @Field(() => Int, { nullable: true, description: 'ISO weekday 1-7, or day of the month' })
  @Property({ type: 'integer', nullable: true })
  dayOfWorkflow!: number | null;

  /** CUSTOM schedules stored before rules were: every `every` units. */
  @Property({ type: 'jsonb', nullable: true })
  interval?: { every: number; unit: 'hour' | 'day' | 'week' | 'month' } | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The RRULE it follows (RFC 5545, without DTSTART; the time is hourOfWorkflow:minuteOfWorkflow), e.g. FREQ=WEEKLY;BYDAY=TU,TH',
  })
  @Property({ type: 'text', nullable: true })
  recurrence?: string | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'ONCE: the local date of its run; YEARLY: the date it was asked for',
  })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  runDate?: string | null;

  @Field(() => String)
  @Property({ type: 'text' })
  timeZone!: string;

  @Field(() => NotificationChannel)
  @Enum({ items: () => NotificationChannel, type: 'text' })
  notificationChannel!: NotificationChannel;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  notifyTo?: string | null;

  @Field(() => Boolean, { description: 'false: paused (see pausedReason), or a ONCE that has run' })
  @Property({ type: 'boolean' })
  active = true;

  @Field(() => String, {
    nullable: true,
    description:
      'Why the service paused it: its owner may no longer act in the organization (account deactivated or removed, grant revoked, organization deactivated), or its schedule cannot run. Null when active or paused by its owner; resuming clears it',
  })
  @Property({ type: 'text', nullable: true })
  pausedReason?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  nextRunAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  lastRunAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'The answer of the last run' })
  @Property({ type: 'text', nullable: true })
  lastResult?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'How the last run’s notification went: sent, published, or undelivered with the reason',
  })
  @Property({ type: 'text', nullable: true })
  lastNotification?: string | null;

  @Field(() => Date, { nullable: true, description: 'When a due run was last skipped, over an hourly run quota' })
  @Property({ type: 'timestamptz', nullable: true })
  lastSkippedAt?: Date | null;

  @Field(() => String, { nullable: true, description: 'Why that run was skipped: the quota reached' })
  @Property({ type: 'text', nullable: true })
  lastSkipReason?: string | null;

  @Field(() => Int)
  @Property({ type: 'integer' })
  runs = 0;

  @Field(() => Date)
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
