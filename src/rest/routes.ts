/**
 * The REST interface at /api/v1 (docs/rest.md) as a table over the GraphQL schema. Each row names
 * the root field it runs; path parameters and query parameters become arguments of the same name
 * (or the name in `args`), and the JSON body becomes the argument named by `body`.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path below /api/v1, e.g. '/organization/:organization'. */
  path: string;
  operation: 'query' | 'mutation';
  field: string;
  /** The argument that receives the JSON body. */
  body?: string;
  /** The argument that receives the text/plain body. */
  text?: string;
  /** The argument that receives the multipart/form-data file part of the same name. */
  upload?: string;
  /** Path or query parameter -> argument name, where they differ. */
  args?: Record<string, string>;
  /** Query string parameters accepted (e.g. limit, offset). */
  query?: string[];
  /** Success status; 200 unless stated. */
  status?: number;
  /** Answer with this field of the result (e.g. `nodes` of a connection: REST lists are plain arrays). */
  pick?: string;
  /** The success response has no body. */
  noContent?: boolean;
  tag: string;
  summary: string;
}

const org = 'Organizations';
const employees = 'Employees';
const accounts = 'Accounts';
const groups = 'Groups';
const idps = 'IDPs';
const apps = 'Apps';
const webhooks = 'Webhooks';
const agent = 'Agent';
const PAGE = ['limit', 'offset'];
const LIMIT = { limit: 'first' };
/** The plan's path parameter is `id` (/idp/{id}/...); nested fields name it idpId. */
const PLAN = { id: 'idpId' };

