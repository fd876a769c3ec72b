import { randomUUID } from 'node:crypto';
import { member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { signOrgToken } from '../helpers/org-token';
import { Receiver } from '../helpers/receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createKey, createWebhook, type DeliveryRecord, eventually, type KeyRecord, type WebhookRecord } from '../helpers/webhooks';

// The webhook routes of SPEC 4.6 and their companions: keys, webhooks, deliveries, redelivery, test.
// The service allows private URLs here (the receivers are on loopback); the refusals of private
// addresses run against a second instance with the default setting, at the end of the file.
let t: TestApp;
let org: OrgRecord;
let admin: Member;
let otherAdmin: Member;
let reader: Member;
let orgToken: string;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', JOB_POLL_SECONDS: '0.5' });
  receiver = await new Receiver().start();
  ({ org, admin } = await orgWithAdmin(t, 'Hooks Org'));
  ({ admin: otherAdmin } = await orgWithAdmin(t, 'Other Hooks Org'));
  reader = await member(t, org, admin);
  const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'integration' }, admin.token);
  const key = keyed.body.keys.find((k) => k.secretBase64)!;
  orgToken = signOrgToken(key.id, key.secretBase64!);
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const keys = (token = admin.token) => t.api.get<KeyRecord[]>('/api/v1/webhook-key', token);
const hooks = (token = admin.token) => t.api.get<WebhookRecord[]>('/api/v1/webhook', token);
const status = (r: { status: number; body: unknown }) => [r.status, r.body];

