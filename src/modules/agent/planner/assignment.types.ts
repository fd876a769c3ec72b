import { ListBound } from '../../../common/part-list';
import { Field, Int, ObjectType } from 'type-graphql';
import { AgentProfile } from '../agent.types';
import { LocalDateScalar } from '../../../graphql/scalars';
import { NotificationChannel, ScheduleFrequency } from './plan-enums';

/** One task of an assignment: the workflow (step 0), the work (step 1) or the delivery (step 2). */
@ObjectType({ description: 'A task the agent assigned, in order' })
export class BaseAssignmentResponse {
  @Field(() => AgentProfile, { nullable: true })
  agent?: AgentProfile;

  @Field(() => String, { nullable: true, description: 'The action this task performs' })
  specificTask?: string;

  @Field(() => Int, { nullable: true, description: 'Zero-based index in the sequence' })
  step?: number;

  @Field(() => Int, { nullable: true, description: 'Index of the task depended on; -1 for none' })
  dependsOn?: number;

  @Field(() => Boolean, { nullable: true, description: 'True for the top-level workflow task' })
  workflowAssignment?: boolean;

  @Field(() => [BaseAssignmentResponse], { nullable: true })
  @ListBound(10)
  tasksDependingOnThis?: BaseAssignmentResponse[];
}

/** The response of assign; docs/agent.md ("Planning requests: assign") describes each field. */
@ObjectType({ description: 'The tasks and schedule the agent planned for the user’s last request' })
export class BaseAssignmentHolder {
  @Field(() => String, { nullable: true })
  response?: string;

  @Field(() => Boolean, { nullable: true })
  needsConfirmation?: boolean;

  @Field(() => Boolean, { nullable: true })
  newWorkflow?: boolean;

  @Field(() => ScheduleFrequency, { nullable: true })
  scheduleFrequency?: ScheduleFrequency;

  @Field(() => Int, { nullable: true })
  hourOfWorkflow?: number | null;

  @Field(() => Int, { nullable: true })
  dayOfWorkflow?: number | null;

  @Field(() => Int, { nullable: true })
  minuteOfWorkflow?: number | null;

  @Field(() => String, { nullable: true })
  timeZone?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The RRULE of a recurring plan (RFC 5545, without DTSTART; the time is hourOfWorkflow:minuteOfWorkflow), e.g. FREQ=WEEKLY;BYDAY=TU,TH',
  })
  recurrence?: string | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'ONCE: the local date of the run; YEARLY: the date named',
  })
  date?: string | null;

  @Field(() => [BaseAssignmentResponse], { nullable: true })
  @ListBound(10)
  agents?: BaseAssignmentResponse[];

  @Field(() => Boolean, { nullable: true })
  subscriptionActive?: boolean;

  @Field(() => NotificationChannel, { nullable: true })
  notificationChannel?: NotificationChannel;

  @Field(() => String, { nullable: true })
  notificationTo?: string | null;

  @Field(() => String, { nullable: true })
  userId?: string;
}
