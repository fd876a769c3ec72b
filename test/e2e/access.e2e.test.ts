import { randomUUID } from 'node:crypto';
import { ROUTES } from '../../src/modules';
import { pathParams, type RestRoute } from '../../src/rest/routes';
import type { RequestOptions } from '../helpers/api';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { PageServer } from '../helpers/knowledge-files';
import { signOrgToken } from '../helpers/org-token';
import { Receiver } from '../helpers/receiver';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The access matrix: every REST route of ROUTES, called by eight callers, with the status each
// call must answer written down as a literal below (one row per route; a route without a row
// fails the suite).
//
// Columns (callers):
//   none    no Authorization header
//   expired the ORG_ADMIN's own user token, expired 10 s ago
//   other   the ORG_ADMIN of a second organization, naming objects of the first one
//   EMP     a plain member of the organization (EMPLOYEE grant)
//   MGR     a member with the MANAGER grant (and no one reporting to them)
//   OA      the ORG_ADMIN who created the organization
//   token   an organization token whose key has limitToRole EMPLOYEE
//   ADMIN   the platform administrator, naming the organization in the token
//   forged  the EMPLOYEE's own account with a token whose roles claim names ORG_ADMIN, MANAGER,
//           lowercase variants and junk: organization roles come from grants only (docs/tokens.md),
//           so this column is the EMPLOYEE column, for every route (not written out)
//
// The rules (docs/rules.md; the statuses of docs/rest.md, "Errors"): no token or an expired one
// 401; a role below the route's 403; another tenant's object 404, never revealed. Routes that act
// on the caller's *current* organization (no id in the path) serve the second organization's own
// data to `other`: that is a 2xx, and its body must not carry the first organization's id.
//
// Every cell gets objects of its own, made just before the call (so a DELETE in one cell leaves
// the next one an object to delete), and a valid body, so a 2xx means the call was allowed and
// a 4xx is the access decision, not validation. A refused mutation must leave every row count
// unchanged. Objects of the organization are made by the ORG_ADMIN. Plans, their tasks and
// notes, conversations and workflows belong to a user: here the EMPLOYEE owns and wrote them, so
// the EMP column is their owner and the other columns say who else reaches them: a PRIVATE plan
// is read by ORG_ADMIN and ADMIN and is 404 to everyone else (MGR manages nobody); a note is
// edited by its author only (403 to ORG_ADMIN and ADMIN, who may read and delete it); a
// conversation or workflow exists for its owner alone (404 to everyone, ORG_ADMIN and ADMIN
// included), and an organization token cannot hold conversations at all (403: it is no user).
// POST /organization names no ownerEmail: any signed-in user may create an organization and owns
// it (ORG_CREATION=anyone), naming somebody else needs a platform ADMIN
// (test/e2e/organization-creation.e2e.test.ts), and a token that is not an account cannot own
// one (400, the field named).

type Caller = 'none' | 'expired' | 'other' | 'employee' | 'manager' | 'orgAdmin' | 'orgToken' | 'admin' | 'forged';
const WRITTEN: readonly Caller[] = ['none', 'expired', 'other', 'employee', 'manager', 'orgAdmin', 'orgToken', 'admin'];
const CALLERS: readonly Caller[] = [...WRITTEN, 'forged'];
/** The expected status of a caller in a row; the forged-roles caller is the EMPLOYEE. */
const expectedOf = (row: Row, caller: Caller) =>
  row[WRITTEN.indexOf(caller === 'forged' ? 'employee' : caller) + 1] as number;
type Row = [
  route: string,
  none: number,
  expired: number,
  other: number,
  employee: number,
  manager: number,
  orgAdmin: number,
  orgToken: number,
  admin: number,
];

// prettier-ignore
const EXPECTED: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
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
  ['POST /organization/by-app-secret/:type/:key',             401, 401, 403, 403, 403, 403, 403, 200],
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
  ['GET /account/:accountId/preferences/:namespace',          401, 401, 404, 403, 403, 403, 403, 200],
  ['PUT /account/:accountId/preferences/:namespace',          401, 401, 404, 403, 403, 403, 403, 200],
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

