import { randomUUID } from 'node:crypto';
import { objectNames } from '../../src/events/event-objects';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { idsByTime, pagingOf, readPaging } from '../helpers/paging';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually, type WebhookRecord } from '../helpers/webhooks';

// The webhook routes (/webhook-key and /webhook in src/modules/webhook/webhook.routes.ts): webhook keys, webhooks,
// deliveries, redelivery and test events, over HTTP against the real service.
// The main instance allows private URLs, because the receivers listen on loopback; the refusal of
// private addresses runs against a second instance with the default setting, at the end of the file.
// Signatures and retries are covered by test/webhook-delivery.test.ts.

interface Key {
  id: string;
  name: string;
  default: boolean;
  secretBase64: string | null;
  createdAt: string;
  organization: string;
}

interface Attempt {
  id: string;
  at: string;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

interface Delivery {
  id: string;
  event: string;
  eventType: string;
  state: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  createdAt: string;
  organization: string;
  attempts: Attempt[];
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_FIELDS = ['createdAt', 'default', 'id', 'name', 'organization', 'secretBase64'];
const HOOK_FIELDS = [
  'active',
  'createdAt',
  'eventType',
  'id',
  'ifUpdates',
  'name',
  'organization',
  'signingKey',
  'url',
];
const DELIVERY_FIELDS = [
  'attemptCount',
  'attempts',
  'createdAt',
  'event',
  'eventType',
  'id',
  'nextAttemptAt',
  'organization',
  'state',
];
const ATTEMPT_FIELDS = ['at', 'durationMs', 'error', 'id', 'ok', 'responseExcerpt', 'statusCode'];
// The event objects the entities declare (@eventObject), loaded with the service by test-app.ts: a new one is covered here too.
const OBJECTS = objectNames();
const EVENT_TYPE_MESSAGE = `eventType must be <object|*>.<post|patch|delete|*> with object one of ${OBJECTS.join(', ')}`;
const URL_MESSAGE = 'url must be an absolute http(s) URL';
const PRIVATE_MESSAGE = 'url resolves to a loopback, private, link-local, multicast or metadata address';
const KEY_MESSAGE = 'signingKey must be a webhook key of the organization';
const NO_KEY_MESSAGE = 'signingKey: the organization has no webhook key yet; create one with POST /webhook-key';
const NAME_MESSAGE = 'name must be 1-200 characters';
const FORBIDDEN = 'requires the ORG_ADMIN role in this organization';
const UNAUTHENTICATED = 'authentication required';
const PUBLIC_URL = 'http://93.184.216.34/hook';

let t: TestApp;
let sink: Receiver;
let org: OrgRecord;
let admin: Member;
let otherAdmin: Member;
let reader: Member;
let orgToken: string;
let otherOrgToken: string;

/** An organization token of the admin's organization (an organization key, not a webhook key). */
async function organizationToken(app: TestApp, owner: Member): Promise<string> {
  const keyed = await app.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'integration' }, owner.token);
  if (keyed.status !== 201) throw new Error(`could not create an organization key: ${keyed.status} ${keyed.text}`);
  const key = keyed.body.keys.find((k) => k.secretBase64);
  if (!key?.secretBase64) throw new Error('the new organization key came without its secret');
  return signOrgToken(key.id, key.secretBase64);
}

