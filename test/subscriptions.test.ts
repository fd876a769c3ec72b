import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { member } from './helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { signOrgToken } from './helpers/org-token';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let org: OrgRecord;
let admin: Member;

beforeAll(async () => {
  // No clock skew: a live subscription ends at its token's exp (with the default, 60 s later).
  t = await startTestApp({ JWT_CLOCK_SKEW_SECONDS: '0' });
  ({ org, admin } = await orgWithAdmin(t, 'Live Org'));
});

afterAll(() => t.close());

function connect(authorization?: string): Client {
  return createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { authorization } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and resolves with the first result, or rejects with the close event or error. */
function first<T>(client: Client, query: string, onStarted?: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const dispose = client.subscribe<T>(
      { query },
      {
        next: (value) => {
          dispose();
          if (value.errors) reject(new Error(value.errors[0].message));
          else resolve(value.data as T);
        },
        error: reject,
        complete: () => reject(new Error('completed without a result')),
      },
    );
    if (onStarted) setTimeout(onStarted, 300);
  });
}

describe('graphql-ws subscriptions', () => {
  it('streams organizationUpdated to an authenticated subscriber of that organization', async () => {
    const client = connect(`Bearer ${admin.token}`);
    try {
      const received = first<{ organizationUpdated: { id: string; name: string } }>(
        client,
        'subscription { organizationUpdated { id name } }',
        () => void t.api.patch('/api/v1/organization', { name: 'Live Org Renamed' }, admin.token),
      );
      await expect(received).resolves.toEqual({ organizationUpdated: { id: org.id, name: 'Live Org Renamed' } });
    } finally {
      await client.dispose();
    }
  });

  it('does not deliver another organization’s changes', async () => {
    const { admin: stranger } = await orgWithAdmin(t, 'Stranger Org');
    // The stranger's own organization's events are published before it subscribes: they are its to see.
    await t.app.eventsRelayed();
    const client = connect(`Bearer ${stranger.token}`);
    try {
      let got: unknown;
      const dispose = client.subscribe(
        { query: 'subscription { organizationUpdated { id } }' },
        { next: (v) => (got = v), error: () => {}, complete: () => {} },
      );
      await new Promise((r) => setTimeout(r, 300));
      await t.api.patch('/api/v1/organization', { name: 'Live Org Again' }, admin.token);
      await new Promise((r) => setTimeout(r, 500));
      dispose();
      expect(got).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });
});

// ---- connectionParams: the authorization key in any letter case; every refusal says why ------

/** A client sending `params` as its connectionParams, as they are (no key renamed). */
function connectWith(params: Record<string, unknown>): Client {
  return createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: params,
    retryAttempts: 0,
    lazy: true,
  });
}

/** The close event of a connection refused at connection_init (its first operation rejects with it). */
async function refusal(params: Record<string, unknown>): Promise<{ code: number; reason: string }> {
  const client = connectWith(params);
  try {
    const failure: unknown = await first(client, 'subscription { organizationUpdated { id } }').then(
      () => new Error('the connection was accepted'),
      (error: unknown) => error,
    );
    const { code, reason } = failure as { code: number; reason: string };
    return { code, reason };
  } finally {
    await client.dispose();
  }
}