describe('webhook keys', () => {
  it('creates keys: the secret once, the first as the default', async () => {
    const { admin: fresh } = await orgWithAdmin(t);
    const first = await t.api.post<KeyRecord & { createdAt: string }>('/api/v1/webhook-key', { name: ' Primary ' }, fresh.token);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Primary', default: true });
    expect(Buffer.from(first.body.secretBase64!, 'base64')).toHaveLength(32);
    const second = await t.api.post<KeyRecord>('/api/v1/webhook-key', { name: 'Secondary' }, fresh.token);
    expect(second.body.default).toBe(false);
    expect(second.body.secretBase64).not.toBe(first.body.secretBase64);
    const listed = await keys(fresh.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((k) => [k.name, k.default, k.secretBase64])).toEqual([
      ['Primary', true, null],
      ['Secondary', false, null],
    ]);
    expect(listed.text).not.toContain(first.body.secretBase64);
  });

  it('lets an organization token create a key', async () => {
    const res = await t.api.post<KeyRecord>('/api/v1/webhook-key', { name: 'By token' }, orgToken);
    expect(res.status).toBe(201);
  });

  it('makes another key the default', async () => {
    const { admin: fresh } = await orgWithAdmin(t);
    const a = await createKey(t, fresh, 'a');
    const b = await createKey(t, fresh, 'b');
    const made = await t.api.post<KeyRecord>(`/api/v1/webhook-key/${b.id}/default`, undefined, fresh.token);
    expect([made.status, made.body.default]).toEqual([200, true]);
    expect((await keys(fresh.token)).body.map((k) => [k.id, k.default])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
  });

  it('refuses to delete a key that signs webhooks (409), then deletes it; the oldest key becomes the default', async () => {
    const { admin: fresh } = await orgWithAdmin(t);
    const a = await createKey(t, fresh, 'a');
    const b = await createKey(t, fresh, 'b');
    const c = await createKey(t, fresh, 'c');
    const hook = await createWebhook(t, fresh, { url: receiver.url, eventType: '*.*' });
    expect(hook.signingKey).toBe(a.id);
    const refused = await t.api.delete(`/api/v1/webhook-key/${a.id}`, fresh.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatch(/signs 1 webhook/);
    expect((await keys(fresh.token)).body).toHaveLength(3);
    expect((await t.api.delete(`/api/v1/webhook/${hook.id}`, fresh.token)).status).toBe(200);
    const deleted = await t.api.delete(`/api/v1/webhook-key/${a.id}`, fresh.token);
    expect([deleted.status, deleted.text]).toEqual([200, '']);
    expect((await keys(fresh.token)).body.map((k) => [k.id, k.default])).toEqual([
      [b.id, true],
      [c.id, false],
    ]);
  });

  it('answers 400 for a missing or blank name, 401 without a token, 403 to a member, 404 for another organization’s key, 400 for a bad id', async () => {
    const before = (await keys()).body.length;
    expect(status(await t.api.post('/api/v1/webhook-key', {}, admin.token))).toEqual([400, expect.stringContaining('name')]);
    expect(status(await t.api.post('/api/v1/webhook-key', { name: '  ' }, admin.token))).toEqual([400, 'name must be 1-200 characters']);
    expect((await t.api.request('POST', '/api/v1/webhook-key', { raw: { body: '{"name":', type: 'application/json' }, token: admin.token })).status).toBe(400);
    expect((await t.api.post('/api/v1/webhook-key', { name: 'x' })).status).toBe(401);
    expect((await t.api.get('/api/v1/webhook-key')).status).toBe(401);
    expect((await t.api.post('/api/v1/webhook-key', { name: 'x' }, reader.token)).status).toBe(403);
    expect((await keys(reader.token)).status).toBe(403);
    expect((await keys()).body).toHaveLength(before);
    const foreign = await createKey(t, otherAdmin, 'foreign');
    expect(status(await t.api.post(`/api/v1/webhook-key/${foreign.id}/default`, undefined, admin.token))).toEqual([404, 'webhook key not found']);
    expect((await t.api.delete(`/api/v1/webhook-key/${foreign.id}`, admin.token)).status).toBe(404);
    expect((await t.api.delete(`/api/v1/webhook-key/${randomUUID()}`, admin.token)).status).toBe(404);
    expect(status(await t.api.delete('/api/v1/webhook-key/nope', admin.token))).toEqual([400, 'key must be a UUID']);
    expect((await t.api.delete(`/api/v1/webhook-key/${foreign.id}`, reader.token)).status).toBe(403);
  });
});

describe('webhooks', () => {
  let signing: KeyRecord;
  beforeAll(async () => {
    signing = await createKey(t, admin, 'signing');
  });

  it('creates an active webhook signed with the default key, and lists, gets, patches and deletes it', async () => {
    const created = await t.api.post<WebhookRecord & { createdAt: string; organization: string }>(
      '/api/v1/webhook',
      { name: 'CRM sync', url: receiver.url, eventType: 'idp.*' },
      admin.token,
    );
    expect(created.status).toBe(201);
    const defaultKey = (await keys()).body.find((k) => k.default)!;
    expect(created.body).toMatchObject({ name: 'CRM sync', url: receiver.url, eventType: 'idp.*', ifUpdates: [], active: true, signingKey: defaultKey.id, organization: org.id });
    const id = created.body.id;
    expect((await hooks()).body.map((h) => h.id)).toContain(id);
    expect((await t.api.get<WebhookRecord>(`/api/v1/webhook/${id}`, admin.token)).body).toMatchObject({ id, eventType: 'idp.*' });
    const patched = await t.api.patch<WebhookRecord>(
      `/api/v1/webhook/${id}`,
      { name: 'Renamed', eventType: '*.patch', ifUpdates: ['status'], active: false, signingKey: signing.id, url: `${receiver.url}?v=2` },
      admin.token,
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', eventType: '*.patch', ifUpdates: ['status'], active: false, signingKey: signing.id, url: `${receiver.url}?v=2` });
    expect((await t.api.get<WebhookRecord>(`/api/v1/webhook/${id}`, admin.token)).body).toMatchObject({ name: 'Renamed', active: false });
    expect((await t.api.delete(`/api/v1/webhook/${id}`, admin.token)).status).toBe(200);
    expect((await t.api.get(`/api/v1/webhook/${id}`, admin.token)).status).toBe(404);
  });

  it('takes signingKey to choose a non-default key, and an organization token may create', async () => {
    const res = await t.api.post<WebhookRecord>('/api/v1/webhook', { name: 'k', url: receiver.url, eventType: '*.delete', signingKey: signing.id, ifUpdates: ['name'] }, orgToken);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ signingKey: signing.id, ifUpdates: ['name'] });
  });

  it('answers 400 naming the field for each bad input, and stores nothing', async () => {
    const before = (await hooks()).body.length;
    const bad = async (body: Record<string, unknown>) => status(await t.api.post('/api/v1/webhook', { name: 'n', url: receiver.url, eventType: '*.*', ...body }, admin.token));
    expect(await bad({ name: undefined })).toEqual([400, expect.stringContaining('name')]);
    expect(await bad({ url: undefined })).toEqual([400, expect.stringContaining('url')]);
    expect(await bad({ eventType: undefined })).toEqual([400, expect.stringContaining('eventType')]);
    expect(await bad({ eventType: 'objective.*' })).toEqual([400, expect.stringMatching(/^eventType must be <object\|\*>\.<post\|patch\|delete\|\*> with object one of organization, account/)]);
    expect(await bad({ eventType: 'idp.update' })).toEqual([400, expect.stringMatching(/^eventType must be/)]);
    expect(await bad({ eventType: 'idp' })).toEqual([400, expect.stringMatching(/^eventType must be/)]);
    expect(await bad({ url: 'ftp://example.com/x' })).toEqual([400, 'url must be an absolute http(s) URL']);
    expect(await bad({ url: 'not a url' })).toEqual([400, 'url must be an absolute http(s) URL']);
    expect(await bad({ url: 'http://user:pw@example.com/' })).toEqual([400, 'url must not carry credentials']);
    expect(await bad({ ifUpdates: [5] })).toEqual([400, expect.stringContaining('ifUpdates')]);
    expect(await bad({ ifUpdates: Array.from({ length: 51 }, (_, i) => `f${i}`) })).toEqual([400, expect.stringContaining('ifUpdates')]);
    expect(await bad({ ifUpdates: [''] })).toEqual([400, expect.stringContaining('ifUpdates')]);
    expect(await bad({ signingKey: 'nope' })).toEqual([400, expect.stringContaining('signingKey')]);
    expect(await bad({ signingKey: randomUUID() })).toEqual([400, 'signingKey must be a webhook key of the organization']);
    const foreignKey = await createKey(t, otherAdmin, 'foreign');
    expect(await bad({ signingKey: foreignKey.id })).toEqual([400, 'signingKey must be a webhook key of the organization']);
    expect((await t.api.request('POST', '/api/v1/webhook', { raw: { body: '{"name":"x",', type: 'application/json' }, token: admin.token })).status).toBe(400);
    expect((await hooks()).body).toHaveLength(before);
  });

  it('refuses a webhook in an organization without a key (400 naming signingKey)', async () => {
    const { admin: keyless } = await orgWithAdmin(t);
    const res = await t.api.post('/api/v1/webhook', { name: 'n', url: receiver.url, eventType: '*.*' }, keyless.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatch(/^signingKey: the organization has no webhook key yet/);
  });

  it('answers 400 to bad patches and leaves the webhook as it was', async () => {
    const hook = await createWebhook(t, admin, { url: receiver.url, eventType: 'employee.*' });
    const patch = async (body: Record<string, unknown>) => status(await t.api.patch(`/api/v1/webhook/${hook.id}`, body, admin.token));
    expect(await patch({ eventType: '*.nope' })).toEqual([400, expect.stringMatching(/^eventType must be/)]);
    expect(await patch({ url: 'mailto:a@b.c' })).toEqual([400, 'url must be an absolute http(s) URL']);
    expect(await patch({ signingKey: randomUUID() })).toEqual([400, 'signingKey must be a webhook key of the organization']);
    expect(await patch({ name: '' })).toEqual([400, 'name must be 1-200 characters']);
    expect((await t.api.get<WebhookRecord>(`/api/v1/webhook/${hook.id}`, admin.token)).body).toMatchObject({ eventType: 'employee.*', url: receiver.url, name: 'receiver' });
  });

  it('answers 401 without a token, 403 to a member, 404 for another organization’s webhook', async () => {
    const hook = await createWebhook(t, admin, { url: receiver.url, eventType: 'employee.*' });
    const foreign = await createWebhook(t, otherAdmin, { url: receiver.url, eventType: 'employee.*' });
    const base = `/api/v1/webhook/${hook.id}`;
    for (const [method, path] of [
      ['GET', '/api/v1/webhook'],
      ['POST', '/api/v1/webhook'],
      ['GET', base],
      ['PATCH', base],
      ['DELETE', base],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/test`],
      ['POST', `${base}/deliveries/${randomUUID()}/redeliver`],
    ]) {
      const body = method === 'GET' ? undefined : { name: 'x', url: receiver.url, eventType: '*.*' };
      expect([method, path, (await t.api.request(method, path, { body })).status]).toEqual([method, path, 401]);
      expect([method, path, (await t.api.request(method, path, { body, token: reader.token })).status]).toEqual([method, path, 403]);
    }
    const theirs = `/api/v1/webhook/${foreign.id}`;
    expect(status(await t.api.get(theirs, admin.token))).toEqual([404, 'webhook not found']);
    expect((await t.api.patch(theirs, { name: 'mine' }, admin.token)).status).toBe(404);
    expect((await t.api.delete(theirs, admin.token)).status).toBe(404);
    expect((await t.api.get(`${theirs}/deliveries`, admin.token)).status).toBe(404);
    expect((await t.api.post(`${theirs}/test`, undefined, admin.token)).status).toBe(404);
    expect((await hooks(admin.token)).body.map((h) => h.id)).not.toContain(foreign.id);
    expect((await t.api.get<WebhookRecord>(theirs, otherAdmin.token)).body.name).toBe('receiver');
    expect(status(await t.api.get('/api/v1/webhook/nope', admin.token))).toEqual([400, 'webhook must be a UUID']);
    // A platform administrator acting in the organization may manage its webhooks.
    expect((await t.api.get(base, platformAdmin(t, org.id))).status).toBe(200);
  });

  it('lists deliveries, redelivers one and sends a test event', async () => {
    const inbox = await new Receiver().start();
    const hook = await createWebhook(t, admin, { url: inbox.url, eventType: 'employee.post' });
    expect((await t.api.post('/api/v1/employee', { name: 'Hooked', email: `hooked-${Date.now()}@example.com` }, admin.token)).status).toBe(201);
    const [delivery] = (await eventually(() => t.api.get<DeliveryRecord[]>(`/api/v1/webhook/${hook.id}/deliveries`, admin.token), (r) => r.body[0]?.state === 'SUCCEEDED')).body;
    expect(delivery).toMatchObject({ eventType: 'employee.post', attemptCount: 1, attempts: [{ ok: true, statusCode: 200 }] });
    const again = await t.api.post<DeliveryRecord>(`/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`, undefined, admin.token);
    expect([again.status, again.body.id]).toEqual([202, delivery.id]);
    await inbox.waitFor((r) => r.length === 2);
    expect(inbox.received[1].headers['webhook-id']).toBe(inbox.received[0].headers['webhook-id']);
    const tested = await t.api.post<DeliveryRecord>(`/api/v1/webhook/${hook.id}/test`, undefined, orgToken);
    expect([tested.status, tested.body.eventType, tested.body.state]).toEqual([202, 'webhook.test', 'PENDING']);
    await inbox.waitFor((r) => r.some((x) => x.json.type === 'webhook.test'));
    const listed = (await t.api.get<DeliveryRecord[]>(`/api/v1/webhook/${hook.id}/deliveries?limit=1`, admin.token)).body;
    expect(listed.map((d) => d.eventType)).toEqual(['webhook.test']);
    expect(status(await t.api.get(`/api/v1/webhook/${hook.id}/deliveries?limit=0`, admin.token))).toEqual([400, 'limit must be between 1 and 500']);
    expect(status(await t.api.post(`/api/v1/webhook/${hook.id}/deliveries/${randomUUID()}/redeliver`, undefined, admin.token))).toEqual([404, 'delivery not found']);
    // A paused webhook is neither tested nor redelivered (409).
    expect((await t.api.patch(`/api/v1/webhook/${hook.id}`, { active: false }, admin.token)).status).toBe(200);
    expect((await t.api.post(`/api/v1/webhook/${hook.id}/test`, undefined, admin.token)).status).toBe(409);
    expect((await t.api.post(`/api/v1/webhook/${hook.id}/deliveries/${delivery.id}/redeliver`, undefined, admin.token)).status).toBe(409);
    await inbox.close();
  });
});

describe('private addresses, with ALLOW_PRIVATE_URLS false', () => {
  let strict: TestApp;
  let strictAdmin: Member;
  beforeAll(async () => {
    strict = await startTestApp();
    ({ admin: strictAdmin } = await orgWithAdmin(strict));
    await createKey(strict, strictAdmin);
  });
  afterAll(() => strict?.close());

  it.each(['http://127.0.0.1/x', 'http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://localhost:8080/x', 'http://192.168.1.10/x', 'http://[fd00:ec2::254]/x', 'http://[::ffff:127.0.0.1]/x', 'http://0.0.0.0/x'])(
    'refuses %s at creation and in a patch (400 naming url)',
    async (url) => {
      const created = await strict.api.post('/api/v1/webhook', { name: 'n', url, eventType: '*.*' }, strictAdmin.token);
      expect(status(created)).toEqual([400, 'url resolves to a loopback, private, link-local, multicast or metadata address']);
      const hook = await createWebhook(strict, strictAdmin, { url: 'http://93.184.216.34/hook', eventType: '*.*' });
      const patched = await strict.api.patch(`/api/v1/webhook/${hook.id}`, { url }, strictAdmin.token);
      expect(patched.status).toBe(400);
      expect((await strict.api.get<WebhookRecord>(`/api/v1/webhook/${hook.id}`, strictAdmin.token)).body.url).toBe('http://93.184.216.34/hook');
    },
  );

  it('refuses a host that does not resolve', async () => {
    const res = await strict.api.post('/api/v1/webhook', { name: 'n', url: 'http://no-such-host.invalid/x', eventType: '*.*' }, strictAdmin.token);
    expect(status(res)).toEqual([400, 'url host no-such-host.invalid does not resolve']);
  });

  it('accepts a public address', async () => {
    const res = await strict.api.post<WebhookRecord>('/api/v1/webhook', { name: 'n', url: 'https://93.184.216.34/hook', eventType: '*.*' }, strictAdmin.token);
    expect(res.status).toBe(201);
  });
});
