import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { ChangeEvent } from '../src/events/change-event.entity';
import { member, withId } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { signOrgToken } from './helpers/org-token';
import { queriesOf } from './helpers/queries';
import { type Received, Receiver } from './helpers/receiver';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createKey, createWebhook } from './helpers/webhooks';

// Change capture: what each change writes to the outbox (table change_event), read straight from
// the database, and the `changes` subscription that streams those events.

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let adminId: string;

beforeAll(async () => {
  // Webhook URLs are not resolved (the machine may be offline) when private URLs are allowed.
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true' });
  ({ org, admin } = await orgWithAdmin(t, 'Events Org'));
  adminId = (await withId(t, admin)).id;
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await t.close();
});

// ---- helpers ---------------------------------------------------------------------------------

/** Events of one object, oldest first. */
function eventsOf(objectId: string): Promise<ChangeEvent[]> {
  return t.app.db.orm.em.fork().find(ChangeEvent, { objectId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

function allEvents(): Promise<ChangeEvent[]> {
  return t.app.db.orm.em.fork().find(ChangeEvent, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

function eventCount(): Promise<number> {
  return t.app.db.orm.em.fork().count(ChangeEvent, {});
}

const typesOf = (events: ChangeEvent[]) => events.map((e) => e.type);

/** changedFields without the updatedAt stamp most records keep. */
const ownFields = (event: ChangeEvent) => event.changedFields.filter((f) => f !== 'updatedAt');

/** POSTs and returns the body; throws unless the answer is 201. */
/** Events written since `since` (a count taken before), oldest first, as `type objectId`. */
async function eventsSince(since: Date): Promise<string[]> {
  const events = await t.app.db.orm.em
    .fork()
    .find(ChangeEvent, { createdAt: { $gte: since } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return events.map((e) => `${e.type} ${e.objectId}${e.changedFields.length ? ` ${e.changedFields.join(',')}` : ''}`);
}

async function created<T extends { id: string }>(path: string, body: unknown, token = admin.token): Promise<T> {
  const res = await t.api.post<T>(path, body, token);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Throws unless the answer is 200 (deletes too answer 200, with an empty body). */
async function ok(response: Promise<{ status: number; text: string }>): Promise<void> {
  const res = await response;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text}`);
}

const email = () => `e-${randomUUID().slice(0, 8)}@example.com`;

interface Expected {
  actor?: string;
  organization?: string | null;
}

/** The fields every event of `object` `operation` on `id` shares. */
function expectEvent(event: ChangeEvent, object: string, operation: string, id: string, who: Expected): void {
  expect(event).toMatchObject({
    type: `${object}.${operation}`,
    object,
    operation,
    objectId: id,
    organization: who.organization === undefined ? org.id : who.organization,
    actor: who.actor ?? adminId,
  });
}

function expectPost(
  event: ChangeEvent,
  object: string,
  id: string,
  values: Record<string, unknown>,
  who: Expected = {},
): void {
  expectEvent(event, object, 'post', id, who);
  expect(event).toMatchObject({ changedFields: [], previous: null });
  expect(event.current).toMatchObject({ id, ...values });
}

function expectPatch(
  event: ChangeEvent,
  object: string,
  id: string,
  field: string,
  from: unknown,
  to: unknown,
  who: Expected = {},
): void {
  expectEvent(event, object, 'patch', id, who);
  expect(ownFields(event)).toEqual([field]);
  expect(event.previous?.[field]).toEqual(from);
  expect(event.current?.[field]).toEqual(to);
  expect(event.current?.id).toBe(id);
}

function expectDelete(
  event: ChangeEvent,
  object: string,
  id: string,
  values: Record<string, unknown>,
  who: Expected = {},
): void {
  expectEvent(event, object, 'delete', id, who);
  expect(event).toMatchObject({ changedFields: [], current: null });
  expect(event.previous).toMatchObject({ id, ...values });
}

// ---- 1. one event per create, update and delete of each object -------------------------------

describe('an event per create, update and delete', () => {
  it('employee: post, patch naming only name, delete with the last values', async () => {
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'Ada', email: email() });
    expect(typesOf(await eventsOf(employee.id))).toEqual(['employee.post']);
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { name: 'Ada L.' }, admin.token));
    await ok(t.api.delete(`/api/v1/employee/${employee.id}`, admin.token));

    const events = await eventsOf(employee.id);
    expect(typesOf(events)).toEqual(['employee.post', 'employee.patch', 'employee.delete']);
    expectPost(events[0], 'employee', employee.id, { name: 'Ada', organization: org.id, active: true });
    expectPatch(events[1], 'employee', employee.id, 'name', 'Ada', 'Ada L.');
    expectDelete(events[2], 'employee', employee.id, { name: 'Ada L.' });
  });

  it('group: post, patch, delete', async () => {
    const name = `Team ${randomUUID().slice(0, 6)}`;
    const group = await created<{ id: string }>('/api/v1/group', { name, description: 'before' });
    expect(typesOf(await eventsOf(group.id))).toEqual(['group.post']);
    await ok(t.api.patch(`/api/v1/group/${group.id}`, { description: 'after' }, admin.token));
    await ok(t.api.delete(`/api/v1/group/${group.id}`, admin.token));

    const events = await eventsOf(group.id);
    expect(typesOf(events)).toEqual(['group.post', 'group.patch', 'group.delete']);
    expectPost(events[0], 'group', group.id, { name, description: 'before' });
    expectPatch(events[1], 'group', group.id, 'description', 'before', 'after');
    expectDelete(events[2], 'group', group.id, { name, description: 'after' });
  });

  it('idp: post, patch, delete', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', {
      name: 'Plan',
      startDate: '2026-01-01',
      type: 'CAREER',
    });
    expect(typesOf(await eventsOf(plan.id))).toEqual(['idp.post']);
    await ok(t.api.patch(`/api/v1/idp/${plan.id}`, { name: 'Plan 2' }, admin.token));
    await ok(t.api.delete(`/api/v1/idp/${plan.id}`, admin.token));

    const events = await eventsOf(plan.id);
    expect(typesOf(events)).toEqual(['idp.post', 'idp.patch', 'idp.delete']);
    expectPost(events[0], 'idp', plan.id, { name: 'Plan', startDate: '2026-01-01', type: 'CAREER' });
    expectPatch(events[1], 'idp', plan.id, 'name', 'Plan', 'Plan 2');
    expectDelete(events[2], 'idp', plan.id, { name: 'Plan 2' });
  });

  it('idpTask: post, patch, delete', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', {
      name: 'Tasks',
      startDate: '2026-01-01',
      type: 'CAREER',
    });
    const task = await created<{ id: string }>(`/api/v1/idp/${plan.id}/tasks`, { name: 'Read' });
    expect(typesOf(await eventsOf(task.id))).toEqual(['idpTask.post']);
    await ok(t.api.patch(`/api/v1/idp/${plan.id}/tasks/${task.id}`, { name: 'Read more' }, admin.token));
    await ok(t.api.delete(`/api/v1/idp/${plan.id}/tasks/${task.id}`, admin.token));

    const events = await eventsOf(task.id);
    expect(typesOf(events)).toEqual(['idpTask.post', 'idpTask.patch', 'idpTask.delete']);
    expectPost(events[0], 'idpTask', task.id, { name: 'Read', idp: plan.id });
    expectPatch(events[1], 'idpTask', task.id, 'name', 'Read', 'Read more');
    expectDelete(events[2], 'idpTask', task.id, { name: 'Read more', idp: plan.id });
  });

  it('app: post, patch, delete', async () => {
    const externalId = randomUUID();
    const app = await created<{ id: string }>('/api/v1/app', { type: 'CRM', externalId, internal: false, name: 'CRM' });
    expect(typesOf(await eventsOf(app.id))).toEqual(['app.post']);
    await ok(t.api.patch(`/api/v1/app/${app.id}`, { name: 'CRM 2' }, admin.token));
    await ok(t.api.delete(`/api/v1/app/${app.id}`, admin.token));

    const events = await eventsOf(app.id);
    expect(typesOf(events)).toEqual(['app.post', 'app.patch', 'app.delete']);
    expectPost(events[0], 'app', app.id, { name: 'CRM', type: 'CRM', externalId, internal: false });
    expectPatch(events[1], 'app', app.id, 'name', 'CRM', 'CRM 2');
    expectDelete(events[2], 'app', app.id, { name: 'CRM 2', externalId });
  });

  it('mapping: post, patch, delete', async () => {
    const app = await created<{ id: string }>('/api/v1/app', {
      type: 'HR',
      externalId: randomUUID(),
      internal: true,
      name: 'HR',
    });
    const path = `/api/v1/app/${app.id}/mappings`;
    const mapping = await created<{ id: string }>(path, {
      entityType: 'ORGANIZATION',
      entityId: org.id,
      namespace: 'orgs',
      mappedId: 'm-1',
    });
    expect(typesOf(await eventsOf(mapping.id))).toEqual(['mapping.post']);
    await ok(t.api.patch(`${path}/${mapping.id}`, { mappedId: 'm-2' }, admin.token));
    await ok(t.api.delete(`${path}/${mapping.id}`, admin.token));

    const events = await eventsOf(mapping.id);
    expect(typesOf(events)).toEqual(['mapping.post', 'mapping.patch', 'mapping.delete']);
    expectPost(events[0], 'mapping', mapping.id, {
      app: app.id,
      entityType: 'ORGANIZATION',
      entityId: org.id,
      namespace: 'orgs',
      mappedId: 'm-1',
    });
    expectPatch(events[1], 'mapping', mapping.id, 'mappedId', 'm-1', 'm-2');
    expectDelete(events[2], 'mapping', mapping.id, { app: app.id, mappedId: 'm-2' });
  });

  it('webhook: post, patch, delete', async () => {
    // An organization of its own, so the webhook is owed nothing from the other tests.
    const { org: hooked, admin: owner } = await orgWithAdmin(t, 'Hooked Org');
    const who = { actor: (await withId(t, owner)).id, organization: hooked.id };
    const key = await createKey(t, owner, 'signing');
    const hook = await createWebhook(t, owner, {
      name: 'hook',
      url: 'https://example.com/hook',
      eventType: 'group.delete',
    });
    expect(typesOf(await eventsOf(hook.id))).toEqual(['webhook.post']);
    await ok(t.api.patch(`/api/v1/webhook/${hook.id}`, { name: 'hook 2' }, owner.token));
    await ok(t.api.delete(`/api/v1/webhook/${hook.id}`, owner.token));

    const events = await eventsOf(hook.id);
    expect(typesOf(events)).toEqual(['webhook.post', 'webhook.patch', 'webhook.delete']);
    expectPost(
      events[0],
      'webhook',
      hook.id,
      { name: 'hook', url: 'https://example.com/hook', eventType: 'group.delete', signingKey: key.id, active: true },
      who,
    );
    expectPatch(events[1], 'webhook', hook.id, 'name', 'hook', 'hook 2', who);
    expectDelete(events[2], 'webhook', hook.id, { name: 'hook 2' }, who);
  });

  it('webhookKey: post, patch of `default`, delete', async () => {
    const { org: keyed, admin: owner } = await orgWithAdmin(t, 'Keyed Org');
    const who = { actor: (await withId(t, owner)).id, organization: keyed.id };
    // The first key is the default; making the second the default patches both.
    const first = await createKey(t, owner, 'first');
    const second = await createKey(t, owner, 'second');
    expect(typesOf(await eventsOf(first.id))).toEqual(['webhookKey.post']);
    await ok(t.api.post(`/api/v1/webhook-key/${second.id}/default`, undefined, owner.token));
    await ok(t.api.delete(`/api/v1/webhook-key/${first.id}`, owner.token));

    const events = await eventsOf(first.id);
    expect(typesOf(events)).toEqual(['webhookKey.post', 'webhookKey.patch', 'webhookKey.delete']);
    // Events name fields as the API does (REST and GraphQL call it `default`), so that
    // ifUpdates: ["default"] can select them.
    expectPost(events[0], 'webhookKey', first.id, { name: 'first', default: true }, who);
    expectPatch(events[1], 'webhookKey', first.id, 'default', true, false, who);
    expectDelete(events[2], 'webhookKey', first.id, { name: 'first', default: false }, who);
    const promoted = await eventsOf(second.id);
    expect(typesOf(promoted)).toEqual(['webhookKey.post', 'webhookKey.patch']);
    expectPatch(promoted[1], 'webhookKey', second.id, 'default', false, true, who);
  });

  it('organization: post by its creator, patch of the name (no delete route)', async () => {
    const { org: fresh, admin: owner } = await orgWithAdmin(t, 'Evented');
    const ownerId = (await withId(t, owner)).id;
    expect(typesOf(await eventsOf(fresh.id))).toEqual(['organization.post']);
    await ok(t.api.patch('/api/v1/organization', { name: 'Evented Renamed' }, owner.token));

    const events = await eventsOf(fresh.id);
    expect(typesOf(events)).toEqual(['organization.post', 'organization.patch']);
    const who = { actor: ownerId, organization: fresh.id };
    expectPost(events[0], 'organization', fresh.id, { name: 'Evented', alias: fresh.alias }, who);
    expectPatch(events[1], 'organization', fresh.id, 'name', 'Evented', 'Evented Renamed', who);
  });

  it('account: post and patch in the caller’s organization (no delete route)', async () => {
    const address = email();
    const account = await created<{ id: string }>('/api/v1/account', { email: address, name: 'New Person' });
    await ok(t.api.patch(`/api/v1/account/${account.id}`, { name: 'Renamed Person' }, admin.token));

    const events = await eventsOf(account.id);
    const posts = events.filter((e) => e.type === 'account.post');
    const renames = events.filter((e) => e.type === 'account.patch' && e.changedFields.includes('name'));
    expect(posts).toHaveLength(1);
    expect(renames).toHaveLength(1);
    expectPost(posts[0], 'account', account.id, { email: address, name: 'New Person' });
    expectPatch(renames[0], 'account', account.id, 'name', 'New Person', 'Renamed Person');
    // Creating an account flushes its EMPLOYEE grant separately: at most a patch naming grants besides.
    const others = events.filter((e) => !posts.includes(e) && !renames.includes(e));
    expect(others.map((e) => [e.type, e.changedFields, e.organization])).toEqual(
      others.map(() => ['account.patch', ['grants'], org.id]),
    );
  });

  it('names the organization key as the actor of an organization token’s change', async () => {
    const keyed = await t.api.post<OrgRecord>('/api/v1/organization/keys', { name: 'actor' }, admin.token);
    expect(keyed.status).toBe(201);
    const key = keyed.body.keys.find((k) => k.name === 'actor' && k.secretBase64);
    if (!key?.secretBase64) throw new Error(`no new key with its secret in ${keyed.text}`);
    const token = signOrgToken(key.id, key.secretBase64);
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'By Key', email: email() }, token);
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { name: 'By Key 2' }, token));
    const events = await eventsOf(employee.id);
    expect(typesOf(events)).toEqual(['employee.post', 'employee.patch']);
    expect(events.map((e) => e.actor)).toEqual([key.id, key.id]);
    expect(events.map((e) => e.organization)).toEqual([org.id, org.id]);
  });
});

// ---- 2. parts of an object patch their owner -------------------------------------------------

describe('parts of an object', () => {
  it('adding and removing group members patches the group with ["members"]', async () => {
    const a = await created<{ id: string }>('/api/v1/employee', { name: 'A', email: email() });
    const b = await created<{ id: string }>('/api/v1/employee', { name: 'B', email: email() });
    const name = `Members ${randomUUID().slice(0, 6)}`;
    const group = await created<{ id: string }>('/api/v1/group', { name });
    await ok(t.api.post(`/api/v1/group/${group.id}/members`, { employeeIds: [a.id, b.id] }, admin.token));
    await ok(t.api.delete(`/api/v1/group/${group.id}/members/${a.id}`, admin.token));

    const events = await eventsOf(group.id);
    expect(events.map((e) => [e.type, e.changedFields])).toEqual([
      ['group.post', []],
      ['group.patch', ['members']],
      ['group.patch', ['members']],
    ]);
    expect(events[1]).toMatchObject({ organization: org.id, actor: adminId });
    // The group's own values did not change: both sides show them.
    expect(events[1].current).toMatchObject({ id: group.id, name });
    expect(events[1].previous).toMatchObject({ id: group.id, name });
  });

  it('creating a group with members writes the group’s post only', async () => {
    const a = await created<{ id: string }>('/api/v1/employee', { name: 'C', email: email() });
    const group = await created<{ id: string }>('/api/v1/group', {
      name: `With ${randomUUID().slice(0, 6)}`,
      members: [a.id],
    });
    const events = await eventsOf(group.id);
    expect(events.map((e) => [e.type, e.changedFields])).toEqual([['group.post', []]]);
  });

  it('a note on a plan patches the plan with ["notes"]', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', {
      name: 'Noted',
      startDate: '2026-01-01',
      type: 'CAREER',
    });
    await created(`/api/v1/idp/${plan.id}/notes`, { note: 'hello' });
    const events = await eventsOf(plan.id);
    expect(events.map((e) => [e.type, e.changedFields])).toEqual([
      ['idp.post', []],
      ['idp.patch', ['notes']],
    ]);
    expect(events[1]).toMatchObject({ organization: org.id, actor: adminId });
    expect(events[1].current).toMatchObject({ id: plan.id, name: 'Noted' });
  });
});

// ---- 3. no change, no event ------------------------------------------------------------------

describe('no change, no event', () => {
  it('a write rolled back after partial work leaves no event', async () => {
    const before = await eventCount();
    const name = `Rolled back ${randomUUID().slice(0, 6)}`;
    // The group is written first; the unknown member then fails the whole transaction.
    const res = await t.api.post('/api/v1/group', { name, members: [randomUUID()] }, admin.token);
    expect(res.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await t.api.get<{ name: string }[]>('/api/v1/group', admin.token)).body.map((g) => g.name)).not.toContain(
      name,
    );
  });

  it('a write refused to a plain member leaves no event', async () => {
    const reader = await member(t, org, admin);
    // A member's first request records their token subject on the account (an account.patch of its own).
    await ok(t.api.get('/api/v1/employee', reader.token));
    const before = await eventCount();
    expect((await t.api.post('/api/v1/employee', { name: 'Nope', email: email() }, reader.token)).status).toBe(403);
    expect((await t.api.post('/api/v1/group', { name: 'Nope' }, reader.token)).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

// ---- 4. secrets ------------------------------------------------------------------------------

describe('secrets', () => {
  it('names a changed secretData or mappingSecrets but never carries a secret value', async () => {
    const app = await created<{ id: string }>('/api/v1/app', {
      type: 'CRM',
      externalId: randomUUID(),
      internal: false,
      name: 'Secretive',
      secretData: { token: 'app-secret-one' },
    });
    await ok(t.api.patch(`/api/v1/app/${app.id}`, { secretData: { token: 'app-secret-two' } }, admin.token));
    const path = `/api/v1/app/${app.id}/mappings`;
    const mapping = await created<{ id: string }>(path, {
      entityType: 'ORGANIZATION',
      entityId: org.id,
      namespace: 'n',
      mappedId: 'o-1',
      mappingSecrets: { pin: 'mapping-secret-one' },
    });
    await ok(t.api.patch(`${path}/${mapping.id}`, { mappingSecrets: { pin: 'mapping-secret-two' } }, admin.token));

    const appEvents = await eventsOf(app.id);
    expect(typesOf(appEvents)).toEqual(['app.post', 'app.patch']);
    expect(ownFields(appEvents[1])).toEqual(['secretData']);
    const mappingEvents = await eventsOf(mapping.id);
    expect(typesOf(mappingEvents)).toEqual(['mapping.post', 'mapping.patch']);
    expect(ownFields(mappingEvents[1])).toEqual(['mappingSecrets']);

    const everything = JSON.stringify(await allEvents());
    for (const secret of [
      'app-secret-one',
      'app-secret-two',
      'mapping-secret-one',
      'mapping-secret-two',
      'secretEncrypted',
      'secretHashes',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('creating a webhook key writes no event carrying its secret', async () => {
    const key = await createKey(t, admin, 'secret-check');
    if (!key.secretBase64) throw new Error('the key was created without its secret');
    expect(typesOf(await eventsOf(key.id))).toEqual(['webhookKey.post']);
    const everything = JSON.stringify(await allEvents());
    expect(everything).not.toContain(key.secretBase64);
    // The secret's bytes in other encodings are not there either.
    const bytes = Buffer.from(key.secretBase64, 'base64');
    expect(everything).not.toContain(bytes.toString('hex'));
    expect(everything).not.toContain(bytes.toString('base64url'));
  });
});

// ---- 5. organizations and the changes subscription --------------------------------------------

interface LiveEvent {
  type: string;
  objectId: string;
  organization: string | null;
  actor: string | null;
  changedFields: string[];
  current: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
  timestamp: string;
}

interface Live {
  /** The next event received (probe events aside), or a rejection after `ms`. */
  next(ms?: number): Promise<LiveEvent>;
  /** Resolves once the subscription has delivered a probe change (see `ready`). */
  probed: Promise<void>;
  /** The message of the error that ended the subscription. */
  failure: Promise<string>;
}

const clients: Client[] = [];
/** An employee of the main organization whose email changes show that a subscription is live. */
let probe: { id: string } | undefined;

/** Subscribes to `changes` with `args` (e.g. `(eventType: "idp.*")`) over graphql-ws. */
function subscribe(token: string, args = ''): Live {
  const client = createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  clients.push(client);
  const queue: LiveEvent[] = [];
  let live = false;
  const waiting: ((event: LiveEvent) => void)[] = [];
  let fail: (message: string) => void = () => undefined;
  const failure = new Promise<string>((resolve) => (fail = resolve));
  let probeSeen: () => void = () => undefined;
  const probed = new Promise<void>((resolve) => (probeSeen = resolve));
  client.subscribe<{ changes: LiveEvent }>(
    {
      query: `subscription { changes${args} { id type object operation objectId organization actor changedFields current previous timestamp } }`,
    },
    {
      next: (value) => {
        if (value.errors?.length) return fail(value.errors[0].message);
        const event = value.data?.changes;
        if (!event) return;
        // What came before the first probe was made before the subscription was known to be live
        // (and may have been relayed late): only what comes after counts.
        if (event.objectId === probe?.id) {
          if (!live) queue.length = 0;
          live = true;
          return probeSeen();
        }
        const waiter = waiting.shift();
        if (waiter) waiter(event);
        else queue.push(event);
      },
      // graphql-ws hands refusals over as a list of GraphQL errors, a lost socket as a CloseEvent.
      error: (error) =>
        fail(
          Array.isArray(error)
            ? (error as { message: string }[]).map((e) => e.message).join('; ')
            : String((error as { reason?: string }).reason ?? error),
        ),
      complete: () => undefined,
    },
  );
  return {
    failure,
    probed,
    next(ms = 10_000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<LiveEvent>((resolve, reject) => {
        const waiter = (event: LiveEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no change event within ${ms} ms`));
        }, ms);
        waiting.push(waiter);
      });
    },
  };
}