beforeAll(async () => {
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', JOB_POLL_SECONDS: '0.5' });
  // Answers 200 to every delivery of the webhooks that are not about deliveries.
  sink = await new Receiver().start();
  ({ org, admin } = await orgWithAdmin(t, 'Hooks Org'));
  ({ admin: otherAdmin } = await orgWithAdmin(t, 'Other Hooks Org'));
  reader = await member(t, org, admin);
  orgToken = await organizationToken(t, admin);
  otherOrgToken = await organizationToken(t, otherAdmin);
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** [status, body]: an error body is the message as a JSON string. */
const outcome = (r: { status: number; body: unknown }) => [r.status, r.body];
/** A success without a body (the REST facade's answer to deletes). */
const empty = (r: { status: number; text: string }) => [r.status, r.text];

async function createKey(owner: Member | string, name = 'signing', app = t): Promise<Key> {
  const res = await app.api.post<Key>('/api/v1/webhook-key', { name }, typeof owner === 'string' ? owner : owner.token);
  if (res.status !== 201) throw new Error(`could not create webhook key: ${res.status} ${res.text}`);
  return res.body;
}

async function createHook(owner: Member, body: Record<string, unknown> = {}, app = t): Promise<WebhookRecord> {
  const res = await app.api.post<WebhookRecord>(
    '/api/v1/webhook',
    { name: 'hook', url: sink.url, eventType: '*.*', ...body },
    owner.token,
  );
  if (res.status !== 201) throw new Error(`could not create webhook: ${res.status} ${res.text}`);
  return res.body;
}

async function listKeys(owner: Member, app = t): Promise<Key[]> {
  const res = await app.api.get<Key[]>('/api/v1/webhook-key', owner.token);
  if (res.status !== 200) throw new Error(`could not list webhook keys: ${res.status} ${res.text}`);
  return res.body;
}

async function listHooks(owner: Member, app = t): Promise<WebhookRecord[]> {
  const res = await app.api.get<WebhookRecord[]>('/api/v1/webhook?limit=500', owner.token);
  if (res.status !== 200) throw new Error(`could not list webhooks: ${res.status} ${res.text}`);
  return res.body;
}

async function getHook(owner: Member, id: string, app = t): Promise<WebhookRecord> {
  const res = await app.api.get<WebhookRecord>(`/api/v1/webhook/${id}`, owner.token);
  if (res.status !== 200) throw new Error(`could not read webhook: ${res.status} ${res.text}`);
  return res.body;
}

async function listDeliveries(owner: Member | string, hookId: string, query = ''): Promise<Delivery[]> {
  const res = await t.api.get<Delivery[]>(
    `/api/v1/webhook/${hookId}/deliveries${query}`,
    typeof owner === 'string' ? owner : owner.token,
  );
  if (res.status !== 200) throw new Error(`could not list deliveries: ${res.status} ${res.text}`);
  return res.body;
}

const defaults = (keys: Key[]) => keys.map((k) => [k.name, k.default]);

describe('POST and GET /api/v1/webhook-key', () => {
  it('creates keys: the secret (32 bytes) only at creation, the first key as the default, listed oldest first', async () => {
    const { org: fresh, admin: owner } = await orgWithAdmin(t);
    const before = Date.now();
    const first = await t.api.post<Key>('/api/v1/webhook-key', { name: ' Primary ' }, owner.token);
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(KEY_FIELDS);
    expect(first.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Primary',
      default: true,
      secretBase64: expect.any(String),
      createdAt: expect.stringMatching(ISO),
      organization: fresh.id,
    });
    const secret = first.body.secretBase64 ?? '';
    expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(Buffer.from(secret, 'base64').toString('base64')).toBe(secret);
    expect(new Date(first.body.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const second = await t.api.post<Key>('/api/v1/webhook-key', { name: 'Secondary' }, owner.token);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: 'Secondary', default: false, organization: fresh.id });
    expect(Buffer.from(second.body.secretBase64 ?? '', 'base64')).toHaveLength(32);
    expect(second.body.secretBase64).not.toBe(secret);

    const listed = await t.api.get<Key[]>('/api/v1/webhook-key', owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { ...first.body, secretBase64: null },
      { ...second.body, secretBase64: null },
    ]);
    expect(listed.text).not.toContain(secret);
    expect(listed.text).not.toContain(String(second.body.secretBase64));
    // Keys belong to their organization alone.
    expect((await listKeys(otherAdmin)).map((k) => k.id)).not.toContain(first.body.id);
  });

  it('makes exactly one default when the first keys of an organization are created at once', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const created = await Promise.all(
      ['a', 'b', 'c'].map((name) => t.api.post<Key>('/api/v1/webhook-key', { name }, owner.token)),
    );
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(created.filter((r) => r.body.default)).toHaveLength(1);
    expect((await listKeys(owner)).filter((k) => k.default)).toHaveLength(1);
  });

  it('lets an organization token and a platform administrator of the organization create and list keys', async () => {
    const byToken = await t.api.post<Key>('/api/v1/webhook-key', { name: 'By token' }, orgToken);
    expect(byToken.status).toBe(201);
    expect(byToken.body).toMatchObject({ name: 'By token', organization: org.id });
    const byAdmin = await t.api.post<Key>(
      '/api/v1/webhook-key',
      { name: 'By platform admin' },
      platformAdmin(t, org.id),
    );
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.organization).toBe(org.id);
    const listed = await t.api.get<Key[]>('/api/v1/webhook-key', orgToken);
    expect(listed.status).toBe(200);
    expect(listed.body.map((k) => k.id)).toEqual(expect.arrayContaining([byToken.body.id, byAdmin.body.id]));
    expect((await t.api.get<Key[]>('/api/v1/webhook-key', platformAdmin(t, org.id))).body).toEqual(listed.body);
  });

  it('pages the keys oldest first: GraphQL by cursor with totalCount, REST with limit, X-Total-Count and Link', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const made: Key[] = [];
    for (const name of ['k1', 'k2', 'k3', 'k4', 'k5']) made.push(await createKey(owner, name));
    const list = { field: 'webhookKeys', rest: '/api/v1/webhook-key', token: owner.token, foreign: 'accounts' };
    expect(await readPaging(t.api, list)).toEqual(pagingOf(idsByTime(made, 'createdAt'), list.rest));
    // Still ORG_ADMIN only, whatever the page.
    const asMember = await t.api.graphql('{ webhookKeys(first: 1) { totalCount nodes { id } } }', {}, reader.token);
    expect(asMember.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
  });

  it('answers 400 naming the field for a bad body, and stores no key', async () => {
    const before = (await listKeys(admin)).length;
    const post = (body: unknown) => t.api.post('/api/v1/webhook-key', body, admin.token);
    expect(outcome(await post({}))).toEqual([400, 'name is required']);
    expect(outcome(await post({ name: null }))).toEqual([400, 'name is required']);
    expect(outcome(await post({ name: '   ' }))).toEqual([400, NAME_MESSAGE]);
    expect(outcome(await post({ name: 'x'.repeat(201) }))).toEqual([400, NAME_MESSAGE]);
    expect(outcome(await post({ name: 7 }))).toEqual([400, 'name must be a string']);
    expect(outcome(await post(['name']))).toEqual([400, 'request body must be a JSON object']);
    const malformed = await t.api.request('POST', '/api/v1/webhook-key', {
      raw: { body: '{"name":', type: 'application/json' },
      token: admin.token,
    });
    expect(outcome(malformed)).toEqual([400, 'request body is not valid JSON']);
    expect(await listKeys(admin)).toHaveLength(before);
  });
});

describe('POST /api/v1/webhook-key/{key}/default', () => {
  it('makes a key the default; the previous default is no longer one', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const a = await createKey(owner, 'a');
    const b = await createKey(owner, 'b');
    const made = await t.api.post<Key>(`/api/v1/webhook-key/${b.id}/default`, undefined, owner.token);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ ...b, default: true, secretBase64: null });
    expect(defaults(await listKeys(owner))).toEqual([
      ['a', false],
      ['b', true],
    ]);
    // Making the default key the default again changes nothing.
    expect((await t.api.post<Key>(`/api/v1/webhook-key/${b.id}/default`, undefined, owner.token)).body.default).toBe(
      true,
    );
    expect(defaults(await listKeys(owner))).toEqual([
      ['a', false],
      ['b', true],
    ]);
    // Webhooks created from now on without signingKey use the new default; existing ones keep theirs.
    const back = await t.api.post<Key>(`/api/v1/webhook-key/${a.id}/default`, undefined, owner.token);
    expect([back.status, back.body.default]).toEqual([200, true]);
    const onA = await createHook(owner);
    expect(onA.signingKey).toBe(a.id);
    await t.api.post(`/api/v1/webhook-key/${b.id}/default`, undefined, owner.token);
    const onB = await createHook(owner);
    expect(onB.signingKey).toBe(b.id);
    expect((await getHook(owner, onA.id)).signingKey).toBe(a.id);
  });

  it('leaves exactly one default when several keys are made the default at once', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const keys = [
      await createKey(owner, 'a'),
      await createKey(owner, 'b'),
      await createKey(owner, 'c'),
      await createKey(owner, 'd'),
    ];
    const made = await Promise.all(
      keys.slice(1).map((k) => t.api.post<Key>(`/api/v1/webhook-key/${k.id}/default`, undefined, owner.token)),
    );
    expect(made.map((r) => r.status)).toEqual([200, 200, 200]);
    const listed = await listKeys(owner);
    expect(listed.filter((k) => k.default)).toHaveLength(1);
    expect(listed.find((k) => k.default)?.name).not.toBe('a');
  });
});

