import { randomUUID } from 'node:crypto';
import { pathParams, type RestRoute, ROUTES } from '../../src/rest/routes';
import type { RequestOptions } from '../helpers/api';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { PageServer } from '../helpers/knowledge-files';
import { signOrgToken } from '../helpers/org-token';
import { Receiver } from '../helpers/receiver';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Who may call what: every REST route against eight callers, with each cell's expected status
// written down below. The objects a route names belong to the first organization and are made
// fresh for every cell by its ORG_ADMIN (so a DELETE in one cell leaves the next one its own
// object), and every body is valid, so a 2xx means the call was allowed and a 4xx is the access
// decision, not validation. Conversations and workflows belong to a user: for the five callers of
// the organization they are the caller's own; for the first three columns, the EMPLOYEE's.
//
// Columns: no token | expired token | ORG_ADMIN of another organization | EMPLOYEE | MANAGER |
// ORG_ADMIN | organization token with limitToRole EMPLOYEE | ADMIN (platform, naming the organization)
//
// The rules the table follows: no or expired token 401; another organization's objects 404, and
// its own organization's data where a route serves the caller's current organization (never the
// first organization's: checked on every answer of that column); a role below the route's 403.

type Caller = 'none' | 'expired' | 'other' | 'employee' | 'manager' | 'orgAdmin' | 'orgToken' | 'admin';
const CALLERS: Caller[] = ['none', 'expired', 'other', 'employee', 'manager', 'orgAdmin', 'orgToken', 'admin'];
type Row = [string, number, number, number, number, number, number, number, number];