/**
 * Waits until `live` is started on the server: nothing tells a client so, hence changes of the
 * probe employee (an email change passes every filter used here) until one comes through.
 */
async function ready(live: Live): Promise<Live> {
  probe ??= await created<{ id: string }>('/api/v1/employee', { name: 'Probe', email: email() });
  for (let attempt = 0; attempt < 30; attempt++) {
    await ok(t.api.patch(`/api/v1/employee/${probe.id}`, { email: email() }, admin.token));
    const outcome = await Promise.race([
      live.probed.then(() => 'seen'),
      live.failure.then((m) => `refused: ${m}`),
      sleep(500).then(() => 'waiting'),
    ]);
    if (outcome === 'seen') return live;
    if (outcome !== 'waiting') throw new Error(`the subscription was ${outcome}`);
  }
  throw new Error('the subscription did not start');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection after `ms`. */
async function within<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('organizations', () => {
  let other: { org: OrgRecord; admin: Member };
  beforeAll(async () => {
    other = await orgWithAdmin(t, 'Other Org');
  });

  it('events carry the organization of the changed object', async () => {
    const mine = await created<{ id: string }>('/api/v1/employee', { name: 'Mine', email: email() });
    const theirs = await created<{ id: string }>(
      '/api/v1/employee',
      { name: 'Theirs', email: email() },
      other.admin.token,
    );
    expect((await eventsOf(mine.id)).map((e) => e.organization)).toEqual([org.id]);
    expect((await eventsOf(theirs.id)).map((e) => e.organization)).toEqual([other.org.id]);
  });

  it('the changes subscription of one organization receives its own changes, never another’s', async () => {
    const live = await ready(subscribe(admin.token));
    await created('/api/v1/employee', { name: 'Elsewhere', email: email() }, other.admin.token);
    const mine = await created<{ id: string }>('/api/v1/employee', { name: 'Here', email: email() });
    const first = await live.next();
    expect(first).toMatchObject({
      type: 'employee.post',
      objectId: mine.id,
      organization: org.id,
      actor: adminId,
      changedFields: [],
      previous: null,
    });
    expect(first.current).toMatchObject({ id: mine.id, name: 'Here' });
  });

  it('eventType "employee.patch" skips the post and passes the patch', async () => {
    const live = await ready(subscribe(admin.token, '(eventType: "employee.patch")'));
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'Patched', email: email() });
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { name: 'Patched 2' }, admin.token));
    const first = await live.next();
    expect(first).toMatchObject({ type: 'employee.patch', objectId: employee.id });
    expect([first.previous?.name, first.current?.name]).toEqual(['Patched', 'Patched 2']);
  });

  it('ifUpdates ["email"] skips a rename and passes an email change', async () => {
    const employee = await created<{ id: string }>('/api/v1/employee', { name: 'Emailed', email: email() });
    // The post is relayed after its commit; a subscription started before that would receive it.
    await t.app.eventsRelayed();
    const live = await ready(subscribe(admin.token, '(eventType: "employee.*", ifUpdates: ["email"])'));
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { name: 'Emailed 2' }, admin.token));
    const address = email();
    await ok(t.api.patch(`/api/v1/employee/${employee.id}`, { email: address }, admin.token));
    const first = await live.next();
    expect(first).toMatchObject({ type: 'employee.patch', objectId: employee.id });
    expect(first.changedFields).toContain('email');
    expect(first.current?.email).toBe(address);
  });

  it('an unknown eventType is refused when subscribing', async () => {
    const live = subscribe(admin.token, '(eventType: "nope.post")');
    expect(await within(live.failure)).toMatch(/eventType must be/);
  });

  it('a plain member (EMPLOYEE) may not subscribe', async () => {
    const reader = await member(t, org, admin);
    const live = subscribe(reader.token);
    expect(await within(live.failure)).toMatch(/ORG_ADMIN|not allowed|forbidden|permission/i);
  });
});