describe('DELETE /api/v1/webhook-key/{key}', () => {
  it('refuses (409) to delete a key that signs a webhook, and deletes it once no webhook uses it', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const a = await createKey(owner, 'a');
    const b = await createKey(owner, 'b');
    const hook = await createHook(owner);
    expect(hook.signingKey).toBe(a.id);
    const second = await createHook(owner, { signingKey: a.id });

    const refused = await t.api.delete(`/api/v1/webhook-key/${a.id}`, owner.token);
    expect(outcome(refused)).toEqual([
      409,
      'the key signs 2 webhook(s); give them another signingKey or delete them first',
    ]);
    expect((await listKeys(owner)).map((k) => k.id)).toEqual([a.id, b.id]);

    // One webhook is deleted, the other moves to key b: a is free (b stays in use).
    expect(empty(await t.api.delete(`/api/v1/webhook/${hook.id}`, owner.token))).toEqual([200, '']);
    expect((await t.api.delete(`/api/v1/webhook-key/${a.id}`, owner.token)).status).toBe(409);
    expect((await t.api.patch(`/api/v1/webhook/${second.id}`, { signingKey: b.id }, owner.token)).status).toBe(200);
    expect(empty(await t.api.delete(`/api/v1/webhook-key/${a.id}`, owner.token))).toEqual([200, '']);
    expect(outcome(await t.api.delete(`/api/v1/webhook-key/${b.id}`, owner.token))).toEqual([
      409,
      'the key signs 1 webhook(s); give them another signingKey or delete them first',
    ]);
    expect((await listKeys(owner)).map((k) => [k.id, k.default])).toEqual([[b.id, true]]);
    expect((await getHook(owner, second.id)).signingKey).toBe(b.id);
    // Deleted: a second delete and making it the default find nothing.
    expect(outcome(await t.api.delete(`/api/v1/webhook-key/${a.id}`, owner.token))).toEqual([
      404,
      'webhook key not found',
    ]);
    expect(outcome(await t.api.post(`/api/v1/webhook-key/${a.id}/default`, undefined, owner.token))).toEqual([
      404,
      'webhook key not found',
    ]);
  });

  it('makes the oldest remaining key the default when the default key goes; deleting another key leaves the default alone', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const a = await createKey(owner, 'a');
    await createKey(owner, 'b');
    const c = await createKey(owner, 'c');
    const d = await createKey(owner, 'd');
    expect((await t.api.post(`/api/v1/webhook-key/${c.id}/default`, undefined, owner.token)).status).toBe(200);
    expect(empty(await t.api.delete(`/api/v1/webhook-key/${c.id}`, owner.token))).toEqual([200, '']);
    expect(defaults(await listKeys(owner))).toEqual([
      ['a', true],
      ['b', false],
      ['d', false],
    ]);
    expect(empty(await t.api.delete(`/api/v1/webhook-key/${d.id}`, owner.token))).toEqual([200, '']);
    expect(defaults(await listKeys(owner))).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect((await createHook(owner)).signingKey).toBe(a.id);
  });

  it('leaves an organization without keys after the last one goes; the next key is the default again', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const only = await createKey(owner, 'only');
    expect(empty(await t.api.delete(`/api/v1/webhook-key/${only.id}`, owner.token))).toEqual([200, '']);
    expect(await listKeys(owner)).toEqual([]);
    expect(
      outcome(await t.api.post('/api/v1/webhook', { name: 'n', url: sink.url, eventType: '*.*' }, owner.token)),
    ).toEqual([400, NO_KEY_MESSAGE]);
    expect(await listHooks(owner)).toEqual([]);
    expect((await createKey(owner, 'next')).default).toBe(true);
  });
});

