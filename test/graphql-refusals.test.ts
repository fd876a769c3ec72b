import { Writable } from 'node:stream';
import fc from 'fast-check';
import { type Member, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// What a caller sends to /graphql is answered with a 4xx when it is wrong, never a 5xx, and never
// logged at error level (which is for our faults): the log lines of this file's service are kept.
let t: TestApp;
let user: Member;
let lines: string[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp({ LOG_LEVEL: 'debug' }, capture);
  user = (await orgWithAdmin(t)).admin;
});

afterAll(() => t.close());

/** Log lines at error level or above (pino: error 50, fatal 60). */
const errorLines = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

const SUBSCRIPTION_OVER_HTTP = 'subscriptions are served over graphql-ws on /graphql (protocol graphql-transport-ws)';

describe('a subscription sent over HTTP', () => {
  beforeEach(() => {
    lines = [];
  });

  it('answers 400 pointing at graphql-ws, on POST, and logs nothing at error level', async () => {
    for (const query of ['subscription { changes { type } }', 'subscription Live { organizationUpdated { id } }']) {
      const res = await t.api.graphql(query, {}, user.token);
      expect([res.status, res.errors?.map((e) => [e.extensions?.code, e.message])]).toEqual([
        400,
        [['GRAPHQL_VALIDATION_FAILED', SUBSCRIPTION_OVER_HTTP]],
      ]);
    }
    expect(errorLines()).toEqual([]);
  });

  it('answers 400 on GET too, and without a token the same', async () => {
    const query = encodeURIComponent('subscription { changes { type } }');
    const res = await t.api.request<{ errors?: { message: string }[] }>('GET', `/graphql?query=${query}`, {
      token: user.token,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect([res.status, res.body.errors?.map((e) => e.message)]).toEqual([400, [SUBSCRIPTION_OVER_HTTP]]);
    const anonymous = await t.api.graphql('subscription { changes { type } }');
    expect(anonymous.status).toBe(400);
    expect(errorLines()).toEqual([]);
  });
});

describe('any document or variables (property)', () => {
  /** Root fields of each operation type, with how to select them (a leaf, or `{ __typename }`). */
  const roots = async () => {
    const introspection = await t.api.graphql<{
      __schema: {
        queryType: { fields: Field[] };
        mutationType: { fields: Field[] };
        subscriptionType: { fields: Field[] };
      };
    }>(
      `{ __schema {
          queryType { fields { name args { name type { kind } } type { kind ofType { kind } } } }
          mutationType { fields { name args { name type { kind } } type { kind ofType { kind } } } }
          subscriptionType { fields { name args { name type { kind } } type { kind ofType { kind } } } }
        } }`,
      {},
      user.token,
    );
    return introspection.data!.__schema;
  };
  interface Field {
    name: string;
    args: { name: string; type: { kind: string } }[];
    type: { kind: string; ofType: { kind: string } | null };
  }

  it('answers below 500 and logs no error, whatever the operation, fields, aliases, arguments and variables', async () => {
    const schema = await roots();
    const fieldsOf = {
      query: schema.queryType.fields,
      mutation: schema.mutationType.fields,
      subscription: schema.subscriptionType.fields,
    };
    // Hostile scalars for arguments and variables: wrong types, huge, unicode edge cases, prototype keys.
    const hostile = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        '\u0000',
        '\ud800',
        '__proto__',
        'x'.repeat(100_000),
        '{"constructor":{"prototype":1}}',
      ),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'name', 'question', 'secret', 'id'),
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      ),
      fc.array(fc.string(), { maxLength: 5 }),
    );
    const literal = (value: unknown) =>
      typeof value === 'string'
        ? JSON.stringify(value)
        : value === null
          ? 'null'
          : typeof value === 'object'
            ? '$v'
            : String(value);
    const document = fc
      .record({
        type: fc.constantFrom('query', 'mutation', 'subscription') as fc.Arbitrary<
          'query' | 'mutation' | 'subscription'
        >,
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        argValues: fc.array(hostile, { minLength: 1, maxLength: 4 }),
        variable: hostile,
        // Half the documents use only fields without arguments, so that many pass validation and run.
        plain: fc.boolean(),
        variableType: fc.constantFrom(
          'String',
          'String!',
          'ID',
          'Int',
          'UUID',
          'UserRequestInput',
          'AppSecretInput',
          '[String!]',
        ),
      })
      .map(({ type, picks, argValues, variable, plain, variableType }) => {
        const fields = plain
          ? fieldsOf[type].filter((field) => field.args.every((arg) => arg.type.kind !== 'NON_NULL'))
          : fieldsOf[type];
        const selections = picks.map((pick, i) => {
          const field = fields[pick % fields.length];
          const args = field.args.map((arg, j) => `${arg.name}: ${literal(argValues[j % argValues.length])}`);
          const leaf =
            field.type.kind === 'SCALAR' ||
            field.type.kind === 'ENUM' ||
            (field.type.kind === 'NON_NULL' &&
              (field.type.ofType?.kind === 'SCALAR' || field.type.ofType?.kind === 'ENUM'));
          return `f${i}: ${field.name}${args.length ? `(${args.join(', ')})` : ''}${leaf ? '' : ' { __typename }'}`;
        });
        // Declared only when used: an unused variable would make every such document a validation error.
        const declared = selections.some((selection) => selection.includes('$v')) ? `($v: ${variableType})` : '';
        return { query: `${type} ${declared} { ${selections.join(' ')} }`, variables: { v: variable } };
      });
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(document, async ({ query, variables }) => {
        lines = [];
        const res = await t.api.graphql(query, variables, user.token);
        statuses.add(res.status);
        expect(res.status).toBeLessThan(500);
        expect(errorLines()).toEqual([]);
      }),
      { numRuns: 150 },
    );
    // Some documents ran (the property reached resolvers, not only validation).
    expect(statuses).toContain(200);
  }, 120_000);
});