export const ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  { method: 'get', path: '/organization', operation: 'query', field: 'organizations', tag: org, summary: 'Organizations the caller holds a grant in (ADMIN: all)' },
  { method: 'post', path: '/organization', operation: 'mutation', field: 'createOrganization', body: 'input', status: 201, tag: org, summary: 'Create an organization; the caller (or ownerEmail) becomes its owner' },
  { method: 'patch', path: '/organization', operation: 'mutation', field: 'updateOrganization', body: 'input', tag: org, summary: 'Update the current organization' },
  { method: 'get', path: '/organization/profile', operation: 'query', field: 'organizationProfile', tag: org, summary: 'Profile of the current organization' },
  { method: 'post', path: '/organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', status: 201, tag: org, summary: 'Create or replace the profile of the current organization' },
  { method: 'patch', path: '/organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', tag: org, summary: 'Change fields of the profile of the current organization' },
  { method: 'post', path: '/organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag: org, summary: 'Create a key of the current organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag: org, summary: 'Delete a key of the current organization' },
  { method: 'get', path: '/organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag: org, summary: 'One preferences namespace of the current organization' },
  { method: 'put', path: '/organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag: org, summary: 'Replace one preferences namespace of the current organization' },
  { method: 'get', path: '/organization/alias/:alias', operation: 'query', field: 'organizationByAlias', tag: org, summary: 'Organization by alias' },
  { method: 'get', path: '/organization/by-app/:type', operation: 'query', field: 'organizationsByApp', tag: org, summary: 'Organizations with an app of this type (ADMIN: all; others: their own)' },
  { method: 'get', path: '/organization/by-app-id/:type/:externalId', operation: 'query', field: 'organizationsByAppId', tag: org, summary: 'Organizations with an app of this type and external id' },
  { method: 'get', path: '/organization/by-app-data/:type/:key/:value', operation: 'query', field: 'organizationsByAppData', tag: org, summary: 'Organizations with an app of this type whose appData has key = value' },
  { method: 'post', path: '/organization/by-app-secret/:type/:key', operation: 'query', field: 'organizationsByAppSecret', body: 'input', tag: org, summary: 'Organizations with an app of this type whose secretData has key = secret (body: secret)' },
  { method: 'get', path: '/organization/:organization', operation: 'query', field: 'organization', args: { organization: 'id' }, tag: org, summary: 'Organization by id' },
  { method: 'patch', path: '/organization/:organization', operation: 'mutation', field: 'updateOrganization', body: 'input', args: { organization: 'id' }, tag: org, summary: 'Update an organization' },
  { method: 'get', path: '/organization/:organization/profile', operation: 'query', field: 'organizationProfile', args: { organization: 'id' }, tag: org, summary: 'Profile of an organization' },
  { method: 'post', path: '/organization/:organization/profile', operation: 'mutation', field: 'replaceOrganizationProfile', body: 'input', args: { organization: 'id' }, status: 201, tag: org, summary: 'Create or replace the profile of an organization' },
  { method: 'patch', path: '/organization/:organization/profile', operation: 'mutation', field: 'updateOrganizationProfile', body: 'input', args: { organization: 'id' }, tag: org, summary: 'Change fields of the profile of an organization' },
  { method: 'get', path: '/organization/:organization/preferences/:namespace', operation: 'query', field: 'organizationPreferences', tag: org, summary: 'One preferences namespace of an organization' },
  { method: 'put', path: '/organization/:organization/preferences/:namespace', operation: 'mutation', field: 'setOrganizationPreferences', body: 'input', tag: org, summary: 'Replace one preferences namespace of an organization' },
  { method: 'post', path: '/organization/:organization/keys', operation: 'mutation', field: 'createOrganizationKey', body: 'input', status: 201, tag: org, summary: 'Create a key of an organization (secretBase64 shown once)' },
  { method: 'delete', path: '/organization/:organization/keys/:key', operation: 'mutation', field: 'deleteOrganizationKey', tag: org, summary: 'Delete a key of an organization' },
  { method: 'get', path: '/account', operation: 'query', field: 'accounts', query: PAGE, tag: accounts, summary: 'Accounts holding a grant in the current organization (limit 1-500, default 100)' },
  { method: 'post', path: '/account', operation: 'mutation', field: 'createAccount', body: 'input', status: 201, tag: accounts, summary: 'Create an account with an EMPLOYEE grant in the current organization' },
  { method: 'get', path: '/account/org-admins', operation: 'query', field: 'orgAdmins', query: PAGE, tag: accounts, summary: 'Accounts that are ORG_ADMIN of the current organization' },
  { method: 'get', path: '/account/:accountIdOrEmail', operation: 'query', field: 'account', tag: accounts, summary: 'Account by id or email' },
  { method: 'patch', path: '/account/:accountIdOrEmail', operation: 'mutation', field: 'updateAccount', body: 'input', tag: accounts, summary: 'Update an account (active false deactivates it)' },
  { method: 'post', path: '/account/:accountId/grant', operation: 'mutation', field: 'grantRole', body: 'input', tag: accounts, summary: 'Grant a role in an organization' },
  { method: 'delete', path: '/account/:accountId/grant', operation: 'mutation', field: 'revokeRole', body: 'input', tag: accounts, summary: 'Revoke a role (body: role, orgId); the last ORG_ADMIN stays' },
  { method: 'get', path: '/account/:accountId/employees', operation: 'query', field: 'accountEmployees', tag: accounts, summary: 'Employee records linked to the account' },
  { method: 'get', path: '/account/:accountId/preferences/:namespace', operation: 'query', field: 'accountPreferences', tag: accounts, summary: 'One preferences namespace of an account' },
  { method: 'put', path: '/account/:accountId/preferences/:namespace', operation: 'mutation', field: 'setAccountPreferences', body: 'input', tag: accounts, summary: 'Replace one preferences namespace of an account' },
  { method: 'get', path: '/employee', operation: 'query', field: 'employees', query: [...PAGE, 'department', 'manager', 'active', 'account'], args: LIMIT, pick: 'nodes', tag: employees, summary: 'Employees of the current organization, by name (limit 1-500, default 50)' },
  { method: 'post', path: '/employee', operation: 'mutation', field: 'createEmployee', body: 'input', status: 201, tag: employees, summary: 'Create an employee' },
  { method: 'get', path: '/employee/:id', operation: 'query', field: 'employee', tag: employees, summary: 'Employee by id' },
  { method: 'patch', path: '/employee/:id', operation: 'mutation', field: 'updateEmployee', body: 'input', tag: employees, summary: 'Update an employee' },
  { method: 'delete', path: '/employee/:id', operation: 'mutation', field: 'deleteEmployee', noContent: true, tag: employees, summary: 'Delete an employee' },
  { method: 'get', path: '/group', operation: 'query', field: 'groups', query: PAGE, tag: groups, summary: 'Groups of the current organization (limit 1-500, default 100)' },
  { method: 'post', path: '/group', operation: 'mutation', field: 'createGroup', body: 'input', status: 201, tag: groups, summary: 'Create a group' },
  { method: 'get', path: '/group/:id', operation: 'query', field: 'group', tag: groups, summary: 'Group by id, with its members' },
  { method: 'patch', path: '/group/:id', operation: 'mutation', field: 'updateGroup', body: 'input', tag: groups, summary: 'Update a group' },
  { method: 'delete', path: '/group/:id', operation: 'mutation', field: 'deleteGroup', noContent: true, tag: groups, summary: 'Delete a group' },
  { method: 'post', path: '/group/:id/members', operation: 'mutation', field: 'addGroupMembers', body: 'input', tag: groups, summary: 'Add members (body: employeeIds)' },
  { method: 'delete', path: '/group/:id/members/:employeeId', operation: 'mutation', field: 'removeGroupMember', tag: groups, summary: 'Remove a member' },
  { method: 'get', path: '/idp', operation: 'query', field: 'idps', query: [...PAGE, 'scope', 'type', 'active'], args: LIMIT, pick: 'nodes', tag: idps, summary: 'Plans the caller may see, by name (limit 1-500, default 50; scope ALL, MINE or REPORTS)' },
  { method: 'post', path: '/idp', operation: 'mutation', field: 'createIdp', body: 'input', status: 201, tag: idps, summary: 'Create a plan (the caller owns it unless owner is given)' },
  { method: 'get', path: '/idp/tasks/due', operation: 'query', field: 'idpTasksDue', query: ['before', 'overdue', 'status', 'limit'], tag: idps, summary: 'Open tasks due before a date (or overdue) across the plans the caller may see' },
  { method: 'get', path: '/idp/:id', operation: 'query', field: 'idp', tag: idps, summary: 'Plan by id, with its tasks, notes, assignees and sharing' },
  { method: 'patch', path: '/idp/:id', operation: 'mutation', field: 'updateIdp', body: 'input', tag: idps, summary: 'Update a plan (owner, an assignee’s manager or ORG_ADMIN)' },
  { method: 'delete', path: '/idp/:id', operation: 'mutation', field: 'deleteIdp', noContent: true, tag: idps, summary: 'Delete a plan with its tasks, notes and assignees' },
  { method: 'get', path: '/idp/:id/tasks', operation: 'query', field: 'idpTasks', args: PLAN, tag: idps, summary: 'Tasks of a plan, in order' },
  { method: 'post', path: '/idp/:id/tasks', operation: 'mutation', field: 'addIdpTask', body: 'input', args: PLAN, status: 201, tag: idps, summary: 'Add a task' },
  { method: 'get', path: '/idp/:id/tasks/:taskId', operation: 'query', field: 'idpTask', args: PLAN, tag: idps, summary: 'One task of a plan' },
  { method: 'patch', path: '/idp/:id/tasks/:taskId', operation: 'mutation', field: 'updateIdpTask', body: 'input', args: PLAN, tag: idps, summary: 'Update a task: fields, status, order (assignees of the plan may too)' },
  { method: 'post', path: '/idp/:id/tasks/:taskId/complete', operation: 'mutation', field: 'completeIdpTask', args: PLAN, tag: idps, summary: 'Mark a task DONE' },
  { method: 'delete', path: '/idp/:id/tasks/:taskId', operation: 'mutation', field: 'deleteIdpTask', noContent: true, args: PLAN, tag: idps, summary: 'Delete a task and its notes' },
  { method: 'get', path: '/idp/:id/notes', operation: 'query', field: 'idpNotes', args: PLAN, tag: idps, summary: 'Notes on a plan' },
  { method: 'post', path: '/idp/:id/notes', operation: 'mutation', field: 'addIdpNote', body: 'input', args: PLAN, status: 201, tag: idps, summary: 'Add a note to a plan (body: note)' },
  { method: 'patch', path: '/idp/:id/notes/:noteId', operation: 'mutation', field: 'updateIdpNote', body: 'input', args: PLAN, tag: idps, summary: 'Edit a note (author only)' },
  { method: 'delete', path: '/idp/:id/notes/:noteId', operation: 'mutation', field: 'deleteIdpNote', noContent: true, args: PLAN, tag: idps, summary: 'Delete a note (author or ORG_ADMIN)' },
  { method: 'get', path: '/idp/:id/tasks/:taskId/notes', operation: 'query', field: 'idpNotes', args: PLAN, tag: idps, summary: 'Notes on a task' },
  { method: 'post', path: '/idp/:id/tasks/:taskId/notes', operation: 'mutation', field: 'addIdpNote', body: 'input', args: PLAN, status: 201, tag: idps, summary: 'Add a note to a task (body: note)' },
  { method: 'patch', path: '/idp/:id/tasks/:taskId/notes/:noteId', operation: 'mutation', field: 'updateIdpNote', body: 'input', args: PLAN, tag: idps, summary: 'Edit a note on a task (author only)' },
  { method: 'delete', path: '/idp/:id/tasks/:taskId/notes/:noteId', operation: 'mutation', field: 'deleteIdpNote', noContent: true, args: PLAN, tag: idps, summary: 'Delete a note on a task (author or ORG_ADMIN)' },
  { method: 'get', path: '/app', operation: 'query', field: 'apps', query: [...PAGE, 'type'], tag: apps, summary: 'Apps of the current organization (limit 1-500, default 100)' },
  { method: 'post', path: '/app', operation: 'mutation', field: 'createApp', body: 'input', status: 201, tag: apps, summary: 'Create an app (ORG_ADMIN); (type, externalId) is unique' },
  { method: 'get', path: '/app/by-type/:type', operation: 'query', field: 'appsByType', query: PAGE, tag: apps, summary: 'Apps of a type in the current organization (limit 1-500, default 100)' },
  { method: 'get', path: '/app/by-type-id/:type/:id', operation: 'query', field: 'appByExternalId', args: { id: 'externalId' }, tag: apps, summary: 'The app of a type with this external id' },
  { method: 'get', path: '/app/:app', operation: 'query', field: 'app', tag: apps, summary: 'App by id (secretData only to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN)' },
  { method: 'patch', path: '/app/:app', operation: 'mutation', field: 'updateApp', body: 'input', tag: apps, summary: 'Change an app; a map sent replaces the stored one, a key set to null is removed' },
  { method: 'delete', path: '/app/:app', operation: 'mutation', field: 'deleteApp', noContent: true, tag: apps, summary: 'Delete an app and its mappings' },
  { method: 'get', path: '/app/:app/mappings', operation: 'query', field: 'appMappings', query: PAGE, tag: apps, summary: 'Records mapped to the app: {entity, mapping} items (limit 1-500, default 100)' },
  { method: 'post', path: '/app/:app/mappings', operation: 'mutation', field: 'mapEntity', body: 'input', status: 201, tag: apps, summary: 'Map a record to the app (ORG_ADMIN)' },
  { method: 'patch', path: '/app/:app/mappings/:mapping', operation: 'mutation', field: 'updateMapping', body: 'input', tag: apps, summary: 'Change a mapping (ORG_ADMIN)' },
  { method: 'delete', path: '/app/:app/mappings/:mapping', operation: 'mutation', field: 'unmapEntity', noContent: true, tag: apps, summary: 'Remove a mapping (ORG_ADMIN)' },
  { method: 'get', path: '/webhook-key', operation: 'query', field: 'webhookKeys', tag: webhooks, summary: 'Webhook keys of the current organization, without secrets (ORG_ADMIN)' },
  { method: 'post', path: '/webhook-key', operation: 'mutation', field: 'createWebhookKey', body: 'input', status: 201, tag: webhooks, summary: 'Create a webhook key (ORG_ADMIN or organization token); secretBase64 is shown once; the first key is the default' },
  { method: 'post', path: '/webhook-key/:key/default', operation: 'mutation', field: 'makeDefaultWebhookKey', tag: webhooks, summary: 'Make a key the default signing key (ORG_ADMIN)' },
  { method: 'delete', path: '/webhook-key/:key', operation: 'mutation', field: 'deleteWebhookKey', noContent: true, tag: webhooks, summary: 'Delete a webhook key; 409 while webhooks are signed with it (ORG_ADMIN)' },
  { method: 'get', path: '/webhook', operation: 'query', field: 'webhooks', query: PAGE, tag: webhooks, summary: 'Webhooks of the current organization (ORG_ADMIN; limit 1-500, default 100)' },
  { method: 'post', path: '/webhook', operation: 'mutation', field: 'createWebhook', body: 'input', status: 201, tag: webhooks, summary: 'Create a webhook, active, signed with signingKey or the default key (ORG_ADMIN or organization token)' },
  { method: 'get', path: '/webhook/:webhook', operation: 'query', field: 'webhook', tag: webhooks, summary: 'Webhook by id (ORG_ADMIN)' },
  { method: 'patch', path: '/webhook/:webhook', operation: 'mutation', field: 'updateWebhook', body: 'input', tag: webhooks, summary: 'Change name, url, eventType, ifUpdates, active or signingKey (ORG_ADMIN)' },
  { method: 'delete', path: '/webhook/:webhook', operation: 'mutation', field: 'deleteWebhook', noContent: true, tag: webhooks, summary: 'Delete a webhook and its deliveries (ORG_ADMIN)' },
  { method: 'get', path: '/webhook/:webhook/deliveries', operation: 'query', field: 'webhookDeliveries', query: PAGE, tag: webhooks, summary: 'Deliveries of a webhook, newest first, with every attempt (limit 1-500, default 100)' },
  { method: 'post', path: '/webhook/:webhook/deliveries/:delivery/redeliver', operation: 'mutation', field: 'redeliverWebhookDelivery', status: 202, tag: webhooks, summary: 'Send a delivery again now, with the same webhook-id (ORG_ADMIN)' },
  { method: 'post', path: '/webhook/:webhook/test', operation: 'mutation', field: 'testWebhook', status: 202, tag: webhooks, summary: 'Send a webhook.test event to the webhook (ORG_ADMIN)' },
  { method: 'get', path: '/agent/conversations', operation: 'query', field: 'conversations', tag: agent, summary: 'The caller’s conversations in the current organization, newest first' },
  { method: 'post', path: '/agent/conversations/start', operation: 'mutation', field: 'startConversation', query: ['name'], tag: agent, summary: 'Start an empty conversation (optional query parameter name)' },
  { method: 'get', path: '/agent/conversations/:id', operation: 'query', field: 'conversation', tag: agent, summary: 'One of the caller’s conversations' },
  { method: 'put', path: '/agent/conversations/:id', operation: 'mutation', field: 'renameConversation', body: 'input', tag: agent, summary: 'Rename a conversation (body: a Conversation; only name changes)' },
  { method: 'delete', path: '/agent/conversations/:id', operation: 'mutation', field: 'deleteConversation', noContent: true, tag: agent, summary: 'Delete a conversation with its messages' },
  { method: 'post', path: '/agent/ask', operation: 'mutation', field: 'ask', body: 'input', tag: agent, summary: 'Ask a question; a new conversation is started (502/503 when the language-model server fails; the question is kept)' },
  { method: 'post', path: '/agent/reply', operation: 'mutation', field: 'reply', body: 'input', tag: agent, summary: 'Continue a conversation (conversationId required): follow-ups, confirmations, clarifications' },
  { method: 'post', path: '/agent/search', operation: 'query', field: 'agentSearch', body: 'input', tag: agent, summary: 'Full-text search over the caller’s conversation names and messages (page 0-based, count 1-100)' },
  { method: 'post', path: '/agent/assign', operation: 'mutation', field: 'assign', body: 'input', tag: agent, summary: 'Plan the last request of a conversation (conversationId required): steps, schedule and notification' },
  { method: 'get', path: '/agent/workflows', operation: 'query', field: 'workflows', tag: agent, summary: 'The caller’s scheduled workflows, newest first' },
  { method: 'get', path: '/agent/workflows/:id', operation: 'query', field: 'workflow', tag: agent, summary: 'One of the caller’s workflows, with its last run' },
  { method: 'post', path: '/agent/workflows/:id/pause', operation: 'mutation', field: 'pauseWorkflow', tag: agent, summary: 'Pause a workflow' },
  { method: 'post', path: '/agent/workflows/:id/resume', operation: 'mutation', field: 'resumeWorkflow', tag: agent, summary: 'Resume a paused workflow from its next scheduled time' },
  { method: 'post', path: '/agent/workflows/:id/run', operation: 'mutation', field: 'runWorkflow', status: 202, tag: agent, summary: 'Run a workflow once now, paused or not; its schedule is unchanged (the result arrives as a scheduled run’s does)' },
  { method: 'delete', path: '/agent/workflows/:id', operation: 'mutation', field: 'deleteWorkflow', noContent: true, tag: agent, summary: 'Delete a workflow' },
  { method: 'post', path: '/agent/add-file-knowledge', operation: 'mutation', field: 'addFileKnowledge', upload: 'file', tag: agent, summary: 'Learn a file (multipart part file): text, Markdown, HTML, PDF, DOCX, CSV or JSON (ORG_ADMIN; 413 beyond KNOWLEDGE_MAX_BYTES)' },
  { method: 'post', path: '/agent/add-url-knowledge', operation: 'mutation', field: 'addUrlKnowledge', text: 'url', tag: agent, summary: 'Learn the page at a URL (text/plain body); the same URL again replaces it (ORG_ADMIN)' },
  { method: 'get', path: '/agent/knowledge', operation: 'query', field: 'knowledgeDocuments', query: PAGE, tag: agent, summary: 'Documents and URLs of the knowledge base, newest first (ORG_ADMIN)' },
  { method: 'get', path: '/agent/knowledge/:id', operation: 'query', field: 'knowledgeDocument', tag: agent, summary: 'A document or URL of the knowledge base with its text: what the agent’s citations open (members)' },
  { method: 'delete', path: '/agent/knowledge/:id', operation: 'mutation', field: 'deleteKnowledgeDocument', noContent: true, tag: agent, summary: 'Forget a document or URL (ORG_ADMIN)' },
  { method: 'post', path: '/agent/history', operation: 'query', field: 'agentHistory', body: 'input', tag: agent, summary: 'Messages of a conversation, or of all the caller’s, oldest first (since: only newer; at most 1000)' },
];

/** Path parameter names of an Express path. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
}