describe('POST /api/v1/webhook', () => {
  let defaultKey: Key;
  let otherKey: Key;
  beforeAll(async () => {
    defaultKey = (await listKeys(admin)).find((k) => k.default) ?? (await createKey(admin, 'default'));
    otherKey = await createKey(admin, 'other');
  });

  it('creates an active webhook signed with the default key, that GET and the list return', async () => {
    const before = Date.now();
    const created = await t.api.post<WebhookRecord>(
      '/api/v1/webhook',
      { name: ' CRM sync ', url: sink.url, eventType: 'idp.*' },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(HOOK_FIELDS);
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'CRM sync',
      url: sink.url,
      eventType: 'idp.*',
      ifUpdates: [],
      signingKey: defaultKey.id,
      active: true,
      createdAt: expect.stringMatching(ISO),
      organization: org.id,
    });
    expect(new Date(created.body.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const read = await t.api.get<WebhookRecord>(`/api/v1/webhook/${created.body.id}`, admin.token);
    expect([read.status, read.body]).toEqual([200, created.body]);
    expect((await listHooks(admin)).find((h) => h.id === created.body.id)).toEqual(created.body);
    expect((await listHooks(otherAdmin)).map((h) => h.id)).not.toContain(created.body.id);
  });

  it('takes ifUpdates and a non-default signingKey; an organization token and a platform administrator may create', async () => {
    const res = await t.api.post<WebhookRecord>(
      '/api/v1/webhook',
      { name: 'k', url: sink.url, eventType: '*.patch', signingKey: otherKey.id, ifUpdates: ['name', 'status'] },
      orgToken,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      signingKey: otherKey.id,
      ifUpdates: ['name', 'status'],
      organization: org.id,
      active: true,
    });
    expect(await getHook(admin, res.body.id)).toEqual(res.body);
    const upper = otherKey.id.toUpperCase();
    const byAdmin = await t.api.post<WebhookRecord>(
      '/api/v1/webhook',
      { name: 'p', url: sink.url, eventType: '*.delete', signingKey: upper },
      platformAdmin(t, org.id),
    );
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ signingKey: otherKey.id, organization: org.id });
  });

  it('accepts every object and operation of the event type form, and the wildcards', async () => {
    const types = [
      ...OBJECTS.flatMap((o) => [`${o}.post`, `${o}.patch`, `${o}.delete`, `${o}.*`]),
      '*.post',
      '*.patch',
      '*.delete',
      '*.*',
    ];
    const { admin: owner } = await orgWithAdmin(t);
    await createKey(owner);
    const created = await Promise.all(
      types.map((eventType) =>
        t.api.post<WebhookRecord>('/api/v1/webhook', { name: eventType, url: sink.url, eventType }, owner.token),
      ),
    );
    expect(created.map((r) => [r.body.eventType, r.status])).toEqual(types.map((type) => [type, 201]));
    expect((await listHooks(owner)).map((h) => h.eventType).sort()).toEqual([...types].sort());
  });

  it('answers 400 naming the field for each bad input, and stores nothing', async () => {
    const before = await listHooks(admin);
    const { id: foreignKey } = await createKey(otherAdmin, 'foreign');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'name is required'],
      [{ url: undefined }, 'url is required'],
      [{ eventType: undefined }, 'eventType is required'],
      [{ name: '  ' }, NAME_MESSAGE],
      [{ name: 'x'.repeat(201) }, NAME_MESSAGE],
      [{ name: 5 }, 'name must be a string'],
      [{ eventType: 'objective.*' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'conversationX.post' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'Employee.post' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'idp.update' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'idp.POST' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'idp' }, EVENT_TYPE_MESSAGE],
      [{ eventType: '*' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'idp.post.x' }, EVENT_TYPE_MESSAGE],
      [{ eventType: '' }, EVENT_TYPE_MESSAGE],
      [{ url: 'ftp://example.com' }, URL_MESSAGE],
      [{ url: 'mailto:someone@example.com' }, URL_MESSAGE],
      [{ url: 'not a url' }, URL_MESSAGE],
      [{ url: '/relative/path' }, URL_MESSAGE],
      [{ url: '' }, URL_MESSAGE],
      [{ url: 'http://user:pw@example.com/' }, 'url must not carry credentials'],
      [{ url: `http://example.com/${'a'.repeat(2000)}` }, 'url must be at most 2000 characters'],
      [
        { ifUpdates: Array.from({ length: 51 }, (_, i) => `f${i}`) },
        'ifUpdates must hold at most 50 field names of at most 100 characters',
      ],
      [{ ifUpdates: [''] }, 'ifUpdates must hold at most 50 field names of at most 100 characters'],
      [{ signingKey: 'nope' }, 'signingKey must be a UUID'],
      [{ signingKey: randomUUID() }, KEY_MESSAGE],
      [{ signingKey: foreignKey }, KEY_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await t.api.post(
        '/api/v1/webhook',
        { name: 'n', url: sink.url, eventType: '*.*', ...body },
        admin.token,
      );
      expect([JSON.stringify(body).slice(0, 80), ...outcome(res)]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
        message,
      ]);
    }
    const typed = await t.api.post(
      '/api/v1/webhook',
      { name: 'n', url: sink.url, eventType: '*.*', ifUpdates: [5] },
      admin.token,
    );
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual(expect.stringMatching(/^ifUpdates/));
    const numeric = await t.api.post('/api/v1/webhook', { name: 'n', url: sink.url, eventType: 5 }, admin.token);
    expect(outcome(numeric)).toEqual([400, 'eventType must be a string']);
    const malformed = await t.api.request('POST', '/api/v1/webhook', {
      raw: { body: '{"name":"x",', type: 'application/json' },
      token: admin.token,
    });
    expect(outcome(malformed)).toEqual([400, 'request body is not valid JSON']);
    expect(outcome(await t.api.post('/api/v1/webhook', ['name', 'url'], admin.token))).toEqual([
      400,
      'request body must be a JSON object',
    ]);
    const scalar = await t.api.post('/api/v1/webhook', 'just a string', admin.token);
    expect([scalar.status, typeof scalar.body]).toEqual([400, 'string']);
    expect(await listHooks(admin)).toEqual(before);
  });

  it('refuses a webhook in an organization without a key (400 naming signingKey), storing nothing', async () => {
    const { admin: keyless } = await orgWithAdmin(t);
    expect(
      outcome(await t.api.post('/api/v1/webhook', { name: 'n', url: sink.url, eventType: '*.*' }, keyless.token)),
    ).toEqual([400, NO_KEY_MESSAGE]);
    expect(
      outcome(
        await t.api.post(
          '/api/v1/webhook',
          { name: 'n', url: sink.url, eventType: '*.*', signingKey: randomUUID() },
          keyless.token,
        ),
      ),
    ).toEqual([400, KEY_MESSAGE]);
    expect(await listHooks(keyless)).toEqual([]);
  });
});

