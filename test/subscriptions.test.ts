import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { type Member, type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let org: OrgRecord;
let admin: Member;

beforeAll(async () => {
  t = await startTestApp();
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
    const client = connect(`Bearer ${stranger.token}`);
    try {
      let got: unknown;
      const dispose = client.subscribe({ query: 'subscription { organizationUpdated { id } }' }, { next: (v) => (got = v), error: () => {}, complete: () => {} });
      await new Promise((r) => setTimeout(r, 300));
      await t.api.patch('/api/v1/organization', { name: 'Live Org Again' }, admin.token);
      await new Promise((r) => setTimeout(r, 500));
      dispose();
      expect(got).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });

  it('refuses a connection without a token', async () => {
    const client = connect();
    try {
      await expect(first(client, 'subscription { organizationUpdated { id } }')).rejects.toMatchObject({ code: 4403 });
    } finally {
      await client.dispose();
    }
  });

  it('refuses a connection with an invalid token', async () => {
    const client = connect('Bearer nonsense');
    try {
      await expect(first(client, 'subscription { organizationUpdated { id } }')).rejects.toMatchObject({ code: 4403 });
    } finally {
      await client.dispose();
    }
  });
});
