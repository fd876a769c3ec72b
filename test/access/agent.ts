import { type ModuleFixtures, type Objects, type Row, unique, type World } from './fixtures';

function textFile(name: string, text: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  return form;
}

/** Asks the agent as the owner of the cell's user objects; the conversation's id. */
async function asked(o: Objects, w: World, question: string): Promise<string> {
  return (await w.created<{ conversation: string }>('/agent/ask', { question }, o.owner)).conversation;
}

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /agent/conversations',                                401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/conversations/start',                         401, 401, 200, 200, 200, 200, 403, 200],
  ['GET /agent/conversations/:id',                            401, 401, 404, 200, 404, 404, 403, 404],
  ['PUT /agent/conversations/:id',                            401, 401, 404, 200, 404, 404, 403, 404],
  ['DELETE /agent/conversations/:id',                         401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/ask',                                         401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/reply',                                       401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/search',                                      401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/assign',                                      401, 401, 404, 200, 404, 404, 403, 404],
  ['GET /agent/workflows',                                    401, 401, 200, 200, 200, 200, 403, 200],
  ['GET /agent/workflows/:id',                                401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/workflows/:id/pause',                         401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/workflows/:id/resume',                        401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/workflows/:id/run',                           401, 401, 404, 202, 404, 404, 403, 404],
  ['DELETE /agent/workflows/:id',                             401, 401, 404, 200, 404, 404, 403, 404],
  ['POST /agent/add-file-knowledge',                          401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /agent/add-url-knowledge',                           401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /agent/knowledge',                                    401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /agent/knowledge/:id',                                401, 401, 404, 200, 200, 200, 200, 200],
  ['DELETE /agent/knowledge/:id',                             401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /agent/history',                                     401, 401, 404, 200, 404, 404, 403, 404],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: {
    // A user's (o.owner): conversations and a workflow.
    conversation: (o, w) => asked(o, w, 'Who works here?'),
    /** A conversation whose last request can be scheduled. */
    plannable: (o, w) => asked(o, w, 'Every Friday at 4pm post the completed tasks in #wins'),
    workflow: async (o, w) => {
      const conversationId = await o.get('plannable');
      await w.created('/agent/reply', { conversationId, question: 'yes' }, o.owner);
      const list = await w.t.api.get<{ id: string; conversationId: string }[]>('/api/v1/agent/workflows', o.owner);
      return list.body.find((f) => f.conversationId === conversationId)!.id;
    },
    // The organization's: a document of the knowledge base, added by the ORG_ADMIN.
    document: async (_o, w) => {
      const name = `${unique('doc')}.txt`;
      const res = await w.t.api.request('POST', '/api/v1/agent/add-file-knowledge', {
        token: w.admin.token,
        form: textFile(name, 'Parking is free on Fridays.'),
      });
      if (res.status !== 200) throw new Error(`fixture knowledge: ${res.status} ${res.text}`);
      const list = await w.t.api.get<{ id: string; name: string }[]>(
        '/api/v1/agent/knowledge?limit=500',
        w.admin.token,
      );
      return list.body.find((d) => d.name === name)!.id;
    },
  },
  async param(name, route, o) {
    if (name !== 'id') return undefined;
    if (route.path.startsWith('/agent/conversations')) return o.get('conversation');
    if (route.path.startsWith('/agent/workflows')) return o.get('workflow');
    if (route.path.startsWith('/agent/knowledge')) return o.get('document');
  },
  bodies: {
    'PUT /agent/conversations/:id': () => ({ name: 'Renamed' }),
    'POST /agent/ask': () => ({ question: 'Who works here?' }),
    'POST /agent/reply': async (o) => ({
      conversationId: await o.get('conversation'),
      question: 'And who leads them?',
    }),
    'POST /agent/search': () => ({ query: 'works' }),
    'POST /agent/assign': async (o) => ({ conversationId: await o.get('plannable') }),
    'POST /agent/history': async (o) => ({ conversationId: await o.get('conversation') }),
    'POST /agent/add-file-knowledge': () => textFile(`${unique('upload')}.txt`, 'Lunch is at noon.'),
    'POST /agent/add-url-knowledge': (_o, w) => w.pageUrl,
  },
};