describe('parts of an account and an organization', () => {
  it('keys, grants and preferences: patches of their organization or account', async () => {
    const { org: fresh, admin: owner } = await orgWithAdmin(t);
    await t.api.post('/api/v1/organization/keys', { name: 'k' }, owner.token);
    await t.api.request('PUT', '/api/v1/organization/preferences/ui', {
      token: owner.token,
      body: { values: { theme: 'dark' } },
    });
    const orgPatches = (await eventsOf(fresh.id))
      .filter((e) => e.type === 'organization.patch')
      .map((e) => e.changedFields.join(','));
    expect(orgPatches).toEqual(expect.arrayContaining(['keys', 'preferences']));

    const someone = await member(t, org, admin);
    const someoneId = (await t.api.get<{ id: string }>(`/api/v1/account/${someone.email}`, admin.token)).body.id;
    await ok(t.api.post(`/api/v1/account/${someoneId}/grant`, { role: 'MANAGER', orgId: org.id }, admin.token));
    expect(
      (await eventsOf(someoneId)).some(
        (e) => e.type === 'account.patch' && e.changedFields.includes('grants') && e.organization === org.id,
      ),
    ).toBe(true);
  });
});

describe('binding an account at sign-in', () => {
  /** The account's events since it was made, as `type [own fields]`. */
  const bindingsOf = async (id: string) =>
    (await eventsOf(id)).filter((e) => e.type === 'account.patch' && !e.changedFields.includes('grants'));

  it('patches the account naming issuer and subject: in the outbox, to a webhook of account.* and to subscribers', async () => {
    const receiver = await new Receiver().start();
    try {
      await createKey(t, admin, 'bindings');
      await createWebhook(t, admin, { url: receiver.url, eventType: 'account.*', ifUpdates: ['subject'] });
      const address = email();
      const invited = await created<{ id: string }>('/api/v1/account', { email: address });
      const live = await ready(subscribe(admin.token));
      const sub = `bound-${randomUUID()}`;
      const token = t.token({ sub, email: address, org: org.id });
      expect((await t.api.get('/api/v1/organization', token)).status).toBe(200);

      const [binding, ...more] = await bindingsOf(invited.id);
      expect(more).toEqual([]);
      expectEvent(binding, 'account', 'patch', invited.id, { actor: invited.id });
      expect(ownFields(binding)).toEqual(['issuer', 'subject']);
      expect([binding.previous?.subject, binding.previous?.issuer]).toEqual([null, null]);
      expect([binding.current?.subject, binding.current?.issuer]).toEqual([sub, 'local']);

      const patched = (r: Received) => r.json.type === 'account.patch' && r.json.data.id === invited.id;
      const delivered = (await receiver.waitFor((r) => r.some(patched))).find(patched)!;
      expect(delivered.json).toMatchObject({
        type: 'account.patch',
        data: { id: invited.id, organization: org.id, current: { subject: sub } },
      });
      expect(delivered.json.data.changedFields).toEqual(expect.arrayContaining(['issuer', 'subject']));
      // The account's post (made before the subscription) may still be relayed after it started.
      let seen = await live.next();
      while (seen.objectId !== invited.id || seen.type !== 'account.patch') seen = await live.next();
      expect(seen).toMatchObject({ type: 'account.patch', organization: org.id, actor: invited.id });

      // Signing in again binds nothing more.
      expect((await t.api.get('/api/v1/organization', token)).status).toBe(200);
      expect(await bindingsOf(invited.id)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('records the issuer of a subject bound before issuers were, as a patch naming issuer', async () => {
    const someone = await withId(t, await member(t, org, admin));
    const bound = (await bindingsOf(someone.id)).length;
    // An account bound before issuers were recorded: its subject, and no issuer.
    await t.app.db.orm.em.fork().getConnection().execute('update account set issuer = null where id = ?', [someone.id]);
    expect((await t.api.get('/api/v1/organization', someone.token)).status).toBe(200);
    const [recorded, ...more] = (await bindingsOf(someone.id)).slice(bound);
    expect(more).toEqual([]);
    expectEvent(recorded, 'account', 'patch', someone.id, { actor: someone.id });
    expect(ownFields(recorded)).toEqual(['issuer']);
    expect([recorded.previous?.issuer, recorded.current?.issuer]).toEqual([null, 'local']);
  });
});

describe('what the database removes along with a delete', () => {
  it('deleting an employee: group membership, reports’ manager and mappings', async () => {
    const boss = await created<{ id: string }>('/api/v1/employee', { name: 'Boss', email: email() });
    const report = await created<{ id: string }>('/api/v1/employee', {
      name: 'Report',
      email: email(),
      manager: boss.id,
    });
    const group = await created<{ id: string }>('/api/v1/group', {
      name: `Cascade ${randomUUID().slice(0, 6)}`,
      members: [boss.id],
    });
    const app = await created<{ id: string }>('/api/v1/app', {
      type: 'CRM',
      externalId: randomUUID(),
      internal: false,
      name: 'CRM',
    });
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, {
      entityType: 'EMPLOYEE',
      entityId: boss.id,
      namespace: 'people',
      mappedId: 'b-1',
    });
    const since = new Date();
    await ok(t.api.delete(`/api/v1/employee/${boss.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual(
      [
        `employee.delete ${boss.id}`,
        `group.patch ${group.id} members`,
        `employee.patch ${report.id} manager`,
        `mapping.delete ${mapping.id}`,
      ].sort(),
    );
    const reportPatch = (await eventsOf(report.id)).at(-1)!;
    expect([reportPatch.previous?.manager, reportPatch.current?.manager]).toEqual([boss.id, null]);
  });

  it('deleting a plan: its tasks and the mappings of both; deleting an app: its mappings', async () => {
    const plan = await created<{ id: string }>('/api/v1/idp', {
      name: 'Doomed',
      startDate: '2026-01-01',
      type: 'CAREER',
    });
    const task = await created<{ id: string }>(`/api/v1/idp/${plan.id}/tasks`, { name: 'Step' });
    await created(`/api/v1/idp/${plan.id}/notes`, { note: 'a note' });
    const app = await created<{ id: string }>('/api/v1/app', {
      type: 'LMS',
      externalId: randomUUID(),
      internal: false,
      name: 'LMS',
    });
    const onTask = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, {
      entityType: 'IDP_TASK',
      entityId: task.id,
      namespace: 'n',
      mappedId: 't-1',
    });
    const onPlan = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, {
      entityType: 'IDP',
      entityId: plan.id,
      namespace: 'n',
      mappedId: 'p-1',
    });
    let since = new Date();
    await ok(t.api.delete(`/api/v1/idp/${plan.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual(
      [
        `idp.delete ${plan.id}`,
        `idpTask.delete ${task.id}`,
        `mapping.delete ${onTask.id}`,
        `mapping.delete ${onPlan.id}`,
      ].sort(),
    );

    const other = await created<{ id: string }>('/api/v1/employee', { name: 'Mapped', email: email() });
    const mapping = await created<{ id: string }>(`/api/v1/app/${app.id}/mappings`, {
      entityType: 'EMPLOYEE',
      entityId: other.id,
      namespace: 'n',
      mappedId: 'e-1',
    });
    since = new Date();
    await ok(t.api.delete(`/api/v1/app/${app.id}`, admin.token));
    expect((await eventsSince(since)).sort()).toEqual([`app.delete ${app.id}`, `mapping.delete ${mapping.id}`].sort());
  });
});

describe('the cost of capture', () => {
  it('reads the owners of cascaded parts in one query, whatever their number', async () => {
    const statementsToDelete = async (groups: number): Promise<{ statements: string[]; patches: ChangeEvent[] }> => {
      const employee = await created<{ id: string }>('/api/v1/employee', { name: 'Joiner', email: email() });
      const groupIds: string[] = [];
      for (let i = 0; i < groups; i++) {
        groupIds.push(
          (
            await created<{ id: string }>('/api/v1/group', {
              name: `Cost ${randomUUID().slice(0, 8)}`,
              members: [employee.id],
            })
          ).id,
        );
      }
      const since = new Date();
      // A list of values is one statement whatever its length: `in (?, ?)` and `values (?, ?), (?, ?)` are written `(?)`.
      const statements = (
        await queriesOf(t, () => ok(t.api.delete(`/api/v1/employee/${employee.id}`, admin.token)))
      ).map((sql) => sql.replace(/\((\?(, )?)+\)/g, '(?)').replace(/\(\?\)(, \(\?\))+/g, '(?)'));
      const patches = await t.app.db.orm.em
        .fork()
        .find(ChangeEvent, { createdAt: { $gte: since }, type: 'group.patch', objectId: { $in: groupIds } });
      return { statements, patches };
    };
    // Work of other parts of the service can land in a measurement on a busy machine (it only ever
    // adds statements): each size is measured twice and the smaller count kept.
    const fewest = async (groups: number) => {
      const [a, b] = [await statementsToDelete(groups), await statementsToDelete(groups)];
      return a.statements.length <= b.statements.length ? a : b;
    };
    const one = await fewest(1);
    const five = await fewest(5);
    expect(five.patches).toHaveLength(5);
    // Each group patch carries the group's values, read in the same single query.
    expect(five.patches.every((e) => typeof e.current?.name === 'string' && e.changedFields.join() === 'members')).toBe(
      true,
    );
    expect(five.statements).toEqual(one.statements);
  });
});
