import { type AccountMember, member } from '../helpers/directory';
import { type ModuleFixtures, PREFERENCES, type Row, unique } from './fixtures';

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /account',                                            401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /account',                                           401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /account/org-admins',                                 401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /account/:accountIdOrEmail',                          401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /account/:accountIdOrEmail',                        401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /account/:accountId/grant',                          401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /account/:accountId/grant',                        401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /account/:accountId/employees',                       401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /account/:accountId/preferences/:namespace',          401, 401, 404, 403, 403, 403, 403, 200],
  ['PUT /account/:accountId/preferences/:namespace',          401, 401, 404, 403, 403, 403, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  // A new member of the organization each time: a cell may deactivate the account it names.
  objects: { account: (_o, w) => member(w.t, w.org, w.admin) },
  async param(name, _route, o) {
    if (name === 'accountIdOrEmail') return (await o.get<AccountMember>('account')).email;
    if (name === 'accountId') return (await o.get<AccountMember>('account')).id;
  },
  bodies: {
    'POST /account': () => ({ email: `${unique('new')}@example.com` }),
    'PATCH /account/:accountIdOrEmail': () => ({ name: 'Renamed' }),
    'POST /account/:accountId/grant': () => ({ role: 'MANAGER' }),
    'DELETE /account/:accountId/grant': () => ({ role: 'EMPLOYEE' }),
    'PUT /account/:accountId/preferences/:namespace': () => PREFERENCES,
  },
};
