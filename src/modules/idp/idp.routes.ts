import { LIMIT, PAGE, type RestRoute } from '../../rest/routes';

const tag = 'IDPs';
/** The plan's path parameter is `id` (/idp/{id}/...); nested fields name it idpId. */
const PLAN = { id: 'idpId' };

/** The idp module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const IDP_ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  { method: 'get', path: '/idp', operation: 'query', field: 'idps', query: [...PAGE, 'scope', 'type', 'active'], args: LIMIT, pick: 'nodes', tag, summary: 'Plans the caller may see, by name (limit 1-500, default 50; scope ALL, MINE or REPORTS)' },
  { method: 'post', path: '/idp', operation: 'mutation', field: 'createIdp', body: 'input', status: 201, tag, summary: 'Create a plan (the caller owns it unless owner is given)' },
  { method: 'get', path: '/idp/tasks/due', operation: 'query', field: 'idpTasksDue', query: ['before', 'overdue', 'status', 'limit'], tag, summary: 'Open tasks due before a date (or overdue) across the plans the caller may see' },
  { method: 'get', path: '/idp/:id', operation: 'query', field: 'idp', tag, summary: 'Plan by id, with its tasks, notes, assignees and sharing' },
  { method: 'patch', path: '/idp/:id', operation: 'mutation', field: 'updateIdp', body: 'input', tag, summary: 'Update a plan (owner, an assignee’s manager or ORG_ADMIN)' },
  { method: 'delete', path: '/idp/:id', operation: 'mutation', field: 'deleteIdp', noContent: true, tag, summary: 'Delete a plan with its tasks, notes and assignees' },
  { method: 'get', path: '/idp/:id/tasks', operation: 'query', field: 'idpTasks', args: PLAN, tag, summary: 'Tasks of a plan, in order' },
  { method: 'post', path: '/idp/:id/tasks', operation: 'mutation', field: 'addIdpTask', body: 'input', args: PLAN, status: 201, tag, summary: 'Add a task' },
  { method: 'get', path: '/idp/:id/tasks/:taskId', operation: 'query', field: 'idpTask', args: PLAN, tag, summary: 'One task of a plan' },
  { method: 'patch', path: '/idp/:id/tasks/:taskId', operation: 'mutation', field: 'updateIdpTask', body: 'input', args: PLAN, tag, summary: 'Update a task: fields, status, order (assignees of the plan may too)' },
  { method: 'post', path: '/idp/:id/tasks/:taskId/complete', operation: 'mutation', field: 'completeIdpTask', args: PLAN, tag, summary: 'Mark a task DONE' },
  { method: 'delete', path: '/idp/:id/tasks/:taskId', operation: 'mutation', field: 'deleteIdpTask', noContent: true, args: PLAN, tag, summary: 'Delete a task and its notes' },
  { method: 'get', path: '/idp/:id/notes', operation: 'query', field: 'idpNotes', args: PLAN, tag, summary: 'Notes on a plan' },
  { method: 'post', path: '/idp/:id/notes', operation: 'mutation', field: 'addIdpNote', body: 'input', args: PLAN, status: 201, tag, summary: 'Add a note to a plan (body: note)' },
  { method: 'patch', path: '/idp/:id/notes/:noteId', operation: 'mutation', field: 'updateIdpNote', body: 'input', args: PLAN, tag, summary: 'Edit a note (author only)' },
  { method: 'delete', path: '/idp/:id/notes/:noteId', operation: 'mutation', field: 'deleteIdpNote', noContent: true, args: PLAN, tag, summary: 'Delete a note (author or ORG_ADMIN)' },
  { method: 'get', path: '/idp/:id/tasks/:taskId/notes', operation: 'query', field: 'idpNotes', args: PLAN, tag, summary: 'Notes on a task' },
  { method: 'post', path: '/idp/:id/tasks/:taskId/notes', operation: 'mutation', field: 'addIdpNote', body: 'input', args: PLAN, status: 201, tag, summary: 'Add a note to a task (body: note)' },
  { method: 'patch', path: '/idp/:id/tasks/:taskId/notes/:noteId', operation: 'mutation', field: 'updateIdpNote', body: 'input', args: PLAN, tag, summary: 'Edit a note on a task (author only)' },
  { method: 'delete', path: '/idp/:id/tasks/:taskId/notes/:noteId', operation: 'mutation', field: 'deleteIdpNote', noContent: true, args: PLAN, tag, summary: 'Delete a note on a task (author or ORG_ADMIN)' },
];
