import { LIMIT, type RestRoute, SYNC_PAGE } from '../../rest/routes';

const tag = 'Groups';

/** The group module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const GROUP_ROUTES: RestRoute[] = [
  {
    method: 'get',
    path: '/group',
    operation: 'query',
    field: 'groups',
    query: SYNC_PAGE,
    args: LIMIT,
    pick: 'nodes',
    tag,
    summary: 'Groups of the current organization, by name or by change with updatedSince (limit 1-500, default 100)',
  },
  {
    method: 'post',
    path: '/group',
    operation: 'mutation',
    field: 'createGroup',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a group',
    errors: { 409: 'The name is in use' },
  },
  {
    method: 'get',
    path: '/group/:id',
    operation: 'query',
    field: 'group',
    tag,
    summary: 'Group by id, with its members',
  },
  {
    method: 'patch',
    path: '/group/:id',
    operation: 'mutation',
    field: 'updateGroup',
    body: 'input',
    tag,
    summary: 'Update a group',
    errors: { 409: 'The name is in use' },
  },
  {
    method: 'delete',
    path: '/group/:id',
    operation: 'mutation',
    field: 'deleteGroup',
    noContent: true,
    tag,
    summary: 'Delete a group',
  },
  {
    method: 'post',
    path: '/group/:id/members',
    operation: 'mutation',
    field: 'addGroupMembers',
    body: 'input',
    tag,
    summary: 'Add members (body: employeeIds)',
  },
  {
    method: 'delete',
    path: '/group/:id/members/:employeeId',
    operation: 'mutation',
    field: 'removeGroupMember',
    tag,
    summary: 'Remove a member',
  },
];
