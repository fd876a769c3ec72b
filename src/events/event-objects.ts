import { Account } from '../modules/account/account.entity';
import { AgentMessage } from '../modules/agent/agent-message.entity';
import { Conversation } from '../modules/agent/conversation.entity';
import { Workflow } from '../modules/agent/planner/workflow.entity';
import { AccountPreference } from '../modules/account/account-preference.entity';
import { Grant } from '../modules/account/grant.entity';
import { App } from '../modules/app/app.entity';
import { Employee } from '../modules/employee/employee.entity';
import { Group } from '../modules/group/group.entity';
import { GroupMember } from '../modules/group/group-member.entity';
import { Idp } from '../modules/idp/idp.entity';
import { IdpAssignee } from '../modules/idp/idp-assignee.entity';
import { IdpNote } from '../modules/idp/idp-note.entity';
import { IdpTask } from '../modules/idp/idp-task.entity';
import { Mapping } from '../modules/mapping/mapping.entity';
import { Organization } from '../modules/organization/organization.entity';
import { OrganizationKey } from '../modules/organization/organization-key.entity';
import { OrganizationPreference } from '../modules/organization/organization-preference.entity';
import { Webhook } from '../modules/webhook/webhook.entity';
import { WebhookKey } from '../modules/webhook/webhook-key.entity';

export type Operation = 'post' | 'patch' | 'delete';
export const OPERATIONS: readonly Operation[] = ['post', 'patch', 'delete'];

type Class = abstract new (...args: never[]) => object;

/**
 * Entities whose own creates, updates and deletes are events `<object>.<operation>`; the list is
 * repeated in docs/events-and-webhooks.md ("Change events").
 */
export const EVENT_OBJECTS = new Map<Class, string>([
  [Organization, 'organization'],
  [Account, 'account'],
  [Employee, 'employee'],
  [Group, 'group'],
  [Idp, 'idp'],
  [IdpTask, 'idpTask'],
  [App, 'app'],
  [Mapping, 'mapping'],
  [Conversation, 'conversation'],
  [Workflow, 'workflow'],
  [Webhook, 'webhook'],
  [WebhookKey, 'webhookKey'],
]);

/**
 * Rows that are part of another object rather than objects of their own (a group's members, a
 * plan's notes). A change to one is a `patch` of the object it belongs to, naming `field`.
 */
export interface PartOf {
  owner: Class;
  /** The owning object's id, read from the row. */
  ownerId(row: object): string;
  field: string;
}

const ref = (value: { id: string }) => value.id;

export const PARTS = new Map<Class, PartOf>([
  [GroupMember, { owner: Group, ownerId: (m) => ref((m as GroupMember).group), field: 'members' }],
  [IdpNote, { owner: Idp, ownerId: (n) => ref((n as IdpNote).idp), field: 'notes' }],
  [IdpAssignee, { owner: Idp, ownerId: (a) => ref((a as IdpAssignee).idp), field: 'assignees' }],
  [Grant, { owner: Account, ownerId: (g) => ref((g as Grant).account), field: 'grants' }],
  [AccountPreference, { owner: Account, ownerId: (p) => ref((p as AccountPreference).account), field: 'preferences' }],
  [OrganizationKey, { owner: Organization, ownerId: (k) => ref((k as OrganizationKey).organization), field: 'keys' }],
  [AgentMessage, { owner: Conversation, ownerId: (m) => ref((m as AgentMessage).conversation), field: 'messages' }],
  [OrganizationPreference, { owner: Organization, ownerId: (p) => ref((p as OrganizationPreference).organization), field: 'preferences' }],
]);

/** Every object name an eventType may use, in a stable order (for messages and docs). */
export function objectNames(): string[] {
  return [...EVENT_OBJECTS.values()];
}

/**
 * Properties whose API field has another name. Events use the API names, so that `ifUpdates`
 * takes the names callers see. A hidden (secret) column is named here after the field it backs:
 * a change of it is reported under that name, its values never.
 */
export const API_NAMES = new Map<Class, Record<string, string>>([
  [App, { secretEncrypted: 'secretData' }],
  [Mapping, { secretEncrypted: 'mappingSecrets' }],
  [WebhookKey, { isDefault: 'default' }],
]);

/** The API names of a class's renamed properties. */
export function apiNames(meta: { class: unknown }): Record<string, string> {
  return API_NAMES.get(meta.class as Class) ?? {};
}
