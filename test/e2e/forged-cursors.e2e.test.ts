import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { buildSchema, type GraphQLField, getNamedType, isNonNullType } from 'graphql';
import { ROUTES } from '../../src/modules';
import { freePort } from '../../scripts/pg-cluster';
import { APP_SECRET, APP_TYPE, appId, type MadeApp } from '../access/app';
import { Objects, unique, world } from '../access/fixtures';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Values clients send back that the service parses: a cursor is opaque, but whatever a forged one
// decodes to (wrong types, huge numbers, ids that are not uuids, times outside what a Date or
// PostgreSQL holds, text PostgreSQL cannot store) is bad input naming `after`; a time argument
// (updatedSince, since, before) outside the years PostgreSQL reads is bad input naming it. Never a
// 500, and the caller's text is never repeated at length in an answer or a log line.

type Field = GraphQLField<unknown, unknown>;
const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
const QUERIES = Object.values(schema.getQueryType()!.getFields());
/** Every list that pages by cursor: the root fields taking `after` (a new one is fuzzed too). */
const LISTS = QUERIES.filter((f) => f.args.some((a) => a.name === 'after'));
const TIME_TYPES = ['DateTimeISO', 'LocalDate'];
/** Every root field with a time argument, and the argument. */
const TIMED = QUERIES.flatMap((field) =>
  field.args.filter((a) => TIME_TYPES.includes(getNamedType(a.type).name)).map((arg) => [field, arg.name] as const),
);

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let employee: AccountMember;
let logs = '';
/** The value of each required argument of a list, by name. */
let required: Record<string, unknown>;

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'info' }, capture);
  ({ org, admin } = await orgWithAdmin(t, 'Cursor Org'));
  employee = await member(t, org, admin);
  // Webhook deliveries go to a closed port on loopback.
  const closed = await freePort();
  const w = world({
    t,
    org,
    admin,
    employee,
    webhookUrl: `http://127.0.0.1:${closed}/hook`,
    pageUrl: `http://127.0.0.1:${closed}/page`,
  });
  await w.created('/webhook-key', { name: 'signing' });
  // The ORG_ADMIN owns the user's objects too, so one token reads every list.
  const o = new Objects(w, admin.token);
  // One object at least in every list, so that each has a real cursor to forge from.
  const manager = (await w.created('/employee', { name: unique('Manager'), account: employee.id })).id;
  await w.created('/employee', { name: unique('Report'), manager });
  await w.created('/group', { name: unique('Group') });
  const plan = await o.get('plan');
  await w.created(`/idp/${plan}/tasks`, { name: 'Due', dueDate: '2026-01-01' });
  for (const name of ['mapping', 'delivery', 'workflow', 'document']) await o.get(name);
  const app = await o.get<MadeApp>('app');
  required = {
    accountId: employee.id,
    app: await appId(o),
    idpId: plan,
    id: manager,
    webhook: await o.get('webhook'),
    type: APP_TYPE,
    key: APP_SECRET.key,
    externalId: app.externalId,
    before: '2100-01-01',
    input: { conversationId: await o.get('conversation') },
  };
}, 120_000);

afterAll(() => t?.close());

/** The token that reads a list: the look-up by secret is a platform ADMIN's. */
const tokenOf = (field: Field) => (field.name === 'organizationsByAppSecret' ? platformAdmin(t) : admin.token);

/** The value of a required argument (organizationsByAppData's and the secret look-up's are their own). */
function valueOf(field: Field, argument: string): unknown {
  if (field.name === 'organizationsByAppData' && argument === 'key') return 'region';
  if (field.name === 'organizationsByAppData' && argument === 'value') return 'eu';
  if (field.name === 'organizationsByAppSecret' && argument === 'input') return { secret: APP_SECRET.value };
  if (argument in required) return required[argument];
  throw new Error(`${field.name}: no value for its argument ${argument}`);
}

