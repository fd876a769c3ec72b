import fc from 'fast-check';
import {
  getNamedType,
  getOperationAST,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  parse,
} from 'graphql';
import { buildApiSchema } from '../src/graphql/schema';
import { createBus } from '../src/graphql/pubsub';
import { operationCostOf } from '../src/graphql/operation-cost';
import { RESOLVERS } from '../src/modules';
import { type OrgRecord, orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Random nested documents written from the schema itself: whatever admission lets through
// (a worst case within GRAPHQL_MAX_COST) finishes within the execution budget and answers no more
// list items than its worst case said; whatever it refuses is a 400 naming the limit. The
// directory has a manager of nine reports with three each, a group and a plan, so that cycles
// (reports → manager, mappings → group, tasks → notes) have something to multiply.

const MAX_COST = 20_000;
const MAX_MS = 5_000;
let t: TestApp;
let schema: GraphQLSchema;
let org: OrgRecord;
let token: string;
let boss: string;

async function post(path: string, body: unknown): Promise<string> {
  const made = await t.api.post<{ id: string }>(path, body, token);
  if (made.status !== 201) throw new Error(`${path}: ${made.status} ${made.text}`);
  return made.body.id;
}

beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_MAX_COST: String(MAX_COST), GRAPHQL_MAX_EXECUTION_MS: String(MAX_MS) });
  schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
  const created = await orgWithAdmin(t, 'Random Documents');
  org = created.org;
  token = created.admin.token;
  boss = await post('/api/v1/employee', { name: 'Boss' });
  for (let i = 0; i < 9; i++) {
    const lead = await post('/api/v1/employee', { name: `Lead ${i}`, manager: boss });
    for (let j = 0; j < 3; j++) await post('/api/v1/employee', { name: `Member ${i}.${j}`, manager: lead });
  }
  const plan = await post('/api/v1/idp', { name: 'Plan', type: 'CAREER', startDate: '2026-01-01' });
  for (let i = 0; i < 4; i++) await post(`/api/v1/idp/${plan}/tasks`, { name: `Task ${i}` });
}, 180_000);

afterAll(() => t?.close());

/** Fields a random document may select on a type: those whose arguments are all optional. */
const selectable = (type: GraphQLObjectType) =>
  Object.values(type.getFields()).filter((field) => !field.args.some(isRequiredArgument));

/** A random selection of `type`, at most `depth` levels of records below it. */
function selectionOf(type: GraphQLObjectType, depth: number): fc.Arbitrary<string> {
  const fields = selectable(type);
  const leaves = fields.filter((field) => isLeafType(getNamedType(field.type)));
  const records = depth > 0 ? fields.filter((field) => isObjectType(getNamedType(field.type))) : [];
  const leaf = leaves.length ? fc.constantFrom(...leaves.map((field) => field.name)) : fc.constant('__typename');
  const record = (field: GraphQLField<unknown, unknown>) =>
    fc
      .tuple(
        field.args.some((arg) => arg.name === 'first')
          ? fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined })
          : fc.constant(undefined),
        selectionOf(getNamedType(field.type) as GraphQLObjectType, depth - 1),
      )
      .map(([first, inner]) => `${field.name}${first ? `(first: ${first})` : ''} ${inner}`);
  const parts = records.length
    ? fc.array(fc.oneof(leaf, fc.constantFrom(...records).chain(record)), { minLength: 1, maxLength: 3 })
    : fc.array(leaf, { minLength: 1, maxLength: 2 });
  // Each choice under an alias of its own: the same field twice with other arguments would not validate.
  return parts.map((chosen) => `{ __typename ${chosen.map((part, i) => `a${i}: ${part}`).join(' ')} }`);
}

/** Every element of every list in an answer. */
function itemsIn(value: unknown): number {
  if (Array.isArray(value)) return value.length + value.reduce((sum: number, item) => sum + itemsIn(item), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, v) => sum + itemsIn(v), 0);
  return 0;
}

it('runs what admission lets through within the budget, and refuses the rest before it runs', async () => {
  const query = schema.getQueryType()!;
  const roots = (name: string, args = '') => {
    const type = getNamedType(query.getFields()[name].type) as GraphQLObjectType;
    return selectionOf(type, 6).map((inner) => `{ ${name}${args} ${inner} }`);
  };
  const documents = fc.oneof(
    fc.constant(null).chain(() => roots('employee', `(id: "${boss}")`)),
    fc.integer({ min: 1, max: 60 }).chain((first) => roots('employees', `(first: ${first})`)),
    roots('groups'),
    roots('idps'),
    fc.constant(null).chain(() => roots('organization', `(id: "${org.id}")`)),
  );
  const scored = documents.map((source) => {
    const document = parse(source);
    return { source, worst: operationCostOf(schema, getOperationAST(document)!, document).worst };
  });
  // Half the runs drawn from the documents over the limit, so that the refusing side is tried on
  // every seed rather than only when chance reaches it.
  const overLimit = scored.filter(({ worst }) => worst > MAX_COST);
  let admitted = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.oneof(scored, overLimit), async ({ source, worst }) => {
      const started = Date.now();
      const result = await t.api.graphql(source, {}, token);
      const took = Date.now() - started;
      const codes = (result.errors ?? []).map((error) => error.extensions?.code);
      expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
      if (worst > MAX_COST) {
        refused++;
        expect(result.status).toBe(400);
        expect(result.errors?.[0].message).toMatch(/GRAPHQL_MAX_COST/);
        return;
      }
      admitted++;
      // Within the budget: the deadline, with a margin for answering on a loaded machine.
      expect(took).toBeLessThan(MAX_MS + 2_000);
      expect(itemsIn(result.data)).toBeLessThanOrEqual(worst);
    }),
    { numRuns: 60, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000) },
  );
  // Both sides of the limit were tried.
  expect(admitted).toBeGreaterThan(5);
  expect(refused).toBeGreaterThan(0);
}, 300_000);
