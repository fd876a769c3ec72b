import { registerEnumType } from 'type-graphql';

/** Who may read a plan besides its owner, its assignees, their managers and ORG_ADMINs. */
export enum Visibility {
  /** The owner, the assignees and the assignees' direct managers. */
  PRIVATE = 'PRIVATE',
  /** Also everyone above the assignees in the management chain. */
  MANAGERS = 'MANAGERS',
  /** Every member of the organization. */
  ORGANIZATION = 'ORGANIZATION',
}

/** The life of a task: its `status.current`. Any state may follow any other. */
export enum TaskState {
  NOT_STARTED = 'NOT_STARTED',
  IN_PROGRESS = 'IN_PROGRESS',
  DONE = 'DONE',
  BLOCKED = 'BLOCKED',
  CANCELLED = 'CANCELLED',
}

/** What an assignee's `entityId` refers to (its `entityType`). */
export enum AssigneeType {
  EMPLOYEE = 'EMPLOYEE',
  GROUP = 'GROUP',
  ACCOUNT = 'ACCOUNT',
}

/** Plan states: a plan is ACTIVE until deactivated (active false). */
export const IDP_STATES = { ACTIVE: 'ACTIVE', INACTIVE: 'INACTIVE' } as const;

/** Which plans a list returns, among those the caller may see. */
export enum IdpScope {
  ALL = 'ALL',
  /** Plans the caller owns or is assigned to. */
  MINE = 'MINE',
  /** Plans assigned to people who report to the caller, directly or further down. */
  REPORTS = 'REPORTS',
}

registerEnumType(Visibility, { name: 'Visibility', description: 'Who may read a plan' });
registerEnumType(TaskState, { name: 'TaskState', description: 'State of an IDP task' });
registerEnumType(AssigneeType, { name: 'AssigneeType', description: 'What an assignee is' });
registerEnumType(IdpScope, { name: 'IdpScope', description: 'Which visible plans a list returns' });
