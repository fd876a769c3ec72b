import { registerEnumType } from 'type-graphql';

/** How often a planned workflow runs (WorkflowScheduleFrequency in the schema; each value in docs/agent.md). */
export enum ScheduleFrequency {
  DAILY = 'DAILY',
  WEEKDAY = 'WEEKDAY',
  MONTHLY = 'MONTHLY',
  WEEKLY = 'WEEKLY',
  QUARTERLY = 'QUARTERLY',
  YEARLY = 'YEARLY',
  CUSTOM = 'CUSTOM',
  ONCE = 'ONCE',
  NONE = 'NONE',
  INVALID = 'INVALID',
}
registerEnumType(ScheduleFrequency, { name: 'WorkflowScheduleFrequency' });

/** How a workflow's result is delivered (CompletionNotificationChannel in the schema; docs/agent.md). */
export enum NotificationChannel {
  NONE = 'NONE',
  EMAIL = 'EMAIL',
  CHAT = 'CHAT',
  IMMEDIATE = 'IMMEDIATE',
}
registerEnumType(NotificationChannel, { name: 'CompletionNotificationChannel' });

/** Frequencies that make a stored, scheduled workflow. */
export const SCHEDULED: ReadonlySet<ScheduleFrequency> = new Set([
  ScheduleFrequency.DAILY,
  ScheduleFrequency.WEEKDAY,
  ScheduleFrequency.WEEKLY,
  ScheduleFrequency.MONTHLY,
  ScheduleFrequency.QUARTERLY,
  ScheduleFrequency.YEARLY,
  ScheduleFrequency.CUSTOM,
  ScheduleFrequency.ONCE,
]);
