import { execute, GraphQLInt, GraphQLList, GraphQLObjectType, GraphQLSchema, parse } from 'graphql';
import { createBus } from '../src/graphql/pubsub';
import { guardFields, OperationBudget, runWithin } from '../src/graphql/operation-budget';
import { checkListBounds } from '../src/graphql/operation-cost';
import { buildApiSchema } from '../src/graphql/schema';
import { RESOLVERS } from '../src/modules';

// The budget of a running query (src/graphql/operation-budget.ts) on a schema of its own, whose
// every level answers ten children after a pause: what matters here is how many resolvers run
// once the budget is spent or the client has gone.

interface Tree {
  depth: number;
}

function treeSchema(calls: { count: number; onCall?: () => void }): GraphQLSchema {
  const node: GraphQLObjectType = new GraphQLObjectType({
    name: 'Node',
    fields: () => ({
      depth: { type: GraphQLInt },
      children: {
        type: new GraphQLList(node),
        resolve: async (parent: Tree) => {
          calls.count++;
          calls.onCall?.();
          await new Promise((resolve) => setTimeout(resolve, 2));
          return Array.from({ length: 10 }, () => ({ depth: parent.depth + 1 }));
        },
      },
    }),
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { root: { type: node, resolve: () => ({ depth: 0 }) } } }),
  });
  guardFields(schema);
  return schema;
}

const DEEP = parse('{ root { children { children { children { children { depth } } } } } }');

it('stops walking the tree once the client has gone: later levels do not run', async () => {
  const client = new AbortController();
  // The client leaves once the second level's ten lists have started, before the third's.
  const calls = { count: 0, onCall: () => calls.count === 11 && client.abort() };
  const schema = treeSchema(calls);
  const context = {};
  const result = await runWithin(
    context,
    new OperationBudget({ maxItems: 1_000_000, maxMs: 60_000 }, client.signal),
    () => execute({ schema, document: DEEP, contextValue: context }),
  );
  expect(result.errors?.map((e) => e.message)).toEqual(['the client went away; the operation was stopped']);
  expect(result.data).toBeUndefined();
  // Unbounded, the walk would run 1 + 10 + 100 + 1000 resolvers.
  expect(calls.count).toBeLessThan(120);
});

it('stops at the item budget with one error, however many branches were still to resolve', async () => {
  const calls = { count: 0 };
  const schema = treeSchema(calls);
  const context = {};
  const result = await runWithin(context, new OperationBudget({ maxItems: 150, maxMs: 60_000 }), () =>
    execute({ schema, document: DEEP, contextValue: context }),
  );
  expect(result.errors).toHaveLength(1);
  expect(result.errors?.[0].message).toMatch(/more than 150 list items/);
  // The third level's hundred calls were under way when it was spent; of the fourth's thousand, few start.
  expect(calls.count).toBeLessThan(300);
});

it('runs a query within its budget unchanged', async () => {
  const calls = { count: 0 };
  const schema = treeSchema(calls);
  const context = {};
  const result = await runWithin(context, new OperationBudget({ maxItems: 11_110, maxMs: 60_000 }), () =>
    execute({ schema, document: DEEP, contextValue: context }),
  );
  expect(result.errors).toBeUndefined();
  // 1 + 10 + 100 + 1000 lists, answering 10 + 100 + 1000 + 10000 items: exactly the budget.
  expect(calls.count).toBe(1 + 10 + 100 + 1000);
});

it('finds a bound for every list of records in the API schema', async () => {
  const schema = await buildApiSchema(
    RESOLVERS.map((r) => r.type),
    [],
    createBus(),
  );
  expect(() => checkListBounds(schema)).not.toThrow();
  // The check itself refuses a list without one.
  const unbounded = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: () => ({ all: { type: new GraphQLList(schema.getType('Employee') as GraphQLObjectType) } }),
    }),
  });
  expect(() => checkListBounds(unbounded)).toThrow(/Query\.all/);
});
