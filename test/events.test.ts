import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ChangeEvent } from '../src/events/change-event.entity';
import { member } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { signOrgToken } from './helpers/org-token';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createKey } from './helpers/webhooks';

// Change capture: what each change writes to the outbox, read straight from the database.
let t: TestApp;
let org: OrgRecord;
let admin: Member;
let adminId: string;

beforeAll(async () => {
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  ({ org, admin } = await orgWithAdmin(t, 'Events Org'));
  adminId = (await t.api.get<{ id: string }>(`/api/v1/account/${admin.email}`, admin.token)).body.id;
});
afterAll(() => t.close());

/** Events of one object, oldest first. */
function eventsOf(objectId: string): Promise<ChangeEvent[]> {
  return t.app.db.orm.em.fork().find(ChangeEvent, { objectId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

async function eventCount(): Promise<number> {
  return t.app.db.orm.em.fork().count(ChangeEvent, {});
}

/** Events written since `since` (a count taken before), oldest first, as `type objectId`. */
async function eventsSince(since: Date): Promise<string[]> {
  const events = await t.app.db.orm.em.fork().find(ChangeEvent, { createdAt: { $gte: since } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return events.map((e) => `${e.type} ${e.objectId}${e.changedFields.length ? ` ${e.changedFields.join(',')}` : ''}`);
}

async function created<T extends { id: string }>(path: string, body: unknown, token = admin.token): Promise<T> {
  const res = await t.api.post<T>(path, body, token);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  return res.body;
}

async function ok(response: Promise<{ status: number; text: string }>): Promise<void> {
  const res = await response;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text}`);
}

const email = () => `e-${randomUUID().slice(0, 8)}@example.com`;

describe('an event per create, update and delete', () => {
  it('employee: post, patch with the changed fields and both values, delete with the last values', async () => {
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'Ada', email: email() });
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { name: 'Ada L.' }, admin.token));
    await ok(t.api.delete(`/api/v1/employee/${employee.id}`, admin.token));
    const [post, patch, del] = await eventsOf(employee.id);
    expect(post).toMatchObject({ type: 'employee.post', object: 'employee', operation: 'post', organization: org.id, actor: adminId, changedFields: [], previous: null });
    expect(post.current).toMatchObject({ id: employee.id, name: 'Ada', organization: org.id, active: true });
    expect(patch).toMatchObject({ type: 'employee.patch', actor: adminId });
    expect(patch.changedFields).toContain('name');
    expect(patch.changedFields).not.toContain('email');
    expect([patch.previous?.name, patch.current?.name]).toEqual(['Ada', 'Ada L.']);
    expect(del).toMatchObject({ type: 'employee.delete', current: null, changedFields: [] });
    expect(del.previous).toMatchObject({ id: employee.id, name: 'Ada L.' });
  });

  it.each([
    ['group', '/api/v1/group', () => ({ name: `G ${randomUUID().slice(0, 6)}` }), { description: 'changed' }, 'description'],
    ['idp', '/api/v1/idp', () => ({ name: 'Plan', startDate: '2026-01-01', type: 'CAREER' }), { name: 'Plan 2' }, 'name'],
    ['app', '/api/v1/app', () => ({ type: 'CRM', externalId: randomUUID(), internal: false, name: 'CRM' }), { name: 'CRM 2' }, 'name'],
  ])('%s: post, patch and delete', async (object, path, body, change, field) => {
    const record = await created<{ id: string }>(path, body());
    await ok(t.api.patch(`${path}/${record.id}`, change, admin.token));
    await ok(t.api.delete(`${path}/${record.id}`, admin.token));
    const events = await eventsOf(record.id);
    expect(events.map((e) => e.type)).toEqual([`${object}.post`, `${object}.patch`, `${object}.delete`]);
    expect(events.every((e) => e.organization === org.id && e.actor === adminId)).toBe(true);
    expect(events[1].changedFields).toContain(field);
  });

  it('idpTask and mapping: post, patch and delete', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', { name: 'Tasks', startDate: '2026-01-01', type: 'CAREER' });
    const task = await created<{ id: string }>(`/api/v1/idp/${plan.id}/tasks`, { name: 'Read' });
    await ok(t.api.patch(`/api/v1/idp/${plan.id}/tasks/${task.id}`, { name: 'Read more' }, admin.token));
    await ok(t.api.delete(`/api/v1/idp/${plan.id}/tasks/${task.id}`, admin.token));
    expect((await eventsOf(task.id)).map((e) => e.type)).toEqual(['idpTask.post', 'idpTask.patch', 'idpTask.delete']);

    const app = await created<{ id: string }>('/api/v1/app', { type: 'HR', externalId: randomUUID(), internal: true, name: 'HR' });
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'IDP', entityId: plan.id, namespace: 'plans', mappedId: 'p-1' });
    await ok(t.api.patch(`/api/v1/app/${app.id}/mappings/${mapping.id}`, { mappedId: 'p-2' }, admin.token));
    await ok(t.api.delete(`/api/v1/app/${app.id}/mappings/${mapping.id}`, admin.token));
    const events = await eventsOf(mapping.id);
    expect(events.map((e) => e.type)).toEqual(['mapping.post', 'mapping.patch', 'mapping.delete']);
    expect([events[1].previous?.mappedId, events[1].current?.mappedId]).toEqual(['p-1', 'p-2']);
  });

  it('organization and account: post and patch', async () => {
    const { org: fresh, admin: owner } = await orgWithAdmin(t, 'Evented');
    await ok(t.api.patch('/api/v1/organization', { name: 'Evented Renamed' }, owner.token));
    const orgEvents = await eventsOf(fresh.id);
    expect(orgEvents[0]).toMatchObject({ type: 'organization.post', organization: fresh.id });
    const rename = orgEvents.find((e) => e.type === 'organization.patch' && e.changedFields.includes('name'))!;
    expect([rename.previous?.name, rename.current?.name]).toEqual(['Evented', 'Evented Renamed']);

    const account = await created<{ id: string }>('/api/v1/account', { email: email(), name: 'New Person' });
    await ok(t.api.patch(`/api/v1/account/${account.id}`, { name: 'Renamed Person' }, admin.token));
    const accountEvents = await eventsOf(account.id);
    expect(accountEvents[0]).toMatchObject({ type: 'account.post', organization: org.id, actor: adminId });
    expect(accountEvents.some((e) => e.type === 'account.patch' && e.changedFields.includes('name'))).toBe(true);
  });

  it('webhookKey and webhook: post, patch and delete', async () => {
    const key = await createKey(t, admin, 'events');
    const other = await createKey(t, admin, 'other');
    const hook = await created<{ id: string }>('/api/v1/webhook', { name: 'h', url: 'http://127.0.0.1:9/x', eventType: '*.*', signingKey: key.id });
    await ok(t.api.patch(`/api/v1/webhook/${hook.id}`, { active: false, signingKey: other.id }, admin.token));
    await ok(t.api.delete(`/api/v1/webhook/${hook.id}`, admin.token));
    await ok(t.api.delete(`/api/v1/webhook-key/${key.id}`, admin.token));
    const hookEvents = await eventsOf(hook.id);
    expect(hookEvents.map((e) => e.type)).toEqual(['webhook.post', 'webhook.patch', 'webhook.delete']);
    expect(hookEvents[1].changedFields).toEqual(expect.arrayContaining(['active', 'signingKey']));
    // The rotation bookkeeping is not part of the webhook's values.
    expect(hookEvents[1].changedFields).not.toContain('previousSigningKey');
    expect((await eventsOf(key.id)).map((e) => e.type)).toEqual(['webhookKey.post', 'webhookKey.delete']);
  });

  it('names the organization key as the actor of an organization token’s change', async () => {
    const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'actor' }, admin.token);
    const key = keyed.body.keys.find((k) => k.secretBase64)!;
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'By Key', email: email() }, signOrgToken(key.id, key.secretBase64!));
    const [post] = await eventsOf(employee.id);
    expect(post.actor).toBe(key.id);
  });
});

describe('parts of an object', () => {
  it('group members: a patch of the group naming members; none beside the group’s own post', async () => {
    const a = await created<{ id: string }>('/api/v1/employee', { name: 'A', email: email() });
    const b = await created<{ id: string }>('/api/v1/employee', { name: 'B', email: email() });
    const group = await created<{ id: string }>('/api/v1/group', { name: `Members ${randomUUID().slice(0, 6)}`, members: [a.id] });
    expect((await t.api.post(`/api/v1/group/${group.id}/members`, { employeeIds: [b.id] }, admin.token)).status).toBe(200);
    await ok(t.api.delete(`/api/v1/group/${group.id}/members/${a.id}`, admin.token));
    const events = await eventsOf(group.id);
    expect(events.map((e) => `${e.type} ${e.changedFields.join(',')}`)).toEqual(['group.post ', 'group.patch members', 'group.patch members']);
    expect(events[1].current).toMatchObject({ id: group.id });
    expect(events[1].current?.name).toEqual(expect.stringMatching(/^Members/));
  });

  it('notes, keys, grants and preferences: patches of their plan, organization or account', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', { name: 'Noted', startDate: '2026-01-01', type: 'CAREER' });
    await created(`/api/v1/idp/${plan.id}/notes`, { note: 'hello' });
    expect((await eventsOf(plan.id)).map((e) => `${e.type} ${e.changedFields.join(',')}`)).toEqual(['idp.post ', 'idp.patch notes']);

    const { org: fresh, admin: owner } = await orgWithAdmin(t);
    await t.api.post('/api/v1/organization/keys', { name: 'k' }, owner.token);
    await t.api.request('PUT', '/api/v1/organization/preferences/ui', { token: owner.token, body: { values: { theme: 'dark' } } });
    const orgPatches = (await eventsOf(fresh.id)).filter((e) => e.type === 'organization.patch').map((e) => e.changedFields.join(','));
    expect(orgPatches).toEqual(expect.arrayContaining(['keys', 'preferences']));

    const someone = await member(t, org, admin);
    const someoneId = (await t.api.get<{ id: string }>(`/api/v1/account/${someone.email}`, admin.token)).body.id;
    await ok(t.api.post(`/api/v1/account/${someoneId}/grant`, { role: 'MANAGER', orgId: org.id }, admin.token));
    expect((await eventsOf(someoneId)).some((e) => e.type === 'account.patch' && e.changedFields.includes('grants') && e.organization === org.id)).toBe(true);
  });
});

describe('what the database removes along with a delete', () => {
  it('deleting an employee: group membership, reports’ manager and mappings', async () => {
    const boss = await created<{ id: string }>('/api/v1/employee', { name: 'Boss', email: email() });
    const report = await created<{ id: string }>('/api/v1/employee', { name: 'Report', email: email(), manager: boss.id });
    const group = await created<{ id: string }>('/api/v1/group', { name: `Cascade ${randomUUID().slice(0, 6)}`, members: [boss.id] });
    const app = await created<{ id: string }>('/api/v1/app', { type: 'CRM', externalId: randomUUID(), internal: false, name: 'CRM' });
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'EMPLOYEE', entityId: boss.id, namespace: 'people', mappedId: 'b-1' });
    const since = new Date();
    await ok(t.api.delete(`/api/v1/employee/${boss.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual(
      [`employee.delete ${boss.id}`, `group.patch ${group.id} members`, `employee.patch ${report.id} manager`, `mapping.delete ${mapping.id}`].sort(),
    );
    const reportPatch = (await eventsOf(report.id)).at(-1)!;
    expect([reportPatch.previous?.manager, reportPatch.current?.manager]).toEqual([boss.id, null]);
  });

  it('deleting a plan: its tasks and the mappings of both; deleting an app: its mappings', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', { name: 'Doomed', startDate: '2026-01-01', type: 'CAREER' });
    const task = await created<{ id: string }>(`/api/v1/idp/${plan.id}/tasks`, { name: 'Step' });
    await created(`/api/v1/idp/${plan.id}/notes`, { note: 'a note' });
    const app = await created<{ id: string }>('/api/v1/app', { type: 'LMS', externalId: randomUUID(), internal: false, name: 'LMS' });
    const onTask = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'IDP_TASK', entityId: task.id, namespace: 'n', mappedId: 't-1' });
    const onPlan = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'IDP', entityId: plan.id, namespace: 'n', mappedId: 'p-1' });
    let since = new Date();
    await ok(t.api.delete(`/api/v1/idp/${plan.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual([`idp.delete ${plan.id}`, `idpTask.delete ${task.id}`, `mapping.delete ${onTask.id}`, `mapping.delete ${onPlan.id}`].sort());

    const other = await created<{ id: string }>('/api/v1/employee', { name: 'Mapped', email: email() });
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'EMPLOYEE', entityId: other.id, namespace: 'n', mappedId: 'e-1' });
    since = new Date();
    await ok(t.api.delete(`/api/v1/app/${app.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual([`app.delete ${app.id}`, `mapping.delete ${mapping.id}`].sort());
  });
});

