import { type ModuleFixtures, type Row, unique } from './fixtures';

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /group',                                              401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /group',                                             401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /group/:id',                                          401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /group/:id',                                        401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /group/:id',                                       401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /group/:id/members',                                 401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /group/:id/members/:employeeId',                   401, 401, 404, 403, 403, 200, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: {
    // The group has the cell's employee in it; the newcomer is in no group yet.
    group: async (o, w) =>
      (await w.created('/group', { name: unique('Group'), members: [await o.get('employee')] })).id,
    newcomer: async (_o, w) => (await w.created('/employee', { name: unique('Newcomer') })).id,
  },
  async param(name, _route, o) {
    if (name === 'id') return o.get('group');
    if (name === 'employeeId') {
      // A member of the route's group: the group is made with this employee in it.
      await o.get('group');
      return o.get('employee');
    }
  },
  bodies: {
    'POST /group': () => ({ name: unique('Group') }),
    'PATCH /group/:id': () => ({ description: 'Keeps things running' }),
    'POST /group/:id/members': async (o) => ({ employeeIds: [await o.get('newcomer')] }),
  },
};
