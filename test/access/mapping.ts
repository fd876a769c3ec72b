import { randomUUID } from 'node:crypto';
import { appId } from './app';
import type { ModuleFixtures, Objects, Row } from './fixtures';

/** A mapping of the cell's employee. */
const mappingOf = async (o: Objects) => ({
  entityType: 'EMPLOYEE',
  entityId: await o.get('employee'),
  namespace: 'crm',
  mappedId: randomUUID(),
});

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /app/:app/mappings',                                  401, 401, 404, 200, 200, 200, 200, 200],
  ['POST /app/:app/mappings',                                 401, 401, 404, 403, 403, 201, 403, 201],
  ['PATCH /app/:app/mappings/:mapping',                       401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /app/:app/mappings/:mapping',                      401, 401, 404, 403, 403, 200, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: {
    mapping: async (o, w) => {
      const body = await mappingOf(o);
      return (await w.created(`/app/${await appId(o)}/mappings`, body)).id;
    },
  },
  async param(name, _route, o) {
    if (name === 'app') return appId(o);
    if (name === 'mapping') return o.get('mapping');
  },
  bodies: {
    'POST /app/:app/mappings': mappingOf,
    'PATCH /app/:app/mappings/:mapping': () => ({ reference: 'ref-2' }),
  },
};