describe('GET, PATCH and DELETE /api/v1/webhook/{webhook}', () => {
  it('pages the list oldest first with limit and offset, and checks them', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    await createKey(owner);
    const made: WebhookRecord[] = [];
    for (const name of ['one', 'two', 'three']) made.push(await createHook(owner, { name }));
    const page = async (query: string) => {
      const res = await t.api.get<WebhookRecord[]>(`/api/v1/webhook${query}`, owner.token);
      expect(res.status).toBe(200);
      return res.body.map((h) => h.name);
    };
    expect(await page('')).toEqual(['one', 'two', 'three']);
    expect(await page('?limit=2')).toEqual(['one', 'two']);
    expect(await page('?limit=2&offset=2')).toEqual(['three']);
    expect(await page('?offset=3')).toEqual([]);
    expect(outcome(await t.api.get('/api/v1/webhook?limit=0', owner.token))).toEqual([
      400,
      'limit must be between 1 and 500',
    ]);
    expect(outcome(await t.api.get('/api/v1/webhook?limit=501', owner.token))).toEqual([
      400,
      'limit must be between 1 and 500',
    ]);
    expect(outcome(await t.api.get('/api/v1/webhook?offset=-1', owner.token))).toEqual([
      400,
      'offset must be 0 or more',
    ]);
    const word = await t.api.get('/api/v1/webhook?limit=many', owner.token);
    expect(word.status).toBe(400);
    expect(word.body).toEqual(expect.stringMatching(/^limit /));
  });

  it('changes every field with PATCH; GET shows the change; absent fields stay as they were', async () => {
    const { org: own, admin: owner } = await orgWithAdmin(t);
    const a = await createKey(owner, 'a');
    const b = await createKey(owner, 'b');
    const hook = await createHook(owner, { name: 'before', eventType: 'employee.*', ifUpdates: ['name'] });
    expect(hook).toMatchObject({ signingKey: a.id, organization: own.id });

    const patched = await t.api.patch<WebhookRecord>(
      `/api/v1/webhook/${hook.id}`,
      {
        name: ' Renamed ',
        url: `${sink.url}?v=2`,
        eventType: '*.patch',
        ifUpdates: ['status', 'name'],
        active: false,
        signingKey: b.id,
      },
      owner.token,
    );
    expect(patched.status).toBe(200);
    const expected: WebhookRecord = {
      ...hook,
      name: 'Renamed',
      url: `${sink.url}?v=2`,
      eventType: '*.patch',
      ifUpdates: ['status', 'name'],
      active: false,
      signingKey: b.id,
    };
    expect(patched.body).toEqual(expected);
    expect(await getHook(owner, hook.id)).toEqual(expected);

    // An empty patch changes nothing; one field changes that field alone.
    expect(outcome(await t.api.patch(`/api/v1/webhook/${hook.id}`, {}, owner.token))).toEqual([200, expected]);
    expect(
      (await t.api.patch<WebhookRecord>(`/api/v1/webhook/${hook.id}`, { active: true }, owner.token)).body,
    ).toEqual({ ...expected, active: true });
    expect(
      (await t.api.patch<WebhookRecord>(`/api/v1/webhook/${hook.id}`, { ifUpdates: [] }, owner.token)).body,
    ).toEqual({ ...expected, active: true, ifUpdates: [] });
    expect(await getHook(owner, hook.id)).toEqual({ ...expected, active: true, ifUpdates: [] });
    // The organization token may change it too.
    const ownToken = await organizationToken(t, owner);
    const byToken = await t.api.patch<WebhookRecord>(
      `/api/v1/webhook/${hook.id}`,
      { eventType: 'group.delete' },
      ownToken,
    );
    expect([byToken.status, byToken.body.eventType]).toEqual([200, 'group.delete']);
  });

  it('answers 400 naming the field to a bad patch and leaves the webhook as it was', async () => {
    const hook = await createHook(admin, { name: 'steady', eventType: 'employee.*', ifUpdates: ['name'] });
    const { id: foreignKey } = await createKey(otherAdmin, 'foreign');
    const cases: [Record<string, unknown>, string][] = [
      [{ eventType: '*.nope' }, EVENT_TYPE_MESSAGE],
      [{ eventType: 'objective.patch' }, EVENT_TYPE_MESSAGE],
      [{ eventType: '' }, EVENT_TYPE_MESSAGE],
      [{ url: 'mailto:a@b.c' }, URL_MESSAGE],
      [{ url: 'ftp://example.com' }, URL_MESSAGE],
      [{ url: 'http://user:pw@example.com/' }, 'url must not carry credentials'],
      [{ signingKey: randomUUID() }, KEY_MESSAGE],
      [{ signingKey: foreignKey }, KEY_MESSAGE],
      [{ signingKey: 'nope' }, 'signingKey must be a UUID'],
      [{ name: '' }, NAME_MESSAGE],
      [{ name: '   ' }, NAME_MESSAGE],
      [{ active: 'yes' }, 'active must be a boolean'],
      [{ ifUpdates: [''] }, 'ifUpdates must hold at most 50 field names of at most 100 characters'],
      // A bad field refuses the whole patch, the good fields beside it included.
      [{ name: 'changed', eventType: 'idp.nope' }, EVENT_TYPE_MESSAGE],
      [{ active: false, url: 'gopher://example.com' }, URL_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await t.api.patch(`/api/v1/webhook/${hook.id}`, body, admin.token);
      expect([JSON.stringify(body), ...outcome(res)]).toEqual([JSON.stringify(body), 400, message]);
    }
    const malformed = await t.api.request('PATCH', `/api/v1/webhook/${hook.id}`, {
      raw: { body: '{"name":', type: 'application/json' },
      token: admin.token,
    });
    expect(outcome(malformed)).toEqual([400, 'request body is not valid JSON']);
    expect(await getHook(admin, hook.id)).toEqual(hook);
  });

  it('refuses an empty url in a patch (400 naming url), as at creation', async () => {
    const hook = await createHook(admin, { name: 'keeps its url' });
    expect(outcome(await t.api.post('/api/v1/webhook', { name: 'n', url: '', eventType: '*.*' }, admin.token))).toEqual(
      [400, URL_MESSAGE],
    );
    expect(outcome(await t.api.patch(`/api/v1/webhook/${hook.id}`, { url: '' }, admin.token))).toEqual([
      400,
      URL_MESSAGE,
    ]);
    expect(
      outcome(await t.api.patch(`/api/v1/webhook/${hook.id}`, { url: '   ', name: 'renamed' }, admin.token)),
    ).toEqual([400, URL_MESSAGE]);
    expect(await getHook(admin, hook.id)).toEqual(hook);
  });

  it('deletes a webhook (200, no body): it is gone from GET, the list and its deliveries; a second delete is 404', async () => {
    const { admin: owner } = await orgWithAdmin(t);
    const key = await createKey(owner);
    const keep = await createHook(owner, { name: 'keep' });
    const hook = await createHook(owner, { name: 'gone' });
    const res = await t.api.delete(`/api/v1/webhook/${hook.id}`, owner.token);
    expect(empty(res)).toEqual([200, '']);
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}`, owner.token))).toEqual([404, 'webhook not found']);
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}/deliveries`, owner.token))).toEqual([
      404,
      'webhook not found',
    ]);
    expect(outcome(await t.api.patch(`/api/v1/webhook/${hook.id}`, { name: 'back' }, owner.token))).toEqual([
      404,
      'webhook not found',
    ]);
    expect(outcome(await t.api.delete(`/api/v1/webhook/${hook.id}`, owner.token))).toEqual([404, 'webhook not found']);
    expect(await listHooks(owner)).toEqual([keep]);
    // Once no webhook uses the key, it may go.
    expect(empty(await t.api.delete(`/api/v1/webhook/${keep.id}`, owner.token))).toEqual([200, '']);
    expect(empty(await t.api.delete(`/api/v1/webhook-key/${key.id}`, owner.token))).toEqual([200, '']);
  });
});