const APP_TYPE = 'crm';
const APP_SECRET = { key: 'token', value: 's3cret' };

let t: TestApp;
let site: PageServer;
let receiver: Receiver;
let org: OrgRecord;
let admin: Member;
let employee: AccountMember;
const tokens = {} as Record<Caller, string | undefined>;
let rowCounts: () => Promise<Record<string, string>>;

beforeAll(async () => {
  site = await new PageServer().start();
  site.pages.set('/handbook', { type: 'text/plain', body: 'Expenses are filed by the fifth of each month.' });
  receiver = await new Receiver().start();
  // Webhooks and the URL knowledge route reach the loopback receiver and page server.
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  ({ org, admin } = await orgWithAdmin(t, 'Access Org'));
  const { admin: stranger } = await orgWithAdmin(t, 'Stranger Org');
  employee = await member(t, org, admin);
  const keyed = await t.api.post<OrgRecord>(
    '/api/v1/organization/keys',
    { name: 'limited', limitToRole: 'EMPLOYEE' },
    admin.token,
  );
  const key = keyed.body.keys.find((k) => k.secretBase64)!;
  Object.assign(tokens, {
    none: undefined,
    expired: t.token({ sub: admin.sub, email: admin.email, org: org.id }, { expiresIn: -600 }),
    other: stranger.token,
    employee: employee.token,
    manager: (await member(t, org, admin, 'MANAGER')).token,
    orgAdmin: admin.token,
    orgToken: signOrgToken(key.id, key.secretBase64!),
    admin: platformAdmin(t, org.id),
    forged: t.token({
      sub: employee.sub,
      email: employee.email,
      org: org.id,
      // Junk of every JSON kind, too: the claim is not typed by the signer.
      roles: [
        'ORG_ADMIN',
        'MANAGER',
        'org_admin',
        'Org_Admin',
        'manager',
        'admin',
        ' ADMIN',
        'ADMIN ',
        'EMPLOYEE',
        'SUPERUSER',
        '',
        42,
        null,
        { role: 'ORG_ADMIN' },
        ['ORG_ADMIN'],
      ] as unknown as string[],
    }),
  });
  // Both organizations get a default signing key, so that creating a webhook is valid for both.
  await created('/webhook-key', { name: 'default' });
  await created('/webhook-key', { name: 'default' }, stranger.token);
  // A user's first request creates their account: made here, so it counts in no refused cell.
  for (const caller of CALLERS) await t.api.get('/api/v1/organization', tokens[caller]);
  rowCounts = await rowCounter(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await site?.close();
  await receiver?.close();
});

/** POSTs as the ORG_ADMIN (or `token`) and returns the answer; anything but 2xx fails the test. */
async function created<T = { id: string }>(path: string, body?: unknown, token = admin.token): Promise<T> {
  const res = await t.api.post<T>(`/api/v1${path}`, body, token);
  if (res.status >= 300) throw new Error(`fixture POST ${path}: ${res.status} ${res.text}`);
  return res.body;
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The objects of one cell, each made the first time it is asked for; `owner` owns the user's objects. */
class Objects {
  private readonly made = new Map<string, Promise<unknown>>();

  constructor(private readonly owner = employee.token) {}

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }

  // Objects of the organization, made by its ORG_ADMIN.
  employee = () => this.once('employee', async () => (await created('/employee', { name: unique('Person') })).id);
  newcomer = () => this.once('newcomer', async () => (await created('/employee', { name: unique('Newcomer') })).id);
  group = () =>
    this.once(
      'group',
      async () => (await created('/group', { name: unique('Group'), members: [await this.employee()] })).id,
    );
  account = () => this.once('account', () => member(t, org, admin));
  orgKey = () =>
    this.once(
      'orgKey',
      async () =>
        (await created<OrgRecord>('/organization/keys', { name: unique('key') })).keys.find((k) => k.secretBase64)!.id,
    );
  app = () =>
    this.once('app', () =>
      created<{ id: string; externalId: string }>('/app', {
        type: APP_TYPE,
        externalId: unique('ext'),
        internal: false,
        name: 'CRM',
        appData: { region: 'eu' },
        secretData: { [APP_SECRET.key]: APP_SECRET.value },
      }),
    );
  mapping = () =>
    this.once('mapping', async () => {
      const body = {
        entityType: 'EMPLOYEE',
        entityId: await this.employee(),
        namespace: 'crm',
        mappedId: randomUUID(),
      };
      return (await created(`/app/${(await this.app()).id}/mappings`, body)).id;
    });
  webhookKey = () => this.once('webhookKey', async () => (await created('/webhook-key', { name: unique('key') })).id);
  webhook = () =>
    this.once(
      'webhook',
      async () => (await created('/webhook', { name: 'hook', url: receiver.url, eventType: 'group.delete' })).id,
    );
  delivery = () => this.once('delivery', async () => (await created(`/webhook/${await this.webhook()}/test`)).id);
  document = () =>
    this.once('document', async () => {
      const name = `${unique('doc')}.txt`;
      const res = await t.api.request('POST', '/api/v1/agent/add-file-knowledge', {
        token: admin.token,
        form: textFile(name, 'Parking is free on Fridays.'),
      });
      if (res.status !== 200) throw new Error(`fixture knowledge: ${res.status} ${res.text}`);
      const list = await t.api.get<{ id: string; name: string }[]>('/api/v1/agent/knowledge?limit=500', admin.token);
      return list.body.find((d) => d.name === name)!.id;
    });

  // Objects that belong to a user (the EMPLOYEE unless told): a PRIVATE plan, its task and notes, conversations, a workflow.
  plan = () =>
    this.once(
      'plan',
      async () => (await created('/idp', { name: 'Growth', startDate: '2026-01-01', type: 'CAREER' }, this.owner)).id,
    );
  task = () =>
    this.once(
      'task',
      async () => (await created(`/idp/${await this.plan()}/tasks`, { name: 'Read a book' }, this.owner)).id,
    );
  note = () =>
    this.once(
      'note',
      async () => (await created(`/idp/${await this.plan()}/notes`, { note: 'Started' }, this.owner)).id,
    );
  taskNote = () =>
    this.once(
      'taskNote',
      async () =>
        (await created(`/idp/${await this.plan()}/tasks/${await this.task()}/notes`, { note: 'Half way' }, this.owner))
          .id,
    );
  conversation = () =>
    this.once(
      'conversation',
      async () =>
        (await created<{ conversation: string }>('/agent/ask', { question: 'Who works here?' }, this.owner))
          .conversation,
    );
  /** A conversation whose last request can be scheduled. */
  plannable = () =>
    this.once(
      'plannable',
      async () =>
        (
          await created<{ conversation: string }>(
            '/agent/ask',
            { question: 'Every Friday at 4pm post the completed tasks in #wins' },
            this.owner,
          )
        ).conversation,
    );
  workflow = () =>
    this.once('workflow', async () => {
      const conversationId = await this.plannable();
      await created('/agent/reply', { conversationId, question: 'yes' }, this.owner);
      const list = await t.api.get<{ id: string; conversationId: string }[]>('/api/v1/agent/workflows', this.owner);
      return list.body.find((w) => w.conversationId === conversationId)!.id;
    });
}

function textFile(name: string, text: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  return form;
}

/** The value of one path parameter of a route, an object of the first organization. */
async function param(route: RestRoute, name: string, o: Objects): Promise<string> {
  const area = route.path.split('/')[1];
  switch (name) {
    case 'organization':
      return org.id;
    case 'alias':
      return org.alias;
    case 'namespace':
      return 'ui';
    case 'type':
      // Look-ups by type search for an app of the organization that exists.
      await o.app();
      return APP_TYPE;
    case 'externalId':
      return (await o.app()).externalId;
    case 'value':
      // The app's appData has region = eu, its secretData token = s3cret.
      return 'eu';
    case 'key':
      if (area === 'webhook-key') return o.webhookKey();
      if (!route.path.includes('/by-app-')) return o.orgKey();
      return route.path.includes('secret') ? APP_SECRET.key : 'region';
    case 'accountIdOrEmail':
      return (await o.account()).email;
    case 'accountId':
      return (await o.account()).id;
    case 'employeeId':
      // A member of the route's group: the group is made with this employee in it.
      await o.group();
      return o.employee();
    case 'taskId':
      return o.task();
    case 'noteId':
      return route.path.includes('/tasks/') ? o.taskNote() : o.note();
    case 'app':
      return (await o.app()).id;
    case 'mapping':
      return o.mapping();
    case 'webhook':
      return o.webhook();
    case 'delivery':
      return o.delivery();
    case 'id':
      if (area === 'employee') return o.employee();
      if (area === 'group') return o.group();
      if (area === 'idp') return o.plan();
      if (area === 'app') return (await o.app()).externalId;
      if (route.path.startsWith('/agent/conversations')) return o.conversation();
      if (route.path.startsWith('/agent/workflows')) return o.workflow();
      if (route.path.startsWith('/agent/knowledge')) return o.document();
  }
  throw new Error(`no object for :${name} of ${route.path}`);
}

const PLAN = { name: 'Growth', startDate: '2026-01-01', type: 'CAREER' };
const PREFERENCES = { values: { theme: 'dark' } };
const PROFILE = { mission: 'Grow people' };

/** A valid JSON body for every route that takes one. */
const BODIES: Record<string, (o: Objects) => Promise<unknown> | unknown> = {
  'POST /organization': () => ({ name: unique('Org') }),
  'PATCH /organization': () => ({ name: unique('Renamed') }),
  'POST /organization/profile': () => PROFILE,
  'PATCH /organization/profile': () => PROFILE,
  'POST /organization/keys': () => ({ name: unique('key') }),
  'PUT /organization/preferences/:namespace': () => PREFERENCES,
  'POST /organization/by-app-secret/:type/:key': () => ({ secret: APP_SECRET.value }),
  'PATCH /organization/:organization': () => ({ name: unique('Renamed') }),
  'POST /organization/:organization/profile': () => PROFILE,
  'PATCH /organization/:organization/profile': () => PROFILE,
  'PUT /organization/:organization/preferences/:namespace': () => PREFERENCES,
  'POST /organization/:organization/keys': () => ({ name: unique('key') }),
  'POST /account': () => ({ email: `${unique('new')}@example.com` }),
  'PATCH /account/:accountIdOrEmail': () => ({ name: 'Renamed' }),
  'POST /account/:accountId/grant': () => ({ role: 'MANAGER' }),
  'DELETE /account/:accountId/grant': () => ({ role: 'EMPLOYEE' }),
  'PUT /account/:accountId/preferences/:namespace': () => PREFERENCES,
  'POST /employee': () => ({ name: unique('Person') }),
  'PATCH /employee/:id': () => ({ title: 'Engineer' }),
  'POST /group': () => ({ name: unique('Group') }),
  'PATCH /group/:id': () => ({ description: 'Keeps things running' }),
  'POST /group/:id/members': async (o) => ({ employeeIds: [await o.newcomer()] }),
  'POST /idp': () => PLAN,
  'PATCH /idp/:id': () => ({ name: 'Renamed plan' }),
  'POST /idp/:id/tasks': () => ({ name: 'Give a talk' }),
  'PATCH /idp/:id/tasks/:taskId': () => ({ name: 'Read two books' }),
  'POST /idp/:id/notes': () => ({ note: 'Well done' }),
  'PATCH /idp/:id/notes/:noteId': () => ({ note: 'Edited' }),
  'POST /idp/:id/tasks/:taskId/notes': () => ({ note: 'Well done' }),
  'PATCH /idp/:id/tasks/:taskId/notes/:noteId': () => ({ note: 'Edited' }),
  'POST /app': () => ({ type: APP_TYPE, externalId: unique('ext'), internal: false, name: 'CRM' }),
  'PATCH /app/:app': () => ({ name: 'Renamed CRM' }),
  'POST /app/:app/mappings': async (o) => ({
    entityType: 'EMPLOYEE',
    entityId: await o.employee(),
    namespace: 'crm',
    mappedId: randomUUID(),
  }),
  'PATCH /app/:app/mappings/:mapping': () => ({ reference: 'ref-2' }),
  'POST /webhook-key': () => ({ name: unique('key') }),
  'POST /webhook': () => ({ name: 'hook', url: receiver.url, eventType: 'group.delete' }),
  'PATCH /webhook/:webhook': () => ({ name: 'Renamed hook' }),
  'PUT /agent/conversations/:id': () => ({ name: 'Renamed' }),
  'POST /agent/ask': () => ({ question: 'Who works here?' }),
  'POST /agent/reply': async (o) => ({ conversationId: await o.conversation(), question: 'And who leads them?' }),
  'POST /agent/search': () => ({ query: 'works' }),
  'POST /agent/assign': async (o) => ({ conversationId: await o.plannable() }),
  'POST /agent/history': async (o) => ({ conversationId: await o.conversation() }),
};

const label = (route: RestRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** The request of one cell: path with the cell's objects, and a valid body. */
async function requestOf(route: RestRoute, o: Objects): Promise<{ url: string; options: RequestOptions }> {
  let path = route.path;
  for (const name of pathParams(route.path))
    path = path.replace(`:${name}`, encodeURIComponent(await param(route, name, o)));
  // The due-task list needs a cut-off; no other route needs a query parameter.
  const url = `/api/v1${path}${route.path === '/idp/tasks/due' ? '?overdue=true' : ''}`;
  if (route.upload) return { url, options: { form: textFile(`${unique('upload')}.txt`, 'Lunch is at noon.') } };
  if (route.text) return { url, options: { raw: { body: `${site.url}/handbook`, type: 'text/plain' } } };
  if (!route.body) return { url, options: {} };
  const body = BODIES[label(route)];
  if (!body) throw new Error(`no body for ${label(route)}`);
  return { url, options: { body: await body(o) } };
}

interface Cell {
  status: number;
  /** What is wrong besides the status: a refused call that stored rows, another tenant's id in an answer. */
  problem?: string;
  text: string;
}

async function runCell(route: RestRoute, caller: Caller, objects = new Objects()): Promise<Cell> {
  const { url, options } = await requestOf(route, objects);
  const writes = route.operation === 'mutation';
  const before = writes ? await rowCounts() : undefined;
  const res = await t.api.request(route.method.toUpperCase(), url, { ...options, token: tokens[caller] });
  const cell: Cell = { status: res.status, text: res.text.slice(0, 200) };
  if (before && res.status >= 400) {
    const after = await rowCounts();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length) cell.problem = `refused with ${res.status} but changed rows of ${changed.join(', ')}`;
  }
  if (caller === 'other' && res.status < 300 && res.text.includes(org.id))
    cell.problem = 'answered the first organization’s id to another organization';
  return cell;
}

describe('the access matrix', () => {
  it('has exactly one row per REST route', () => {
    expect(EXPECTED.map((row) => row[0]).sort()).toEqual(ROUTES.map(label).sort());
  });

  it.each(ROUTES.map((route) => [label(route), route] as const))(
    '%s',
    async (name, route) => {
      const row = EXPECTED.find((r) => r[0] === name);
      const statuses: Partial<Record<Caller, number>> = {};
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const cell = await runCell(route, caller);
        statuses[caller] = cell.status;
        if (row && cell.status !== expectedOf(row, caller)) problems.push(`${caller}: ${cell.status} ${cell.text}`);
        if (cell.problem) problems.push(`${caller}: ${cell.problem}`);
      }
      const expected = Object.fromEntries(CALLERS.map((caller) => [caller, row && expectedOf(row, caller)]));
      expect({ statuses, problems }).toEqual({ statuses: expected, problems: [] });
    },
    120_000,
  );
});

