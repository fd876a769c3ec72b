import { LIMIT, type RestRoute, SYNC_PAGE } from '../../rest/routes';

const tag = 'Employees';

/** The employee module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const EMPLOYEE_ROUTES: RestRoute[] = [
  {
    method: 'get',
    path: '/employee',
    operation: 'query',
    field: 'employees',
    query: [...SYNC_PAGE, 'department', 'manager', 'active', 'account'],
    args: LIMIT,
    pick: 'nodes',
    tag,
    summary: 'Employees of the current organization, by name or by change with updatedSince (limit 1-500, default 50)',
  },
  {
    method: 'post',
    path: '/employee',
    operation: 'mutation',
    field: 'createEmployee',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create an employee',
    errors: { 409: 'The account is already linked to another employee' },
  },
  { method: 'get', path: '/employee/:id', operation: 'query', field: 'employee', tag, summary: 'Employee by id' },
  {
    method: 'patch',
    path: '/employee/:id',
    operation: 'mutation',
    field: 'updateEmployee',
    body: 'input',
    tag,
    summary: 'Update an employee',
    errors: { 409: 'The account is already linked to another employee' },
  },
  {
    method: 'delete',
    path: '/employee/:id',
    operation: 'mutation',
    field: 'deleteEmployee',
    noContent: true,
    tag,
    summary: 'Delete an employee',
  },
];
