import { PAGE, type RestRoute } from '../../rest/routes';

const tag = 'Accounts';

/** The account module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const ACCOUNT_ROUTES: RestRoute[] = [
  // Static paths come before parameterised ones: Express matches in order.
  { method: 'get', path: '/account', operation: 'query', field: 'accounts', query: PAGE, tag, summary: 'Accounts holding a grant in the current organization (limit 1-500, default 100)' },
  { method: 'post', path: '/account', operation: 'mutation', field: 'createAccount', body: 'input', status: 201, tag, summary: 'Create an account with an EMPLOYEE grant in the current organization' },
  { method: 'get', path: '/account/org-admins', operation: 'query', field: 'orgAdmins', query: PAGE, tag, summary: 'Accounts that are ORG_ADMIN of the current organization' },
  { method: 'get', path: '/account/:accountIdOrEmail', operation: 'query', field: 'account', tag, summary: 'Account by id or email' },
  { method: 'patch', path: '/account/:accountIdOrEmail', operation: 'mutation', field: 'updateAccount', body: 'input', tag, summary: 'Update an account (active false deactivates it)' },
  { method: 'post', path: '/account/:accountId/grant', operation: 'mutation', field: 'grantRole', body: 'input', tag, summary: 'Grant a role in an organization' },
  { method: 'delete', path: '/account/:accountId/grant', operation: 'mutation', field: 'revokeRole', body: 'input', tag, summary: 'Revoke a role (body: role, orgId); the last ORG_ADMIN stays' },
  { method: 'get', path: '/account/:accountId/employees', operation: 'query', field: 'accountEmployees', tag, summary: 'Employee records linked to the account' },
  { method: 'get', path: '/account/:accountId/preferences/:namespace', operation: 'query', field: 'accountPreferences', tag, summary: 'One preferences namespace of an account' },
  { method: 'put', path: '/account/:accountId/preferences/:namespace', operation: 'mutation', field: 'setAccountPreferences', body: 'input', tag, summary: 'Replace one preferences namespace of an account' },
];
