import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildSchema, getNamedType, type GraphQLInputObjectType, isInputObjectType } from 'graphql';
import { ROUTES } from '../../src/modules';
import { pathParams, type RestRoute } from '../../src/rest/routes';
import { appId } from '../access/app';
import { label, Objects, urlOf, world } from '../access/fixtures';
import type { ApiResponse, RequestOptions } from '../helpers/api';
import { type AccountMember, member } from '../helpers/directory';
import { type Member, type OrgRecord, orgWithAdmin, platformAdmin } from '../helpers/fixtures';
import { rowCounter } from '../helpers/row-counts';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Property-based hostile input over every REST route and the main GraphQL mutations: random
// values of wrong types, huge strings, deep nesting, unicode edge cases, __proto__/constructor
// keys, wrong content types, truncated bodies and path parameters that are not ids. Whatever
// comes in, the service answers below 500, shows no stack trace, stays up, and a refused request
// (4xx) changes no row.

const schema = buildSchema(readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8'));
const ROOTS = { query: schema.getQueryType()!, mutation: schema.getMutationType()! };
/** The largest file the knowledge base takes here, small enough to send past it quickly. */
const KNOWLEDGE_LIMIT = 65_536;

let t: TestApp;
let org: OrgRecord;
let admin: Member;
let employee: AccountMember;
/**
 * Real objects of the organization, made by the fixture files of their modules (test/access/), so
 * that bodies reach validation. The ORG_ADMIN, who sends every request here, owns the user's
 * objects too (plans, conversations, workflows): a hostile body on them is validated, not refused
 * as another user's.
 */
let objects: Objects;
/** Each route's URL naming those objects. */
const urls = new Map<RestRoute, string>();

/** Row counts of every table (test/helpers/row-counts.ts). */
let snapshot: () => Promise<Record<string, string>>;

beforeAll(async () => {
  t = await startTestApp({ KNOWLEDGE_MAX_BYTES: String(KNOWLEDGE_LIMIT) });
  ({ org, admin } = await orgWithAdmin(t, 'Hostile Org'));
  employee = await member(t, org, admin);
  // No ALLOW_PRIVATE_URLS here, so a webhook's URL must be a public address; the URL knowledge
  // route gets no valid body in this suite, its page is never read.
  const w = world({
    t,
    org,
    admin,
    employee,
    webhookUrl: 'http://93.184.216.34/hook',
    pageUrl: 'http://93.184.216.34/handbook',
  });
  // A webhook is signed with the organization's default key, its first.
  await w.created('/webhook-key', { name: 'signing' });
  // A real delivery would be sent to that public address: the redeliver route is only called with
  // hostile values for its parameters here, so it names a delivery that does not exist instead.
  objects = new Objects(w, admin.token, { delivery: '00000000-0000-4000-8000-000000000000' });
  // Every object made now, before the snapshot: the account a route names is a new member's, as a
  // hostile update may deactivate it.
  for (const route of ROUTES) urls.set(route, await urlOf(route, objects));
  snapshot = await rowCounter(t);
});

afterAll(() => t?.close());

/** The route's URL naming real objects, or with `value` for every path parameter. */
function pathOf(route: RestRoute, value?: string): string {
  if (value === undefined) return urls.get(route)!;
  return `/api/v1${route.path.replace(/:\w+/g, () => encodeURIComponent(value))}`;
}

const TRACE = /\n\s+at \S+ \(|node_modules|\/src\/|\.ts:\d+|stacktrace/;

/**
 * Sends one request and checks the properties: below 500, no stack trace, and nothing stored
 * when refused. The snapshot after an accepted request is taken again, since it changed rows.
 */
async function probe(method: string, path: string, options: RequestOptions): Promise<ApiResponse> {
  const before = await snapshot();
  const res = await t.api.request(method, path, { token: admin.token, ...options });
  const sent = JSON.stringify(options.body ?? options.raw?.body ?? '');
  const trace = TRACE.exec(res.text);
  if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  if (trace && !sent.includes(trace[0]))
    throw new Error(`${method} ${path} showed a stack trace: ${res.text.slice(0, 300)}`);
  if (res.status >= 400) expect(await snapshot()).toEqual(before);
  // An accepted hostile update may have deactivated the organization: reactivate it so that the
  // requests after it still reach validation instead of a 403.
  if (res.status < 300 && /^\/(api\/v1\/organization|graphql)/.test(path)) {
    await t.api.patch(`/api/v1/organization/${org.id}`, { active: true }, platformAdmin(t));
  }
  return res;
}

// Values of every JSON type, weighted to what breaks parsers and validators.
const hugeString = fc.integer({ min: 100_000, max: 300_000 }).map((n) => 'é'.repeat(n));
const unicode = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  'a\u202eb',
  '\u200b',
  '😀'.repeat(1000),
  'e\u0301\u0301\u0301',
  '\uffff',
  '\\u0000',
  "'; drop table employee; --",
  '../../etc/passwd',
  '%00',
);
const deep = fc.integer({ min: 200, max: 2000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
  return value;
});
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0,
    2 ** 53 + 1,
    '',
    ' ',
    [],
    {},
    '2026-13-45',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  unicode,
  hugeString,
  deep,
);