describe('a user’s own objects', () => {
  // The table above has the EMPLOYEE own the plans, notes, conversations and workflows; any user
  // who owns them (a MANAGER, an ORG_ADMIN, the platform ADMIN) gets what the EMPLOYEE column says.
  const OWNED = ROUTES.filter((route) =>
    /^\/idp\/:id|^\/agent\/(conversations\/:id|workflows\/:id|reply|assign|history)/.test(route.path),
  );
  const OWNERS = ['manager', 'orgAdmin', 'admin'] as const;

  it('covers every route on a plan, a conversation or a workflow', () => {
    expect(OWNED).toHaveLength(28);
  });

  it.each(OWNED.map((route) => [label(route), route] as const))(
    '%s',
    async (name, route) => {
      const row = EXPECTED.find((r) => r[0] === name)!;
      const owners = expectedOf(row, 'employee');
      const statuses: Record<string, number> = {};
      const problems: string[] = [];
      for (const owner of OWNERS) {
        const cell = await runCell(route, owner, new Objects(tokens[owner]));
        statuses[owner] = cell.status;
        if (cell.status !== owners) problems.push(`${owner}: ${cell.status} ${cell.text}`);
        if (cell.problem) problems.push(`${owner}: ${cell.problem}`);
      }
      expect({ statuses, problems }).toEqual({
        statuses: Object.fromEntries(OWNERS.map((owner) => [owner, owners])),
        problems: [],
      });
    },
    60_000,
  );
});