describe('access to the webhook routes', () => {
  let key: Key;
  let hook: WebhookRecord;
  let foreignKey: Key;
  let foreignHook: WebhookRecord;
  /** Every webhook route with a real id of the admin's organization, and a body where one is taken. */
  let routes: [method: string, path: string, body?: unknown][];
  beforeAll(async () => {
    key = await createKey(admin, 'access');
    hook = await createHook(admin, { name: 'access', eventType: 'group.post' });
    foreignKey = (await listKeys(otherAdmin))[0] ?? (await createKey(otherAdmin, 'foreign'));
    foreignHook = await createHook(otherAdmin, { name: 'theirs', eventType: 'group.post' });
    routes = [
      ['GET', '/api/v1/webhook-key'],
      ['POST', '/api/v1/webhook-key', { name: 'x' }],
      ['POST', `/api/v1/webhook-key/${key.id}/default`],
      ['DELETE', `/api/v1/webhook-key/${key.id}`],
      ['GET', '/api/v1/webhook'],
      ['POST', '/api/v1/webhook', { name: 'x', url: sink.url, eventType: '*.*' }],
      ['GET', `/api/v1/webhook/${hook.id}`],
      ['PATCH', `/api/v1/webhook/${hook.id}`, { name: 'taken over', active: false }],
      ['DELETE', `/api/v1/webhook/${hook.id}`],
      ['GET', `/api/v1/webhook/${hook.id}/deliveries`],
      ['POST', `/api/v1/webhook/${hook.id}/deliveries/${randomUUID()}/redeliver`],
      ['POST', `/api/v1/webhook/${hook.id}/test`],
    ];
  });

  it('answers 401 without a token or with a bad one, and 403 to a member who is not ORG_ADMIN, changing nothing', async () => {
    const keysBefore = await listKeys(admin);
    const hooksBefore = await listHooks(admin);
    const forged = signOrgToken(randomUUID(), Buffer.alloc(32, 1).toString('base64'));
    for (const [method, path, body] of routes) {
      expect([method, path, ...outcome(await t.api.request(method, path, { body }))]).toEqual([
        method,
        path,
        401,
        UNAUTHENTICATED,
      ]);
      expect([method, path, (await t.api.request(method, path, { body, token: 'not.a.jwt' })).status]).toEqual([
        method,
        path,
        401,
      ]);
      expect([method, path, (await t.api.request(method, path, { body, token: forged })).status]).toEqual([
        method,
        path,
        401,
      ]);
      expect([method, path, ...outcome(await t.api.request(method, path, { body, token: reader.token }))]).toEqual([
        method,
        path,
        403,
        FORBIDDEN,
      ]);
    }
    expect(await listKeys(admin)).toEqual(keysBefore);
    expect(await listHooks(admin)).toEqual(hooksBefore);
    expect((await listDeliveries(admin, hook.id)).filter((d) => d.eventType === 'webhook.test')).toEqual([]);
  });

  it('answers 404 for the keys, webhooks and deliveries of another organization, to its admins and its organization token alike', async () => {
    const theirs = `/api/v1/webhook/${foreignHook.id}`;
    for (const token of [admin.token, orgToken]) {
      expect(outcome(await t.api.get(theirs, token))).toEqual([404, 'webhook not found']);
      expect(outcome(await t.api.patch(theirs, { name: 'mine', active: false }, token))).toEqual([
        404,
        'webhook not found',
      ]);
      expect(outcome(await t.api.delete(theirs, token))).toEqual([404, 'webhook not found']);
      expect(outcome(await t.api.get(`${theirs}/deliveries`, token))).toEqual([404, 'webhook not found']);
      expect(outcome(await t.api.post(`${theirs}/test`, undefined, token))).toEqual([404, 'webhook not found']);
      expect(outcome(await t.api.post(`${theirs}/deliveries/${randomUUID()}/redeliver`, undefined, token))).toEqual([
        404,
        'webhook not found',
      ]);
      expect(outcome(await t.api.post(`/api/v1/webhook-key/${foreignKey.id}/default`, undefined, token))).toEqual([
        404,
        'webhook key not found',
      ]);
      expect(outcome(await t.api.delete(`/api/v1/webhook-key/${foreignKey.id}`, token))).toEqual([
        404,
        'webhook key not found',
      ]);
    }
    expect(outcome(await t.api.get(`/api/v1/webhook/${randomUUID()}`, admin.token))).toEqual([
      404,
      'webhook not found',
    ]);
    expect(outcome(await t.api.delete(`/api/v1/webhook-key/${randomUUID()}`, admin.token))).toEqual([
      404,
      'webhook key not found',
    ]);
    // The other organization's records are as they were, and its own token still reaches them.
    expect(await getHook(otherAdmin, foreignHook.id)).toEqual(foreignHook);
    expect((await t.api.get<WebhookRecord>(theirs, otherOrgToken)).body).toEqual(foreignHook);
    expect((await listKeys(otherAdmin)).find((k) => k.id === foreignKey.id)).toEqual({
      ...foreignKey,
      secretBase64: null,
    });
    expect((await listHooks(admin)).map((h) => h.id)).not.toContain(foreignHook.id);
    expect((await listDeliveries(admin, hook.id)).filter((d) => d.eventType === 'webhook.test')).toEqual([]);
  });

  it('answers 400 naming the path parameter for a malformed uuid', async () => {
    expect(outcome(await t.api.post('/api/v1/webhook-key/nope/default', undefined, admin.token))).toEqual([
      400,
      'key must be a UUID',
    ]);
    expect(outcome(await t.api.delete('/api/v1/webhook-key/nope', admin.token))).toEqual([400, 'key must be a UUID']);
    expect(outcome(await t.api.get('/api/v1/webhook/nope', admin.token))).toEqual([400, 'webhook must be a UUID']);
    expect(outcome(await t.api.patch('/api/v1/webhook/nope', { name: 'x' }, admin.token))).toEqual([
      400,
      'webhook must be a UUID',
    ]);
    expect(outcome(await t.api.delete('/api/v1/webhook/12345', admin.token))).toEqual([400, 'webhook must be a UUID']);
    expect(outcome(await t.api.get('/api/v1/webhook/nope/deliveries', admin.token))).toEqual([
      400,
      'webhook must be a UUID',
    ]);
    expect(outcome(await t.api.post('/api/v1/webhook/nope/test', undefined, admin.token))).toEqual([
      400,
      'webhook must be a UUID',
    ]);
    expect(
      outcome(await t.api.post(`/api/v1/webhook/nope/deliveries/${randomUUID()}/redeliver`, undefined, admin.token)),
    ).toEqual([400, 'webhook must be a UUID']);
    expect(
      outcome(await t.api.post(`/api/v1/webhook/${hook.id}/deliveries/nope/redeliver`, undefined, admin.token)),
    ).toEqual([400, 'delivery must be a UUID']);
    expect(await getHook(admin, hook.id)).toEqual(hook);
  });

  it('lets a platform administrator acting in the organization manage its webhooks', async () => {
    const asAdmin = platformAdmin(t, org.id);
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}`, asAdmin))).toEqual([200, hook]);
    expect((await t.api.get<WebhookRecord[]>('/api/v1/webhook?limit=500', asAdmin)).body).toEqual(
      await listHooks(admin),
    );
    const patched = await t.api.patch<WebhookRecord>(
      `/api/v1/webhook/${hook.id}`,
      { name: 'by platform admin' },
      asAdmin,
    );
    expect([patched.status, patched.body.name]).toEqual([200, 'by platform admin']);
    expect((await t.api.get(`/api/v1/webhook/${hook.id}/deliveries`, asAdmin)).status).toBe(200);
    // A platform administrator acting in another organization sees only that one.
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}`, platformAdmin(t, foreignHook.organization)))).toEqual([
      404,
      'webhook not found',
    ]);
  });
});

