import { type ModuleFixtures, type Row, unique } from './fixtures';

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /employee',                                           401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /employee',                                          401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /employee/:id',                                       401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /employee/:id',                                     401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /employee/:id',                                    401, 401, 404, 403, 403, 200, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: { employee: async (_o, w) => (await w.created('/employee', { name: unique('Person') })).id },
  param: async (name, _route, o) => (name === 'id' ? o.get('employee') : undefined),
  bodies: {
    'POST /employee': () => ({ name: unique('Person') }),
    'PATCH /employee/:id': () => ({ title: 'Engineer' }),
  },
};