describe('an organization token creating an organization', () => {
  // A token that is no account cannot become the new organization's owner: it names one.
  it('is refused without ownerEmail, naming the field, and stores nothing', async () => {
    const before = await rowCounts();
    const res = await t.api.post('/api/v1/organization', { name: unique('Ownerless') }, tokens.orgToken);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: expect.stringContaining('ownerEmail'),
    });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('an account that also belongs to another organization', () => {
  // An ORG_ADMIN may add any existing account by email, and sign-in finds an account by its
  // email: were the ORG_ADMIN allowed to change that account's email, a token of theirs carrying
  // the new email would act as the account in its other organizations. So it is 403 (the account
  // is visible, the change is not allowed) and nothing is stored; the account itself still may.
  it('is not changed by one organization’s ORG_ADMIN, nor taken over through its email', async () => {
    const { org: elsewhere, admin: theirs } = await orgWithAdmin(t, 'Shared Org');
    const shared = await created<{ id: string }>('/account', { email: theirs.email });
    const before = await rowCounts();
    const refused = [
      await t.api.patch(`/api/v1/account/${shared.id}`, { email: 'taker@example.com' }, admin.token),
      await t.api.patch(`/api/v1/account/${shared.id}`, { active: false }, admin.token),
      await t.api.request('PUT', `/api/v1/account/${shared.id}/preferences/ui`, {
        body: PREFERENCES,
        token: admin.token,
      }),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 403, 403]);
    expect(await rowCounts()).toEqual(before);
    const taker = t.token({ sub: 'taker', email: 'taker@example.com', org: elsewhere.id });
    expect((await t.api.get(`/api/v1/organization/${elsewhere.id}`, taker)).status).toBe(403);
    expect((await t.api.patch(`/api/v1/account/${shared.id}`, { name: 'Still mine' }, theirs.token)).status).toBe(200);
  });
});

describe('secrets of apps and mappings', () => {
  // A 200 on GET /app/:app is not the whole answer: secretData and mappingSecrets go to those who
  // administer the organization only. A key's limitToRole restricts the role its tokens act with
  // (docs/tokens.md, "Organization tokens"), so a token limited to EMPLOYEE reads them as an
  // EMPLOYEE does: null.
  it('are answered to ORG_ADMIN and ADMIN, and null to EMPLOYEE (forged roles claim or not), MANAGER and an EMPLOYEE-limited token', async () => {
    const o = new Objects();
    const app = await o.app();
    await o.mapping();
    const seen: Partial<Record<Caller, unknown>> = {};
    for (const caller of ['employee', 'forged', 'manager', 'orgAdmin', 'orgToken', 'admin'] as const) {
      const one = await t.api.get<{ secretData: unknown }>(`/api/v1/app/${app.id}`, tokens[caller]);
      const mapped = await t.api.get<{ mapping: { mappingSecrets: unknown } }[]>(
        `/api/v1/app/${app.id}/mappings`,
        tokens[caller],
      );
      seen[caller] = [one.body.secretData, mapped.body[0].mapping.mappingSecrets];
    }
    const secret = [{ [APP_SECRET.key]: APP_SECRET.value }, {}];
    expect(seen).toEqual({
      employee: [null, null],
      forged: [null, null],
      manager: [null, null],
      orgAdmin: secret,
      orgToken: [null, null],
      admin: secret,
    });
  });
});