/** The input fields of the argument that receives the route's body (or of `input` of a mutation). */
function inputFields(field: string, operation: 'query' | 'mutation', argument: string): string[] {
  const arg = ROOTS[operation].getFields()[field]?.args.find((a) => a.name === argument);
  const type = arg && getNamedType(arg.type);
  return type && isInputObjectType(type) ? Object.keys((type as GraphQLInputObjectType).getFields()) : [];
}

/** A body with the input's real field names (so validation runs on them) holding hostile values. */
function hostileBody(fields: string[]) {
  const known = fields.length ? fc.subarray(fields, { minLength: 1 }) : fc.constant(['name']);
  return known.chain((names) =>
    fc.tuple(...names.map(() => hostileValue)).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))),
  );
}

const bodyRoutes = ROUTES.filter((r) => r.body);

describe('hostile JSON bodies', () => {
  it.each(bodyRoutes.map((r) => [label(r), r] as const))('%s', async (_label, route) => {
    await fc.assert(
      fc.asyncProperty(hostileBody(inputFields(route.field, route.operation, route.body!)), async (body) => {
        await probe(route.method.toUpperCase(), pathOf(route), { body });
      }),
      { numRuns: 8 },
    );
  });
});

describe('path parameters that are not ids', () => {
  const withParams = ROUTES.filter((r) => pathParams(r.path).length);
  // A segment of dots ("." or "..") is resolved away by every client before it is sent (RFC 3986
  // 5.2.4: "/organization/./profile" is "/organization/profile", another route), so it never
  // reaches the service as a value.
  const dots = (value: string) => value === '.' || value === '..';
  const notAnId = fc.oneof(
    fc.string({ minLength: 1, maxLength: 40 }).filter((value) => !dots(value)),
    fc.constantFrom(
      '...',
      '%00',
      '\u0000',
      'a\u0000b',
      '%2F..%2F',
      'null',
      'undefined',
      '-1',
      '1e999',
      "' or 1=1 --",
      '😀',
      'a'.repeat(5000),
      '00000000-0000-0000-0000-00000000000g',
      '{}',
      '__proto__',
      'constructor',
    ),
  );
  it.each(withParams.map((r) => [label(r), r] as const))('%s', async (_label, route) => {
    await fc.assert(
      fc.asyncProperty(notAnId, async (value) => {
        const res = await probe(route.method.toUpperCase(), pathOf(route, value), route.body ? { body: {} } : {});
        // Nothing was found under such a name, or the request is refused; never accepted as a write.
        if (route.operation === 'mutation') expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 6 },
    );
  });
});

describe('malformed requests', () => {
  const withBody = ROUTES.filter((r) => r.body || r.text || r.upload);
  const raw = fc.oneof(
    // Valid JSON cut short.
    fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify({ name: value });
      return { body: text.slice(0, cut % text.length), type: 'application/json' };
    }),
    // __proto__ and constructor as real own keys (JSON text: an object literal would set the prototype).
    fc
      .constantFrom(
        '{"__proto__":{"isAdmin":true},"name":"x"}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '{"name":"x","__proto__":null}',
        '{"prototype":[],"toString":1,"valueOf":"x"}',
      )
      .map((body) => ({ body, type: 'application/json' })),
    // Deep nesting as text, past what a recursive parser survives.
    fc
      .integer({ min: 1000, max: 20_000 })
      .map((depth) => ({ body: '['.repeat(depth) + ']'.repeat(depth), type: 'application/json' })),
    // Wrong content types for the body.
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=utf-16',
          'image/png',
        ),
        fc.string({ maxLength: 100 }),
      )
      .map(([type, body]) => ({ body, type })),
    fc.constantFrom(
      { body: '<a>1</a>', type: 'application/xml' },
      { body: 'name=x&email=y', type: 'application/x-www-form-urlencoded' },
      { body: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nx', type: 'multipart/form-data; boundary=b' },
    ),
  );
  it.each(withBody.map((r) => [label(r), r] as const))('%s', async (_label, route) => {
    await fc.assert(
      fc.asyncProperty(raw, async (body) => {
        await probe(route.method.toUpperCase(), pathOf(route), { raw: body });
      }),
      { numRuns: 8 },
    );
  });

  it('names the field holding text PostgreSQL cannot store, and refuses undecodable path escapes', async () => {
    const cases: [string, string, RequestOptions, string][] = [
      [
        'POST',
        '/api/v1/employee',
        { body: { name: 'a\u0000b' } },
        'name must not contain NUL characters or unpaired surrogates',
      ],
      [
        'PATCH',
        `/api/v1/account/${employee.id}`,
        { body: { email: '\ud800@example.com' } },
        'email must not contain NUL characters or unpaired surrogates',
      ],
      [
        'PATCH',
        `/api/v1/app/${await appId(objects)}`,
        { body: { appData: { region: 'x\u0000' } } },
        'appData.region must not contain NUL characters or unpaired surrogates',
      ],
      [
        'GET',
        '/api/v1/organization/preferences/a%00b',
        {},
        'namespace must not contain NUL characters or unpaired surrogates',
      ],
      ['GET', '/api/v1/organization/alias/%ED%A0%80', {}, 'a path parameter is not valid percent-encoded UTF-8'],
    ];
    for (const [method, path, options, message] of cases) {
      const res = await probe(method, path, options);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: message });
    }
    const gql = await probe('POST', '/graphql', {
      body: {
        query: 'mutation($name: String!) { createGroup(input: { name: $name }) { id } }',
        variables: { name: '\udfff' },
      },
    });
    expect((gql.body as { errors: { message: string; extensions: { code: string } }[] }).errors[0]).toMatchObject({
      message: 'name must not contain NUL characters or unpaired surrogates',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const res = await probe('POST', '/api/v1/employee', { body: { name: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
  });
});

describe('hostile GraphQL variables', () => {
  // Every mutation that takes an input object, from the schema: a new module's are fuzzed too.
  const MUTATIONS = Object.values(ROOTS.mutation.getFields())
    .filter((field) => field.args.some((arg) => arg.name === 'input'))
    .map((field) => field.name);
  it('fuzzes the mutations of every module', () => {
    expect(MUTATIONS).toEqual(
      expect.arrayContaining([
        'createEmployee',
        'updateIdp',
        'addIdpNote',
        'createApp',
        'createWebhook',
        'grantRole',
        'createOrganization',
        'ask',
      ]),
    );
  });
  it.each(MUTATIONS)('%s', async (name) => {
    const field = ROOTS.mutation.getFields()[name];
    expect(field).toBeDefined();
    const definitions = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const call = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `mutation Hostile(${definitions}) { result: ${name}(${call}) { __typename } }`;
    // The objects the id arguments name; any other id argument names the employee.
    const ids: Record<string, string> = {
      idpId: await objects.get('plan'),
      accountId: (await objects.get<AccountMember>('account')).id,
      app: await appId(objects),
    };
    const person = await objects.get('employee');
    await fc.assert(
      fc.asyncProperty(hostileBody(inputFields(name, 'mutation', 'input')), fc.boolean(), async (input, wrongIds) => {
        const variables = Object.fromEntries(
          field.args.map((a) => [
            a.name,
            a.name === 'input' ? input : wrongIds ? 'not-an-id' : (ids[a.name] ?? person),
          ]),
        );
        const res = await probe('POST', '/graphql', { body: { query, variables } });
        const body = res.body as { errors?: { extensions?: Record<string, unknown> }[] };
        for (const error of body.errors ?? []) {
          expect(typeof error.extensions?.code).toBe('string');
          expect(error.extensions).not.toHaveProperty('stacktrace');
          expect(error.extensions).not.toHaveProperty('exception');
        }
      }),
      // The same budget as when a list of 15 mutations ran 10 each, spread over all of them.
      { numRuns: Math.max(4, Math.ceil(150 / MUTATIONS.length)) },
    );
  });
});

/** The first error of a GraphQL answer, with the HTTP status it came with. */
async function graphqlError(options: RequestOptions): Promise<{ status: number; message?: string; code?: unknown }> {
  const res = await probe('POST', '/graphql', options);
  const error = (res.body as { errors?: { message: string; extensions?: { code?: unknown } }[] }).errors?.[0];
  return { status: res.status, message: error?.message, code: error?.extensions?.code };
}

/** A GraphQL multipart request (the spec of graphql-upload) with the parts given, in order. */
function multipart(parts: [string, string | Blob, string?][]): RequestOptions {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  }
  return { form, headers: { 'apollo-require-preflight': 'true' } };
}