// prettier-ignore
const MATRIX: Row[] = [
  // Cells that are not a plain allow or deny: an organization token is not an account, so it cannot
  // own a new organization without ownerEmail (400) nor hold conversations (403); a note is edited
  // by its author only, platform ADMIN included (403); a plan is seen by its owner, the owner's
  // managers and ORG_ADMIN (404 for the others, as for any object one may not see); reading an
  // account's preferences is open to its organization, changing them to the account and ORG_ADMIN.
  // route                                                     none exp other EMP MGR  OA tok ADMIN
  ['GET /organization',                                       401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization',                                      401, 401, 201, 201, 201, 201, 400, 201],
  ['PATCH /organization',                                     401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /organization/profile',                               401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization/profile',                              401, 401, 201, 403, 403, 201, 403, 201],
  ['PATCH /organization/profile',                             401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /organization/keys',                                 401, 401, 201, 403, 403, 201, 403, 201],
  ['DELETE /organization/keys/:key',                          401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/preferences/:namespace',                401, 401, 200, 200, 200, 200, 200, 200],
  ['PUT /organization/preferences/:namespace',                401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /organization/alias/:alias',                          401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /organization/by-app/:type',                          401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /organization/by-app-id/:type/:externalId',           401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /organization/by-app-data/:type/:key/:value',         401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization/by-app-secret/:type/:key',             401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /organization/:organization',                         401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /organization/:organization',                       401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/:organization/profile',                 401, 401, 404, 200, 200, 200, 200, 200],
  ['POST /organization/:organization/profile',                401, 401, 404, 403, 403, 201, 403, 201],
  ['PATCH /organization/:organization/profile',               401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/:organization/preferences/:namespace',  401, 401, 404, 200, 200, 200, 200, 200],
  ['PUT /organization/:organization/preferences/:namespace',  401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /organization/:organization/keys',                   401, 401, 404, 403, 403, 201, 403, 201],
  ['DELETE /organization/:organization/keys/:key',            401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /account',                                            401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /account',                                           401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /account/org-admins',                                 401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /account/:accountIdOrEmail',                          401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /account/:accountIdOrEmail',                        401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /account/:accountId/grant',                          401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /account/:accountId/grant',                        401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /account/:accountId/employees',                       401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /account/:accountId/preferences/:namespace',          401, 401, 404, 200, 200, 200, 200, 200],
  ['PUT /account/:accountId/preferences/:namespace',          401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /employee',                                           401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /employee',                                          401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /employee/:id',                                       401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /employee/:id',                                     401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /employee/:id',                                    401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /group',                                              401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /group',                                             401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /group/:id',                                          401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /group/:id',                                        401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /group/:id',                                       401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /group/:id/members',                                 401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /group/:id/members/:employeeId',                   401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /idp',                                                401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /idp',                                               401, 401, 201, 201, 201, 201, 201, 201],
  ['GET /idp/tasks/due',                                      401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /idp/:id',                                            401, 401, 404, 404, 404, 200, 404, 200],
  ['PATCH /idp/:id',                                          401, 401, 404, 404, 404, 200, 404, 200],
  ['DELETE /idp/:id',                                         401, 401, 404, 404, 404, 200, 404, 200],
  ['GET /idp/:id/tasks',                                      401, 401, 404, 404, 404, 200, 404, 200],
  ['POST /idp/:id/tasks',                                     401, 401, 404, 404, 404, 201, 404, 201],
  ['GET /idp/:id/tasks/:taskId',                              401, 401, 404, 404, 404, 200, 404, 200],
  ['PATCH /idp/:id/tasks/:taskId',                            401, 401, 404, 404, 404, 200, 404, 200],
  ['POST /idp/:id/tasks/:taskId/complete',                    401, 401, 404, 404, 404, 200, 404, 200],
  ['DELETE /idp/:id/tasks/:taskId',                           401, 401, 404, 404, 404, 200, 404, 200],
  ['GET /idp/:id/notes',                                      401, 401, 404, 404, 404, 200, 404, 200],
  ['POST /idp/:id/notes',                                     401, 401, 404, 404, 404, 201, 404, 201],
  ['PATCH /idp/:id/notes/:noteId',                            401, 401, 404, 404, 404, 200, 404, 403],
  ['DELETE /idp/:id/notes/:noteId',                           401, 401, 404, 404, 404, 200, 404, 200],
  ['GET /idp/:id/tasks/:taskId/notes',                        401, 401, 404, 404, 404, 200, 404, 200],
  ['POST /idp/:id/tasks/:taskId/notes',                       401, 401, 404, 404, 404, 201, 404, 201],
  ['PATCH /idp/:id/tasks/:taskId/notes/:noteId',              401, 401, 404, 404, 404, 200, 404, 403],
  ['DELETE /idp/:id/tasks/:taskId/notes/:noteId',             401, 401, 404, 404, 404, 200, 404, 200],
  ['GET /app',                                                401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /app',                                               401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /app/by-type/:type',                                  401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /app/by-type-id/:type/:id',                           401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /app/:app',                                           401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /app/:app',                                         401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /app/:app',                                        401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /app/:app/mappings',                                  401, 401, 404, 200, 200, 200, 200, 200],
  ['POST /app/:app/mappings',                                 401, 401, 404, 403, 403, 201, 403, 201],
  ['PATCH /app/:app/mappings/:mapping',                       401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /app/:app/mappings/:mapping',                      401, 401, 404, 403, 403, 200, 403, 200],
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
  ['GET /agent/conversations',                                401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/conversations/start',                         401, 401, 200, 200, 200, 200, 403, 200],
  ['GET /agent/conversations/:id',                            401, 401, 404, 200, 200, 200, 403, 200],
  ['PUT /agent/conversations/:id',                            401, 401, 404, 200, 200, 200, 403, 200],
  ['DELETE /agent/conversations/:id',                         401, 401, 404, 200, 200, 200, 403, 200],
  ['POST /agent/ask',                                         401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/reply',                                       401, 401, 404, 200, 200, 200, 403, 200],
  ['POST /agent/search',                                      401, 401, 200, 200, 200, 200, 403, 200],
  ['POST /agent/assign',                                      401, 401, 404, 200, 200, 200, 403, 200],
  ['GET /agent/workflows',                                    401, 401, 200, 200, 200, 200, 403, 200],
  ['GET /agent/workflows/:id',                                401, 401, 404, 200, 200, 200, 403, 200],
  ['POST /agent/workflows/:id/pause',                         401, 401, 404, 200, 200, 200, 403, 200],
  ['POST /agent/workflows/:id/resume',                        401, 401, 404, 200, 200, 200, 403, 200],
  ['DELETE /agent/workflows/:id',                             401, 401, 404, 200, 200, 200, 403, 200],
  ['POST /agent/add-file-knowledge',                          401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /agent/add-url-knowledge',                           401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /agent/knowledge',                                    401, 401, 200, 403, 403, 200, 403, 200],
  ['DELETE /agent/knowledge/:id',                             401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /agent/history',                                     401, 401, 404, 200, 200, 200, 403, 200],
];

let t: TestApp;
let site: PageServer;
let receiver: Receiver;
let org: OrgRecord;
let admin: Member;
const tokens = {} as Record<Caller, string | undefined>;
let snapshot: () => Promise<Record<string, string>>;

beforeAll(async () => {
  site = await new PageServer().start();
  site.pages.set('/page', { type: 'text/plain', body: 'Desks are booked on Mondays.' });
  receiver = await new Receiver().start();
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '0.2' });
  ({ org, admin } = await orgWithAdmin(t, 'Matrix Org'));
  const { admin: stranger } = await orgWithAdmin(t, 'Other Matrix Org');
  const key = (await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'limited', limitToRole: 'EMPLOYEE' }, admin.token)).body.keys.find((k) => k.secretBase64)!;
  // The default signing key, so that webhooks can be made and a fresh key can be deleted.
  await t.api.post('/api/v1/webhook-key', { name: 'default' }, admin.token);
  Object.assign(tokens, {
    none: undefined,
    expired: t.token({ sub: admin.sub, email: admin.email, org: org.id }, { expiresIn: -10 }),
    other: stranger.token,
    employee: (await member(t, org, admin)).token,
    manager: (await member(t, org, admin, 'MANAGER')).token,
    orgAdmin: admin.token,
    orgToken: signOrgToken(key.id, key.secretBase64!),
    admin: platformAdmin(t, org.id),
  });
  snapshot = await rowCounter(t);
});

afterAll(async () => {
  await t?.close();
  await site?.close();
  await receiver?.close();
});

/** Creates as the ORG_ADMIN and returns the new object's id; the test fails on anything but 2xx. */
async function made(path: string, body?: unknown, token = admin.token): Promise<string> {
  const res = await t.api.post<{ id: string; conversation?: string }>(`/api/v1${path}`, body, token);
  if (res.status >= 300) throw new Error(`fixture ${path}: ${res.status} ${res.text}`);
  return res.body.conversation ?? res.body.id;
}

/** The fresh objects of one cell, made on demand. */
class Fixture {
  private readonly cache = new Map<string, Promise<string>>();
  constructor(private readonly userToken: string) {}

  private once(name: string, make: () => Promise<string>): Promise<string> {
    if (!this.cache.has(name)) this.cache.set(name, make());
    return this.cache.get(name)!;
  }

  employee = () => this.once('employee', () => made('/employee', { name: `Person ${randomUUID().slice(0, 6)}` }));
  group = () => this.once('group', () => made('/group', { name: `Group ${randomUUID().slice(0, 6)}` }));
  member = () => this.once('member', async () => (await member(t, org, admin)).id);
  idp = () => this.once('idp', () => made('/idp', { name: 'Plan', startDate: '2026-01-01', type: 'CAREER' }));
  task = async () => this.once('task', async () => made(`/idp/${await this.idp()}/tasks`, { name: 'Task' }));
  note = async () => this.once('note', async () => made(`/idp/${await this.idp()}/notes`, { note: 'Note' }));
  taskNote = async () => this.once('taskNote', async () => made(`/idp/${await this.idp()}/tasks/${await this.task()}/notes`, { note: 'Task note' }));
  externalId = () => this.once('externalId', async () => `ext-${randomUUID()}`);
  app = async () => this.once('app', async () => made('/app', { type: 'crm', externalId: await this.externalId(), internal: false, name: 'CRM', appData: { region: 'eu' }, secretData: { token: 's3cret' } }));
  mapping = async () => this.once('mapping', async () => made(`/app/${await this.app()}/mappings`, { entityId: await this.employee(), entityType: 'EMPLOYEE', mappedId: randomUUID(), namespace: 'crm' }));
  orgKey = () =>
    this.once('orgKey', async () => {
      const res = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: `k-${randomUUID()}` }, admin.token);
      return res.body.keys.find((k) => k.secretBase64)!.id;
    });
  webhookKey = () => this.once('webhookKey', () => made('/webhook-key', { name: `k-${randomUUID().slice(0, 6)}` }));
  webhook = () => this.once('webhook', () => made('/webhook', { name: 'hook', url: receiver.url, eventType: 'group.delete' }));
  delivery = async () =>
    this.once('delivery', async () => {
      const hook = await this.webhook();
      await t.api.post(`/api/v1/webhook/${hook}/test`, undefined, admin.token);
      const list = await t.api.get<{ id: string }[]>(`/api/v1/webhook/${hook}/deliveries`, admin.token);
      return list.body[0].id;
    });
  /** A conversation with one question, of the cell's user. */
  conversation = () => this.once('conversation', () => made('/agent/ask', { question: 'Who is on the team?' }, this.userToken));
  /** A conversation whose last request can be scheduled. */
  plannable = () => this.once('plannable', () => made('/agent/ask', { question: 'Every Friday at 4pm post the completed tasks in #wins' }, this.userToken));
  workflow = () =>
    this.once('workflow', async () => {
      const asked = await this.plannable();
      await t.api.post('/api/v1/agent/reply', { conversationId: asked, question: 'yes' }, this.userToken);
      const list = await t.api.get<{ id: string; conversationId: string }[]>('/api/v1/agent/workflows', this.userToken);
      return list.body.find((w) => w.conversationId === asked)!.id;
    });
  document = () =>
    this.once('document', async () => {
      const name = `doc-${randomUUID()}.txt`;
      const form = new FormData();
      form.append('file', new Blob(['Parking is free on Fridays.'], { type: 'text/plain' }), name);
      await t.api.request('POST', '/api/v1/agent/add-file-knowledge', { token: admin.token, form });
      const list = await t.api.get<{ id: string; name: string }[]>('/api/v1/agent/knowledge?limit=500', admin.token);
      return list.body.find((d) => d.name === name)!.id;
    });

  /** The value of a path parameter of a route. */
  async param(route: RestRoute, name: string): Promise<string> {
    const [, first, second] = route.path.split('/');
    if (first === 'agent') return second === 'workflows' ? this.workflow() : second === 'knowledge' ? this.document() : this.conversation();
    switch (name) {
      case 'organization':
        return org.id;
      case 'key':
        return first === 'webhook-key' ? this.webhookKey() : route.path.includes('by-app') ? 'token' : this.orgKey();
      case 'namespace':
        return 'ui';
      case 'alias':
        return org.alias;
      case 'type':
        return 'crm';
      case 'externalId':
        return this.externalId();
      case 'value':
        return 'eu';
      case 'accountIdOrEmail':
      case 'accountId':
        return this.member();
      case 'employeeId': {
        // A member of the group the route names.
        const employee = await this.employee();
        await t.api.post(`/api/v1/group/${await this.group()}/members`, { employeeIds: [employee] }, admin.token);
        return employee;
      }
      case 'taskId':
        return this.task();
      case 'noteId':
        return route.path.includes('/tasks/') ? this.taskNote() : this.note();
      case 'app':
        return this.app();
      case 'mapping':
        return this.mapping();
      case 'webhook':
        return this.webhook();
      case 'delivery':
        return this.delivery();
      case 'id':
        if (first === 'employee') return this.employee();
        if (first === 'group') return this.group();
        if (first === 'idp') return this.idp();
        if (first === 'app') return (await this.app()) && this.externalId();
        break;
    }
    throw new Error(`no fixture for :${name} of ${route.path}`);
  }

  /** A valid body for the route. */
  async body(route: RestRoute): Promise<RequestOptions> {
    const label = `${route.method} ${route.path}`;
    if (route.upload) {
      const form = new FormData();
      form.append('file', new Blob(['Lunch is at noon.'], { type: 'text/plain' }), `up-${randomUUID()}.txt`);
      return { form };
    }
    if (route.text) return { raw: { body: `${site.url}/page`, type: 'text/plain' } };
    if (!route.body) return {};
    const bodies: Record<string, () => Promise<unknown>> = {
      'post /organization': async () => ({ name: `New ${randomUUID().slice(0, 6)}` }),
      'post /organization/keys': async () => ({ name: 'key' }),
      'post /organization/:organization/keys': async () => ({ name: 'key' }),
      'post /organization/by-app-secret/:type/:key': async () => ({ secret: 's3cret' }),
      'put /organization/preferences/:namespace': async () => ({ values: { theme: 'dark' } }),
      'put /organization/:organization/preferences/:namespace': async () => ({ values: { theme: 'dark' } }),
      'put /account/:accountId/preferences/:namespace': async () => ({ values: { theme: 'dark' } }),
      'post /account': async () => ({ email: `new-${randomUUID().slice(0, 8)}@example.com` }),
      'patch /account/:accountIdOrEmail': async () => ({ name: 'Renamed' }),
      'post /account/:accountId/grant': async () => ({ role: 'MANAGER' }),
      'delete /account/:accountId/grant': async () => ({ role: 'EMPLOYEE' }),
      'post /group/:id/members': async () => ({ employeeIds: [await this.employee()] }),
      'post /idp': async () => ({ name: 'Plan', startDate: '2026-01-01', type: 'CAREER' }),
      'post /idp/:id/notes': async () => ({ note: 'A note' }),
      'patch /idp/:id/notes/:noteId': async () => ({ note: 'Edited' }),
      'post /idp/:id/tasks/:taskId/notes': async () => ({ note: 'A note' }),
      'patch /idp/:id/tasks/:taskId/notes/:noteId': async () => ({ note: 'Edited' }),
      'post /app': async () => ({ type: 'crm', externalId: `ext-${randomUUID()}`, internal: false, name: 'CRM' }),
      'post /app/:app/mappings': async () => ({ entityId: await this.employee(), entityType: 'EMPLOYEE', mappedId: randomUUID(), namespace: 'crm' }),
      'patch /app/:app/mappings/:mapping': async () => ({ reference: 'ref' }),
      'post /webhook-key': async () => ({ name: 'key' }),
      'post /webhook': async () => ({ name: 'hook', url: receiver.url, eventType: 'group.delete' }),
      'put /agent/conversations/:id': async () => ({ name: 'Renamed' }),
      'post /agent/ask': async () => ({ question: 'Who is on the team?' }),
      'post /agent/reply': async () => ({ conversationId: await this.conversation(), question: 'And who leads it?' }),
      'post /agent/assign': async () => ({ conversationId: await this.plannable() }),
      'post /agent/search': async () => ({ query: 'team' }),
      'post /agent/history': async () => ({ conversationId: await this.conversation() }),
    };
    const make = bodies[label];
    // Every other body route is an update or profile change: one name-like field is enough.
    const body = make ? await make() : route.path.includes('profile') ? { mission: 'Grow people' } : { name: `Renamed ${randomUUID().slice(0, 8)}` };
    return { body };
  }
}

const label = (r: RestRoute) => `${r.method.toUpperCase()} ${r.path}`;

/** Runs one cell: fresh objects, the caller's request, the status. */
async function cell(route: RestRoute, caller: Caller): Promise<{ status: number; text: string }> {
  const own = ['employee', 'manager', 'orgAdmin', 'orgToken', 'admin'].includes(caller) ? tokens[caller]! : tokens.employee!;
  const fixture = new Fixture(await usable(own));
  let path = route.path;
  for (const name of pathParams(route.path)) path = path.replace(`:${name}`, encodeURIComponent(await fixture.param(route, name)));
  const options = await fixture.body(route);
  // The due-task list needs a cut-off; every other query parameter is optional.
  const query = route.path === '/idp/tasks/due' ? '?overdue=true' : '';
  const before = await snapshot();
  const res = await t.api.request(route.method.toUpperCase(), `/api/v1${path}${query}`, { token: tokens[caller], ...options });
  // A refused call stores nothing.
  if (res.status >= 400) expect(await snapshot()).toEqual(before);
  return { status: res.status, text: res.text };
}

/** Callers that cannot own conversations (organization tokens, platform ADMIN) use the EMPLOYEE's. */
async function usable(token: string): Promise<string> {
  const probe = await t.api.get('/api/v1/agent/conversations', token);
  return probe.status === 200 ? token : tokens.employee!;
}

describe('the access matrix', () => {
  it('has one row per route', () => {
    expect(MATRIX.map((row) => row[0]).sort()).toEqual(ROUTES.map(label).sort());
  });

  it.each(ROUTES.map((r) => [label(r), r] as const))('%s', async (name, route) => {
    const row = MATRIX.find((r) => r[0] === name);
    const actual: Record<string, number> = {};
    for (const caller of CALLERS) {
      const { status, text } = await cell(route, caller);
      actual[caller] = status;
      // Another organization's caller never sees the first organization's data.
      if (caller === 'other' && status < 300) expect(text).not.toContain(org.id);
    }
    expect(actual).toEqual(Object.fromEntries(CALLERS.map((c, i) => [c, row?.[i + 1]])));
  });
});