describe('connectionParams', () => {
  it.each(['authorization', 'Authorization', 'AUTHORIZATION', 'aUtHoRiZaTiOn'])(
    'takes the token under the key %s',
    async (key) => {
      const client = connectWith({ [key]: `Bearer ${admin.token}` });
      try {
        // An operation over the socket runs as the token's caller: the organization it administers.
        const answer = await first<{ organizations: { nodes: { id: string }[] } }>(
          client,
          '{ organizations { nodes { id } } }',
        );
        expect(answer.organizations.nodes.map((o) => o.id)).toContain(org.id);
      } finally {
        await client.dispose();
      }
    },
  );

  it('refuses two keys that differ only by letter case as ambiguous, even with the same token (4400)', async () => {
    const bearer = `Bearer ${admin.token}`;
    const ambiguous = {
      code: 4400,
      reason: 'ambiguous connectionParams: authorization is given under more than one letter case; send it once',
    };
    expect(await refusal({ authorization: bearer, Authorization: bearer })).toEqual(ambiguous);
    expect(await refusal({ Authorization: bearer, AUTHORIZATION: 'Bearer other' })).toEqual(ambiguous);
  });

  it('refuses an authorization that is not a string (4400)', async () => {
    expect(await refusal({ authorization: { token: admin.token } })).toEqual({
      code: 4400,
      reason: 'connectionParams authorization must be a string: "Bearer <token>"',
    });
  });

  it('refuses a connection without a token (4403), an empty one too', async () => {
    const missing = {
      code: 4403,
      reason: 'authentication required: connectionParams must hold authorization: "Bearer <token>"',
    };
    expect(await refusal({})).toEqual(missing);
    expect(await refusal({ token: admin.token })).toEqual(missing);
    expect(await refusal({ authorization: '' })).toEqual(missing);
  });

  it('refuses a token that does not resolve to a caller (4403), saying why without echoing it', async () => {
    const cases: [string, unknown][] = [
      [admin.token, 'authorization header must be "Bearer <token>"'],
      ['Bearer nonsense', 'invalid token'],
      [`Bearer ${t.token({ sub: admin.sub, email: admin.email }, { expiresIn: -60 })}`, 'token expired'],
      [
        `Bearer ${t.token({ sub: admin.sub, email: admin.email }, { expiresIn: '30d' })}`,
        expect.stringMatching(/^token lifetime exceeds the maximum of \d+ seconds \(JWT_MAX_LIFETIME_SECONDS\)$/),
      ],
      [
        `Bearer ${t.token({ sub: admin.sub, email: admin.email, org: randomUUID() })}`,
        'no access to the organization named by the token',
      ],
    ];
    for (const [authorization, reason] of cases) {
      const closed = await refusal({ authorization });
      expect({ authorization: authorization.slice(0, 12), ...closed }).toEqual({
        authorization: authorization.slice(0, 12),
        code: 4403,
        reason,
      });
      expect(closed.reason).not.toContain(authorization.replace(/^Bearer /, '').slice(0, 20));
    }
  });

  it('refuses a deactivated account (4403)', async () => {
    const other = await member(t, org, admin);
    expect((await t.api.patch(`/api/v1/account/${other.id}`, { active: false }, admin.token)).status).toBe(200);
    expect(await refusal({ authorization: `Bearer ${other.token}` })).toEqual({
      code: 4403,
      reason: 'account is deactivated',
    });
  });

  it('keeps the socket when one operation is refused: the operation’s error says why', async () => {
    const employee = await member(t, org, admin);
    const client = connectWith({ Authorization: `Bearer ${employee.token}` });
    try {
      await expect(first(client, 'subscription { changes { type } }')).rejects.toThrow(/ORG_ADMIN/);
      const answer = await first<{ organizations: { nodes: { id: string }[] } }>(
        client,
        '{ organizations { nodes { id } } }',
      );
      expect(answer.organizations.nodes.map((o) => o.id)).toEqual([org.id]);
    } finally {
      await client.dispose();
    }
  });
});

// ---- issue 19.5: a live subscription keeps only the rights its caller still has ----------------

interface GraphQLErrorJson {
  message: string;
  extensions?: { code?: string };
}

interface Watch<T> {
  received: T[];
  /** How the subscription ended: the errors sent for it, or the CloseEvent of the socket. */
  ended: Promise<GraphQLErrorJson[] | { code: number; reason: string }>;
  /** The socket's close event. */
  closed: Promise<{ code: number; reason: string }>;
  client: Client;
}

const watching: Client[] = [];
afterEach(async () => {
  await Promise.all(watching.splice(0).map((c) => c.dispose()));
});

function watch<T>(token: string, query: string, variables: Record<string, unknown> = {}): Watch<T> {
  let onClosed: (event: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const client = createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: {
      closed: (event) =>
        onClosed({ code: (event as { code: number }).code, reason: String((event as { reason: string }).reason) }),
    },
  });
  watching.push(client);
  const received: T[] = [];
  const ended = new Promise<GraphQLErrorJson[] | { code: number; reason: string }>((resolve) => {
    client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (value.errors) resolve(value.errors as unknown as GraphQLErrorJson[]);
          else received.push(value.data as T);
        },
        error: (error) =>
          resolve(Array.isArray(error) ? (error as GraphQLErrorJson[]) : (error as { code: number; reason: string })),
        complete: () => resolve([{ message: 'completed' }]),
      },
    );
  });
  return { received, ended, closed, client };
}

interface ChangeJson {
  type: string;
  objectId: string;
  current: Record<string, unknown> | null;
}
const CHANGES = 'subscription { changes { type objectId current } }';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `w` delivers a change (employees patched by the owner): the subscription is live. */
async function streaming(w: Watch<{ changes: ChangeJson }>): Promise<void> {
  const probe = await t.api.post<{ id: string }>(
    '/api/v1/employee',
    { name: 'Probe', email: `probe-${randomUUID()}@example.com` },
    admin.token,
  );
  for (let i = 0; i < 30; i++) {
    await t.api.patch(`/api/v1/employee/${probe.body.id}`, { email: `probe-${randomUUID()}@example.com` }, admin.token);
    await sleep(200);
    if (w.received.some((e) => e.changes.objectId === probe.body.id)) return;
  }
  throw new Error('the subscription did not start');
}

/** Creates an app (app data in its change event) and waits until the owner's own feed saw it. */
async function createApp(): Promise<string> {
  const res = await t.api.post<{ id: string }>(
    '/api/v1/app',
    { type: 'CRM', externalId: randomUUID(), internal: false, name: 'Secret CRM', secretData: { apiKey: 'k' } },
    admin.token,
  );
  if (res.status !== 201) throw new Error(`could not create app: ${res.status} ${res.text}`);
  await t.app.eventsRelayed();
  return res.body.id;
}

const codes = (ended: GraphQLErrorJson[] | { code: number; reason: string }) =>
  Array.isArray(ended) ? ended.map((e) => [e.extensions?.code, e.message]) : ended;