describe('no change, no event', () => {
  it('a refused or failed write leaves no event', async () => {
    const reader = await member(t, org, admin);
    // The first request of a new member records their token subject on the account (an account.patch).
    await t.api.get('/api/v1/employee', reader.token);
    const before = await eventCount();
    expect((await t.api.post('/api/v1/employee', { name: 'Nope', email: email() }, reader.token)).status).toBe(403);
    // The group would be written first; the unknown member fails the whole transaction.
    expect((await t.api.post('/api/v1/group', { name: 'Rolled back', members: [randomUUID()] }, admin.token)).status).toBe(400);
    expect((await t.api.post('/api/v1/app', { type: 'CRM', name: 'no externalId', internal: false }, admin.token)).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('secrets', () => {
  it('names a secret change but never carries a secret value', async () => {
    const app = await created<{ id: string }>('/api/v1/app', { type: 'CRM', externalId: randomUUID(), internal: false, name: 'Secretive', secretData: { token: 'first-secret-value' } });
    await ok(t.api.patch(`/api/v1/app/${app.id}`, { secretData: { token: 'second-secret-value' } }, admin.token));
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, { entityType: 'ORGANIZATION', entityId: org.id, namespace: 'n', mappedId: 'o-1', mappingSecrets: { pin: 'mapping-secret-value' } });
    const key = await createKey(t, admin, 'secret-check');
    const [, patch] = await eventsOf(app.id);
    expect(patch.changedFields).toContain('secretData');
    const all = JSON.stringify([...(await eventsOf(app.id)), ...(await eventsOf(mapping.id)), ...(await eventsOf(key.id))]);
    for (const secret of ['first-secret-value', 'second-secret-value', 'mapping-secret-value', key.secretBase64!, 'secretEncrypted', 'secretHashes']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('the changes subscription', () => {
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.dispose();
  });

  function subscribe(token: string, args: string): { next(): Promise<{ type: string; objectId: string; changedFields: string[] }>; error: Promise<string> } {
    const client = createClient({ url: `${t.app.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    clients.push(client);
    const queue: { type: string; objectId: string; changedFields: string[] }[] = [];
    const waiting: ((v: { type: string; objectId: string; changedFields: string[] }) => void)[] = [];
    let fail: (message: string) => void = () => undefined;
    const error = new Promise<string>((resolve) => (fail = resolve));
    client.subscribe<{ changes: { type: string; objectId: string; changedFields: string[] } }>(
      { query: `subscription { changes${args} { type objectId changedFields organization current previous timestamp actor } }` },
      {
        next: (value) => {
          if (value.errors) return fail(value.errors[0].message);
          const event = value.data!.changes;
          const w = waiting.shift();
          if (w) w(event);
          else queue.push(event);
        },
        error: (e) => fail(Array.isArray(e) ? (e[0] as { message: string }).message : String(e)),
        complete: () => undefined,
      },
    );
    return { next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve))), error };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('streams the organization’s changes only, filtered by eventType and ifUpdates', async () => {
    const { admin: outsider } = await orgWithAdmin(t, 'Outsider');
    const all = subscribe(admin.token, '');
    const patches = subscribe(admin.token, '(eventType: "employee.patch", ifUpdates: ["email"])');
    await settle();
    await created('/api/v1/employee', { name: 'Elsewhere', email: email() }, outsider.token);
    const mine = await created<{ id: string }>('/api/v1/employee', { name: 'Mine', email: email() });
    await ok(t.api.patch(`/api/v1/employee/${mine.id}`, { name: 'Mine 2' }, admin.token));
    await ok(t.api.patch(`/api/v1/employee/${mine.id}`, { email: email() }, admin.token));
    expect(await all.next()).toMatchObject({ type: 'employee.post', objectId: mine.id });
    expect(await all.next()).toMatchObject({ type: 'employee.patch', objectId: mine.id });
    const emailChange = await patches.next();
    expect(emailChange).toMatchObject({ type: 'employee.patch', objectId: mine.id });
    expect(emailChange.changedFields).toContain('email');
  });

  it('refuses an unknown eventType and a caller who is not ORG_ADMIN', async () => {
    expect(await subscribe(admin.token, '(eventType: "nope.post")').error).toMatch(/^eventType must be/);
    const reader = await member(t, org, admin);
    expect(await subscribe(reader.token, '').error).toMatch(/ORG_ADMIN|not allowed|role/i);
  });
});