/**
 * A query of `field` with its required arguments and the `extra` ones (all as variables), and
 * those variables but the extra ones. A list selects its page; anything else its __typename.
 */
function queryOf(field: Field, extra: string[]) {
  const args = field.args.filter((a) => isNonNullType(a.type) || a.name === 'before' || extra.includes(a.name));
  const variables: Record<string, unknown> = {};
  for (const arg of args) if (!extra.includes(arg.name)) variables[arg.name] = valueOf(field, arg.name);
  const declared = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = LISTS.includes(field) ? 'totalCount nodes { __typename } pageInfo { endCursor }' : '__typename';
  return { query: `query(${declared}) { page: ${field.name}(${passed}) { ${selection} } }`, variables };
}

/** The query of a list with `after` and `first`, and `updatedSince` when `withSince`. */
function listQuery(field: Field, withSince: boolean) {
  const { query, variables } = queryOf(field, ['after', 'first', ...(withSince ? ['updatedSince'] : [])]);
  return { query, variables: withSince ? { ...variables, updatedSince: '2000-01-01T00:00:00.000Z' } : variables };
}

type Page = { page: { totalCount: number; pageInfo: { endCursor: string | null } } };
type Answer = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Text an answer or a log line must not repeat at length: what every long forged value holds. */
const MARK = 'FORGED';
const long = (min: number, max: number) => fc.integer({ min, max }).map((n) => `${MARK}${'x'.repeat(n)}`);

// What a forged cursor's keys hold: every JSON type, numbers past what a Date or PostgreSQL holds,
// ids that are not uuids, dates in every wrong shape, text PostgreSQL cannot store, long text.
const keyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    8.64e15 + 1,
    -8.64e15 - 1,
    8.64e15,
    -8.64e15,
    -62_135_596_800_001,
    253_402_300_800_000,
    -210_866_803_200_001,
    1e308,
    -1e308,
    2 ** 53 + 1,
    2 ** 31,
    0.5,
    -0,
    '+275760-09-13T00:00:00.001Z',
    '275760-09-13T00:00:00.000Z',
    '0000-00-00',
    '0000-01-01',
    '2026-02-30',
    '9999-12-31',
    'NaN',
    'Infinity',
    '1e400',
    '2147483648',
    '-1',
    '',
    `${MARK}-not-a-uuid`,
    '00000000-0000-0000-0000-00000000000g',
    '00000000-0000-4000-8000-000000000000',
    'ABCDEF00-0000-4000-8000-000000000000',
    `${MARK}\u0000`,
    `${MARK}\ud800`,
    "' or 1=1 --",
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
  long(500, 3000),
  fc.double(),
  fc.integer(),
);

/** A forged cursor for a list whose real cursors are `[tag, ...keys]`. */
function forged(real: unknown[]) {
  const [tag] = real;
  const keys = real.length - 1;
  return fc.oneof(
    // The list's own order, with keys of the right count holding anything.
    {
      arbitrary: fc.array(keyValue, { minLength: keys, maxLength: keys }).map((values) => encode([tag, ...values])),
      weight: 6,
    },
    // ... one real key and one forged, so each key's check is reached alone.
    {
      arbitrary: fc
        .tuple(fc.nat({ max: keys - 1 }), keyValue)
        .map(([i, value]) => encode(real.map((v, j) => (j === i + 1 ? value : v)))),
      weight: 4,
    },
    // ... or of another count.
    fc.array(keyValue, { maxLength: 5 }).map((values) => encode([tag, ...values])),
    // Any JSON, any text, any bytes, base64url or not.
    fc.jsonValue({ maxDepth: 3 }).map(encode),
    fc.string({ unit: 'binary', maxLength: 100 }).map((s) => Buffer.from(s).toString('base64url')),
    fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes).toString('base64')),
    fc.string({ maxLength: 100 }),
    fc.constantFrom('', '=', 'null', 'W10', encode(null), encode([]), encode([tag]), `${MARK}${'y'.repeat(100_000)}`),
  );
}

