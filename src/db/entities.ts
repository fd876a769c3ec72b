import { OrganizationOwned } from '../common/organization-owned';
import { Created, Status } from '../common/record.embeddables';
import { Account } from '../modules/account/account.entity';
import { App } from '../modules/app/app.entity';
import { Mapping } from '../modules/mapping/mapping.entity';
import { AccountPreference } from '../modules/account/account-preference.entity';
import { Employee } from '../modules/employee/employee.entity';
import { Group } from '../modules/group/group.entity';
import { GroupMember } from '../modules/group/group-member.entity';
import { Idp } from '../modules/idp/idp.entity';
import { IdpAssignee } from '../modules/idp/idp-assignee.entity';
import { IdpNote } from '../modules/idp/idp-note.entity';
import { ConnectedTo, IdpTask } from '../modules/idp/idp-task.entity';
import { Grant } from '../modules/account/grant.entity';
import { Organization } from '../modules/organization/organization.entity';
import { OrganizationKey } from '../modules/organization/organization-key.entity';
import { OrganizationPreference } from '../modules/organization/organization-preference.entity';
import { ChangeEvent } from '../events/change-event.entity';
import { Webhook } from '../modules/webhook/webhook.entity';
import { WebhookAttempt, WebhookDelivery } from '../modules/webhook/webhook-delivery.entity';
import { WebhookKey } from '../modules/webhook/webhook-key.entity';
import { AgentMessage } from '../modules/agent/agent-message.entity';
import { Conversation } from '../modules/agent/conversation.entity';
import { Workflow } from '../modules/agent/planner/workflow.entity';
import { KnowledgeChunk, KnowledgeDocument } from '../modules/agent/knowledge/knowledge-document.entity';
import { OrganizationProfile } from '../modules/organization/organization-profile.embeddable';

/** Every entity and embeddable the ORM knows; listed once, so discovery needs no file globbing. */
export const ENTITIES = [Status, Created, OrganizationOwned, OrganizationProfile, Organization, OrganizationKey, OrganizationPreference, Account, AccountPreference, Grant, Employee, Group, GroupMember, ConnectedTo, Idp, IdpTask, IdpNote, IdpAssignee, App, Mapping, ChangeEvent, WebhookKey, Webhook, WebhookDelivery, WebhookAttempt, Conversation, AgentMessage, KnowledgeDocument, KnowledgeChunk, Workflow];
