import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// A real internal error on every transport: this file's own database loses two tables
// (organization preferences, conversations) from under the service, so the database itself fails
// the statements that read or write them, as it would after a bad migration; nothing of ours is
// replaced. Whatever transport runs them, the caller must see only "internal server error"
// (INTERNAL_SERVER_ERROR), and the log the database's own message.

let t: TestApp;
let admin: Member;
let conversationId: string;
interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string };
}
const logged: LogLine[] = [];

/** What the database says about the missing tables: it must reach the log and nothing else. */
const INTERNALS = /withdrawn|relation|does not exist|select |insert |organization_preference|conversation"/i;
const MASKED = { message: 'internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' }, { write: (line: string) => logged.push(JSON.parse(line) as LogLine) });
  ({ admin } = await orgWithAdmin(t, 'Broken Org'));
  const started = await t.api.post<{ id: string }>('/api/v1/agent/conversations/start', {}, admin.token);
  conversationId = started.body.id;
  const connection = t.app.db.orm.em.getConnection();
  await connection.execute('alter table "organization_preference" rename to "organization_preference_withdrawn"');
  await connection.execute('alter table "conversation" rename to "conversation_withdrawn"');
});

afterAll(() => t.close());

/** The log lines written since `mark` that carry the database's message for a missing table. */
function loggedSince(mark: number): LogLine[] {
  return logged.slice(mark).filter((line) => /does not exist/.test(line.err?.message ?? ''));
}

function connect(): Client {
  return createClient({
    url: `${t.app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${admin.token}` },
    retryAttempts: 0,
    lazy: true,
  });
}

interface Outcome {
  /** Results sent for the operation (`next` messages), errors included. */
  results: { data?: unknown; errors?: unknown[] }[];
  /** The operation's `error` message, or the socket's close event. */
  failure?: unknown;
}

/** Runs one operation on a fresh socket until it completes or fails; `started` runs once it is under way. */
async function overSocket(
  query: string,
  started?: () => Promise<unknown>,
  request: { operationName?: string; variables?: Record<string, unknown> } = {},
): Promise<Outcome> {
  const client = connect();
  const outcome: Outcome = { results: [] };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within 10 s: ${JSON.stringify(outcome)}`)), 10_000);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      client.subscribe(
        { query, ...request },
        {
          next: (result) => {
            outcome.results.push(result as Outcome['results'][number]);
            if (started && result.errors) done();
          },
          error: (error: unknown) => {
            outcome.failure = error;
            done();
          },
          complete: done,
        },
      );
      if (started) setTimeout(() => void started(), 300);
    });
    return outcome;
  } finally {
    await client.dispose();
  }
}

/** The errors an operation answered with, whichever message carried them. */
function errorsOf(outcome: Outcome): unknown[] {
  if (Array.isArray(outcome.failure)) return outcome.failure as unknown[];
  if (outcome.failure) return [outcome.failure];
  return outcome.results.flatMap((result) => result.errors ?? []);
}

/** The caller saw `errors`, the masked error alone, and nothing of `answer` names an internal; the log has it, once. */
function expectMasked(answer: unknown, errors: unknown[] | undefined, mark: number, path?: string[]): void {
  expect(errors).toEqual([expect.objectContaining({ ...MASKED, ...(path ? { path } : {}) })]);
  expect(JSON.stringify(answer)).not.toMatch(INTERNALS);
  expect(loggedSince(mark)).toHaveLength(1);
}

describe('an internal error is masked on every transport, and logged', () => {
  it.each([
    ['a query', () => '{ organizationPreferences(namespace: "ui") { namespace values } }'],
    [
      'a mutation',
      () =>
        'mutation { setOrganizationPreferences(namespace: "ui", input: { values: { theme: "dark" } }) { namespace } }',
    ],
    [
      'a subscription failing as it starts',
      () => `subscription { conversationUpdates(conversationId: "${conversationId}") { kind chunk } }`,
    ],
  ])('over graphql-ws: %s', async (_what, query) => {
    const mark = logged.length;
    const outcome = await overSocket(query());
    expectMasked(outcome, errorsOf(outcome), mark);
  });

  it('over graphql-ws: a subscription failing on an event', async () => {
    const mark = logged.length;
    // The event itself is an organization change; resolving its preferences fails.
    const outcome = await overSocket('subscription { organizationUpdated { id preferences { namespace } } }', () =>
      t.api.graphql('mutation { updateOrganization(input: { name: "Broken Org Renamed" }) { id } }', {}, admin.token),
    );
    expectMasked(outcome, errorsOf(outcome), mark, ['organizationUpdated', 'preferences']);
  });

  it('over HTTP GraphQL', async () => {
    const mark = logged.length;
    const answer = await t.api.graphql(
      '{ organizationPreferences(namespace: "ui") { namespace values } }',
      {},
      admin.token,
    );
    expectMasked(answer, answer.errors, mark);
  });

  it('over REST: 500 with the masked message, as a string and as a problem', async () => {
    const mark = logged.length;
    const plain = await t.api.get('/api/v1/organization/preferences/ui', admin.token);
    expect([plain.status, plain.body]).toEqual([500, 'internal server error']);
    const problem = await t.api.request('GET', '/api/v1/organization/preferences/ui', {
      token: admin.token,
      headers: { accept: 'application/problem+json' },
    });
    expect([problem.status, problem.body]).toEqual([
      500,
      expect.objectContaining({ status: 500, detail: 'internal server error', code: 'INTERNAL_SERVER_ERROR' }),
    ]);
    expect(plain.text + problem.text).not.toMatch(INTERNALS);
    expect(loggedSince(mark)).toHaveLength(2);
  });
});

describe('a refused request answers over graphql-ws as over HTTP: that operation’s error, the socket open', () => {
  const requests: [string, string, { operationName?: string; variables?: Record<string, unknown> }][] = [
    ['a syntax error', '{ organizations { nodes { id } ', {}],
    ['an unknown field', '{ organizations { nodes { noSuchField } } }', {}],
    [
      'two operations and no name',
      'query A { organizations { nodes { id } } } query B { organizations { nodes { id } } }',
      {},
    ],
    ['an unknown operation name', 'query A { organizations { nodes { id } } }', { operationName: 'B' }],
    [
      'a variable of the wrong type',
      'query ($n: Int) { organizations(first: $n) { nodes { id } } }',
      { variables: { n: 'x' } },
    ],
  ];
  it.each(requests)('%s', async (_what, query, request) => {
    const http = await t.api.request<{ errors?: unknown[] }>('POST', '/graphql', {
      token: admin.token,
      body: { query, ...request },
    });
    expect(http.status).toBe(400);
    const outcome = await overSocket(query, undefined, request);
    expect(errorsOf(outcome)).toEqual(http.body.errors);
    expect((http.body.errors as { extensions: { code: string } }[])[0].extensions.code).not.toBe(
      'INTERNAL_SERVER_ERROR',
    );
  });
});
