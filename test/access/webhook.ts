import { type ModuleFixtures, type Row, unique, type World } from './fixtures';

/** A webhook to the suite's address. */
const hookOf = (w: World) => ({ name: 'hook', url: w.webhookUrl, eventType: 'group.delete' });

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /webhook-key',                                        401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /webhook-key',                                       401, 401, 201, 403, 403, 201, 403, 201],
  ['POST /webhook-key/:key/default',                          401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /webhook-key/:key',                                401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /webhook',                                            401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /webhook',                                           401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /webhook/:webhook',                                   401, 401, 404, 403, 403, 200, 403, 200],
  ['PATCH /webhook/:webhook',                                 401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /webhook/:webhook',                                401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /webhook/:webhook/deliveries',                        401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /webhook/:webhook/deliveries/:delivery/redeliver',   401, 401, 404, 403, 403, 202, 403, 202],
  ['POST /webhook/:webhook/test',                             401, 401, 404, 403, 403, 202, 403, 202],
];

export const fixtures: ModuleFixtures = {
  rows,
  // A webhook is signed with the organization's default key: the suite makes one beforehand.
  objects: {
    webhookKey: async (_o, w) => (await w.created('/webhook-key', { name: unique('key') })).id,
    webhook: async (_o, w) => (await w.created('/webhook', hookOf(w))).id,
    delivery: async (o, w) => (await w.created(`/webhook/${await o.get('webhook')}/test`)).id,
  },
  async param(name, _route, o) {
    if (name === 'key') return o.get('webhookKey');
    if (name === 'webhook' || name === 'delivery') return o.get(name);
  },
  bodies: {
    'POST /webhook-key': () => ({ name: unique('key') }),
    'POST /webhook': (_o, w) => hookOf(w),
    'PATCH /webhook/:webhook': () => ({ name: 'Renamed hook' }),
  },
};