describe('deliveries, redelivery and test events', () => {
  let inbox: Receiver;
  let hook: WebhookRecord;
  let delivery: Delivery;
  beforeAll(async () => {
    inbox = await new Receiver().start();
    hook = await createHook(admin, { name: 'deliveries', url: inbox.url, eventType: 'employee.post' });
  });
  afterAll(() => inbox?.close());

  it('records a delivery of a matching event with its attempt', async () => {
    expect(await listDeliveries(admin, hook.id)).toEqual([]);
    const employee = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Hooked', email: `hooked-${randomUUID().slice(0, 8)}@example.com` },
      admin.token,
    );
    expect(employee.status).toBe(201);
    const [got] = await inbox.waitFor((r) => r.length >= 1);
    expect(got.json).toMatchObject({
      type: 'employee.post',
      data: { id: employee.body.id, object: 'employee', operation: 'post', organization: org.id },
    });

    const listed = await eventually(
      () => listDeliveries(admin, hook.id),
      (ds) => ds.length === 1 && ds[0].state === 'SUCCEEDED',
    );
    delivery = listed[0];
    expect(Object.keys(delivery).sort()).toEqual(DELIVERY_FIELDS);
    expect(delivery).toEqual({
      id: expect.stringMatching(UUID),
      event: got.headers['webhook-id'],
      eventType: 'employee.post',
      state: 'SUCCEEDED',
      attemptCount: 1,
      nextAttemptAt: null,
      createdAt: expect.stringMatching(ISO),
      organization: org.id,
      attempts: [expect.objectContaining({ ok: true, statusCode: 200, error: null, responseExcerpt: 'ok' })],
    });
    const [attempt] = delivery.attempts;
    expect(Object.keys(attempt).sort()).toEqual(ATTEMPT_FIELDS);
    expect(attempt.id).toMatch(UUID);
    expect(attempt.at).toMatch(ISO);
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(attempt.at).getTime()).toBeGreaterThanOrEqual(new Date(delivery.createdAt).getTime() - 1000);
    // Another organization's admin cannot list them.
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}/deliveries`, otherAdmin.token))).toEqual([
      404,
      'webhook not found',
    ]);
  });

  it('redelivers a delivery (202) with the same webhook-id, and records the new attempt', async () => {
    const again = await t.api.post<Delivery>(
      `/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`,
      undefined,
      admin.token,
    );
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: delivery.id, event: delivery.event, eventType: 'employee.post' });
    await inbox.waitFor((r) => r.length >= 2);
    expect(inbox.received).toHaveLength(2);
    expect(inbox.received[1].headers['webhook-id']).toBe(inbox.received[0].headers['webhook-id']);
    expect(inbox.received[1].json.type).toBe('employee.post');
    const [after] = await eventually(
      () => listDeliveries(admin, hook.id),
      (ds) => ds[0]?.attempts.length === 2 && ds[0].state === 'SUCCEEDED',
    );
    expect(after).toMatchObject({ id: delivery.id, attemptCount: 2, state: 'SUCCEEDED' });
    expect(after.attempts.map((a) => [a.ok, a.statusCode])).toEqual([
      [true, 200],
      [true, 200],
    ]);
    // An organization token may redeliver too.
    expect(
      (await t.api.post(`/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`, undefined, orgToken)).status,
    ).toBe(202);
    await inbox.waitFor((r) => r.length >= 3);
  });

  it('answers 404 for a delivery that is not one of this webhook', async () => {
    const mine = `/api/v1/webhook/${hook.id}/deliveries`;
    expect(outcome(await t.api.post(`${mine}/${randomUUID()}/redeliver`, undefined, admin.token))).toEqual([
      404,
      'delivery not found',
    ]);
    // A delivery of another webhook of the same organization is not reached through this one.
    const sibling = await createHook(admin, { name: 'sibling', url: inbox.url, eventType: 'group.post' });
    const tested = await t.api.post<Delivery>(`/api/v1/webhook/${sibling.id}/test`, undefined, admin.token);
    expect(tested.status).toBe(202);
    expect(outcome(await t.api.post(`${mine}/${tested.body.id}/redeliver`, undefined, admin.token))).toEqual([
      404,
      'delivery not found',
    ]);
    // Nor a delivery of another organization's webhook.
    const foreign = await createHook(otherAdmin, { name: 'theirs', url: inbox.url, eventType: 'group.post' });
    const theirs = await t.api.post<Delivery>(`/api/v1/webhook/${foreign.id}/test`, undefined, otherAdmin.token);
    expect(theirs.status).toBe(202);
    expect(outcome(await t.api.post(`${mine}/${theirs.body.id}/redeliver`, undefined, admin.token))).toEqual([
      404,
      'delivery not found',
    ]);
    expect(
      outcome(
        await t.api.post(
          `/api/v1/webhook/${foreign.id}/deliveries/${theirs.body.id}/redeliver`,
          undefined,
          admin.token,
        ),
      ),
    ).toEqual([404, 'webhook not found']);
    expect((await listDeliveries(admin, hook.id)).map((d) => d.id)).toEqual([delivery.id]);
    await inbox.waitFor((r) => r.filter((x) => x.json.type === 'webhook.test').length >= 2);
    expect(await t.api.delete(`/api/v1/webhook/${sibling.id}`, admin.token)).toMatchObject({ status: 200 });
    expect(await t.api.delete(`/api/v1/webhook/${foreign.id}`, otherAdmin.token)).toMatchObject({ status: 200 });
  });

  it('sends a webhook.test event (202) to the webhook; the list shows it first and pages', async () => {
    const before = inbox.received.length;
    const tested = await t.api.post<Delivery>(`/api/v1/webhook/${hook.id}/test`, undefined, admin.token);
    expect(tested.status).toBe(202);
    expect(tested.body).toMatchObject({
      id: expect.stringMatching(UUID),
      eventType: 'webhook.test',
      state: 'PENDING',
      organization: org.id,
    });
    const got = await inbox.waitFor((r) => r.slice(before).some((x) => x.json.type === 'webhook.test'));
    const test = got.slice(before).find((x) => x.json.type === 'webhook.test');
    expect(test?.headers['webhook-id']).toBe(tested.body.event);
    expect(test?.json.data).toMatchObject({ id: hook.id, object: 'webhook' });
    const listed = await eventually(
      () => listDeliveries(admin, hook.id),
      (ds) => ds[0]?.id === tested.body.id && ds[0].state === 'SUCCEEDED',
    );
    expect(listed.map((d) => [d.id, d.eventType])).toEqual([
      [tested.body.id, 'webhook.test'],
      [delivery.id, 'employee.post'],
    ]);
    expect((await listDeliveries(admin, hook.id, '?limit=1')).map((d) => d.id)).toEqual([tested.body.id]);
    expect((await listDeliveries(admin, hook.id, '?limit=1&offset=1')).map((d) => d.id)).toEqual([delivery.id]);
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}/deliveries?limit=0`, admin.token))).toEqual([
      400,
      'limit must be between 1 and 500',
    ]);
    expect(outcome(await t.api.get(`/api/v1/webhook/${hook.id}/deliveries?offset=-1`, admin.token))).toEqual([
      400,
      'offset must be 0 or more',
    ]);
  });

  it('refuses (409) to test or redeliver while the webhook is inactive, and sends again once it is active', async () => {
    const before = await listDeliveries(admin, hook.id);
    expect((await t.api.patch(`/api/v1/webhook/${hook.id}`, { active: false }, admin.token)).status).toBe(200);
    expect(outcome(await t.api.post(`/api/v1/webhook/${hook.id}/test`, undefined, admin.token))).toEqual([
      409,
      'the webhook is inactive; activate it before testing it',
    ]);
    expect(
      outcome(
        await t.api.post(`/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`, undefined, admin.token),
      ),
    ).toEqual([409, 'the webhook is inactive; activate it before redelivering']);
    expect(await listDeliveries(admin, hook.id)).toEqual(before);
    expect((await t.api.patch(`/api/v1/webhook/${hook.id}`, { active: true }, admin.token)).status).toBe(200);
    const count = inbox.received.length;
    expect((await t.api.post(`/api/v1/webhook/${hook.id}/test`, undefined, admin.token)).status).toBe(202);
    await inbox.waitFor((r) => r.length > count);
    expect(await listDeliveries(admin, hook.id)).toHaveLength(before.length + 1);
  });
});