describe('cases a longer fuzzing run found', () => {
  it('measures a document whose fragments double each other once per fragment, not 2^30 times', async () => {
    let query = 'query { ...F30 } fragment F0 on Query { __typename }';
    for (let i = 1; i <= 30; i++) query += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
    expect(await graphqlError({ body: { query } })).toEqual({
      status: 400,
      message: expect.stringMatching(/^query selects \d+ fields; the limit is \d+$/),
      code: 'GRAPHQL_VALIDATION_FAILED',
    });
  });

  it('says what is wrong with a document it cannot parse or run', async () => {
    const deep = 20_000;
    expect(
      await graphqlError({
        body: { query: `{ organizations(x: ${'['.repeat(deep)}${']'.repeat(deep)}) { nodes { id } } }` },
      }),
    ).toEqual({ status: 400, message: 'query is nested too deeply to parse', code: 'GRAPHQL_PARSE_FAILED' });
    expect(await graphqlError({ body: { query: '{ __typename' } })).toEqual({
      status: 400,
      message: 'Syntax Error: Expected Name, found <EOF>.',
      code: 'GRAPHQL_PARSE_FAILED',
    });
    expect(await graphqlError({ body: { query: '{ __typename }', operationName: 'Missing' } })).toEqual({
      status: 400,
      message: 'Unknown operation named "Missing".',
      code: 'OPERATION_RESOLUTION_FAILURE',
    });
  });

  it('answers /graphql in GraphQL errors even when the body cannot be read', async () => {
    expect(await graphqlError({ raw: { body: '{"query":', type: 'application/json' } })).toEqual({
      status: 400,
      message: 'request body is not valid JSON',
      code: 'BAD_USER_INPUT',
    });
    expect(
      await graphqlError({
        raw: { body: JSON.stringify({ query: `{ __typename } # ${'x'.repeat(1_100_000)}` }), type: 'application/json' },
      }),
    ).toEqual({ status: 413, message: 'request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses map keys PostgreSQL cannot store, naming the map', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'PATCH',
        `/api/v1/app/${await appId(objects)}`,
        { appData: { 'a\u0000b': 'x' } },
        'appData has a key with NUL characters or unpaired surrogates',
      ],
      [
        'PUT',
        '/api/v1/organization/preferences/ui',
        { values: { '\udfff': 'x' } },
        'values has a key with NUL characters or unpaired surrogates',
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await probe(method, path, { body });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: message });
    }
  });

  it('refuses identifiers with more bytes than a PostgreSQL index entry holds, naming the field', async () => {
    // Astral characters with variation selectors: within the character limits, 7 bytes each.
    const wide = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x10000 + ((i * 7919) % 0xf0000)) + '\ufe0f').join('');
    const app = await probe('POST', '/api/v1/app', {
      body: { type: 'crm', externalId: wide(500), internal: false, name: 'x' },
    });
    expect({ status: app.status, body: app.body }).toEqual({
      status: 400,
      body: 'externalId must be at most 2000 bytes in UTF-8',
    });
    const mapping = await probe('POST', `/api/v1/app/${await appId(objects)}/mappings`, {
      body: { entityType: 'EMPLOYEE', entityId: await objects.get('employee'), namespace: wide(100), mappedId: 'm-2' },
    });
    expect({ status: mapping.status, body: mapping.body }).toEqual({
      status: 400,
      body: 'namespace must be at most 400 bytes in UTF-8',
    });
  });

  it('refuses a signed token whose claims the accounts table cannot hold, and creates no account', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { sub: 'x'.repeat(256), email: 'long-sub@example.com' },
        'invalid token: sub claim is longer than 255 characters',
      ],
      [
        { sub: 'long-email', email: `${'e'.repeat(250)}@x.io` },
        'invalid token: email claim is longer than 254 characters',
      ],
      [
        { sub: 'a\u0000b', email: 'nul-sub@example.com' },
        'invalid token: sub claim holds NUL characters or unpaired surrogates',
      ],
      [
        { sub: 'odd-name', email: 'odd-name@example.com', name: '\ud800' },
        'invalid token: name claim holds NUL characters or unpaired surrogates',
      ],
    ];
    for (const [claims, message] of cases) {
      const res = await probe('GET', '/api/v1/employee', { token: t.token(claims) });
      expect({ claims, status: res.status, body: res.body }).toEqual({ claims, status: 401, body: message });
    }
  });

  it('answers malformed GraphQL multipart requests with 400, and says when the file is missing or too large', async () => {
    const MUTATION = JSON.stringify({
      query: 'mutation($file: Upload!) { addFileKnowledge(file: $file) { success } }',
      variables: { file: null },
    });
    const file = new Blob(['Desks are booked on Mondays.'], { type: 'text/plain' });
    const cases: [string, [string, string | Blob, string?][], { status: number; message: unknown; code: string }][] = [
      [
        'no operations',
        [
          ['map', '{"0":["variables.file"]}'],
          ['0', file, 'a.txt'],
        ],
        { status: 400, message: 'request body could not be read', code: 'BAD_USER_INPUT' },
      ],
      [
        'operations that are not JSON',
        [
          ['operations', '{"query":'],
          ['map', '{}'],
        ],
        { status: 400, message: 'request body could not be read', code: 'BAD_USER_INPUT' },
      ],
      // The request is read; the mutation's file never comes: the caller's error, as every upload failure.
      [
        'a map naming no file',
        [
          ['operations', MUTATION],
          ['map', '{"0":["variables.file"]}'],
        ],
        { status: 400, message: 'File missing in the request.', code: 'BAD_USER_INPUT' },
      ],
      [
        'a file too large',
        [
          ['operations', MUTATION],
          ['map', '{"0":["variables.file"]}'],
          ['0', new Blob(['x'.repeat(KNOWLEDGE_LIMIT + 1)], { type: 'text/plain' }), 'big.txt'],
        ],
        { status: 413, message: `file is larger than ${KNOWLEDGE_LIMIT} bytes`, code: 'PAYLOAD_TOO_LARGE' },
      ],
    ];
    for (const [name, parts, expected] of cases) {
      expect({ name, ...(await graphqlError(multipart(parts))) }).toEqual({ name, ...expected });
    }
  });
});

describe('afterwards', () => {
  it('is still up and serving', async () => {
    expect((await t.api.get('/health')).status).toBe(200);
    const list = await t.api.get<{ id: string }[]>('/api/v1/employee', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.map((e) => e.id)).toContain(await objects.get('employee'));
  });
});
