import { LIMIT, type RestRoute, SYNC_PAGE } from '../../rest/routes';

const tag = 'Apps';

/** The app module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const APP_ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  {
    method: 'get',
    path: '/app',
    operation: 'query',
    field: 'apps',
    query: [...SYNC_PAGE, 'type'],
    args: LIMIT,
    pick: 'nodes',
    tag,
    summary:
      'Apps of the current organization, by type and name or by change with updatedSince (limit 1-500, default 100)',
  },
  {
    method: 'post',
    path: '/app',
    operation: 'mutation',
    field: 'createApp',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create an app (ORG_ADMIN); (type, externalId) is unique',
    errors: { 409: 'An app of this type with this externalId exists' },
  },
  {
    method: 'get',
    path: '/app/by-type/:type',
    operation: 'query',
    field: 'appsByType',
    query: SYNC_PAGE,
    args: LIMIT,
    pick: 'nodes',
    tag,
    summary: 'Apps of a type in the current organization (limit 1-500, default 100)',
  },
  {
    method: 'get',
    path: '/app/by-type-id/:type/:id',
    operation: 'query',
    field: 'appByExternalId',
    args: { id: 'externalId' },
    tag,
    summary: 'The app of a type with this external id',
    errors: { 404: 'No app of this type with this externalId' },
  },
  {
    method: 'get',
    path: '/app/:app',
    operation: 'query',
    field: 'app',
    tag,
    summary: 'App by id (secretData only to ORG_ADMIN, ADMIN and organization tokens acting as ORG_ADMIN)',
  },
  {
    method: 'patch',
    path: '/app/:app',
    operation: 'mutation',
    field: 'updateApp',
    body: 'input',
    tag,
    summary: 'Change an app; a map sent replaces the stored one, a key set to null is removed',
    errors: { 409: 'An app of this type with this externalId exists' },
  },
  {
    method: 'delete',
    path: '/app/:app',
    operation: 'mutation',
    field: 'deleteApp',
    noContent: true,
    tag,
    summary: 'Delete an app and its mappings',
  },
];
