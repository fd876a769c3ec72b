import type { ModuleFixtures, Objects, Row, World } from './fixtures';

const PLAN = { name: 'Growth', startDate: '2026-01-01', type: 'CAREER' };

/** POSTs as the owner of the user's objects; the new object's id. */
const owned = async (o: Objects, w: World, path: string, body: unknown) => (await w.created(path, body, o.owner)).id;

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /idp',                                                401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /idp',                                               401, 401, 201, 201, 201, 201, 201, 201],
  ['GET /idp/tasks/due',                                      401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /idp/:id',                                            401, 401, 404, 200, 404, 200, 404, 200],
  ['PATCH /idp/:id',                                          401, 401, 404, 200, 404, 200, 404, 200],
  ['DELETE /idp/:id',                                         401, 401, 404, 200, 404, 200, 404, 200],
  ['GET /idp/:id/tasks',                                      401, 401, 404, 200, 404, 200, 404, 200],
  ['POST /idp/:id/tasks',                                     401, 401, 404, 201, 404, 201, 404, 201],
  ['GET /idp/:id/tasks/:taskId',                              401, 401, 404, 200, 404, 200, 404, 200],
  ['PATCH /idp/:id/tasks/:taskId',                            401, 401, 404, 200, 404, 200, 404, 200],
  ['POST /idp/:id/tasks/:taskId/complete',                    401, 401, 404, 200, 404, 200, 404, 200],
  ['DELETE /idp/:id/tasks/:taskId',                           401, 401, 404, 200, 404, 200, 404, 200],
  ['GET /idp/:id/notes',                                      401, 401, 404, 200, 404, 200, 404, 200],
  ['POST /idp/:id/notes',                                     401, 401, 404, 201, 404, 201, 404, 201],
  ['PATCH /idp/:id/notes/:noteId',                            401, 401, 404, 200, 404, 403, 404, 403],
  ['DELETE /idp/:id/notes/:noteId',                           401, 401, 404, 200, 404, 200, 404, 200],
  ['GET /idp/:id/tasks/:taskId/notes',                        401, 401, 404, 200, 404, 200, 404, 200],
  ['POST /idp/:id/tasks/:taskId/notes',                       401, 401, 404, 201, 404, 201, 404, 201],
  ['PATCH /idp/:id/tasks/:taskId/notes/:noteId',              401, 401, 404, 200, 404, 403, 404, 403],
  ['DELETE /idp/:id/tasks/:taskId/notes/:noteId',             401, 401, 404, 200, 404, 200, 404, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  // Objects of a user (o.owner): a PRIVATE plan, its task, a note on each.
  objects: {
    plan: (o, w) => owned(o, w, '/idp', PLAN),
    task: async (o, w) => owned(o, w, `/idp/${await o.get('plan')}/tasks`, { name: 'Read a book' }),
    note: async (o, w) => owned(o, w, `/idp/${await o.get('plan')}/notes`, { note: 'Started' }),
    taskNote: async (o, w) =>
      owned(o, w, `/idp/${await o.get('plan')}/tasks/${await o.get('task')}/notes`, { note: 'Half way' }),
  },
  async param(name, route, o) {
    if (name === 'id') return o.get('plan');
    if (name === 'taskId') return o.get('task');
    if (name === 'noteId') return o.get(route.path.includes('/tasks/') ? 'taskNote' : 'note');
  },
  bodies: {
    'POST /idp': () => PLAN,
    'PATCH /idp/:id': () => ({ name: 'Renamed plan' }),
    'POST /idp/:id/tasks': () => ({ name: 'Give a talk' }),
    'PATCH /idp/:id/tasks/:taskId': () => ({ name: 'Read two books' }),
    'POST /idp/:id/notes': () => ({ note: 'Well done' }),
    'PATCH /idp/:id/notes/:noteId': () => ({ note: 'Edited' }),
    'POST /idp/:id/tasks/:taskId/notes': () => ({ note: 'Well done' }),
    'PATCH /idp/:id/tasks/:taskId/notes/:noteId': () => ({ note: 'Edited' }),
  },
  // The due-task list needs a cut-off.
  queries: { 'GET /idp/tasks/due': 'overdue=true' },
};