describe('private addresses, with ALLOW_PRIVATE_URLS false (the default)', () => {
  let strict: TestApp;
  let strictAdmin: Member;
  let hook: WebhookRecord;
  beforeAll(async () => {
    strict = await startTestApp();
    ({ admin: strictAdmin } = await orgWithAdmin(strict));
    await createKey(strictAdmin, 'signing', strict);
    hook = await createHook(strictAdmin, { url: PUBLIC_URL, eventType: 'idpTask.delete' }, strict);
  });
  afterAll(() => strict?.close());

  it('accepts a public address given as an IP literal, at creation and in a patch', async () => {
    expect(hook).toMatchObject({ url: PUBLIC_URL, active: true });
    const created = await strict.api.post<WebhookRecord>(
      '/api/v1/webhook',
      { name: 'n', url: 'https://93.184.216.34:8443/in', eventType: 'idpTask.delete' },
      strictAdmin.token,
    );
    expect([created.status, created.body.url]).toEqual([201, 'https://93.184.216.34:8443/in']);
    const patched = await strict.api.patch<WebhookRecord>(
      `/api/v1/webhook/${created.body.id}`,
      { url: 'http://[2606:4700:4700::1111]/in' },
      strictAdmin.token,
    );
    expect([patched.status, patched.body.url]).toEqual([200, 'http://[2606:4700:4700::1111]/in']);
    expect(empty(await strict.api.delete(`/api/v1/webhook/${created.body.id}`, strictAdmin.token))).toEqual([200, '']);
  });

  it.each([
    ['http://127.0.0.1/x', PRIVATE_MESSAGE],
    ['http://10.0.0.1/x', PRIVATE_MESSAGE],
    ['http://169.254.169.254/latest/meta-data', PRIVATE_MESSAGE],
    ['http://[::1]/x', PRIVATE_MESSAGE],
    ['http://localhost:8080/x', PRIVATE_MESSAGE],
    ['ftp://example.com', URL_MESSAGE],
    // More of the refused ranges: RFC 1918, unique-local IPv6, IPv4-mapped loopback, unspecified.
    ['http://192.168.1.10/x', PRIVATE_MESSAGE],
    ['http://[fd00:ec2::254]/x', PRIVATE_MESSAGE],
    ['http://[::ffff:127.0.0.1]/x', PRIVATE_MESSAGE],
    ['http://0.0.0.0/x', PRIVATE_MESSAGE],
    ['http://no-such-host.invalid/x', 'url host no-such-host.invalid does not resolve'],
  ])('refuses %s at creation and in a patch (400 naming url), storing nothing', async (url, message) => {
    const before = await listHooks(strictAdmin, strict);
    const created = await strict.api.post('/api/v1/webhook', { name: 'n', url, eventType: '*.*' }, strictAdmin.token);
    expect(outcome(created)).toEqual([400, message]);
    const patched = await strict.api.patch(`/api/v1/webhook/${hook.id}`, { url }, strictAdmin.token);
    expect(outcome(patched)).toEqual([400, message]);
    expect(await listHooks(strictAdmin, strict)).toEqual(before);
    expect(await getHook(strictAdmin, hook.id, strict)).toEqual(hook);
  });
});
