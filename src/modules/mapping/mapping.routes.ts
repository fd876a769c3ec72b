import { LIMIT, type RestRoute, SYNC_PAGE } from '../../rest/routes';

const tag = 'Apps';

/** The mapping module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const MAPPING_ROUTES: RestRoute[] = [
  {
    method: 'get',
    path: '/app/:app/mappings',
    operation: 'query',
    field: 'appMappings',
    query: SYNC_PAGE,
    args: LIMIT,
    pick: 'nodes',
    tag,
    summary: 'Records mapped to the app: {entity, mapping} items (limit 1-500, default 100)',
  },
  {
    method: 'post',
    path: '/app/:app/mappings',
    operation: 'mutation',
    field: 'mapEntity',
    body: 'input',
    status: 201,
    tag,
    summary: 'Map a record to the app (ORG_ADMIN)',
    errors: { 409: 'The record is already mapped in this namespace' },
  },
  {
    method: 'patch',
    path: '/app/:app/mappings/:mapping',
    operation: 'mutation',
    field: 'updateMapping',
    body: 'input',
    tag,
    summary: 'Change a mapping (ORG_ADMIN)',
    errors: { 409: 'The record is already mapped in this namespace' },
  },
  {
    method: 'delete',
    path: '/app/:app/mappings/:mapping',
    operation: 'mutation',
    field: 'unmapEntity',
    noContent: true,
    tag,
    summary: 'Remove a mapping (ORG_ADMIN)',
  },
];