describe('live subscriptions are re-checked against current rights', () => {
  it('changes ends when the token expires, and the socket closes with the reason', async () => {
    const exp = Math.floor(Date.now() / 1000) + 4;
    const w = watch<{ changes: ChangeJson }>(
      t.token({ sub: admin.sub, email: admin.email, org: org.id }, { expiresIn: 4 }),
      CHANGES,
    );
    await streaming(w);
    expect(codes(await within(w.ended, 10_000, 'end at exp'))).toEqual([['UNAUTHENTICATED', 'token expired']]);
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
    expect(await within(w.closed, 3_000, 'close')).toEqual({ code: 4401, reason: 'token expired' });
  });

  it('conversationUpdates ends when the token expires', async () => {
    const user = await member(t, org, admin);
    const started = await t.api.post<{ id: string }>('/api/v1/agent/conversations/start', {}, user.token);
    expect(started.status).toBeLessThan(300);
    const short = t.token({ sub: user.sub, email: user.email, org: org.id }, { expiresIn: 3 });
    const live = watch<unknown>(
      short,
      'subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind chunk } }',
      { id: started.body.id },
    );
    expect(codes(await within(live.ended, 10_000, 'end at exp'))).toEqual([['UNAUTHENTICATED', 'token expired']]);
  });

  it('changes ends when its organization key is deleted, and delivers nothing after', async () => {
    const created = await t.api.post<OrgRecord>(
      '/api/v1/organization/keys',
      { name: `live-${randomUUID().slice(0, 6)}` },
      admin.token,
    );
    const key = created.body.keys.find((k) => k.secretBase64)!;
    const w = watch<{ changes: ChangeJson }>(signOrgToken(key.id, key.secretBase64!), CHANGES);
    await streaming(w);
    expect((await t.api.delete(`/api/v1/organization/keys/${key.id}`, admin.token)).status).toBe(200);
    const app = await createApp();
    expect(codes(await within(w.ended, 5_000, 'end on key deletion'))).toEqual([
      ['UNAUTHENTICATED', 'invalid token: unknown or deleted key'],
    ]);
    expect(await within(w.closed, 3_000, 'close')).toEqual({
      code: 4401,
      reason: 'invalid token: unknown or deleted key',
    });
    expect(w.received.map((e) => e.changes.objectId)).not.toContain(app);
  });

  it('changes ends when its account is deactivated', async () => {
    const other = await member(t, org, admin, 'ORG_ADMIN');
    const w = watch<{ changes: ChangeJson }>(other.token, CHANGES);
    await streaming(w);
    expect((await t.api.patch(`/api/v1/account/${other.id}`, { active: false }, admin.token)).status).toBe(200);
    const app = await createApp();
    expect(codes(await within(w.ended, 5_000, 'end on deactivation'))).toEqual([
      ['FORBIDDEN', 'account is deactivated'],
    ]);
    expect(await within(w.closed, 3_000, 'close')).toEqual({ code: 4403, reason: 'account is deactivated' });
    expect(w.received.map((e) => e.changes.objectId)).not.toContain(app);
  });

  it('changes ends when ORG_ADMIN is revoked (role lowered to EMPLOYEE), before any app data reaches it', async () => {
    const other = await member(t, org, admin, 'ORG_ADMIN');
    const w = watch<{ changes: ChangeJson }>(other.token, CHANGES);
    await streaming(w);
    const revoked = await t.api.request('DELETE', `/api/v1/account/${other.id}/grant`, {
      token: admin.token,
      body: { role: 'ORG_ADMIN', orgId: org.id },
    });
    expect(revoked.status).toBe(200);
    const app = await createApp();
    const ended = await within(w.ended, 5_000, 'end on revocation');
    expect(codes(ended)).toEqual([['FORBIDDEN', expect.stringMatching(/ORG_ADMIN/)]]);
    expect(w.received.map((e) => e.changes.objectId)).not.toContain(app);
    // The connection itself stays: the caller may still subscribe to what an EMPLOYEE may see.
    const again = watch<unknown>(other.token, CHANGES);
    expect(codes(await within(again.ended, 5_000, 'refused'))).toEqual([
      ['FORBIDDEN', expect.stringMatching(/ORG_ADMIN/)],
    ]);
  });

  it('changes ends when the account loses every grant of the organization its token names', async () => {
    const other = await member(t, org, admin, 'ORG_ADMIN');
    const w = watch<{ changes: ChangeJson }>(other.token, CHANGES);
    await streaming(w);
    for (const role of ['ORG_ADMIN', 'EMPLOYEE']) {
      const res = await t.api.request('DELETE', `/api/v1/account/${other.id}/grant`, {
        token: admin.token,
        body: { role, orgId: org.id },
      });
      expect([role, res.status]).toEqual([role, 200]);
    }
    const app = await createApp();
    const ended = await within(w.ended, 5_000, 'end on revocation');
    expect(Array.isArray(ended) ? ended[0].extensions?.code : ended).toBe('FORBIDDEN');
    expect(w.received.map((e) => e.changes.objectId)).not.toContain(app);
  });
});
