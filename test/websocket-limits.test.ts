import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// The bounds of graphql-ws with the default settings: a message is at most BODY_LIMIT_BYTES, as a
// request body is; a connection runs at most WS_MAX_SUBSCRIPTIONS_PER_CONNECTION (20) operations
// at once; a caller holds at most WS_MAX_CONNECTIONS_PER_CALLER (10) connections.

let t: TestApp;
let admin: Member;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin } = await orgWithAdmin(t, 'Bounded Org'));
});

afterAll(() => t.close());

interface Closed {
  code: number;
  reason: string;
}

/** A plain websocket speaking graphql-transport-ws, so that frames of any size can be sent. */
interface RawSocket {
  socket: WebSocket;
  /** Every message the server sent, parsed. */
  received: { type: string; payload?: unknown }[];
  /** Resolves with the first message of `type` (rejects if the socket closes first). */
  next(type: string): Promise<{ type: string; payload?: unknown }>;
  closed: Promise<Closed>;
}

async function rawSocket(): Promise<RawSocket> {
  const socket = new WebSocket(`${t.app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const received: RawSocket['received'] = [];
  const closed = new Promise<Closed>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as RawSocket['received'][number]));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (type: string) =>
    new Promise<RawSocket['received'][number]>((resolve, reject) => {
      const look = () => {
        const found = received.find((message) => message.type === type);
        if (found) resolve(found);
        return found;
      };
      if (look()) return;
      socket.on('message', () => void look());
      void closed.then((event) => reject(new Error(`closed before ${type}: ${event.code} ${event.reason}`)));
    });
  return { socket, received, next, closed };
}

/** A raw socket acknowledged with `token`. */
async function acknowledged(token: string): Promise<RawSocket> {
  const raw = await rawSocket();
  raw.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await raw.next('connection_ack');
  return raw;
}

/** A ping message of exactly `bytes` bytes (the server answers it with a pong of the same payload). */
function pingOf(bytes: number): string {
  const empty = JSON.stringify({ type: 'ping', payload: { pad: '' } });
  return JSON.stringify({ type: 'ping', payload: { pad: 'x'.repeat(bytes - empty.length) } });
}

describe('the size of a websocket message (BODY_LIMIT_BYTES)', () => {
  it('takes a message of the limit, and closes with 1009 on one a byte over it, unread', async () => {
    const limit = t.app.config.bodyLimitBytes;
    expect(limit).toBe(1_048_576);
    const raw = await acknowledged(admin.token);
    const atLimit = pingOf(limit);
    expect(Buffer.byteLength(atLimit)).toBe(limit);
    raw.socket.send(atLimit);
    const pong = (await raw.next('pong')) as { payload: { pad: string } };
    expect(pong.payload.pad.length).toBe(limit - JSON.stringify({ type: 'ping', payload: { pad: '' } }).length);

    raw.socket.send(pingOf(limit + 1));
    expect((await raw.closed).code).toBe(1009);
    expect(raw.received.filter((message) => message.type === 'pong')).toHaveLength(1);
  });

  it('closes with 1009 before the connection is even initialised', async () => {
    const raw = await rawSocket();
    raw.socket.send(pingOf(t.app.config.bodyLimitBytes + 1));
    expect((await raw.closed).code).toBe(1009);
    expect(raw.received).toEqual([]);
  });

  it('bounds a message sent in fragments as a whole', async () => {
    const raw = await acknowledged(admin.token);
    const half = Math.ceil(t.app.config.bodyLimitBytes / 2) + 1;
    // Two fragments each under the limit, together over it.
    raw.socket.send('x'.repeat(half), { fin: false });
    raw.socket.send('x'.repeat(half), { fin: true });
    expect((await raw.closed).code).toBe(1009);
  });
});

function client(token: string): Client {
  return createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
}

interface Watched {
  events: unknown[];
  errors: unknown[];
  stop: () => void;
}

function watchOrganization(c: Client): Watched {
  const watched: Watched = { events: [], errors: [], stop: () => undefined };
  watched.stop = c.subscribe(
    { query: 'subscription { organizationUpdated { name } }' },
    {
      next: (result) => (result.errors ? watched.errors.push(...result.errors) : watched.events.push(result.data)),
      error: (error) => watched.errors.push(...(Array.isArray(error) ? error : [error])),
      complete: () => undefined,
    },
  );
  return watched;
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('operations at once on one connection (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)', () => {
  it('answers one more subscription with an error naming the limit; completing one frees its place', async () => {
    const c = client(admin.token);
    try {
      const running = Array.from({ length: 20 }, () => watchOrganization(c));
      const extra = watchOrganization(c);
      await until(() => extra.errors.length > 0, 'the refusal');
      expect(extra.errors).toEqual([
        {
          message:
            'too many operations on this connection: at most 20 at once (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION); complete one first',
          extensions: { code: 'TOO_MANY_REQUESTS' },
        },
      ]);

      running[0].stop();
      const again = watchOrganization(c);
      const renamed = await t.api.patch('/api/v1/organization', { name: 'Bounded Org Renamed' }, admin.token);
      expect(renamed.status).toBe(200);
      await until(() => again.events.length > 0 || again.errors.length > 0, 'an event on the new subscription');
      expect([again.events, again.errors]).toEqual([[{ organizationUpdated: { name: 'Bounded Org Renamed' } }], []]);
      // The others kept running on the same connection.
      await until(() => running.slice(1).every((w) => w.events.length === 1), 'the event on the others');
      expect(running.flatMap((w) => w.errors)).toEqual([]);
    } finally {
      await c.dispose();
    }
  });
});

describe('connections of one caller (WS_MAX_CONNECTIONS_PER_CALLER)', () => {
  it('refuses one more connection of the same caller with 1008 naming the limit, until one closes', async () => {
    const open = await Promise.all(Array.from({ length: 10 }, () => acknowledged(admin.token)));
    try {
      // The same account under another token counts as the same caller.
      const again = await rawSocket();
      const sameAccount = t.token({ sub: admin.sub, email: admin.email });
      again.socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${sameAccount}` } }),
      );
      expect(await again.closed).toEqual({
        code: 1008,
        reason: 'too many connections: at most 10 per caller (WS_MAX_CONNECTIONS_PER_CALLER)',
      });

      // Another caller is not affected.
      const { admin: other } = await orgWithAdmin(t, 'Other Bounded Org');
      const theirs = await acknowledged(other.token);
      theirs.socket.close();

      open[0].socket.close();
      await open[0].closed;
      let admitted: RawSocket | undefined;
      for (const deadline = Date.now() + 5_000; !admitted && Date.now() < deadline;) {
        const attempt = await rawSocket();
        attempt.socket.send(
          JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${admin.token}` } }),
        );
        admitted = await attempt.next('connection_ack').then(
          () => attempt,
          () => undefined,
        );
      }
      expect(admitted).toBeDefined();
      admitted?.socket.close();
    } finally {
      for (const raw of open) raw.socket.close();
    }
  });
});