/**
 * What the service answers a GraphQL request: 200 with data, or 400 BAD_USER_INPUT whose message
 * names `argument` and repeats nothing at length.
 */
async function probe(field: Field, body: { query: string; variables: Record<string, unknown> }, argument: string) {
  const res = await t.api.request('POST', '/graphql', { token: tokenOf(field), body });
  const error = (res.body as Answer).errors?.[0];
  if (res.status === 200 && !error) return;
  expect({ field: field.name, status: res.status, code: error?.extensions?.code }).toEqual({
    field: field.name,
    status: 400,
    code: 'BAD_USER_INPUT',
  });
  expect(error!.message).toMatch(new RegExp(`^(${argument} |Variable "\\$${argument}")`));
  expect(error!.message.length).toBeLessThanOrEqual(300);
}

describe('a forged cursor', () => {
  it('is tried on every list that pages by cursor', () => {
    expect(LISTS.map((f) => f.name)).toEqual(expect.arrayContaining(['employees', 'idps', 'idpTasks', 'webhooks']));
    expect(LISTS.length).toBeGreaterThanOrEqual(23);
  });

  const CASES = LISTS.flatMap((field) => [
    [field.name, field, false] as const,
    ...(field.args.some((a) => a.name === 'updatedSince')
      ? [[`${field.name} (updatedSince)`, field, true] as const]
      : []),
  ]);

  it.each(CASES)('%s answers 200 or 400 naming after, never 500', async (_name, field, withSince) => {
    const { query, variables } = listQuery(field, withSince);
    const real = await t.api.graphql<Page>(query, { ...variables, first: 1 }, tokenOf(field));
    const cursor = real.data?.page.pageInfo.endCursor;
    if (!cursor) throw new Error(`${field.name} has no item to page from: ${JSON.stringify(real)}`);
    // The list's own cursor pages.
    await probe(field, { query, variables: { ...variables, first: 2, after: cursor } }, 'after');
    const keys = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    await fc.assert(
      fc.asyncProperty(forged(keys), (after) =>
        probe(field, { query, variables: { ...variables, first: 2, after } }, 'after'),
      ),
      { numRuns: 25 },
    );
  });

  it('is refused naming after, in so many words', async () => {
    const field = LISTS.find((f) => f.name === 'employees')!;
    const { query, variables } = listQuery(field, false);
    const [tag, name] = JSON.parse(
      Buffer.from(
        (await t.api.graphql<Page>(query, { ...variables, first: 1 }, admin.token)).data!.page.pageInfo.endCursor!,
        'base64url',
      ).toString(),
    ) as string[];
    for (const after of [
      encode([tag, name, `${MARK}-not-a-uuid`]),
      encode([tag, `${MARK}\u0000`, '00000000-0000-4000-8000-000000000000']),
      `${MARK}${'y'.repeat(10_000)}`,
    ]) {
      const res = await t.api.graphql(query, { ...variables, after }, admin.token);
      expect({ status: res.status, errors: res.errors }).toEqual({
        status: 400,
        errors: [
          expect.objectContaining({
            message: expect.stringMatching(/^after is not a cursor of this list/),
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ],
      });
    }
  });
});

// Times in every shape, most of them outside the years PostgreSQL reads (0001-9999).
const pad = (n: number, width: number) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).padStart(width, '0')}`;
const hostileTime = fc.oneof(
  fc.constantFrom(
    '+275760-09-13T00:00:00.001Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00Z',
    '0000-12-31T23:59:59.999Z',
    '0001-01-01T00:00:00+01:00',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T23:59:59-01:00',
    '10000-01-01T00:00:00Z',
    '0000-00-00',
    '0000-01-01',
    '0099-12-31',
    '2026-02-30',
    'NaN',
    '',
    'yesterday',
    '2026-01-01T24:00:00Z',
  ),
  // An RFC 3339 shape with any year, month, day and offset.
  fc
    .tuple(
      fc.integer({ min: -300_000, max: 300_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.constantFrom('Z', '+23:59', '-23:59', '+00:00', ''),
    )
    .map(([y, m, d, zone]) => `${pad(y, Math.abs(y) > 9999 ? 6 : 4)}-${pad(m, 2)}-${pad(d, 2)}T00:00:00${zone}`),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.integer(),
  fc.double(),
  long(1000, 5000),
);

describe('a time outside what PostgreSQL stores', () => {
  it('is tried on every time argument of a query', () => {
    expect(TIMED.map(([field, arg]) => `${field.name}.${arg}`)).toEqual(
      expect.arrayContaining(['employees.updatedSince', 'idpTasksDue.before']),
    );
  });

  it.each(TIMED.map(([field, arg]) => [`${field.name}(${arg})`, field, arg] as const))(
    '%s answers 200 or 400 naming it, never 500',
    async (_name, field, arg) => {
      const { query, variables } = queryOf(field, [arg]);
      await fc.assert(
        fc.asyncProperty(hostileTime, (time) => probe(field, { query, variables: { ...variables, [arg]: time } }, arg)),
        { numRuns: 12 },
      );
    },
  );

  it('in agentHistory’s since, in GraphQL and in REST', async () => {
    const conversationId = (required.input as { conversationId: string }).conversationId;
    const query = 'query($input: UserRequest) { agentHistory(input: $input) { __typename } }';
    const field = QUERIES.find((f) => f.name === 'agentHistory')!;
    await fc.assert(
      fc.asyncProperty(hostileTime, async (since) => {
        await probe(field, { query, variables: { input: { conversationId, since } } }, 'input');
        const res = await t.api.post('/api/v1/agent/history', { conversationId, since }, admin.token);
        if (res.status !== 200)
          expect({ status: res.status, body: res.body }).toEqual({
            status: 400,
            body: expect.stringMatching(/^since /),
          });
      }),
      { numRuns: 20 },
    );
  });

  it('in the query string of every REST list, naming the parameter', async () => {
    const routes = ROUTES.filter(
      (r) => r.method === 'get' && r.query?.some((q) => ['updatedSince', 'before'].includes(q)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const path = (route: (typeof routes)[number]) =>
      `/api/v1${route.path
        .replace(':accountId', employee.id)
        .replace(':app', String(required.app))
        .replace(':webhook', String(required.webhook))
        .replace(':type', APP_TYPE)}`;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), hostileTime, async (route, time) => {
        const param = route.query!.includes('updatedSince') ? 'updatedSince' : 'before';
        const res = await t.api.get(`${path(route)}?${param}=${encodeURIComponent(String(time))}`, admin.token);
        if (res.status === 200) return;
        expect({ route: route.path, status: res.status, body: res.body }).toEqual({
          route: route.path,
          status: 400,
          body: expect.stringMatching(new RegExp(`^${param} `)),
        });
        expect((res.body as string).length).toBeLessThanOrEqual(300);
      }),
      { numRuns: 60 },
    );
  });

  it('says what is wrong without the value', async () => {
    const res = await t.api.get('/api/v1/employee?updatedSince=0000-01-01T00:00:00Z', admin.token);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: 'updatedSince must be a date-time such as 2026-01-31T09:00:00Z, in the years 0001-9999',
    });
    const literal = await t.api.graphql(
      '{ employees(updatedSince: "+275760-09-13T00:00:00.001Z") { totalCount } }',
      {},
      admin.token,
    );
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('the logs', () => {
  it('hold no internal error, and no forged text at length', () => {
    expect(logs).toContain('request completed');
    expect(logs).not.toMatch(/internal error|"statusCode":5\d\d/);
    expect(logs).not.toMatch(new RegExp(`${MARK}x{1000}`));
  });
});
